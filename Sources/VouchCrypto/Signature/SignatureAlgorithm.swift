import VouchDER
import VouchX509

/// What a certificate's signatureAlgorithm asks for, decoded from its AlgorithmIdentifier.
public enum SignatureAlgorithm: Sendable, Equatable {
    /// RSASSA-PKCS1-v1_5 with a SHA-family hash.
    case rsaPKCS1(HashAlgorithm)
    /// RSASSA-PKCS1-v1_5 with MD5: verified so the trust layer can flag it as weak (SECTRUST.md §7).
    case rsaPKCS1MD5
    /// RSASSA-PSS with its RFC 4055 parameters.
    case rsaPSS(RSAPSSParameters)
    /// ECDSA with a SHA-family hash.
    case ecdsa(HashAlgorithm)
    /// Ed25519 (RFC 8410).
    case ed25519
    /// Recognised but never verified: MD2 and MD4 with RSA (Apple never verifies MD2), DSA, Ed448,
    /// RSASSA-PSS with parameters that do not parse.
    case unsupported(OID)

    /// Decodes `identifier`.
    public init(_ identifier: AlgorithmIdentifier) {
        let oid = identifier.algorithm
        if let hash = Self.hash(of: oid, in: Self.rsaHashes) {
            self = identifier.hasAbsentOrNullParameters ? .rsaPKCS1(hash) : .unsupported(oid)
        } else if oid == .md5WithRSAEncryption {
            self = identifier.hasAbsentOrNullParameters ? .rsaPKCS1MD5 : .unsupported(oid)
        } else if let hash = Self.hash(of: oid, in: Self.ecdsaHashes) {
            // RFC 5758 §3.2: the parameters field must be absent.
            self = identifier.parameters == nil ? .ecdsa(hash) : .unsupported(oid)
        } else if oid == .rsassaPSS {
            guard let parameters = identifier.parameters, let decoded = try? RSAPSSParameters(der: parameters) else {
                self = .unsupported(oid)
                return
            }
            self = .rsaPSS(decoded)
        } else if oid == .ed25519 {
            self = .ed25519
        } else {
            self = .unsupported(oid)
        }
    }

    /// The hash the signature covers, where it names one (MD5 as `nil`: it is not a SHA).
    public var hash: HashAlgorithm? {
        switch self {
        case .rsaPKCS1(let hash), .ecdsa(let hash): return hash
        case .rsaPSS(let parameters): return parameters.hash
        case .rsaPKCS1MD5, .ed25519, .unsupported: return nil
        }
    }

    /// The PKCS #1 v1.5 algorithms and their hashes, the common ones first. Searched in turn: a
    /// few OID comparisons (each first compares lengths) cost less than hashing the OID for a
    /// dictionary, and every certificate of a chain asks once.
    static let rsaHashes: [(oid: OID, hash: HashAlgorithm)] = [
        (.sha256WithRSAEncryption, .sha256), (.sha384WithRSAEncryption, .sha384), (.sha512WithRSAEncryption, .sha512),
        (.sha1WithRSAEncryption, .sha1), (.sha224WithRSAEncryption, .sha224), (.sha1WithRSASignature, .sha1),
    ]

    /// The ECDSA algorithms and their hashes, the common ones first.
    static let ecdsaHashes: [(oid: OID, hash: HashAlgorithm)] = [
        (.ecdsaWithSHA256, .sha256), (.ecdsaWithSHA384, .sha384), (.ecdsaWithSHA512, .sha512),
        (.ecdsaWithSHA1, .sha1), (.ecdsaWithSHA224, .sha224),
    ]

    private static func hash(of oid: OID, in table: [(oid: OID, hash: HashAlgorithm)]) -> HashAlgorithm? {
        for entry in table where entry.oid == oid { return entry.hash }
        return nil
    }
}
