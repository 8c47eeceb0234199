import VouchDER

/// subjectAltName (RFC 5280 §4.2.1.6): `GeneralNames`, every form.
public struct SubjectAlternativeNames: CertificateExtension {
    /// The extension's identifier, `OID.subjectAltName`.
    public static let oid = OID.subjectAltName

    /// The names in encoding order.
    public let names: [GeneralName]

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        names = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in try GeneralName.readSequence(&reader) }
    }

    /// The dNSName entries as octets (Apple judges their text later, SECTRUST.md §5).
    public var dnsNames: [ArraySlice<UInt8>] {
        names.compactMap { if case .dnsName(let name) = $0 { return name } else { return nil } }
    }

    /// The iPAddress entries as octets.
    public var ipAddresses: [ArraySlice<UInt8>] {
        names.compactMap { if case .ipAddress(let address) = $0 { return address } else { return nil } }
    }

    /// The rfc822Name entries as text.
    public var emailAddresses: [String] {
        names.compactMap { if case .rfc822Name(let name) = $0 { return GeneralName.text(name) } else { return nil } }
    }

    /// The URI entries as text.
    public var uris: [String] {
        names.compactMap { if case .uniformResourceIdentifier(let uri) = $0 { return GeneralName.text(uri) } else { return nil } }
    }
}

/// issuerAltName (RFC 5280 §4.2.1.7): `GeneralNames`.
public struct IssuerAlternativeNames: CertificateExtension {
    /// The extension's identifier, `OID.issuerAltName`.
    public static let oid = OID.issuerAltName

    /// The names in encoding order.
    public let names: [GeneralName]

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        names = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in try GeneralName.readSequence(&reader) }
    }
}
