/// A UTCTime or GeneralizedTime, decoded to whole seconds since 1970-01-01T00:00:00Z.
///
/// Only the forms Apple's `SecCertificateCreateWithData` accepts are decoded (SECTRUST.md §6):
///
/// | type | forms |
/// |---|---|
/// | UTCTime | `YYMMDDhhmmZ`, `YYMMDDhhmmssZ`, `YYMMDDhhmmss+hhmm`, `YYMMDDhhmmss-hhmm` |
/// | GeneralizedTime | `YYYYMMDDhhmmssZ`, `YYYYMMDDhhmmss+hhmm`, `YYYYMMDDhhmmss-hhmm` |
///
/// No fractional seconds. Months and days are checked against the calendar (leap years included);
/// second 60 is allowed and counts as the first second of the next minute.
///
/// **Two-digit years** (UTCTime): 00–49 are 2000–2049 and 70–99 are 1970–1999, as RFC 5280
/// §4.1.2.5.1 says; Apple maps **50–69 to 2001-01-01T00:00:00Z**, whatever the other fields say
/// (they must still be well-formed). Vouch reproduces that quirk: such a time decodes without
/// error to that instant, and ``isTwoDigitYearQuirk`` tells that it happened.
public struct DERTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Which ASN.1 type carried the time.
    public enum Form: Sendable {
        /// UTCTime (universal 23): a two-digit year.
        case utcTime
        /// GeneralizedTime (universal 24): a four-digit year.
        case generalizedTime
    }

    /// The ASN.1 type the time was encoded as.
    public let form: Form
    /// Seconds since 1970-01-01T00:00:00Z (negative before).
    public let secondsSince1970: Int64
    /// Whether a UTCTime year 50–69 was mapped to 2001-01-01T00:00:00Z (Apple's quirk).
    public let isTwoDigitYearQuirk: Bool
    /// Whether the text has the form DER and RFC 5280 §4.1.2.5.1–§4.1.2.5.2 require: seconds
    /// included and `Z` for the zone (`YYMMDDhhmmssZ`, `YYYYMMDDhhmmssZ`). `false` for the other
    /// forms Apple accepts (a UTCTime without seconds, a `±hhmm` offset); `true` for a time that
    /// does not come from DER. Not part of equality: two times of one form and instant are equal
    /// however their zones were written.
    public let isZuluWithSeconds: Bool

    /// The instant Apple substitutes for UTCTime years 50–69: 2001-01-01T00:00:00Z.
    public static let twoDigitYearQuirkInstant: Int64 = 978_307_200

    /// Creates a time from seconds since 1970 (for tests and for times that do not come from DER).
    public init(secondsSince1970: Int64, form: Form = .generalizedTime) {
        self.form = form
        self.secondsSince1970 = secondsSince1970
        self.isTwoDigitYearQuirk = false
        self.isZuluWithSeconds = true
    }

    /// Decodes the content of `element` as `form`.
    ///
    /// - Throws: ``DERError/Kind/invalidTimeFormat`` when the text is not one of the accepted
    ///   forms, ``DERError/Kind/invalidTimeValue`` when a field is out of range; the offset is the
    ///   first octet of the offending field.
    public init(_ element: DERElement, form: Form) throws(DERError) {
        let content = element.content
        self = try content.withUnsafeBufferPointer { (octets) throws(DERError) in
            try DERTime(octets, at: content.startIndex, form: form)
        }
    }

    /// ``init(_:form:)`` over the content octets `content`, whose first octet has absolute offset `offset`.
    @usableFromInline
    package init(_ content: UnsafeBufferPointer<UInt8>, at offset: Int, form: Form) throws(DERError) {
        if let time = Self.zuluWithSeconds(content, form: form) {
            self = time
            return
        }
        var text = TimeText(content, at: offset)
        let year: Int64
        var quirk = false
        let count = content.count
        switch form {
        case .utcTime:
            guard count == 11 || count == 13 || count == 17 else {
                throw DERError(.invalidTimeFormat, at: offset)
            }
            let twoDigits = try text.number(digits: 2, in: 0...99)
            year = twoDigits < 50 ? 2000 + twoDigits : 1900 + twoDigits
            quirk = twoDigits >= 50 && twoDigits < 70
        case .generalizedTime:
            guard count == 15 || count == 19 else {
                throw DERError(.invalidTimeFormat, at: offset)
            }
            year = try text.number(digits: 4, in: 0...9999)
        }
        let month = try text.number(digits: 2, in: 1...12)
        let day = try text.number(digits: 2, in: 1...Self.daysIn(month: month, year: year))
        let hour = try text.number(digits: 2, in: 0...23)
        let minute = try text.number(digits: 2, in: 0...59)
        // UTCTime may leave out the seconds, but only in the `Z` form (11 octets).
        let second = count == 11 ? 0 : try text.number(digits: 2, in: 0...60)
        let offsetSeconds = try text.zone()
        self.form = form
        self.isTwoDigitYearQuirk = quirk
        // 13 octets (UTCTime) or 15 (GeneralizedTime) once the zone has read: seconds and `Z`.
        self.isZuluWithSeconds = count == (form == .utcTime ? 13 : 15)
        if quirk {
            self.secondsSince1970 = Self.twoDigitYearQuirkInstant
        } else {
            let days = Self.daysSince1970(year: year, month: month, day: day)
            self.secondsSince1970 = days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds
        }
    }

    /// The form nearly every certificate uses, `YYMMDDhhmmssZ` (years 00–49, 70–99) or
    /// `YYYYMMDDhhmmssZ`, with every field in range, read in one pass; `nil` for anything else,
    /// which the general reader then judges (and rejects with its error where it must).
    @inline(__always)
    static func zuluWithSeconds(_ content: UnsafeBufferPointer<UInt8>, form: Form) -> DERTime? {
        let digits = form == .utcTime ? 12 : 14
        guard content.count == digits + 1, content[digits] == UInt8(ascii: "Z") else { return nil }
        let year: Int64
        if form == .utcTime {
            // 50–69 is Apple's two-digit-year quirk: the general reader handles it.
            guard let twoDigits = pair(content, 0), twoDigits < 50 || twoDigits >= 70 else { return nil }
            year = twoDigits < 50 ? 2000 + twoDigits : 1900 + twoDigits
        } else {
            guard let century = pair(content, 0), let rest = pair(content, 2) else { return nil }
            year = century * 100 + rest
        }
        let at = digits - 10
        guard let month = pair(content, at), let day = pair(content, at + 2), let hour = pair(content, at + 4), let minute = pair(content, at + 6),
            let second = pair(content, at + 8), month >= 1, month <= 12, day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return DERTime(secondsSince1970: days * 86_400 + hour * 3_600 + minute * 60 + second, form: form)
    }

    /// Two decimal digits at `index`, or `nil`.
    @inline(__always)
    static func pair(_ content: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int64? {
        let high = content[index] &- 0x30, low = content[index + 1] &- 0x30
        guard high < 10, low < 10 else { return nil }
        return Int64(high) * 10 + Int64(low)
    }

    /// Whether the two have the same form and instant (and the same two-digit-year quirk); how
    /// the zone was written does not count (``isZuluWithSeconds``).
    public static func == (lhs: DERTime, rhs: DERTime) -> Bool {
        lhs.form == rhs.form && lhs.secondsSince1970 == rhs.secondsSince1970 && lhs.isTwoDigitYearQuirk == rhs.isTwoDigitYearQuirk
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(form)
        hasher.combine(secondsSince1970)
        hasher.combine(isTwoDigitYearQuirk)
    }

    /// Whether `lhs` is an earlier instant than `rhs` (the form does not matter).
    public static func < (lhs: DERTime, rhs: DERTime) -> Bool {
        lhs.secondsSince1970 < rhs.secondsSince1970
    }

    /// The time in UTC as RFC 3339 text, e.g. `2025-01-01T00:00:00Z`.
    public var rfc3339: String { Self.rfc3339(secondsSince1970: secondsSince1970) }

    /// The RFC 3339 text.
    public var description: String { rfc3339 }

    /// Formats `seconds` since 1970 as RFC 3339 UTC text.
    public static func rfc3339(secondsSince1970 seconds: Int64) -> String {
        // Floor division by a day, without overflow at the ends of Int64 (`seconds - 86_399`
        // overflowed for the earliest instants that `--at @…` can name).
        let (quotient, remainder) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let days = remainder < 0 ? quotient - 1 : quotient
        let secondOfDay = remainder < 0 ? remainder + 86_400 : remainder
        let (year, month, day) = civilDate(daysSince1970: days)
        // Years before 1 (GeneralizedTime 0000 with a positive offset) get a sign, as ISO 8601 does.
        func pad(_ value: Int64, _ width: Int) -> String {
            let digits = String(value.magnitude)
            return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T"
            + "\(pad(secondOfDay / 3_600, 2)):\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2))Z"
    }

    /// The days of `month` (1–12) in `year` (proleptic Gregorian).
    package static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    package static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The inverse of ``daysSince1970(year:month:day:)`` (Hinnant's `civil_from_days`).
    package static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// A cursor over the characters of a time value; every read checks digits and ranges.
///
/// It walks indices of the content rather than slicing it, so decoding a time costs no
/// reference counting (times are decoded twice per certificate).
private struct TimeText {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The absolute offset of `bytes[0]`, for errors.
    let offset: Int
    var index: Int
    init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
        self.bytes = bytes
        self.offset = offset
        index = 0
    }

    mutating func number(digits: Int, in range: ClosedRange<Int64>) throws(DERError) -> Int64 {
        let start = index
        guard bytes.count - index >= digits else { throw DERError(.invalidTimeFormat, at: offset + start) }
        var value: Int64 = 0
        for position in index..<(index + digits) {
            let octet = bytes[position]
            guard octet >= 0x30, octet <= 0x39 else { throw DERError(.invalidTimeFormat, at: offset + start) }
            value = value * 10 + Int64(octet - 0x30)
        }
        index += digits
        guard range.contains(value) else { throw DERError(.invalidTimeValue, at: offset + start) }
        return value
    }

    /// Reads `Z` or `±hhmm` and the end of the text; returns the zone's offset from UTC in seconds.
    mutating func zone() throws(DERError) -> Int64 {
        let start = index
        guard index < bytes.count else { throw DERError(.invalidTimeFormat, at: offset + start) }
        let sign = bytes[index]
        index += 1
        switch sign {
        case UInt8(ascii: "Z"):
            guard index == bytes.count else { throw DERError(.invalidTimeFormat, at: offset + start) }
            return 0
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard bytes.count - index == 4 else { throw DERError(.invalidTimeFormat, at: offset + start) }
            let hours = try number(digits: 2, in: 0...23)
            let minutes = try number(digits: 2, in: 0...59)
            let seconds = hours * 3_600 + minutes * 60
            return sign == UInt8(ascii: "+") ? seconds : -seconds
        default:
            throw DERError(.invalidTimeFormat, at: offset + start)
        }
    }
}

extension DERReader {
    /// Reads a UTCTime or a GeneralizedTime, whichever comes (X.509's `Time` CHOICE).
    ///
    /// - Throws: ``DERError/Kind/unexpectedTag(expected:found:)`` (naming UTCTime) for any other
    ///   tag, or a time error from ``DERTime/init(_:form:)``.
    public mutating func readTime() throws(DERError) -> DERTime {
        if let element = try readOptionalElement(.generalizedTime) {
            return try DERTime(element, form: .generalizedTime)
        }
        return try DERTime(readElement(.utcTime), form: .utcTime)
    }
}

extension DERTime {
    /// Parses RFC 3339 text (`2020-06-01T00:00:00Z`, `2020-06-01T02:00:00+02:00`, fractions of a
    /// second dropped) or `@` and whole seconds since 1970 (`@1590969600`), as the command line takes
    /// them; `nil` for anything else.
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        if bytes.first == UInt8(ascii: "@") {
            guard let seconds = Int64(String(decoding: bytes.dropFirst(), as: UTF8.self)) else { return nil }
            self.init(secondsSince1970: seconds)
            return
        }
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count, range.allSatisfy({ bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }) else { return nil }
            return range.reduce(Int64(0)) { $0 * 10 + Int64(bytes[$1] - 0x30) }
        }
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"), let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year), hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > start, index < bytes.count else { return nil }
        }
        var offset: Int64 = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                let hours = number((index + 1)..<(index + 3)), let minutes = number((index + 4)..<(index + 6)),
                hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3_600 + minutes * 60) * (bytes[index] == UInt8(ascii: "+") ? 1 : -1)
        default:
            return nil
        }
        let days = Self.daysSince1970(year: year, month: month, day: day)
        self.init(secondsSince1970: days * 86_400 + hour * 3_600 + minute * 60 + second - offset)
    }
}
