import VouchDER

/// A SubjectPublicKeyInfo (RFC 5280 §4.1.2.7): the algorithm and the key bits, kept as views.
///
/// Parsing checks the structure only; ``keyType`` classifies the key the way Apple's
/// `SecCertificateCopyKey` does (SECTRUST.md §7): RSA, EC on a named curve P-192…P-521, Ed25519
/// and Ed448 are keys; DSA, RSA-PSS keys, explicit EC parameters and anything else have none.
public struct SubjectPublicKeyInfo: Sendable {
    /// The whole SubjectPublicKeyInfo DER (what `sha256/` pins hash).
    public let encoded: ArraySlice<UInt8>
    /// The algorithm and its parameters.
    public let algorithm: AlgorithmIdentifier
    /// The key bits.
    public let subjectPublicKey: DERBitString

    /// Reads `SEQUENCE { algorithm AlgorithmIdentifier, subjectPublicKey BIT STRING }`.
    public init(reading reader: inout DERReader) throws(DERError) {
        self = try reader.withCursor { (cursor, bytes) throws(DERError) in try SubjectPublicKeyInfo(cursor: &cursor, in: bytes) }
    }

    /// ``init(reading:)`` over a cursor on `bytes`.
    @inline(__always)
    init(cursor: inout DERCursor, in bytes: ArraySlice<UInt8>) throws(DERError) {
        self.init(try Self.validate(&cursor), in: bytes)
    }

    /// Where a SubjectPublicKeyInfo's parts lie in its input.
    struct Ranges {
        let encoded: Range<Int>
        let algorithm: AlgorithmIdentifier.Ranges
        let unusedBits: UInt8
        let key: Range<Int>
    }

    /// Reads a SubjectPublicKeyInfo by ``init(reading:)``'s rules and returns where its parts lie.
    @inline(__always)
    static func validate(_ cursor: inout DERCursor) throws(DERError) -> Ranges {
        let element = try cursor.readElement(.sequence)
        var inner = try cursor.cursor(overContentOf: element)
        let algorithm = try AlgorithmIdentifier.validate(&inner)
        let (unusedBits, key) = try inner.readBitString()
        try inner.finish()
        return Ranges(encoded: element.range, algorithm: algorithm, unusedBits: unusedBits, key: key)
    }

    /// The SubjectPublicKeyInfo `ranges` of `bytes` describe (validated by ``validate(_:)``).
    @inline(__always)
    init(_ ranges: Ranges, in bytes: ArraySlice<UInt8>) {
        algorithm = AlgorithmIdentifier(ranges.algorithm, in: bytes)
        subjectPublicKey = DERBitString(unusedBits: ranges.unusedBits, validatedBytes: bytes[ranges.key])
        encoded = bytes[ranges.encoded]
    }

    /// Parses a standalone SubjectPublicKeyInfo DER.
    public init(derEncoded bytes: ArraySlice<UInt8>) throws(DERError) {
        self = try DERReader.readAll(bytes) { (reader) throws(DERError) in try SubjectPublicKeyInfo(reading: &reader) }
    }

    /// What kind of key this is, decoded on demand.
    public var keyType: PublicKeyType {
        let oid = algorithm.algorithm
        if oid == .rsaEncryption {
            guard let bits = rsaModulusBitLength else { return .unsupported(oid) }
            return .rsa(modulusBits: bits)
        }
        if oid == .ecPublicKey {
            guard let parameters = algorithm.parameters else { return .unsupported(oid) }
            guard let curve = try? DERReader.readAll(parameters, { (r) throws(DERError) in try r.readOID() }) else {
                return .ecExplicitParameters
            }
            guard let named = NamedCurve(oid: curve) else { return .ecUnknownCurve(curve) }
            return .ec(named)
        }
        if oid == .ed25519 { return .ed25519 }
        if oid == .ed448 { return .ed448 }
        if oid == .dsa { return .dsa }
        if oid == .rsassaPSS { return .rsaPSS(modulusBits: rsaModulusBitLength) }
        return .unsupported(oid)
    }

