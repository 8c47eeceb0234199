import VouchDER

/// cRLDistributionPoints (RFC 5280 §4.2.1.13), also the syntax of freshestCRL (§4.2.1.15):
/// `SEQUENCE SIZE (1..MAX) OF DistributionPoint`.
public struct CRLDistributionPoints: CertificateExtension {
    /// The extension's identifier, `OID.cRLDistributionPoints`.
    public static let oid = OID.cRLDistributionPoints

    /// `DistributionPoint ::= SEQUENCE { distributionPoint [0] OPTIONAL, reasons [1] OPTIONAL, cRLIssuer [2] OPTIONAL }`.
    public struct DistributionPoint: Sendable {
        /// `[0] fullName GeneralNames` of the distribution point name, if that form is used.
        public let fullName: [GeneralName]?
        /// `[1] nameRelativeToCRLIssuer`, as the RDN SET's content DER, if that form is used.
        public let nameRelativeToCRLIssuer: ArraySlice<UInt8>?
        /// The reason flags, if limited.
        public let reasons: DERBitString?
        /// The CRL issuer's names, if given.
        public let crlIssuer: [GeneralName]?
    }

    /// The distribution points in encoding order.
    public let points: [DistributionPoint]

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        points = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (list) throws(DERError) in
                guard !list.isAtEnd else { throw DERError(.missingElement(expected: .sequence), at: list.offset) }
                var points: [DistributionPoint] = []
                while !list.isAtEnd { points.append(try list.nested(.sequence, Self.readPoint)) }
                return points
            }
        }
    }

    private static func readPoint(_ point: inout DERReader) throws(DERError) -> DistributionPoint {
        let start = point.offset
        var fullName: [GeneralName]? = nil
        var relative: ArraySlice<UInt8>? = nil
        try point.optionalNested(.contextSpecific(0, constructed: true)) { (name) throws(DERError) in
            if try name.peekTag() == .contextSpecific(0, constructed: true) {
                fullName = try GeneralName.readSequence(&name, tag: .contextSpecific(0, constructed: true))
            } else {
                relative = try name.nested(.contextSpecific(1, constructed: true)) { (set) throws(DERError) in
                    let content = set.remaining
                    while !set.isAtEnd {
                        try set.nested(.sequence) { (attribute) throws(DERError) in
                            _ = try attribute.readOID()
                            _ = try attribute.readElement()
                        }
                    }
                    return content
                }
            }
        }
        let reasons = try point.readOptionalElement(.contextSpecific(1, constructed: false)).map(DERBitString.init)
        let issuer: [GeneralName]? =
            try point.peekTag() == .contextSpecific(2, constructed: true)
            ? try GeneralName.readSequence(&point, tag: .contextSpecific(2, constructed: true)) : nil
        try point.finish()
        // "either distributionPoint or cRLIssuer MUST be present" (RFC 5280 §4.2.1.13); Apple's
        // parser rejects a point with neither.
        guard fullName != nil || relative != nil || issuer != nil else {
            throw DERError(.missingElement(expected: .contextSpecific(0, constructed: true)), at: start)
        }
        return DistributionPoint(fullName: fullName, nameRelativeToCRLIssuer: relative, reasons: reasons, crlIssuer: issuer)
    }
}
