import VouchCrypto
import VouchX509

extension CompactJWS {
    /// Checks the signature over ``signingInput`` with `key` under ``algorithm`` (RFC 7515 §5.2
    /// step 8, RFC 7518 §3).
    ///
    /// The key must be able to make the algorithm's signatures: an EC key on the algorithm's
    /// curve for ES256/384/512, an RSA key of at least 2048 bits for RS* and PS*, an Ed25519 key
    /// for EdDSA. An ECDSA signature is R ‖ S, each exactly the curve's coordinate size.
    ///
    /// - Throws: ``JWSError`` at the signature part's offset:
    ///   ``JWSError/Kind/keyDoesNotMatchAlgorithm(_:)``, ``JWSError/Kind/rsaKeyTooSmall(bits:)``,
    ///   ``JWSError/Kind/wrongSignatureLength(expected:found:)`` or
    ///   ``JWSError/Kind/invalidSignature``.
    public func verifySignature(with key: PublicKey) throws(JWSError) {
        let at = signatureStart
        let valid: Bool
        switch (algorithm, key) {
        case (.es256, .ec(let ecKey)), (.es384, .ec(let ecKey)), (.es512, .ec(let ecKey)):
            guard ecKey.curve == algorithm.curve, let hash = algorithm.hash else {
                throw JWSError(.keyDoesNotMatchAlgorithm(algorithm), at: at)
            }
            let size = ecKey.curve.fieldBytes
            guard signature.count == 2 * size else {
                throw JWSError(.wrongSignatureLength(expected: 2 * size, found: signature.count), at: at)
            }
            let der = Self.ecdsaDER(r: signature[..<size], s: signature[size...])
            valid = ecKey.isValidSignature(derSignature: der[...], digest: hash.digest(signingInput))
        case (.rs256, .rsa(let rsaKey)), (.rs384, .rsa(let rsaKey)), (.rs512, .rsa(let rsaKey)):
            let hash = try checked(rsaKey, at: at)
            valid = rsaKey.isValidPKCS1v15Signature(signature[...], digest: hash.digest(signingInput), hash: hash)
        case (.ps256, .rsa(let rsaKey)), (.ps384, .rsa(let rsaKey)), (.ps512, .rsa(let rsaKey)):
            let hash = try checked(rsaKey, at: at)
            // RFC 7518 §3.5: MGF1 with the same hash, a salt as long as the hash's output.
            let parameters = RSAPSSParameters(hash: hash, mgf1Hash: hash, saltLength: hash.digestLength)
            valid = rsaKey.isValidPSSSignature(signature[...], message: signingInput, parameters: parameters)
        case (.edDSA, .ed25519(let edKey)):
            guard signature.count == Ed25519PublicKey.signatureByteCount else {
                throw JWSError(
                    .wrongSignatureLength(expected: Ed25519PublicKey.signatureByteCount, found: signature.count), at: at)
            }
            valid = edKey.isValidSignature(signature[...], message: signingInput)
        default:
            throw JWSError(.keyDoesNotMatchAlgorithm(algorithm), at: at)
        }
        guard valid else { throw JWSError(.invalidSignature, at: at) }
    }

    /// Checks the signature with the key of `x5c[0]`, the certificate RFC 7515 §4.1.6 says holds
    /// it. This proves only that the holder of that certificate's key signed; whether the
    /// certificate is to be trusted (for Apple's data, the Mac App Store receipt policy over
    /// the whole `x5c` chain) is the trust evaluation's question.
    ///
    /// - Throws: ``JWSError/Kind/noCertificateChain`` when the header has no `x5c`,
    ///   ``JWSError/Kind/unsupportedCertificateKey`` when its first certificate's key is not one
    ///   Vouch verifies with, or what ``verifySignature(with:)`` throws.
    public func verifySignatureWithCertificateKey() throws(JWSError) {
        guard let leaf = certificates.first else { throw JWSError(.noCertificateChain, at: 0) }
        guard let key = PublicKey(leaf.subjectPublicKeyInfo) else { throw JWSError(.unsupportedCertificateKey, at: 0) }
        try verifySignature(with: key)
    }

    /// The RSA algorithm's hash, once the key is long enough.
    private func checked(_ key: RSAPublicKey, at offset: Int) throws(JWSError) -> HashAlgorithm {
        guard key.modulusBitLength >= JWSLimits.minimumRSAModulusBits else {
            throw JWSError(.rsaKeyTooSmall(bits: key.modulusBitLength), at: offset)
        }
        guard let hash = algorithm.hash else { throw JWSError(.keyDoesNotMatchAlgorithm(algorithm), at: offset) }
        guard signature.count == key.modulusByteLength else {
            throw JWSError(.wrongSignatureLength(expected: key.modulusByteLength, found: signature.count), at: offset)
        }
        return hash
    }

    /// `SEQUENCE { r INTEGER, s INTEGER }` of the unsigned big-endian `r` and `s`, as the ECDSA
    /// verifier reads a certificate's signature: leading zero octets dropped, a zero octet put
    /// back before a first octet whose top bit is set (X.690 §8.3.2). Both are at most 66
    /// bytes, so each length fits one octet (the long form 0x81 past 127).
    static func ecdsaDER(r: ArraySlice<UInt8>, s: ArraySlice<UInt8>) -> [UInt8] {
        func integer(_ magnitude: ArraySlice<UInt8>) -> [UInt8] {
            var content = Array(magnitude.drop { $0 == 0 })
            if content.first.map({ $0 & 0x80 != 0 }) ?? true { content.insert(0, at: 0) }
            return [0x02] + length(content.count) + content
        }
        func length(_ count: Int) -> [UInt8] {
            count < 0x80 ? [UInt8(truncatingIfNeeded: count)] : [0x81, UInt8(truncatingIfNeeded: count)]
        }
        let content = integer(r) + integer(s)
        return [0x30] + length(content.count) + content
    }
}
