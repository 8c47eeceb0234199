import VouchDER

/// issuingDistributionPoint (RFC 5280 §5.2.5): the scope of a CRL.
///
/// `SEQUENCE { distributionPoint [0] DistributionPointName OPTIONAL, onlyContainsUserCerts [1]
/// BOOLEAN DEFAULT FALSE, onlyContainsCACerts [2] BOOLEAN DEFAULT FALSE, onlySomeReasons [3]
/// ReasonFlags OPTIONAL, indirectCRL [4] BOOLEAN DEFAULT FALSE, onlyContainsAttributeCerts [5]
/// BOOLEAN DEFAULT FALSE }`. An explicitly encoded FALSE is accepted, as for an extension's
/// `critical` flag; the rules that span fields (at most one `onlyContains…`, not empty) are
/// checked by ``CertificateRevocationList``.
public struct IssuingDistributionPoint: Sendable {
    /// The distribution point this CRL is for, if named.
    public let distributionPoint: DistributionPointName?
    /// The CRL lists end-entity certificates only.
    public let onlyContainsUserCerts: Bool
    /// The CRL lists CA certificates only.
    public let onlyContainsCACerts: Bool
    /// The reasons the CRL covers, if not all.
    public let onlySomeReasons: ReasonFlags?
    /// The CRL may list certificates of other issuers (entries carry certificateIssuer).
    public let indirectCRL: Bool
    /// The CRL lists attribute certificates only.
    public let onlyContainsAttributeCerts: Bool

    /// Decodes the value of the extension.
    ///
    /// - Throws: `DERError` for a malformed value.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        var point: DistributionPointName? = nil
        var flags = [false, false, false, false, false, false]
        var reasons: ReasonFlags? = nil
        try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (fields) throws(DERError) in
                point = try fields.optionalNested(.contextSpecific(0, constructed: true)) { (name) throws(DERError) in
                    try DistributionPointName(reading: &name)
                }
                for number in [1, 2] {
                    flags[number] = try fields.readOptionalElement(.contextSpecific(UInt32(number), constructed: false))?
                        .decodeBoolean() ?? false
                }
                reasons = try fields.readOptionalElement(.contextSpecific(3, constructed: false))
                    .map { (element) throws(DERError) in ReasonFlags(try DERBitString(element)) }
                for number in [4, 5] {
                    flags[number] = try fields.readOptionalElement(.contextSpecific(UInt32(number), constructed: false))?
                        .decodeBoolean() ?? false
                }
            }
        }
        distributionPoint = point
        onlyContainsUserCerts = flags[1]
        onlyContainsCACerts = flags[2]
        onlySomeReasons = reasons
        indirectCRL = flags[4]
        onlyContainsAttributeCerts = flags[5]
    }

    /// How many of the three `onlyContains…` flags are set (RFC 5280 §5.2.5: at most one).
    var onlyContainsCount: Int {
        [onlyContainsUserCerts, onlyContainsCACerts, onlyContainsAttributeCerts].filter { $0 }.count
    }

    /// Whether every field has its default (RFC 5280 §5.2.5 forbids an empty SEQUENCE).
    var isEmpty: Bool {
        distributionPoint == nil && onlyContainsCount == 0 && onlySomeReasons == nil && !indirectCRL
    }
}
