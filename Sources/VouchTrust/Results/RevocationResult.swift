/// What an evaluation says about revocation, as `SecTrustCopyResult` reports it (SECTRUST.md
/// §16.5; read in apple-oss-distributions/Security: `trust/trustd/SecTrustServer.c`
/// `SecPathBuilderReportResult`, `trust/trustd/SecCertificateServer.c`
/// `SecCertificatePathVCGetEarliestNextUpdate` and `SecCertificatePathVCRevocationCheckedAllCerts`,
/// `trust/trustd/SecRevocationServer.c` `SecORVCConsumeOCSPResponse`).
///
/// Apple reports these for a chain of two or more certificates, where revocation always runs:
/// - trusted, and every certificate but the last that names an OCSP responder (the leaf always)
///   has an accepted response with an expiry ⇒ ``validUntil`` is the earliest expiry and
///   ``checked`` is true;
/// - trusted otherwise: ``checked`` is false on an Extended Validation path, true when every
///   certificate but the last had a response whose dates held (whatever its status), else absent;
/// - not trusted, and a certificate of the chain is revoked ⇒ ``reason``.
///
/// Only OCSP answers count for ``checked`` and ``validUntil``, as in trustd, which reads no CRLs;
/// ``reason`` also reports a revocation by a CRL the caller supplied (Vouch's extension, named in
/// ``TrustEvaluation/revokedByCRL``).
public struct RevocationResult: Sendable, Hashable {
    /// `kSecTrustRevocationChecked`; `nil` where Apple leaves the key out.
    public let checked: Bool?
    /// `kSecTrustRevocationValidUntilDate`, in seconds since 1970: when the first of the OCSP
    /// answers relied on expires (a good answer's nextUpdate, or sooner by its HTTP max-age; a day
    /// after it was made without nextUpdate); `nil` where Apple leaves the key out.
    public let validUntil: Int64?
    /// `kSecTrustRevocationReason`: the CRLReason code of the first revoked certificate of the
    /// chain, −1 (`kSecRevocationReasonUndetermined`) when its answer gives none; `nil` when the
    /// chain is trusted or nothing in it is revoked.
    public var reason: Int? { reasons.min { $0.key < $1.key }?.value }
    /// The CRLReason code of each revoked certificate, by chain index (−1 when its answer gives
    /// none): the value of the `Revocation` entry of that certificate's `kSecTrustResultDetails`.
    public let reasons: [Int: Int]

    /// Nothing to report: what a one-certificate chain, or one nothing was checked for, gives.
    public static let none = RevocationResult(checked: nil, validUntil: nil)

    /// A result with these keys.
    public init(checked: Bool?, validUntil: Int64?, reasons: [Int: Int] = [:]) {
        self.checked = checked
        self.validUntil = validUntil
        self.reasons = reasons
    }
}
