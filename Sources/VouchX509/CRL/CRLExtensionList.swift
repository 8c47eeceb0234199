import VouchDER

extension Extensions {
    /// Reads `Extensions ::= SEQUENCE SIZE (1..MAX) OF Extension` as CRLs carry them (the
    /// crlExtensions content or a crlEntryExtensions field): not empty, fewer than
    /// ``X509Limits/maximumExtensionCount``, no OID twice, and every extension of `known`
    /// decodable whatever its criticality (a CRL is only usable if what it says is understood).
    /// `allowsEmpty` accepts an empty list, as Apple's OCSP parser does for an OCSP response's
    /// extensions (`SecOCSPSingleExtensionsParse`; real responders write them). `maximumCount`,
    /// when given, refuses a list of more (``X509Error/Kind/tooManyElements(maximum:)``).
    init(
        crlList reader: inout DERReader, field: X509Error.Field, known: [OID: CRLExtensionDecoder], allowsEmpty: Bool = false,
        maximumCount: Int? = nil
    ) throws(X509Error) {
        var list = try reading(field) { () throws(DERError) in
            let sequence = try reader.readElement(.sequence)
            return try reader.reader(overContentOf: sequence)
        }
        guard !list.isAtEnd || allowsEmpty else { throw X509Error(.emptyExtensions, in: field, at: list.offset) }
        let content = list.remaining
        var count = 0
        var seen: Set<OID> = []
        var encodesDefaultCritical = false
        while !list.isAtEnd {
            let start = list.offset
            if let maximumCount, count == maximumCount {
                throw X509Error(.tooManyElements(maximum: maximumCount), in: field, at: start)
            }
            let next = try reading(field) { () throws(DERError) in try Extension(reading: &list) }
            count += 1
            if !encodesDefaultCritical && Self.encodesDefaultCritical(next, in: content) { encodesDefaultCritical = true }
            guard count < X509Limits.maximumExtensionCount else { throw X509Error(.tooManyExtensions, in: field, at: start) }
            guard seen.insert(next.oid).inserted else { throw X509Error(.duplicateExtension(next.oid), in: field, at: start) }
            guard let decode = known[next.oid] else { continue }
            do { try decode(next.value) } catch {
                throw X509Error(.unparseableExtension(next.oid, error.kind), in: field, at: error.offset)
            }
        }
        self.content = content
        self.count = count
        self.encodesDefaultCritical = encodesDefaultCritical
    }
}

/// A strict decoder of one CRL or CRL entry extension's value.
typealias CRLExtensionDecoder = @Sendable (ArraySlice<UInt8>) throws(DERError) -> Void

enum CRLExtensions {
    /// crlExtensions Vouch understands (RFC 5280 §5.2).
    static let crl: [OID: CRLExtensionDecoder] = [
        .authorityKeyIdentifier: { (value) throws(DERError) in _ = try AuthorityKeyIdentifier(extensionValue: value) },
        .issuerAltName: { (value) throws(DERError) in _ = try IssuerAlternativeNames(extensionValue: value) },
        .cRLNumber: { (value) throws(DERError) in _ = try crlNumber(value) },
        .deltaCRLIndicator: { (value) throws(DERError) in _ = try crlNumber(value) },
        .issuingDistributionPoint: { (value) throws(DERError) in _ = try IssuingDistributionPoint(extensionValue: value) },
        .freshestCRL: { (value) throws(DERError) in _ = try CRLDistributionPoints(extensionValue: value) },
        .authorityInformationAccess: { (value) throws(DERError) in _ = try AuthorityInformationAccess(extensionValue: value) },
    ]

    /// crlEntryExtensions Vouch understands (RFC 5280 §5.3).
    static let entry: [OID: CRLExtensionDecoder] = [
        .reasonCode: { (value) throws(DERError) in _ = try CRLReason(extensionValue: value) },
        .holdInstructionCode: { (value) throws(DERError) in
            _ = try DERReader.readAll(value) { (reader) throws(DERError) in try reader.readOID() }
        },
        .invalidityDate: { (value) throws(DERError) in _ = try invalidityDate(value) },
        .certificateIssuer: { (value) throws(DERError) in
            _ = try DERReader.readAll(value) { (reader) throws(DERError) in try GeneralName.readSequence(&reader) }
        },
    ]

    /// `CRLNumber ::= INTEGER (0..MAX)` (also BaseCRLNumber): at most 20 octets (RFC 5280 §5.2.3).
    static func crlNumber(_ value: ArraySlice<UInt8>) throws(DERError) -> DERInteger {
        try DERReader.readAll(value) { (reader) throws(DERError) in
            let offset = reader.offset
            let number = try reader.readInteger()
            guard !number.isNegative, number.content.count <= maximumCRLNumberLength else {
                throw DERError(.integerOutOfRange, at: offset)
            }
            return number
        }
    }

    /// RFC 5280 §5.2.3: "CRL numbers MUST NOT be longer than 20 octets" (21 with a sign octet).
    static let maximumCRLNumberLength = 21

    /// `InvalidityDate ::= GeneralizedTime`.
    static func invalidityDate(_ value: ArraySlice<UInt8>) throws(DERError) -> DERTime {
        try DERReader.readAll(value) { (reader) throws(DERError) in
            try DERTime(reader.readElement(.generalizedTime), form: .generalizedTime)
        }
    }

    /// Whether an extension of `oid` is understood in `known`.
    static func isKnown(_ oid: OID, in known: [OID: CRLExtensionDecoder]) -> Bool { known[oid] != nil }
}
