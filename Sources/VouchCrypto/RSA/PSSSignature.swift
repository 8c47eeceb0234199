/// RSASSA-PSS verification (RFC 8017 §8.1.2) with EMSA-PSS-VERIFY (§9.1.2) and MGF1 (§B.2.1).
extension RSAPublicKey {
    /// Whether `signature` is a valid RSASSA-PSS signature of `message` under `parameters`.
    ///
    /// Hashes `message` with `parameters.hash` and checks the digest with
    /// ``isValidPSSSignature(_:digest:parameters:)``.
    public func isValidPSSSignature(
        _ signature: ArraySlice<UInt8>, message: ArraySlice<UInt8>, parameters: RSAPSSParameters
    ) -> Bool {
        isValidPSSSignature(signature, digest: parameters.hash.digest(message), parameters: parameters)
    }

    /// Whether `signature` is a valid RSASSA-PSS signature of a message whose `parameters.hash`
    /// digest is `digest` (mHash of EMSA-PSS-VERIFY).
    ///
    /// The salt length must be exactly `parameters.saltLength` (no recovery of the salt length),
    /// and the trailer field 1. False, never a trap, for every malformed input.
    public func isValidPSSSignature(
        _ signature: ArraySlice<UInt8>, digest: [UInt8], parameters: RSAPSSParameters
    ) -> Bool {
        let hashLength = parameters.hash.digestLength
        let saltLength = parameters.saltLength
        guard parameters.trailerField == 1, digest.count == hashLength, saltLength >= 0 else { return false }
        // §8.1.2 step 2: emBits = modBits − 1, and EM is I2OSP(m, emLen).
        let encodedBits = modulusBitLength - 1
        let encodedLength = (encodedBits + 7) / 8
        // §9.1.2 step 3 (written so that a huge salt length cannot overflow).
        guard encodedLength - hashLength - 2 >= saltLength else { return false }
        guard let encoded = encodedMessage(signature: signature, length: encodedLength) else { return false }
        return Self.isPSSEncoding(
            encoded, of: digest, encodedBits: encodedBits, saltLength: saltLength, parameters: parameters)
    }

    /// EMSA-PSS-VERIFY steps 4–14 on an encoded message of the right length.
    private static func isPSSEncoding(
        _ encoded: [UInt8], of digest: [UInt8], encodedBits: Int, saltLength: Int, parameters: RSAPSSParameters
    ) -> Bool {
        let hashLength = parameters.hash.digestLength
        let maskedLength = encoded.count - hashLength - 1
        // Step 4: the trailer octet 0xBC.
        guard encoded.last == 0xBC else { return false }
        // Step 5: maskedDB ‖ H ‖ 0xBC.
        let maskedDB = encoded[0..<maskedLength]
        let h = encoded[maskedLength..<(maskedLength + hashLength)]
        // Step 6: the 8·emLen − emBits leftmost bits of maskedDB must be zero.
        let unusedBits = 8 * encoded.count - encodedBits
        let topMask = UInt8(truncatingIfNeeded: 0xFF << (8 - unusedBits))
        guard let first = maskedDB.first, first & topMask == 0 else { return false }
        // Steps 7–9: DB = maskedDB ⊕ MGF1(H, emLen − hLen − 1), leftmost bits cleared.
        var db = Array(maskedDB)
        applyMGF1Mask(to: &db, seed: h, hash: parameters.mgf1Hash)
        db[0] &= ~topMask
        // Step 10: PS (zeros) ‖ 0x01 ‖ salt.
        let paddingLength = maskedLength - saltLength - 1
        guard db[0..<paddingLength].allSatisfy({ $0 == 0 }), db[paddingLength] == 0x01 else { return false }
        // Steps 11–14: H′ = Hash(00×8 ‖ mHash ‖ salt) must equal H.
        var hasher = parameters.hash.makeHasher()
        hasher.update([0, 0, 0, 0, 0, 0, 0, 0])
        hasher.update(digest)
        hasher.update(db[(paddingLength + 1)...])
        return hasher.finalize().elementsEqual(h)
    }

    /// XORs MGF1(seed, bytes.count) into `bytes` (RFC 8017 §B.2.1): Hash(seed ‖ C) for the
    /// 32-bit big-endian counters C = 0, 1, … until every byte is covered.
    static func applyMGF1Mask(to bytes: inout [UInt8], seed: ArraySlice<UInt8>, hash: HashAlgorithm) {
        var counter: UInt32 = 0
        var position = 0
        while position < bytes.count {
            var hasher = hash.makeHasher()
            hasher.update(seed)
            hasher.update([UInt8(truncatingIfNeeded: counter >> 24), UInt8(truncatingIfNeeded: counter >> 16),
                           UInt8(truncatingIfNeeded: counter >> 8), UInt8(truncatingIfNeeded: counter)])
            for byte in hasher.finalize() where position < bytes.count {
                bytes[position] ^= byte
                position += 1
            }
            counter &+= 1
        }
    }
}
