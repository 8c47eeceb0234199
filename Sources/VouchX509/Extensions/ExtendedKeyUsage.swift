import VouchDER

/// extendedKeyUsage (RFC 5280 §4.2.1.12): `SEQUENCE OF KeyPurposeId`.
///
/// An empty list parses (SECTRUST.md §4.4 treats "present but empty" on intermediates apart).
public struct ExtendedKeyUsage: CertificateExtension {
    /// The extension's identifier, `OID.extendedKeyUsage`.
    public static let oid = OID.extendedKeyUsage

    /// The key purposes in encoding order.
    public let purposes: [OID]

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        purposes = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (list) throws(DERError) in
                var purposes: [OID] = []
                while !list.isAtEnd { purposes.append(try list.readOID()) }
                return purposes
            }
        }
    }

    /// Whether `purpose` is listed.
    public func contains(_ purpose: OID) -> Bool { purposes.contains(purpose) }
}
