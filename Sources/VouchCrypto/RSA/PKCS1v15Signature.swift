/// RSASSA-PKCS1-v1_5 verification (RFC 8017 §8.2.2) by strict encoding comparison.
///
/// The expected encoded message `00 01 FF…FF 00 ‖ DigestInfo prefix ‖ digest` (EMSA-PKCS1-v1_5,
/// §9.2) is built from the digest and compared byte for byte with s^e mod n. The DigestInfo is
/// never parsed, which closes the whole family of Bleichenbacher-style forgeries that exploit
/// lenient ASN.1 parsing (garbage in parameters, long lengths, trailing bytes). The cost is that
/// the legacy encoding without the NULL parameter (Wycheproof `MissingNull`) is rejected.
extension RSAPublicKey {
    /// Whether `signature` is a valid PKCS #1 v1.5 signature of a message whose `hash` digest is `digest`.
    ///
    /// False, never a trap, for every malformed input: a signature that is not exactly
    /// ``modulusByteLength`` bytes, a signature ≥ n, a digest of the wrong length, a modulus too
    /// small for the encoding, or any byte of the encoding out of place.
    public func isValidPKCS1v15Signature(_ signature: ArraySlice<UInt8>, digest: [UInt8], hash: HashAlgorithm) -> Bool {
        guard digest.count == hash.digestLength else { return false }
        return matchesPKCS1v15Encoding(signature, digestInfoPrefix: PKCS1DigestInfo.prefix(for: hash), digest: digest)
    }

    /// Whether `signature` is a valid md5WithRSAEncryption signature of `message`.
    ///
    /// Exists only so that the trust layer can *verify* an MD5-signed certificate and then fail
    /// it as weak (SECTRUST.md §7: MD5 is fatal on non-self-signed certificates, while a
    /// self-signed MD5 root still passes). MD5 itself stays internal to VouchCrypto.
    public func isValidPKCS1v15MD5Signature(_ signature: ArraySlice<UInt8>, message: ArraySlice<UInt8>) -> Bool {
        matchesPKCS1v15Encoding(signature, digestInfoPrefix: PKCS1DigestInfo.md5, digest: MD5.hash(message))
    }

    private func matchesPKCS1v15Encoding(
        _ signature: ArraySlice<UInt8>, digestInfoPrefix: [UInt8], digest: [UInt8]
    ) -> Bool {
        let k = modulusByteLength
        let digestInfoLength = digestInfoPrefix.count + digest.count
        // §9.2 step 3: at least eight 0xFF octets, so emLen ≥ tLen + 11.
        guard k >= digestInfoLength + 11 else { return false }
        guard let encoded = encodedMessage(signature: signature, length: k), encoded.count == k else { return false }
        // 00 01 | FF × (k − tLen − 3) | 00 | DigestInfo prefix | digest, compared where it lies
        // (no second array).
        let separator = k - digestInfoLength - 1
        let prefixEnd = separator + 1 + digestInfoPrefix.count
        return encoded[0] == 0x00 && encoded[1] == 0x01
            && encoded[2..<separator].allSatisfy { $0 == 0xFF }
            && encoded[separator] == 0x00
            && encoded[(separator + 1)..<prefixEnd].elementsEqual(digestInfoPrefix)
            && encoded[prefixEnd...].elementsEqual(digest)
    }
}

/// The DER of `DigestInfo ::= SEQUENCE { digestAlgorithm AlgorithmIdentifier, digest OCTET STRING }`
/// up to the digest octets, for each hash (RFC 8017 §9.2 note 1), with the NULL parameters that
/// RFC 8017 and RFC 3279 require.
enum PKCS1DigestInfo {
    /// `30 20 30 0c 06 08 2a864886f70d0205 05 00 04 10` (md5, 1.2.840.113549.2.5).
    static let md5: [UInt8] = [0x30, 0x20, 0x30, 0x0c, 0x06, 0x08, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x02, 0x05, 0x05, 0x00, 0x04, 0x10]

    /// The prefix for `hash`: sha1 is 1.3.14.3.2.26; the SHA-2 family is 2.16.840.1.101.3.4.2.{4,1,2,3}.
    static func prefix(for hash: HashAlgorithm) -> [UInt8] {
        switch hash {
        case .sha1: return [0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14]
        case .sha224: return nistPrefix(arc: 0x04, outerLength: 0x2d, digestLength: 0x1c)
        case .sha256: return nistPrefix(arc: 0x01, outerLength: 0x31, digestLength: 0x20)
        case .sha384: return nistPrefix(arc: 0x02, outerLength: 0x41, digestLength: 0x30)
        case .sha512: return nistPrefix(arc: 0x03, outerLength: 0x51, digestLength: 0x40)
        }
    }

    /// `30 L 30 0d 06 09 608648016503040 2 arc 05 00 04 D`.
    private static func nistPrefix(arc: UInt8, outerLength: UInt8, digestLength: UInt8) -> [UInt8] {
        [0x30, outerLength, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, arc,
         0x05, 0x00, 0x04, digestLength]
    }
}
