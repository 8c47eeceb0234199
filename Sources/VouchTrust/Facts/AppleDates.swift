/// Times Apple hard-codes, as seconds since 1970 (SECTRUST.md gives them as CFAbsoluteTime,
/// seconds since 2001-01-01, which is 978,307,200 s after 1970).
enum AppleDates {
    static let absoluteTimeEpoch: Int64 = 978_307_200
    /// 2019-06-30T23:00:00Z (CFAbsoluteTime 583628400): the iOS 13 EKU and validity-period rules.
    static let iOS13Rules: Int64 = 583_628_400 + absoluteTimeEpoch
    /// 2018-03-01T00:00:00Z: system-trusted leaves limited to 825 days.
    static let systemTrust825Days: Int64 = 1_519_862_400
    /// 2020-09-01T00:00:00Z (CFAbsoluteTime 620611200): system-trusted leaves limited to 398 days.
    static let systemTrust398Days: Int64 = 620_611_200 + absoluteTimeEpoch
    /// 825 days and one hour, in seconds.
    static let maximum825DayPeriod: Int64 = 825 * 86_400 + 3_600
    /// 398 days, no slack.
    static let maximum398DayPeriod: Int64 = 398 * 86_400
}
