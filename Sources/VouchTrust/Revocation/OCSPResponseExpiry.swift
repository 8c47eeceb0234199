/// When an accepted OCSP response stops counting (trustd's `SecOCSPResponseCalculateValidity` and
/// `SecORVCConsumeOCSPResponse`, SECTRUST.md §16.3 item 6): what the fetcher's cache keeps it
/// for (`CacheLifetime`) and what `kSecTrustRevocationValidUntilDate` reports (``RevocationResult``).
extension OCSPChecker {
    /// The expiry of a response, or `nil` when its dates refuse it: revoked ⇒ the certificate's
    /// notAfter; producedAt or thisUpdate after `now` + ``leeway`` ⇒ refused; no nextUpdate ⇒
    /// `now` + ``defaultTimeToLive``; the latest nextUpdate before `now` − ``leeway`` ⇒ refused;
    /// 0 < `maxAge` < nextUpdate − `now` ⇒ `now` + `maxAge`; else the latest nextUpdate. `maxAge`
    /// is the HTTP max-age of a fetched response, `nil` or 0 for a stapled or cached one.
    static func responseExpiry(
        thisUpdate: Int64, producedAt: Int64, latestNextUpdate: Int64?, maxAge: Int64?, now: Int64, isRevoked: Bool,
        certificateNotAfter: Int64
    ) -> Int64? {
        if isRevoked { return certificateNotAfter }
        let (latest, overflow) = now.addingReportingOverflow(leeway)
        guard overflow || (producedAt <= latest && thisUpdate <= latest) else { return nil }
        guard let nextUpdate = latestNextUpdate else { return now.addingReportingOverflow(defaultTimeToLive).partialValue }
        let (earliest, underflow) = now.subtractingReportingOverflow(leeway)
        guard underflow || nextUpdate >= earliest else { return nil }
        // Compared as a difference, as Apple does ("beware of double overflows"): a huge max-age
        // cannot wrap around.
        let (remaining, remainingOverflow) = nextUpdate.subtractingReportingOverflow(now)
        if let maxAge, maxAge > 0, remainingOverflow || maxAge < remaining {
            return now.addingReportingOverflow(maxAge).overflow ? nextUpdate : now + maxAge
        }
        return nextUpdate
    }
}
