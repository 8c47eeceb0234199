import VouchCrypto
import VouchDER
import VouchX509

/// Where an SCT came from: the certificate, the TLS handshake, or an OCSP response.
public enum SignedCertificateTimestampSource: String, Sendable, Hashable {
    /// The certificate's extension 1.3.6.1.4.1.11129.2.4.2: signed over the precertificate.
    case embedded
    /// The TLS extension (`SecTrustSetSignedCertificateTimestamps`, `vouch verify --sct`): signed
    /// over the certificate.
    case tls
    /// An OCSP response's extension 1.3.6.1.4.1.11129.2.4.5: signed over the certificate.
    case ocsp
}

/// What became of one SCT: the first rule of Apple's `getSCTValidatingLog` it broke, or
/// ``valid`` (`CertificateTransparency.m`).
public enum SignedCertificateTimestampVerdict: Sendable, Equatable, CustomStringConvertible {
    /// The signature verifies with a trusted log's key and the log's dates allow the SCT.
    case valid
    /// The SCT does not parse (Apple skips it and goes on with the others).
    case unparseable(SignedCertificateTimestampError)
    /// The list it was in does not parse: no SCT of that source counts (Apple reads none of it).
    case unparseableList(SignedCertificateTimestampError)
    /// No log list was given: nothing is verified (Vouch has no list of its own).
    case noLogList
    /// The timestamp is after the verify date.
    case inFuture
    /// No trusted log has this log ID.
    case unknownLog
    /// A TLS or OCSP SCT from a retired log (only embedded SCTs of retired logs may count).
    case retiredLog
    /// Made after the log became read-only.
    case afterReadOnly
    /// The certificate expires outside the log's temporal shard.
    case outsideShard
    /// An embedded SCT with no issuer in the path to hash (a one-certificate path): Apple does
    /// not look at embedded SCTs then.
    case noIssuer
    /// The signed entry is ``CertificateTransparencyLimits/maximumSignedEntryLength`` or longer.
    case entryTooLong
    /// The log's key is missing or not one Vouch reads.
    case unusableLogKey
    /// A hash and signature pair Apple does not verify (it takes RSA or ECDSA with SHA-1, SHA-256, SHA-384).
    case unsupportedAlgorithm
    /// The signature does not verify.
    case badSignature
    /// Not verified: ``CertificateTransparencyLimits/maximumSignatureChecks`` were spent.
    case budgetExhausted

    /// A few words for `--explain`.
    public var description: String {
        switch self {
        case .valid: return "valid"
        case .unparseable(let error): return "does not parse: \(error)"
        case .unparseableList(let error): return "list does not parse: \(error)"
        case .noLogList: return "not verified: no log list"
        case .inFuture: return "timestamp after the verify date"
        case .unknownLog: return "unknown log"
        case .retiredLog: return "retired log (only embedded SCTs of retired logs count)"
        case .afterReadOnly: return "made after the log became read-only"
        case .outsideShard: return "certificate expires outside the log's shard"
        case .noIssuer: return "no issuer in the path for the precertificate entry"
        case .entryTooLong: return "signed entry too long"
        case .unusableLogKey: return "log key missing or unreadable"
        case .unsupportedAlgorithm: return "unsupported signature algorithm"
        case .badSignature: return "bad signature"
        case .budgetExhausted: return "not verified: SCT signature budget spent"
        }
    }
}

/// The digitally-signed struct of RFC 6962 §3.2 and its check against a log's key.
enum SignedCertificateTimestampVerifier {
    /// `LogEntryType`: 0 for a certificate, 1 for a precertificate.
    enum EntryType: UInt8 {
        case x509 = 0
        case precertificate = 1
    }

    /// The `x509_entry`: the whole certificate as `opaque ASN.1Cert<1..2^24-1>`.
    static func x509Entry(_ leaf: Certificate) -> [UInt8] {
        var entry: [UInt8] = []
        entry.reserveCapacity(leaf.derEncoded.count + 3)
        appendLength24(leaf.derEncoded.count, to: &entry)
        entry.append(contentsOf: leaf.derEncoded)
        return entry
    }

    /// The `PreCert` entry: the SHA-256 of the issuer's SubjectPublicKeyInfo, then the leaf's
    /// TBSCertificate without its SCT-list extension (every occurrence), re-encoded, as Apple's
    /// `SecCertificateCopyPrecertTBS` makes it. `nil` when the TBS does not re-read (it always
    /// does for a parsed certificate).
    static func precertificateEntry(_ leaf: Certificate, issuer: Certificate) -> [UInt8]? {
        precertificateEntry(leaf, issuerKeyHash: HashAlgorithm.sha256.digest(issuer.subjectPublicKeyInfo.encoded))
    }

    /// The `PreCert` entry with the issuer given by the SHA-256 of its SubjectPublicKeyInfo.
    static func precertificateEntry(_ leaf: Certificate, issuerKeyHash: [UInt8]) -> [UInt8]? {
        guard let tbs = precertificateTBS(leaf) else { return nil }
        var entry = issuerKeyHash
        appendLength24(tbs.count, to: &entry)
        entry.append(contentsOf: tbs)
        return entry
    }

