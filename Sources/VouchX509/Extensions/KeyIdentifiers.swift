import VouchDER

/// subjectKeyIdentifier (RFC 5280 §4.2.1.2): an OCTET STRING.
public struct SubjectKeyIdentifier: CertificateExtension {
    /// The extension's identifier, `OID.subjectKeyIdentifier`.
    public static let oid = OID.subjectKeyIdentifier

    /// The key identifier octets.
    public let keyIdentifier: ArraySlice<UInt8>

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        keyIdentifier = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in try reader.readOctetString() }
    }
}

/// authorityKeyIdentifier (RFC 5280 §4.2.1.1):
/// `SEQUENCE { keyIdentifier [0] OPTIONAL, authorityCertIssuer [1] GeneralNames OPTIONAL, authorityCertSerialNumber [2] INTEGER OPTIONAL }`.
public struct AuthorityKeyIdentifier: CertificateExtension {
    /// The extension's identifier, `OID.authorityKeyIdentifier`.
    public static let oid = OID.authorityKeyIdentifier

    /// The issuer's key identifier, if given.
    public let keyIdentifier: ArraySlice<UInt8>?
    /// The issuer's issuer names, if given.
    public let authorityCertIssuer: [GeneralName]?
    /// The issuer's serial number octets, if given.
    public let authorityCertSerialNumber: ArraySlice<UInt8>?

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        (keyIdentifier, authorityCertIssuer, authorityCertSerialNumber) = try DERReader.readAll(extensionValue) {
            (reader) throws(DERError) in
            try reader.nested(.sequence) { (inner) throws(DERError) in
                let keyIdentifier = try inner.readOptionalElement(.contextSpecific(0, constructed: false))?.content
                let issuer: [GeneralName]? =
                    try inner.peekTag() == .contextSpecific(1, constructed: true)
                    ? try GeneralName.readSequence(&inner, tag: .contextSpecific(1, constructed: true)) : nil
                let serialOffset = inner.offset
                let serial = try inner.readOptionalElement(.contextSpecific(2, constructed: false)).map { (element) throws(DERError) in
                    try DERInteger(element).content
                }
                try inner.finish()
                // "authorityCertIssuer and authorityCertSerialNumber MUST both be present or both be
                // absent" (RFC 5280 §4.2.1.1); Apple's parser rejects one without the other.
                if issuer != nil && serial == nil {
                    throw DERError(.missingElement(expected: .contextSpecific(2, constructed: false)), at: inner.offset)
                }
                if issuer == nil && serial != nil {
                    throw DERError(.missingElement(expected: .contextSpecific(1, constructed: true)), at: serialOffset)
                }
                return (keyIdentifier, issuer, serial)
            }
        }
    }
}
