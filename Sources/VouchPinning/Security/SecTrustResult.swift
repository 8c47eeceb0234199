import VouchPropertyList
import VouchTrust
import VouchX509

/// `kSecTrustResultValue`: the `SecTrustResultType` as its number.
public let kSecTrustResultValue = "TrustResultValue"
/// `kSecTrustResultDetails`: per certificate of the chain, the checks that failed there.
public let kSecTrustResultDetails = "TrustResultDetails"
/// `kSecTrustEvaluationDate`: the verify date.
public let kSecTrustEvaluationDate = "TrustEvaluationDate"
/// `kSecTrustCertificateTransparency`: the chain is trusted and CT-qualified.
public let kSecTrustCertificateTransparency = "TrustCertificateTransparency"
/// `kSecTrustExtendedValidation`: the chain is trusted and Extended Validation.
public let kSecTrustExtendedValidation = "TrustExtendedValidation"
/// `kSecTrustOrganizationName`: the EV leaf's organization.
public let kSecTrustOrganizationName = "Organization"
/// `kSecTrustRevocationChecked`: whether revocation was checked (SECTRUST.md §16.5).
public let kSecTrustRevocationChecked = "TrustRevocationChecked"
/// `kSecTrustRevocationValidUntilDate`: when the revocation answers relied on expire. Its value is
/// `"TrustExpirationDate"`, as Apple's is (*"incorrect … but it's API"*).
public let kSecTrustRevocationValidUntilDate = "TrustExpirationDate"
/// `kSecTrustRevocationReason`: the CRLReason of a revoked certificate.
public let kSecTrustRevocationReason = "TrustRevocationReason"
/// `kSecCertificateDetailStatusCodes`: in each detail, the checks' CSSM codes (macOS).
public let kSecCertificateDetailStatusCodes = "StatusCodes"

/// `SecTrustCopyResult`: evaluates if needed and describes the result as Apple's dictionary does
/// (`OSX/sec/Security/SecTrust.c`, `SecTrustCopyResult`; trustd's `SecPathBuilderReportResult`).
/// Always:
/// - ``kSecTrustResultValue``: the result's number (`kSecTrustResultUnspecified` is 4, …);
/// - ``kSecTrustResultDetails``: one dictionary per certificate of the built chain, leaf first,
///   naming each check that failed there (`"SSLHostname": false`; a revoked certificate's
///   `"Revocation"` holds its CRLReason, −1 when none is given) with, when any failed, the macOS
///   ``kSecCertificateDetailStatusCodes``: their CSSM codes (`TrustCheck.cssmCode`; 0 for Vouch's own
///   checks, as Apple maps a key it does not know; a revoked certificate's reason is not among
///   them: Apple stores it past the array's end).
///
/// Then, as the result holds them:
/// - ``kSecTrustEvaluationDate``: the verify date (a `.date`, seconds since 1970);
/// - ``kSecTrustCertificateTransparency``, ``kSecTrustExtendedValidation`` (with
///   ``kSecTrustOrganizationName``, the leaf's first organization): `true` when so, absent otherwise;
/// - ``kSecTrustRevocationChecked``, ``kSecTrustRevocationValidUntilDate``,
///   ``kSecTrustRevocationReason``: as `RevocationResult` (VouchTrust) says.
///
/// Apple returns a `CFDictionary`; the facade returns the same keys and values as property-list
/// values. Never `nil` (Apple's is `nil` only for a `NULL` trust).
public func SecTrustCopyResult(_ trust: SecTrust) -> [String: PropertyList]? {
    let evaluation = trust.evaluation
    var result: [String: PropertyList] = [
        kSecTrustResultValue: .integer(Int64(evaluation.result.rawCode)),
        kSecTrustResultDetails: .array(SecTrust.details(of: evaluation)),
    ]
    guard evaluation.result != .invalid else { return result }
    result[kSecTrustEvaluationDate] = .date(evaluation.verifyTime)
    if evaluation.isCertificateTransparent { result[kSecTrustCertificateTransparency] = .boolean(true) }
    if evaluation.isExtendedValidation {
        result[kSecTrustExtendedValidation] = .boolean(true)
        if let organization = evaluation.chain.first?.subject.attributes.first(where: { $0.type == .organizationName })?.text {
            result[kSecTrustOrganizationName] = .string(organization)
        }
    }
    let revocation = evaluation.revocation
    if let checked = revocation.checked { result[kSecTrustRevocationChecked] = .boolean(checked) }
    if let validUntil = revocation.validUntil { result[kSecTrustRevocationValidUntilDate] = .date(validUntil) }
    if let reason = revocation.reason { result[kSecTrustRevocationReason] = .integer(Int64(reason)) }
    return result
}

extension SecTrust {
    /// `kSecTrustResultDetails` with macOS's status codes: per chain index, the failed checks.
    static func details(of evaluation: TrustEvaluation) -> [PropertyList] {
        evaluation.chain.indices.map { index in
            var detail: [String: PropertyList] = [:]
            var codes: [PropertyList] = []
            for failure in evaluation.failures where failure.index == index && detail[failure.check.rawValue] == nil {
                codes.append(.integer(Int64(failure.check.cssmCode ?? 0)))
                let reason = failure.check == .revocation ? evaluation.revocation.reasons[index] : nil
                detail[failure.check.rawValue] = reason.map { .integer(Int64($0)) } ?? .boolean(false)
            }
            if !codes.isEmpty { detail[kSecCertificateDetailStatusCodes] = .array(codes) }
            return .dictionary(detail)
        }
    }
}
