import VouchDER

/// One entry of a CRL's revokedCertificates (RFC 5280 §5.1.2.6): a serial number, the date of
/// revocation and the entry's extensions, the ones Vouch understands decoded.
public struct RevokedCertificate: Sendable {
    /// The serial number's content octets (a minimal INTEGER), a view.
    public let serialNumber: ArraySlice<UInt8>
    /// When the certificate was revoked.
    public let revocationDate: DERTime
    /// The entry's extensions (empty when none).
    public let extensions: Extensions
    /// The reasonCode extension (RFC 5280 §5.3.1), if present.
    public let reason: CRLReason?
    /// The invalidityDate extension (§5.3.2), if present.
    public let invalidityDate: DERTime?
    /// The certificateIssuer extension (§5.3.3), if present: in an indirect CRL, the issuer of
    /// this entry and of the entries after it, until the next one that names another.
    public let certificateIssuer: [GeneralName]?

    /// Reads `SEQUENCE { userCertificate INTEGER, revocationDate Time, crlEntryExtensions OPTIONAL }`.
    init(reading reader: inout DERReader) throws(X509Error) {
        var entry = try reading(.revokedCertificates) { () throws(DERError) in
            let element = try reader.readElement(.sequence)
            return try reader.reader(overContentOf: element)
        }
        let serial = try reading(.revokedCertificates) { () throws(DERError) in try entry.readElement(.integer) }
        let integer = try reading(.revokedCertificates) { () throws(DERError) in try DERInteger(serial) }
        guard integer.content.count <= X509Limits.maximumSerialNumberLength else {
            throw X509Error(.invalidSerialNumberLength, in: .revokedCertificates, at: serial.offset)
        }
        serialNumber = integer.content
        revocationDate = try reading(.revokedCertificates) { () throws(DERError) in try entry.readTime() }
        extensions = entry.isAtEnd
            ? Extensions() : try Extensions(crlList: &entry, field: .crlEntryExtensions, known: CRLExtensions.entry)
        try reading(.revokedCertificates) { () throws(DERError) in try entry.finish() }
        // Validated by the list reader above: these decodes cannot fail.
        reason = extensions[.reasonCode].flatMap { try? CRLReason(extensionValue: $0.value) }
        invalidityDate = extensions[.invalidityDate].flatMap { try? CRLExtensions.invalidityDate($0.value) }
        certificateIssuer = extensions[.certificateIssuer].flatMap { found in
            try? DERReader.readAll(found.value) { (reader) throws(DERError) in try GeneralName.readSequence(&reader) }
        }
    }

    /// Critical entry extensions Vouch does not understand: a CRL with one must not be used to
    /// decide any certificate's status (RFC 5280 §5.3).
    public var unknownCriticalExtensions: [Extension] {
        extensions.filter { $0.isCritical && !CRLExtensions.isKnown($0.oid, in: CRLExtensions.entry) }
    }
}