    /// For an RSA key: the bit length of the modulus of its PKCS #1 RSAPublicKey, if it parses.
    var rsaModulusBitLength: Int? {
        guard subjectPublicKey.unusedBits == 0 else { return nil }
        let modulus = try? DERReader.readAll(subjectPublicKey.bytes) { (r) throws(DERError) in
            try r.nested(.sequence) { (r) throws(DERError) -> DERInteger in
                let modulus = try r.readInteger()
                _ = try r.readInteger()
                return modulus
            }
        }
        guard let modulus, !modulus.isNegative, let first = modulus.magnitude.first else { return nil }
        return modulus.magnitude.count * 8 - first.leadingZeroBitCount
    }
}

/// The NIST curves X.509 certificates name (RFC 5480 §2.1.1.1). VouchCrypto calls it `ECCurve`.
public enum NamedCurve: String, Sendable, CaseIterable, CustomStringConvertible {
    /// P-192, secp192r1 (1.2.840.10045.3.1.1).
    case p192 = "P-192"
    /// P-224, secp224r1 (1.3.132.0.33).
    case p224 = "P-224"
    /// P-256, secp256r1 (1.2.840.10045.3.1.7): the example chain's curve.
    case p256 = "P-256"
    /// P-384, secp384r1 (1.3.132.0.34).
    case p384 = "P-384"
    /// P-521, secp521r1 (1.3.132.0.35).
    case p521 = "P-521"

    /// The curve's OID.
    public var oid: OID {
        switch self {
        case .p192: return .secp192r1
        case .p224: return .secp224r1
        case .p256: return .secp256r1
        case .p384: return .secp384r1
        case .p521: return .secp521r1
        }
    }

    /// The size of the field in bits (SECTRUST.md §7 measures EC keys as ceil(bits / 8) bytes).
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

    /// The SEC 2 name, e.g. `secp256r1` (`rawValue` is the NIST name, `P-256`).
    public var description: String {
        switch self {
        case .p192: return "secp192r1"
        case .p224: return "secp224r1"
        case .p256: return "secp256r1"
        case .p384: return "secp384r1"
        case .p521: return "secp521r1"
        }
    }

    /// The curve named by `oid`, if it is one of these.
    ///
    /// Compared one constant at a time, the commonest first (`allCases.first(where:)` built an
    /// array on every call).
    public init?(oid: OID) {
        if oid == .secp256r1 {
            self = .p256
        } else if oid == .secp384r1 {
            self = .p384
        } else if oid == .secp521r1 {
            self = .p521
        } else if oid == .secp224r1 {
            self = .p224
        } else if oid == .secp192r1 {
            self = .p192
        } else {
            return nil
        }
    }
}

/// The kind of a certificate's public key.
public enum PublicKeyType: Equatable, Sendable {
    /// rsaEncryption, with the modulus length in bits.
    case rsa(modulusBits: Int)
    /// id-ecPublicKey on one of the named curves P-192 … P-521.
    case ec(NamedCurve)
    /// Ed25519 (RFC 8410).
    case ed25519
    /// Ed448 (RFC 8410): recognised for key-size policy; Vouch does not verify its signatures.
    case ed448
    /// DSA: recognised, but Apple has no key for it.
    case dsa
    /// An RSA key restricted to PSS (id-RSASSA-PSS SPKI): recognised, no key on Apple.
    case rsaPSS(modulusBits: Int?)
    /// id-ecPublicKey with explicit curve parameters: recognised, no key on Apple.
    case ecExplicitParameters
    /// id-ecPublicKey on a named curve other than P-192…P-521.
    case ecUnknownCurve(OID)
    /// Any other algorithm, or an RSA or EC key whose encoding does not parse.
    case unsupported(OID)

    /// The key size in bits where it has one: RSA modulus, EC field, 256 for Ed25519, 456 for Ed448.
    public var bits: Int? {
        switch self {
        case .rsa(let bits): return bits
        case .rsaPSS(let bits): return bits
        case .ec(let curve): return curve.fieldBits
        case .ed25519: return 256
        case .ed448: return 456
        default: return nil
        }
    }
}
