import VouchDER

/// A certificate revocation list (RFC 5280 §5), parsed strictly; fields are views into the input.
///
/// Parsing walks the whole structure once: `CertificateList ::= SEQUENCE { tbsCertList,
/// signatureAlgorithm, signatureValue }` with no bytes after it, an explicit version that can only
/// be v2, v2 whenever extensions are present, times in the forms Vouch accepts (SECTRUST.md §6),
/// every entry with a serial of at most ``X509Limits/maximumSerialNumberLength`` octets, no
/// extension twice in one list, and every extension Vouch understands decodable whatever its
/// criticality (reasonCode, invalidityDate, certificateIssuer, holdInstructionCode; cRLNumber,
/// deltaCRLIndicator, authorityKeyIdentifier, issuerAltName, issuingDistributionPoint,
/// freshestCRL, authorityInfoAccess). Unknown critical extensions do not reject the CRL: they are
/// listed, and a CRL with one cannot be used (RFC 5280 §5.2, §5.3). The signature is not checked
/// here; the trust engine checks it with the issuer's key. Two CRLs are equal iff their DER is.
public struct CertificateRevocationList: Hashable, Sendable {
    /// The CRL's DER.
    public let derEncoded: ArraySlice<UInt8>
    /// The TBSCertList DER: the bytes the signature covers.
    public let tbsCertListBytes: ArraySlice<UInt8>
    /// 1 (version absent) or 2.
    public let version: Int
    /// The TBSCertList's `signature` field.
    public let tbsSignatureAlgorithm: AlgorithmIdentifier
    /// The CRL issuer.
    public let issuer: DistinguishedName
    /// When the CRL was issued.
    public let thisUpdate: DERTime
    /// When the next CRL will be issued at the latest, if said.
    public let nextUpdate: DERTime?
    /// The entries in encoding order (empty when the list is absent).
    public let revokedCertificates: [RevokedCertificate]
    /// The crlExtensions (empty when absent).
    public let extensions: Extensions
    /// The outer `signatureAlgorithm`.
    public let signatureAlgorithm: AlgorithmIdentifier
    /// The signature value.
    public let signature: DERBitString

    /// cRLNumber (§5.2.3), if present.
    public let crlNumber: DERInteger?
    /// deltaCRLIndicator (§5.2.4): the BaseCRLNumber of a delta CRL, if this is one.
    public let deltaCRLIndicator: DERInteger?
    /// issuingDistributionPoint (§5.2.5), if present.
    public let issuingDistributionPoint: IssuingDistributionPoint?
    /// authorityKeyIdentifier (§5.2.1), if present.
    public let authorityKeyIdentifier: AuthorityKeyIdentifier?

    /// Parses a CRL that is exactly `bytes`.
    ///
    /// - Throws: ``X509Error`` naming the field, the byte offset and what was wrong.
    public init(derEncoded bytes: ArraySlice<UInt8>) throws(X509Error) {
        var input = DERReader(bytes)
        let outer = try reading(.certificateList) { () throws(DERError) in try input.readElement(.sequence) }
        try reading(.certificateList) { () throws(DERError) in try input.finish() }
        var list = try reading(.certificateList) { () throws(DERError) in try input.reader(overContentOf: outer) }
        let tbs = try reading(.tbsCertList) { () throws(DERError) in try list.readElement(.sequence) }
        var fields = try reading(.tbsCertList) { () throws(DERError) in try list.reader(overContentOf: tbs) }

        version = try Self.readVersion(&fields)
        tbsSignatureAlgorithm = try reading(.signature) { () throws(DERError) in try AlgorithmIdentifier(reading: &fields) }
        issuer = try reading(.issuer) { () throws(DERError) in try DistinguishedName(reading: &fields) }
        thisUpdate = try reading(.thisUpdate) { () throws(DERError) in try fields.readTime() }
        nextUpdate = try reading(.nextUpdate) { () throws(DERError) in
            let tag = try fields.peekTag()
            return tag == .utcTime || tag == .generalizedTime ? try fields.readTime() : nil
        }
        revokedCertificates = try Self.readEntries(&fields)
        let extensionsOffset = fields.offset
        let crlExtensions = try reading(.crlExtensions) { () throws(DERError) in
            try fields.readOptionalElement(.contextSpecific(0, constructed: true))
        }
        if let crlExtensions {
            var wrapper = try reading(.crlExtensions) { () throws(DERError) in try fields.reader(overContentOf: crlExtensions) }
            extensions = try Extensions(crlList: &wrapper, field: .crlExtensions, known: CRLExtensions.crl)
            try reading(.crlExtensions) { () throws(DERError) in try wrapper.finish() }
        } else {
            extensions = Extensions()
        }
        try reading(.tbsCertList) { () throws(DERError) in try fields.finish() }
        // "This optional field describes the version of the encoded CRL. When extensions are used,
        // as required by this profile, this field MUST be present and MUST specify version 2."
        if version == 1 && (extensions.count > 0 || revokedCertificates.contains { $0.extensions.count > 0 }) {
            throw X509Error(.extensionsRequireVersion2, in: .version, at: tbs.contentOffset)
        }

        signatureAlgorithm = try reading(.signatureAlgorithm) { () throws(DERError) in try AlgorithmIdentifier(reading: &list) }
        signature = try reading(.signatureValue) { () throws(DERError) in try list.readBitString() }
        try reading(.certificateList) { () throws(DERError) in try list.finish() }

        // Validated by the list reader: these decodes cannot fail.
        crlNumber = extensions[.cRLNumber].flatMap { try? CRLExtensions.crlNumber($0.value) }
        deltaCRLIndicator = extensions[.deltaCRLIndicator].flatMap { try? CRLExtensions.crlNumber($0.value) }
        authorityKeyIdentifier = extensions[.authorityKeyIdentifier].flatMap { try? $0.decode(as: AuthorityKeyIdentifier.self) }
        let point = extensions[.issuingDistributionPoint].flatMap { try? IssuingDistributionPoint(extensionValue: $0.value) }
        if let point, point.onlyContainsCount > 1 || point.isEmpty {
            throw X509Error(.invalidIssuingDistributionPoint, in: .crlExtensions, at: extensions[.issuingDistributionPoint]?.offset ?? extensionsOffset)
        }
        issuingDistributionPoint = point
        derEncoded = outer.encoded
        tbsCertListBytes = tbs.encoded
    }

