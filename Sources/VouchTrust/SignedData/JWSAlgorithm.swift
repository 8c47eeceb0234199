import VouchCrypto
import VouchX509

/// A JWS signature algorithm Vouch verifies (RFC 7518 §3.1, RFC 8037 §3.1): the `alg` header.
///
/// Only public-key algorithms: `none` and the HMACs are refused when the header is read
/// (``JWSError/Kind/refusedAlgorithm(_:)``), never represented here, so no code path can verify
/// an unsigned JWS or an HMAC keyed with a certificate's public key.
public enum JWSAlgorithm: String, Sendable, CaseIterable {
    /// ECDSA P-256 with SHA-256 (RFC 7518 §3.4); what Apple signs StoreKit 2 data with.
    case es256 = "ES256"
    /// ECDSA P-384 with SHA-384.
    case es384 = "ES384"
    /// ECDSA P-521 with SHA-512.
    case es512 = "ES512"
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3).
    case rs256 = "RS256"
    /// RSASSA-PKCS1-v1_5 with SHA-384.
    case rs384 = "RS384"
    /// RSASSA-PKCS1-v1_5 with SHA-512.
    case rs512 = "RS512"
    /// RSASSA-PSS with SHA-256, MGF1 with SHA-256 and a 32-byte salt (RFC 7518 §3.5).
    case ps256 = "PS256"
    /// RSASSA-PSS with SHA-384, MGF1 with SHA-384 and a 48-byte salt.
    case ps384 = "PS384"
    /// RSASSA-PSS with SHA-512, MGF1 with SHA-512 and a 64-byte salt.
    case ps512 = "PS512"
    /// EdDSA (RFC 8037 §3.1) with an Ed25519 key; Ed448 keys are not supported.
    case edDSA = "EdDSA"

    /// The `alg` values refused outright: no signature (RFC 7515 §A.5's Unsecured JWS) and the
    /// symmetric MACs of RFC 7518 §3.2, whose key a verifier holding a public key would have to
    /// take from the attacker (RFC 8725 §2.1, §3.1).
    static let refusedNames: Set<String> = ["none", "HS256", "HS384", "HS512"]

    /// The hash the signature covers (EdDSA hashes inside the algorithm: SHA-512 of R ‖ A ‖ M).
    var hash: HashAlgorithm? {
        switch self {
        case .es256, .rs256, .ps256: return .sha256
        case .es384, .rs384, .ps384: return .sha384
        case .es512, .rs512, .ps512: return .sha512
        case .edDSA: return nil
        }
    }

    /// The curve an ECDSA algorithm needs (RFC 7518 §3.4), `nil` for the others.
    var curve: ECCurve? {
        switch self {
        case .es256: return .p256
        case .es384: return .p384
        case .es512: return .p521
        default: return nil
        }
    }
}
