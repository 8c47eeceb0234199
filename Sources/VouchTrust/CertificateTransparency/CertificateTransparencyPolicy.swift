import VouchDER

/// Apple's count of SCTs against a certificate's lifetime (`verify_tls_ct_policy` and
/// `verify_embedded_sct_policy_v1`/`_v2` in trust/trustd/CertificateTransparency.m). Distinct
/// logs are counted; Apple's table mentions a maximum per operator, but its code does not
/// enforce operators, and neither does Vouch.
enum CertificateTransparencyPolicy {
    /// 2021-04-21T00:00:00Z (CFAbsoluteTime 640656000): leaves issued from then use the v2 table.
    static let policyV2Date: Int64 = 640_656_000 + AppleDates.absoluteTimeEpoch
    /// 2018-10-16T00:00:00Z (CFAbsoluteTime 561340800): SystemTrustedCTRequired's flag day.
    static let enforcementDate: Int64 = 561_340_800 + AppleDates.absoluteTimeEpoch

    /// The embedded SCTs from distinct logs a leaf valid from `notBefore` to `notAfter` needs.
    ///
    /// Before 2021-04-21, by whole calendar months of lifetime: under 15 → 2, up to 27 → 3, up
    /// to 39 → 4, more → 5. From then, by seconds: up to 180 days → 2, up to 825 days → 3, more → 4.
    static func requiredEmbeddedLogs(notBefore: Int64, notAfter: Int64) -> Int {
        if notBefore < policyV2Date {
            let months = wholeMonths(from: notBefore, to: notAfter)
            if months < 15 { return 2 }
            if months <= 27 { return 3 }
            if months <= 39 { return 4 }
            return 5
        }
        let lifetime = notAfter - notBefore
        if lifetime <= 180 * 86_400 { return 2 }
        if lifetime <= 825 * 86_400 { return 3 }
        return 4
    }

    /// Whole months from `start` to `end` in UTC, as `CFCalendarGetComponentDifference(…, "M")`
    /// counts them: the most months that can be added to `start` (the day clamped to the end of
    /// a shorter month) without passing `end`. Negative spans count 0.
    static func wholeMonths(from start: Int64, to end: Int64) -> Int {
        guard end > start else { return 0 }
        let (startYear, startMonth, startDay, startSeconds) = civil(start)
        let (endYear, endMonth, _, _) = civil(end)
        var months = Int((endYear - startYear) * 12 + (endMonth - startMonth))
        while months > 0 && adding(months, toYear: startYear, month: startMonth, day: startDay, seconds: startSeconds) > end { months -= 1 }
        return max(months, 0)
    }

    private static func adding(_ months: Int, toYear year: Int64, month: Int64, day: Int64, seconds: Int64) -> Int64 {
        let total = year * 12 + (month - 1) + Int64(months)
        let newYear = total / 12
        let newMonth = total % 12 + 1
        let clampedDay = min(day, DERTime.daysIn(month: newMonth, year: newYear))
        return DERTime.daysSince1970(year: newYear, month: newMonth, day: clampedDay) * 86_400 + seconds
    }

    /// (year, month, day, seconds into the day) of a UTC time (DERTime's civil-from-days).
    private static func civil(_ time: Int64) -> (Int64, Int64, Int64, Int64) {
        let days = time >= 0 ? time / 86_400 : (time - 86_399) / 86_400
        let date = DERTime.civilDate(daysSince1970: days)
        return (date.year, date.month, date.day, time - days * 86_400)
    }
}
