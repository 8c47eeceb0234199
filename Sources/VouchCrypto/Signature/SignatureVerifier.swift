import VouchDER
import VouchX509

/// The answer of a signature check.
public enum SignatureVerification: Sendable, Equatable {
    /// The signature is valid for the key.
    case valid
    /// The signature is not valid (or does not fit the key, or is malformed).
    case invalid
    /// The algorithm or the key is one Vouch does not verify (SECTRUST.md §7: such a path is
    /// discarded just as for an invalid signature).
    case unsupported
}

/// The one entry point through which every certificate signature is checked.
///
/// It takes the signature algorithm, the issuer's SubjectPublicKeyInfo, the signed bytes and the
/// signature, and answers ``SignatureVerification``. Apple's rules (SECTRUST.md §7) are followed
/// where they differ from a plain verifier: an Ed25519 key verifies EdDSA whatever the signature
/// OID says; MD2 and MD4 never verify, MD5 does (so that the weak-hash check can fire); a P-256
/// DER signature missing its zero padding is repaired when ``Options/repairsECDSAPadding`` is set.
/// RSA-PSS signatures are verified with their RFC 4055 parameters: a deliberate divergence from
/// Apple, which never verifies them (SECTRUST.md §14).
public enum SignatureVerifier {
    /// Tolerances of the verifier.
    public struct Options: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Accept an ECDSA r or s whose leading zero octet is missing, on curves of at most 256
        /// bits, as Apple does (SECTRUST.md §7).
        public static let repairsECDSAPadding = Options(rawValue: 1)
        /// What the trust engine uses.
        public static let apple: Options = [.repairsECDSAPadding]
    }

    /// Checks `signature` over `signedBytes`, made with `algorithm` by the key in `issuerKey`.
    public static func verify(
        algorithm: AlgorithmIdentifier, issuerKey: SubjectPublicKeyInfo, signedBytes: ArraySlice<UInt8>,
        signature: DERBitString, options: Options = []
    ) -> SignatureVerification {
        guard signature.unusedBits == 0 else { return .invalid }
        let value = signature.bytes
        // Apple: an Ed25519 key verifies EdDSA whatever the signature algorithm says.
        if issuerKey.algorithm.algorithm == .ed25519 {
            guard let key = try? Ed25519PublicKey(rawRepresentation: issuerKey.subjectPublicKey.bytes) else { return .invalid }
            return key.isValidSignature(value, message: signedBytes) ? .valid : .invalid
        }
        switch SignatureAlgorithm(algorithm) {
        case .rsaPKCS1(let hash):
            guard let key = rsaKey(issuerKey) else { return keyAnswer(issuerKey) }
            return key.isValidPKCS1v15Signature(value, digest: hash.digest(signedBytes), hash: hash) ? .valid : .invalid
        case .rsaPKCS1MD5:
            guard let key = rsaKey(issuerKey) else { return keyAnswer(issuerKey) }
            return key.isValidPKCS1v15MD5Signature(value, message: signedBytes) ? .valid : .invalid
        case .rsaPSS(let parameters):
            guard let key = rsaKey(issuerKey, allowingPSSKey: true) else { return keyAnswer(issuerKey) }
            return key.isValidPSSSignature(value, message: signedBytes, parameters: parameters) ? .valid : .invalid
        case .ecdsa(let hash):
            guard let key = ecKey(issuerKey) else { return keyAnswer(issuerKey) }
            let repair = options.contains(.repairsECDSAPadding)
            return key.isValidSignature(derSignature: value, digest: hash.digest(signedBytes), allowingMissingZeroPadding: repair)
                ? .valid : .invalid
        case .ed25519:
            return .invalid  // an Ed25519 signature by a key that is not Ed25519
        case .unsupported:
            return .unsupported
        }
    }

    /// Checks the signature of `certificate` with `issuerKey`; the outer and inner signature
    /// algorithm OIDs must agree (Apple compares the OIDs, not the parameters).
    public static func verify(
        _ certificate: Certificate, issuerKey: SubjectPublicKeyInfo, options: Options = .apple
    ) -> SignatureVerification {
        guard certificate.signatureAlgorithmsMatch else { return .invalid }
        return verify(
            algorithm: certificate.signatureAlgorithm, issuerKey: issuerKey,
            signedBytes: certificate.tbsCertificateBytes, signature: certificate.signature, options: options)
    }

    /// The RSA key of an rsaEncryption SPKI (or of an id-RSASSA-PSS one, for PSS signatures).
    static func rsaKey(_ spki: SubjectPublicKeyInfo, allowingPSSKey: Bool = false) -> RSAPublicKey? {
        let oid = spki.algorithm.algorithm
        guard oid == .rsaEncryption || (allowingPSSKey && oid == .rsassaPSS), spki.subjectPublicKey.unusedBits == 0 else {
            return nil
        }
        return try? RSAPublicKey(pkcs1DER: spki.subjectPublicKey.bytes)
    }

    /// The EC key of an id-ecPublicKey SPKI on a named curve.
    static func ecKey(_ spki: SubjectPublicKeyInfo) -> ECPublicKey? {
        guard case .ec(let curve) = spki.keyType, spki.subjectPublicKey.unusedBits == 0 else { return nil }
        return try? ECPublicKey(curve: curve, x962Representation: spki.subjectPublicKey.bytes)
    }

    /// A key of the wrong type for the algorithm fails the signature; an unsupported one is unsupported.
    private static func keyAnswer(_ spki: SubjectPublicKeyInfo) -> SignatureVerification {
        switch spki.keyType {
        case .rsa, .ec, .ed25519: return .invalid
        default: return .unsupported
        }
    }
}
