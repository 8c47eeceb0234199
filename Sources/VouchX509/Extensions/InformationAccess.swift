import VouchDER

/// One AccessDescription: `SEQUENCE { accessMethod OID, accessLocation GeneralName }`.
public struct AccessDescription: Sendable {
    /// What the location is for: caIssuers (1.3.6.1.5.5.7.48.2), OCSP (1.3.6.1.5.5.7.48.1), …
    public let method: OID
    /// Where to find it, usually a URI.
    public let location: GeneralName

    /// Reads `SEQUENCE SIZE (1..MAX) OF AccessDescription` from an extension value.
    static func readList(_ extensionValue: ArraySlice<UInt8>) throws(DERError) -> [AccessDescription] {
        try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (list) throws(DERError) in
                guard !list.isAtEnd else { throw DERError(.missingElement(expected: .sequence), at: list.offset) }
                var result: [AccessDescription] = []
                while !list.isAtEnd {
                    result.append(try list.nested(.sequence) { (description) throws(DERError) in
                        AccessDescription(method: try description.readOID(), location: try GeneralName(reading: &description))
                    })
                }
                return result
            }
        }
    }
}

/// authorityInfoAccess (RFC 5280 §4.2.2.1): where to find the issuer (caIssuers) and OCSP.
public struct AuthorityInformationAccess: CertificateExtension {
    /// The extension's identifier, `OID.authorityInformationAccess`.
    public static let oid = OID.authorityInformationAccess
    /// The access descriptions, in encoding order.
    public let descriptions: [AccessDescription]
    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        descriptions = try AccessDescription.readList(extensionValue)
    }
}

/// subjectInfoAccess (RFC 5280 §4.2.2.2).
public struct SubjectInformationAccess: CertificateExtension {
    /// The extension's identifier, `OID.subjectInformationAccess`.
    public static let oid = OID.subjectInformationAccess
    /// The access descriptions, in encoding order.
    public let descriptions: [AccessDescription]
    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        descriptions = try AccessDescription.readList(extensionValue)
    }
}

/// Signed certificate timestamps (RFC 6962 §3.3): an OCTET STRING holding a TLS-encoded list,
/// kept opaque (Vouch does not enforce Certificate Transparency, SECTRUST.md §12).
public struct SignedCertificateTimestamps: CertificateExtension {
    /// The extension's identifier, `OID.signedCertificateTimestampList`.
    public static let oid = OID.signedCertificateTimestampList
    /// The TLS-encoded SignedCertificateTimestampList.
    public let list: ArraySlice<UInt8>
    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        list = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in try reader.readOctetString() }
    }
}