    static func precertificateTBS(_ leaf: Certificate) -> [UInt8]? {
        do {
            var outer = DERReader(leaf.tbsCertificateBytes)
            let tbs = try outer.readElement(.sequence)
            var fields = try outer.reader(overContentOf: tbs)
            var content: [UInt8] = []
            while !fields.isAtEnd {
                let element = try fields.readElement()
                guard element.tag == .contextSpecific(3, constructed: true) else {
                    content.append(contentsOf: element.encoded)
                    continue
                }
                var wrapper = try fields.reader(overContentOf: element)
                let list = try wrapper.readElement(.sequence)
                var items = try wrapper.reader(overContentOf: list)
                var kept: [UInt8] = []
                while !items.isAtEnd {
                    let raw = try items.readElement(.sequence)
                    var single = DERReader(raw.encoded)
                    let parsed = try Extension(reading: &single)
                    if parsed.oid != .signedCertificateTimestampList { kept.append(contentsOf: raw.encoded) }
                }
                var sequence = DERWriter()
                sequence.writeElement(.sequence, content: kept)
                var explicit = DERWriter()
                explicit.writeElement(.contextSpecific(3, constructed: true), content: sequence.bytes)
                content.append(contentsOf: explicit.bytes)
            }
            var writer = DERWriter()
            writer.writeElement(.sequence, content: content)
            return writer.bytes
        } catch {
            return nil
        }
    }

    /// The bytes the log signed (RFC 6962 §3.2): version, signature_type certificate_timestamp
    /// (0), timestamp, entry type, the entry, the SCT's extensions.
    static func signedData(_ timestamp: SignedCertificateTimestamp, entryType: EntryType, entry: [UInt8]) -> [UInt8] {
        var data: [UInt8] = [timestamp.version, 0]
        data.reserveCapacity(entry.count + timestamp.extensions.count + 14)
        for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: timestamp.timestamp >> UInt64(shift))) }
        data.append(0)
        data.append(entryType.rawValue)
        data.append(contentsOf: entry)
        data.append(UInt8(truncatingIfNeeded: timestamp.extensions.count >> 8))
        data.append(UInt8(truncatingIfNeeded: timestamp.extensions.count))
        data.append(contentsOf: timestamp.extensions)
        return data
    }

    /// The signature algorithm Apple's `oidForSigAlg` maps a TLS (hash, signature) pair to.
    static func algorithm(hash: UInt8, signature: UInt8) -> AlgorithmIdentifier? {
        switch (signature, hash) {
        case (1, 2): return rsaSHA1
        case (1, 4): return rsaSHA256
        case (1, 5): return rsaSHA384
        case (3, 2): return ecdsaSHA1
        case (3, 4): return ecdsaSHA256
        case (3, 5): return ecdsaSHA384
        default: return nil
        }
    }

    static let rsaSHA1 = identifier(.sha1WithRSAEncryption, nullParameters: true)
    static let rsaSHA256 = identifier(.sha256WithRSAEncryption, nullParameters: true)
    static let rsaSHA384 = identifier(.sha384WithRSAEncryption, nullParameters: true)
    static let ecdsaSHA1 = identifier(.ecdsaWithSHA1, nullParameters: false)
    static let ecdsaSHA256 = identifier(.ecdsaWithSHA256, nullParameters: false)
    static let ecdsaSHA384 = identifier(.ecdsaWithSHA384, nullParameters: false)

    private static func identifier(_ oid: OID, nullParameters: Bool) -> AlgorithmIdentifier? {
        var inner = DERWriter()
        inner.writeElement(.objectIdentifier, content: oid.bytes)
        if nullParameters { inner.writeElement(.null, content: [UInt8]()) }
        var writer = DERWriter()
        writer.writeElement(.sequence, content: inner.bytes)
        var reader = DERReader(writer.bytes)
        return try? AlgorithmIdentifier(reading: &reader)
    }

    /// Whether `timestamp` verifies over `entry` with `key` (a SubjectPublicKeyInfo's DER), paid
    /// from `budget` (``SignedCertificateTimestampVerdict/budgetExhausted`` when it cannot pay).
    static func verifies(
        _ timestamp: SignedCertificateTimestamp, entryType: EntryType, entry: [UInt8], key: [UInt8],
        budget: EvaluationBudget = EvaluationBudget()
    ) -> SignedCertificateTimestampVerdict {
        guard let spki = try? SubjectPublicKeyInfo(derEncoded: key[...]) else { return .unusableLogKey }
        guard let algorithm = algorithm(hash: timestamp.hashAlgorithm, signature: timestamp.signatureAlgorithm) else {
            return .unsupportedAlgorithm
        }
        var bitString = DERWriter()
        bitString.writeElement(.bitString, content: [0] + timestamp.signature)
        var reader = DERReader(bitString.bytes)
        guard let signature = try? reader.readBitString() else { return .badSignature }
        let data = signedData(timestamp, entryType: entryType, entry: entry)
        switch budget.verify(algorithm: algorithm, issuerKey: spki, signedBytes: data[...], signature: signature) {
        case .valid: return .valid
        case .invalid: return .badSignature
        case .unsupported: return .unusableLogKey
        case nil: return .budgetExhausted
        }
    }

    private static func appendLength24(_ length: Int, to bytes: inout [UInt8]) {
        bytes.append(UInt8(truncatingIfNeeded: length >> 16))
        bytes.append(UInt8(truncatingIfNeeded: length >> 8))
        bytes.append(UInt8(truncatingIfNeeded: length))
    }
}
