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
        self = try reader.withCursor { (cursor, bytes) throws(DERError) in try Extension(cursor: &cursor, in: bytes) }
    }

    /// ``init(reading:)`` over a cursor on `bytes`.
    init(cursor: inout DERCursor, in bytes: ArraySlice<UInt8>) throws(DERError) {
        let fields = try Self.validate(&cursor)
        offset = fields.offset
        oid = OID(validatedBytes: bytes[fields.oid])
        isCritical = fields.isCritical
        value = bytes[fields.value]
    }

    /// What an Extension is made of, as ranges of the input.
    struct Ranges {
        let offset: Int
        let oid: Range<Int>
        let isCritical: Bool
        let value: Range<Int>
    }

    /// Reads one Extension by ``init(reading:)``'s rules and returns where its parts lie.
    @inline(__always)
    static func validate(_ cursor: inout DERCursor) throws(DERError) -> Ranges {
        let offset = cursor.offset
        let element = try cursor.readElement(.sequence)
        var inner = try cursor.cursor(overContentOf: element)
        let oid = try inner.readOID()
        var critical = false
        if let span = try inner.readOptionalElement(.boolean) { critical = try inner.decodeBoolean(span) }
        let value = try inner.readElement(.octetString).contentRange
        try inner.finish()
        return Ranges(offset: offset, oid: oid, isCritical: critical, value: value)
    }

    /// Decodes the value as `T`.
    ///
    /// - Throws: the `DERError` of a value that does not parse as `T`.
    public func decode<T: CertificateExtension>(as type: T.Type = T.self) throws(DERError) -> T {
        try T(extensionValue: value)
    }

    /// Checks the value as Apple's certificate parser does, if Apple knows the extension
    /// (``knownOIDs``): with Vouch's decoder where Apple's parser reads the value, not at all
    /// where it accepts any value.
    ///
    /// - Returns: whether Apple's parser knows the OID.
    /// - Throws: the `DERError` of a known extension whose value does not parse.
    public func validateIfKnown() throws(DERError) -> Bool {
        try KnownExtensions.validate(oid, value)
    }

    /// The extensions Apple's certificate parser knows (`sExtensionParsers`,
    /// `isOtherKnownExtensionOID` in OSX/sec/Security/SecCertificate.c): a critical one that does
    /// not parse rejects the certificate (SECTRUST.md §10), a non-critical one is flagged as
    /// unparseable, and a critical one is never an unknown critical extension. The OIDs strictly
    /// below Apple's arcs (``Extensions/unknownCritical``) and two other arcs count as known too.
    /// freshestCRL and the certificate-transparency SCT list, which Vouch decodes, are not in it:
    /// Apple has no parser for them.
    public static let knownOIDs: [OID] = KnownExtensions.apple.map(\.oid) + KnownExtensions.knownUnparsed
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

    /// An extension Apple's parser knows and accepts whatever its value (its parser returns true).
    static func acceptsAnyValue(_ oid: OID) -> Decoder {
        Decoder(oid: oid) { (_) throws(DERError) in }
    }

    /// Apple's parser table (`SecCertificateInitializeExtensionParsers`), each with the decoder
    /// that reads what Apple's parser reads. privateKeyUsagePeriod, issuerAltName, Netscape's
    /// certificate type, Entrust's version info and OCSP no-check have parsers that accept any
    /// value; Apple's escrow marker lies below its own arc.
    static let apple: [Decoder] = [
        decoder(SubjectKeyIdentifier.self), decoder(KeyUsage.self), acceptsAnyValue(.privateKeyUsagePeriod),
        decoder(SubjectAlternativeNames.self), acceptsAnyValue(.issuerAltName), decoder(BasicConstraints.self),
        decoder(NameConstraints.self), decoder(CRLDistributionPoints.self), decoder(CertificatePolicies.self),
        decoder(PolicyMappings.self), decoder(AuthorityKeyIdentifier.self), decoder(PolicyConstraints.self),
        decoder(ExtendedKeyUsage.self), decoder(InhibitAnyPolicy.self), decoder(AuthorityInformationAccess.self),
        decoder(SubjectInformationAccess.self), acceptsAnyValue(.netscapeCertificateType),
        acceptsAnyValue(.entrustVersionInformation), acceptsAnyValue(.ocspNoCheck), decoder(QCStatements.self),
    ]

    /// Extensions Apple knows without parsing them (`unparsed_known_extensions`): Microsoft's
    /// application policies (1.3.6.1.4.1.311.21.10) and two of ETSI's (2.23.148.1.1, 2.23.148.1.2).
    static let knownUnparsed: [OID] = [.microsoftApplicationPolicies, .etsiQIPolicy, .etsiQIRSID]

    /// Arcs whose extensions Apple knows without parsing them (`unparsed_known_arcs`): the Car
    /// Connectivity Consortium's 1.3.6.1.4.1.41577.5 and the GSMA RCS 2.23.146.2.1, strictly below.
    static let knownUnparsedArcs: [[UInt8]] = [
        [0x2B, 0x06, 0x01, 0x04, 0x01, 0x82, 0xC4, 0x69, 0x05], [0x67, 0x81, 0x12, 0x02, 0x01],
    ]

    /// Whether Apple knows `oid` without a parser: ``knownUnparsed``, below ``knownUnparsedArcs``
    /// or below its own arcs (``Extensions/isAppleExtension(_:)``).
    static func isKnownUnparsed(_ oid: OID) -> Bool {
        knownUnparsed.contains(oid) || knownUnparsedArcs.contains { oid.bytes.count > $0.count && oid.bytes.starts(with: $0) }
            || Extensions.isAppleExtension(oid)
    }

    /// Checks `value` as Apple's parser does if Apple knows `oid`; returns whether it does.
    static func validate(_ oid: OID, _ value: ArraySlice<UInt8>) throws(DERError) -> Bool {
        // The two extensions nearly every CA marks critical, decoded without the table's search.
        let bytes = oid.bytes
        if bytes.count == 3, bytes[bytes.startIndex] == 0x55, bytes[bytes.startIndex + 1] == 0x1D {
            switch bytes[bytes.startIndex + 2] {
            case 15: _ = try KeyUsage(extensionValue: value); return true  // 2.5.29.15
            case 19: _ = try BasicConstraints(extensionValue: value); return true  // 2.5.29.19
            default: break
            }
        }
        if let decoder = apple.first(where: { $0.oid == oid }) {
            try decoder.validate(value)
            return true
        }
        return isKnownUnparsed(oid)
    }
}
