import VouchDER

/// The named prime curves of X9.62 / SEC 2 that X.509 keys use (RFC 5480 §2.1.1.1).
///
/// All five are recognised (for key-size policy, SECTRUST.md §7) and all five verify ECDSA
/// signatures.
public enum ECCurve: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// secp192r1 / prime192v1, OID 1.2.840.10045.3.1.1.
    case p192
    /// secp224r1, OID 1.3.132.0.33.
    case p224
    /// secp256r1 / prime256v1, OID 1.2.840.10045.3.1.7.
    case p256
    /// secp384r1, OID 1.3.132.0.34.
    case p384
    /// secp521r1, OID 1.3.132.0.35.
    case p521

    /// The curve named by a namedCurve OID, or `nil` for any other curve.
    public init?(oid: OID) {
        guard let curve = Self.allCases.first(where: { $0.oid == oid }) else { return nil }
        self = curve
    }

    /// The namedCurve OBJECT IDENTIFIER.
    public var oid: OID {
        switch self {
        case .p192: return Self.p192OID
        case .p224: return Self.p224OID
        case .p256: return Self.p256OID
        case .p384: return Self.p384OID
        case .p521: return Self.p521OID
        }
    }

    /// The bit length of the field prime p (also of the group order n): 192, 224, 256, 384, 521.
    public var fieldBits: Int {
        switch self {
        case .p192: return 192
        case .p224: return 224
        case .p256: return 256
        case .p384: return 384
        case .p521: return 521
        }
    }

    /// ⌈fieldBits/8⌉: the length of one coordinate, and the key size Apple reports
    /// (24, 28, 32, 48, 66).
    public var fieldBytes: Int { (fieldBits + 7) / 8 }

    /// The length of the uncompressed X9.62 encoding 04‖X‖Y: 49, 57, 65, 97 or 133 bytes.
    public var uncompressedPointLength: Int { 1 + 2 * fieldBytes }

    /// The SEC 2 name, e.g. `secp256r1`.
    public var description: String {
        switch self {
        case .p192: return "secp192r1"
        case .p224: return "secp224r1"
        case .p256: return "secp256r1"
        case .p384: return "secp384r1"
        case .p521: return "secp521r1"
        }
    }

    /// The id-ecPublicKey algorithm OID of SubjectPublicKeyInfo (RFC 5480 §2.1.1).
    public static let ecPublicKeyOID = Self.make("1.2.840.10045.2.1")

    private static let p192OID = make("1.2.840.10045.3.1.1")
    private static let p224OID = make("1.3.132.0.33")
    private static let p256OID = make("1.2.840.10045.3.1.7")
    private static let p384OID = make("1.3.132.0.34")
    private static let p521OID = make("1.3.132.0.35")

    /// An OID from dotted text written in this file. `OID(dotted:)` accepts every constant here
    /// (the tests check each one); the fallback to 0.0, itself valid, only keeps the code free
    /// of force unwraps.
    private static func make(_ dotted: String) -> OID {
        if let oid = OID(dotted: dotted) { return oid }
        return make("0.0")
    }
}