    /// Parses a CRL that is exactly `bytes` (offsets in errors count from 0).
    public init(derEncoded bytes: [UInt8]) throws(X509Error) {
        try self.init(derEncoded: bytes[...])
    }

    /// `version Version OPTIONAL`: absent is v1; present, it must be 1 (v2) (RFC 5280 §5.1.2.1).
    private static func readVersion(_ fields: inout DERReader) throws(X509Error) -> Int {
        guard try reading(.version, { () throws(DERError) in try fields.peekTag() }) == .integer else { return 1 }
        let offset = fields.offset
        let integer = try reading(.version) { () throws(DERError) in try fields.readInteger() }
        guard integer.value(as: Int.self) == 1 else { throw X509Error(.unsupportedCRLVersion, in: .version, at: offset) }
        return 2
    }

    /// `revokedCertificates SEQUENCE OF SEQUENCE {…} OPTIONAL`.
    private static func readEntries(_ fields: inout DERReader) throws(X509Error) -> [RevokedCertificate] {
        guard try reading(.revokedCertificates, { () throws(DERError) in try fields.peekTag() }) == .sequence else { return [] }
        var list = try reading(.revokedCertificates) { () throws(DERError) in
            let element = try fields.readElement(.sequence)
            return try fields.reader(overContentOf: element)
        }
        var entries: [RevokedCertificate] = []
        while !list.isAtEnd { entries.append(try RevokedCertificate(reading: &list)) }
        return entries
    }

    /// Whether the outer and inner signature algorithms agree (the signature never verifies otherwise).
    public var signatureAlgorithmsMatch: Bool { signatureAlgorithm.algorithm == tbsSignatureAlgorithm.algorithm }

    /// Whether this is a delta CRL (it has a deltaCRLIndicator).
    public var isDelta: Bool { deltaCRLIndicator != nil }

    /// Critical CRL extensions Vouch does not understand: such a CRL must not be used (RFC 5280 §5.2).
    public var unknownCriticalExtensions: [Extension] {
        extensions.filter { $0.isCritical && !CRLExtensions.isKnown($0.oid, in: CRLExtensions.crl) }
    }

    /// Whether the CRL or one of its entries has a critical extension Vouch does not understand.
    public var hasUnknownCriticalExtension: Bool {
        !unknownCriticalExtensions.isEmpty || revokedCertificates.contains { !$0.unknownCriticalExtensions.isEmpty }
    }

    /// Whether the two CRLs have the same DER.
    public static func == (lhs: CertificateRevocationList, rhs: CertificateRevocationList) -> Bool {
        lhs.derEncoded.elementsEqual(rhs.derEncoded)
    }

    /// Hashes the length and the last octets of the DER (its signature).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(derEncoded.count)
        for octet in derEncoded.suffix(32) { hasher.combine(octet) }
    }
}
