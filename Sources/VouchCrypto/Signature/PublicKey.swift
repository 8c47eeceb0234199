import VouchX509

/// A public key Apple's Security framework would make from a certificate (`SecCertificateCopyKey`):
/// RSA, EC on P-192…P-521, or Ed25519. Two keys are equal when their key material is (SECTRUST.md
/// §8): the same (n, e), or the same curve and point, whatever SPKI encoding they came from.
public enum PublicKey: Hashable, Sendable {
    /// An RSA key (n, e).
    case rsa(RSAPublicKey)
    /// An EC point on a NIST curve.
    case ec(ECPublicKey)
    /// An Ed25519 point.
    case ed25519(Ed25519PublicKey)

    /// The key of `spki`, or `nil` where Apple has none (DSA, RSA-PSS SPKI, explicit curves,
    /// Ed448, unknown algorithms, key bits that do not parse).
    public init?(_ spki: SubjectPublicKeyInfo) {
        switch spki.keyType {
        case .rsa:
            guard let key = SignatureVerifier.rsaKey(spki) else { return nil }
            self = .rsa(key)
        case .ec:
            guard let key = SignatureVerifier.ecKey(spki) else { return nil }
            self = .ec(key)
        case .ed25519:
            guard let key = try? Ed25519PublicKey(rawRepresentation: spki.subjectPublicKey.bytes) else { return nil }
            self = .ed25519(key)
        default:
            return nil
        }
    }

    /// `SecKeyCopyExternalRepresentation`: PKCS #1 RSAPublicKey DER, `04‖X‖Y`, or 32 raw bytes.
    public var externalRepresentation: [UInt8] {
        switch self {
        case .rsa(let key): return key.canonicalPKCS1DER
        case .ec(let key): return key.x962Representation
        case .ed25519(let key): return key.rawRepresentation
        }
    }
}
