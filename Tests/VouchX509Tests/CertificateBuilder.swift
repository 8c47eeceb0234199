import VouchDER
import VouchX509

/// A certificate assembled from DER parts, one per TBSCertificate field, so that a table row can
/// replace one field and the test knows where every field starts. Signatures are filler: parsing
/// does not verify them.
struct CertificateBuilder {
    var version: [UInt8] = DER.explicit(0, DER.integer([2]))
    var serialNumber: [UInt8] = DER.integer([0x01, 0x02, 0x03])
    var signature: [UInt8] = DER.algorithm(.sha256WithRSAEncryption)
    var issuer: [UInt8] = DER.name([(.countryName, .printableString, "US"), (.commonName, .utf8String, "Vouch Test CA")])
    var validity: [UInt8] = DER.sequence(DER.string(.utcTime, "250101000000Z"), DER.string(.generalizedTime, "20260101000000Z"))
    var subject: [UInt8] = DER.name([(.commonName, .utf8String, "leaf.example")])
    var subjectPublicKeyInfo: [UInt8] = DER.sequence(
        DER.sequence(DER.oid(.ecPublicKey), DER.oid(.secp256r1)),
        DER.bitString([0x04] + [UInt8](repeating: 0x11, count: 64)))
    var issuerUniqueID: [UInt8] = []
    var subjectUniqueID: [UInt8] = []
    /// The extensions, wrapped as `[3] EXPLICIT SEQUENCE` unless ``extensionsField`` overrides them;
    /// `nil` leaves the field out.
    var extensionEntries: [[UInt8]]? = [
        DER.extensionEntry(.basicConstraints, critical: true, value: DER.sequence([0x01, 0x01, 0xFF])),
    ]
    /// The whole `[3]` field, when a row needs to break its structure.
    var extensionsField: [UInt8]? = nil
    /// Keep only this many octets of the TBSCertificate's content (lengths are recomputed).
    var tbsContentPrefix: Int? = nil
    var signatureAlgorithm: [UInt8] = DER.algorithm(.sha256WithRSAEncryption)
    var signatureValue: [UInt8] = DER.bitString([UInt8](repeating: 0x5A, count: 32))
    /// Appended inside the outer SEQUENCE, after the signature.
    var certificateTrailer: [UInt8] = []

    var extensions: [UInt8] {
        if let extensionsField { return extensionsField }
        guard let extensionEntries else { return [] }
        return DER.explicit(3, DER.tlv(.sequence, extensionEntries.flatMap { $0 }))
    }

    var parts: [(field: X509Error.Field, bytes: [UInt8])] {
        [(.version, version), (.serialNumber, serialNumber), (.signature, signature), (.issuer, issuer),
         (.validity, validity), (.subject, subject), (.subjectPublicKeyInfo, subjectPublicKeyInfo),
         (.issuerUniqueID, issuerUniqueID), (.subjectUniqueID, subjectUniqueID), (.extensions, extensions)]
    }

    var tbsContent: [UInt8] {
        let all = parts.flatMap(\.bytes)
        return tbsContentPrefix.map { Array(all.prefix($0)) } ?? all
    }

    var tbs: [UInt8] { DER.tlv(.sequence, tbsContent) }

    var outerContent: [UInt8] { tbs + signatureAlgorithm + signatureValue + certificateTrailer }

    var der: [UInt8] { DER.tlv(.sequence, outerContent) }

    /// The offset in ``der`` of the first octet of `field`.
    func offset(of field: X509Error.Field) -> Int {
        let outerHeader = der.count - outerContent.count
        let tbsBytes = tbs
        switch field {
        case .certificate: return 0
        case .tbsCertificate: return outerHeader
        case .signatureAlgorithm: return outerHeader + tbsBytes.count
        case .signatureValue: return outerHeader + tbsBytes.count + signatureAlgorithm.count
        default:
            var offset = outerHeader + tbsBytes.count - tbsContent.count
            for part in parts {
                if part.field == field { return offset }
                offset += part.bytes.count
            }
            return offset
        }
    }

    /// Where `field` starts within the TBSCertificate's content (its preceding fields' length).
    func tbsContentOffset(of field: X509Error.Field) -> Int {
        parts.prefix { $0.field != field }.reduce(0) { $0 + $1.bytes.count }
    }

    /// The offset in ``der`` of the value octets of extension `index` (of ``extensionEntries``).
    func valueOffset(ofExtension index: Int) -> Int {
        guard let entries = extensionEntries, index < entries.count else { return -1 }
        let field = DER.explicit(3, DER.tlv(.sequence, entries.flatMap { $0 }))
        let sequenceContent = entries.flatMap { $0 }
        let headers = field.count - sequenceContent.count
        let entryStart = offset(of: .extensions) + headers + entries[..<index].reduce(0) { $0 + $1.count }
        let inEntry = (try? DERReader.readAll(entries[index][...]) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (inner) throws(DERError) in
                _ = try inner.readOID()
                _ = try inner.readOptionalElement(.boolean)
                return try inner.readElement(.octetString).contentOffset
            }
        }) ?? -1
        return entryStart + inEntry
    }

    func parse() throws(X509Error) -> Certificate { try Certificate(derEncoded: der) }
}

/// What a table row expects of a certificate: that it parses, or the error's kind, field and the
/// offset relative to the start of the field the row changed.
enum Outcome: Sendable, CustomStringConvertible {
    case parses
    case fails(X509Error.Kind, X509Error.Field, at: Int)

    var description: String {
        switch self {
        case .parses: return "parses"
        case .fails(let kind, let field, let offset): return "\(field) \(kind) at +\(offset)"
        }
    }

    /// The expected error, with the offset made absolute from `base`.
    func error(base: Int) -> X509Error? {
        guard case .fails(let kind, let field, let offset) = self else { return nil }
        return X509Error(kind, in: field, at: base + offset)
    }
}
