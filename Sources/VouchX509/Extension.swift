import VouchDER

/// One certificate extension (RFC 5280 §4.1.2.9): its OID, criticality and the value's octets.
public struct Extension: Sendable {
    /// The extension's identifier.
    public let oid: OID
    /// Whether the issuer marked it critical.
    public let isCritical: Bool
    /// The content of `extnValue` (the DER of the extension's own structure), a view.
    public let value: ArraySlice<UInt8>
    /// The absolute offset of the Extension SEQUENCE.
    public let offset: Int

    /// Reads `SEQUENCE { extnID OID, critical BOOLEAN DEFAULT FALSE, extnValue OCTET STRING }`.
    ///
    /// An explicitly encoded FALSE is accepted (DER says to omit it; Apple and real CAs do not).
    public init(reading reader: inout DERReader) throws(DERError) {
        offset = reader.offset
        (oid, isCritical, value) = try reader.nested(.sequence) { (inner) throws(DERError) in
            let oid = try inner.readOID()
            let critical = try inner.readOptionalElement(.boolean)?.decodeBoolean() ?? false
            return (oid, critical, try inner.readOctetString())
        }
    }

    /// Decodes the value as `T`.
    ///
    /// - Throws: the `DERError` of a value that does not parse as `T`.
    public func decode<T: CertificateExtension>(as type: T.Type = T.self) throws(DERError) -> T {
        try T(extensionValue: value)
    }

    /// Decodes the value with Vouch's decoder for its OID, if it has one.
    ///
    /// - Returns: whether the OID is one Vouch decodes.
    /// - Throws: the `DERError` of a known extension whose value does not decode.
    public func validateIfKnown() throws(DERError) -> Bool {
        try KnownExtensions.validate(oid, value)
    }

    /// The OIDs of the extensions Vouch decodes. A critical one that does not parse rejects the
    /// certificate (SECTRUST.md §10); a non-critical one is flagged as unparseable.
    public static let knownOIDs: [OID] = KnownExtensions.decoders.map(\.oid)
}

/// An extension type Vouch decodes: its OID and a strict decoder of `extnValue`.
public protocol CertificateExtension: Sendable {
    /// The extension's OID.
    static var oid: OID { get }
    /// Decodes the content of `extnValue`.
    init(extensionValue: ArraySlice<UInt8>) throws(DERError)
}

/// The registry of extension decoders, used to validate critical extensions at parse time.
enum KnownExtensions {
    struct Decoder: Sendable {
        let oid: OID
        let validate: @Sendable (ArraySlice<UInt8>) throws(DERError) -> Void
    }

    static func decoder<T: CertificateExtension>(_ type: T.Type, oid: OID = T.oid) -> Decoder {
        Decoder(oid: oid) { (value) throws(DERError) in _ = try T(extensionValue: value) }
    }

    static let decoders: [Decoder] = [
        decoder(BasicConstraints.self), decoder(KeyUsage.self), decoder(ExtendedKeyUsage.self),
        decoder(SubjectAlternativeNames.self), decoder(IssuerAlternativeNames.self),
        decoder(NameConstraints.self), decoder(AuthorityKeyIdentifier.self),
        decoder(SubjectKeyIdentifier.self), decoder(CertificatePolicies.self),
        decoder(PolicyMappings.self), decoder(PolicyConstraints.self), decoder(InhibitAnyPolicy.self),
        decoder(CRLDistributionPoints.self), decoder(CRLDistributionPoints.self, oid: .freshestCRL),
        decoder(AuthorityInformationAccess.self), decoder(SubjectInformationAccess.self),
        decoder(SignedCertificateTimestamps.self),
    ]

    /// Validates `value` if `oid` is known; returns whether it was known.
    static func validate(_ oid: OID, _ value: ArraySlice<UInt8>) throws(DERError) -> Bool {
        guard let decoder = decoders.first(where: { $0.oid == oid }) else { return false }
        try decoder.validate(value)
        return true
    }
}
