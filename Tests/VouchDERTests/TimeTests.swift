import Testing
@testable import VouchDER

/// A UTCTime (0x17) or GeneralizedTime (0x18) element whose content is the ASCII `text`.
private func timeElement(_ tag: UInt8, _ text: String) -> [UInt8] {
    [tag, UInt8(text.utf8.count)] + Array(text.utf8)
}

private func utc(_ text: String) throws(DERError) -> DERTime {
    var reader = DERReader(timeElement(0x17, text))
    return try reader.readTime()
}

private func generalized(_ text: String) throws(DERError) -> DERTime {
    var reader = DERReader(timeElement(0x18, text))
    return try reader.readTime()
}

@Suite struct TimeTests {
    // MARK: Accepted forms (SECTRUST.md §6)

    @Test(arguments: [
        ("2501010000Z", "2025-01-01T00:00:00Z"),  // YYMMDDhhmmZ
        ("250101000000Z", "2025-01-01T00:00:00Z"),  // YYMMDDhhmmssZ
        ("250101000000+0100", "2024-12-31T23:00:00Z"),  // YYMMDDhhmmss+hhmm
        ("250101000000-0130", "2025-01-01T01:30:00Z"),  // YYMMDDhhmmss-hhmm
        ("991231235959+2359", "1999-12-31T00:00:59Z"),
        ("000101000000-2359", "2000-01-01T23:59:00Z"),
        ("250630235960Z", "2025-07-01T00:00:00Z"),  // second 60
        ("240229120000Z", "2024-02-29T12:00:00Z"),
    ])
    func utcTimeAccepted(text: String, rfc3339: String) throws {
        let time = try utc(text)
        #expect(time.form == .utcTime)
        #expect(time.rfc3339 == rfc3339)
        #expect(!time.isTwoDigitYearQuirk)
    }

    @Test(arguments: [
        ("20250101000000Z", "2025-01-01T00:00:00Z"),  // YYYYMMDDhhmmssZ
        ("20250101000000+0000", "2025-01-01T00:00:00Z"),  // YYYYMMDDhhmmss+hhmm
        ("20250101120000-0800", "2025-01-01T20:00:00Z"),  // YYYYMMDDhhmmss-hhmm
        ("20000229000000Z", "2000-02-29T00:00:00Z"),  // divisible by 400: leap
        ("00000101000000+0001", "-0001-12-31T23:59:00Z"),  // before year 1: ISO 8601 signed year
        ("20241231235960Z", "2025-01-01T00:00:00Z"),
        ("19691231235959Z", "1969-12-31T23:59:59Z"),
        ("19000101000000Z", "1900-01-01T00:00:00Z"),
        ("00010101000000Z", "0001-01-01T00:00:00Z"),
        ("99991231235959Z", "9999-12-31T23:59:59Z"),
        ("20500101000000Z", "2050-01-01T00:00:00Z"),  // no quirk in GeneralizedTime
    ])
    func generalizedTimeAccepted(text: String, rfc3339: String) throws {
        let time = try generalized(text)
        #expect(time.form == .generalizedTime)
        #expect(time.rfc3339 == rfc3339)
        #expect(!time.isTwoDigitYearQuirk)
    }

    /// The forms DER and RFC 5280 require (seconds, `Z`) are told from the others Apple accepts,
    /// for the strict profile; equality and hashing do not look at it.
    @Test(arguments: [
        (0x17, "250101000000Z", true), (0x17, "2501010000Z", false), (0x17, "250101000000+0000", false),
        (0x17, "250101000000-0130", false), (0x17, "600101000000Z", true), (0x17, "6001010000Z", false),
        (0x18, "20250101000000Z", true), (0x18, "20250101000000+0000", false), (0x18, "20550101000000-0800", false),
    ] as [(UInt8, String, Bool)])
    func zuluWithSeconds(tag: UInt8, text: String, isZuluWithSeconds: Bool) throws {
        var reader = DERReader(timeElement(tag, text))
        let time = try reader.readTime()
        #expect(time.isZuluWithSeconds == isZuluWithSeconds)
        let same = DERTime(secondsSince1970: time.secondsSince1970, form: time.form)
        #expect(same.isZuluWithSeconds)
        if !time.isTwoDigitYearQuirk {
            #expect(time == same)
            #expect(time.hashValue == same.hashValue)
        }
    }

    @Test(arguments: [
        ("250101000000Z", Int64(1_735_689_600)),
        ("700101000000Z", 0),
        ("691231235959Z", DERTime.twoDigitYearQuirkInstant),
        ("491231235959Z", 2_524_607_999),
        ("250101000000+0100", 1_735_686_000),
    ])
    func secondsSince1970(text: String, seconds: Int64) throws {
        #expect(try utc(text).secondsSince1970 == seconds)
    }

    @Test func secondsSince1970OfGeneralizedTime() throws {
        #expect(try generalized("20000229000000Z").secondsSince1970 == 951_782_400)
        #expect(try generalized("19000101000000Z").secondsSince1970 == -2_208_988_800)
        #expect(try generalized("00010101000000Z").secondsSince1970 == -62_135_596_800)
        #expect(try generalized("19691231235959Z").secondsSince1970 == -1)
    }

    // MARK: Two-digit years (RFC 5280 §4.1.2.5.1 and Apple's 50–69 quirk)

    @Test(arguments: [
        ("000101000000Z", "2000-01-01T00:00:00Z"), ("491231235959Z", "2049-12-31T23:59:59Z"),
        ("700101000000Z", "1970-01-01T00:00:00Z"), ("991231235959Z", "1999-12-31T23:59:59Z"),
    ])
    func twoDigitYears(text: String, rfc3339: String) throws {
        let time = try utc(text)
        #expect(time.rfc3339 == rfc3339)
        #expect(!time.isTwoDigitYearQuirk)
    }

    @Test(arguments: ["500101000000Z", "5001010000Z", "691231235959Z", "650615120000+0100", "600229000000Z"])
    func yearsFiftyToSixtyNineBecome2001(text: String) throws {
        let time = try utc(text)
        #expect(time.isTwoDigitYearQuirk)
        #expect(time.secondsSince1970 == DERTime.twoDigitYearQuirkInstant)
        #expect(time.rfc3339 == "2001-01-01T00:00:00Z")
    }

    @Test func quirkYearsStillHaveTheirFieldsChecked() {
        // Current behaviour: the quirk replaces the value only after the fields passed their checks.
        #expect(throws: DERError(.invalidTimeValue, at: 6)) { try utc("500230000000Z") }
        #expect(throws: DERError(.invalidTimeFormat, at: 14)) { try utc("650101000000z") }
    }

    // MARK: Rejected forms

    @Test(arguments: [
        ("250101000000.5Z", DERError(.invalidTimeFormat, at: 2)),  // fractional seconds: 15 octets
        ("250101000000", DERError(.invalidTimeFormat, at: 2)),  // no zone, 12 octets
        ("2501010000000", DERError(.invalidTimeFormat, at: 14)),  // 13 octets, no Z
        ("250101000000z", DERError(.invalidTimeFormat, at: 14)),  // lowercase z
        ("2501010000z", DERError(.invalidTimeFormat, at: 12)),
        ("25010100000", DERError(.invalidTimeFormat, at: 12)),
        ("2501010000+01", DERError(.invalidTimeFormat, at: 12)),  // offset without seconds
        ("2501010000+0100", DERError(.invalidTimeFormat, at: 2)),  // 15 octets
        ("250101000000Z0000", DERError(.invalidTimeFormat, at: 14)),
        ("250101000000 0100", DERError(.invalidTimeFormat, at: 14)),
        ("20250101000000Z", DERError(.invalidTimeFormat, at: 2)),  // GeneralizedTime text in a UTCTime
        ("", DERError(.invalidTimeFormat, at: 2)),
        ("2A0101000000Z", DERError(.invalidTimeFormat, at: 2)),  // non-digits
        ("25 101000000Z", DERError(.invalidTimeFormat, at: 4)),
        ("2501010000 0Z", DERError(.invalidTimeFormat, at: 12)),
        ("25010100000+Z", DERError(.invalidTimeFormat, at: 12)),
        ("250101000000+01a0", DERError(.invalidTimeFormat, at: 17)),
        ("-50101000000Z", DERError(.invalidTimeFormat, at: 2)),
    ])
    func utcTimeRejectedForms(text: String, error: DERError) {
        #expect(throws: error) { try utc(text) }
    }

    @Test(arguments: [
        ("20250101000000.5Z", DERError(.invalidTimeFormat, at: 2)),  // 17 octets
        ("20250101000000.123Z", DERError(.invalidTimeFormat, at: 16)),  // 19 octets, like an offset
        ("20250101000000", DERError(.invalidTimeFormat, at: 2)),  // no zone
        ("202501010000000", DERError(.invalidTimeFormat, at: 16)),
        ("20250101000000z", DERError(.invalidTimeFormat, at: 16)),  // lowercase z
        ("202501010000Z", DERError(.invalidTimeFormat, at: 2)),  // no seconds
        ("202501010000+0100", DERError(.invalidTimeFormat, at: 2)),
        ("250101000000Z", DERError(.invalidTimeFormat, at: 2)),  // UTCTime text in a GeneralizedTime
        ("2025010100000Z0", DERError(.invalidTimeFormat, at: 14)),
        ("20250101T00000Z", DERError(.invalidTimeFormat, at: 10)),
        ("2025-1-1000000Z", DERError(.invalidTimeFormat, at: 6)),
        ("20250101000000+01:0", DERError(.invalidTimeFormat, at: 19)),
    ])
    func generalizedTimeRejectedForms(text: String, error: DERError) {
        #expect(throws: error) { try generalized(text) }
    }

    // MARK: Field ranges

    @Test(arguments: [
        ("250001000000Z", DERError(.invalidTimeValue, at: 4)),  // month 0
        ("251301000000Z", DERError(.invalidTimeValue, at: 4)),  // month 13
        ("250100000000Z", DERError(.invalidTimeValue, at: 6)),  // day 0
        ("250132000000Z", DERError(.invalidTimeValue, at: 6)),
        ("250431000000Z", DERError(.invalidTimeValue, at: 6)),  // April has 30 days
        ("250229000000Z", DERError(.invalidTimeValue, at: 6)),  // 2025 is not a leap year
        ("250101240000Z", DERError(.invalidTimeValue, at: 8)),  // hour 24
        ("2501012400Z", DERError(.invalidTimeValue, at: 8)),
        ("250101006000Z", DERError(.invalidTimeValue, at: 10)),  // minute 60
        ("250101000061Z", DERError(.invalidTimeValue, at: 12)),  // second 61
        ("250101000000+2400", DERError(.invalidTimeValue, at: 15)),  // offset hour 24
        ("250101000000-0060", DERError(.invalidTimeValue, at: 17)),  // offset minute 60
    ])
    func utcTimeFieldRanges(text: String, error: DERError) {
        #expect(throws: error) { try utc(text) }
    }

    @Test(arguments: [
        ("19000229000000Z", DERError(.invalidTimeValue, at: 8)),  // divisible by 100, not 400
        ("21000229000000Z", DERError(.invalidTimeValue, at: 8)),
        ("20230229000000Z", DERError(.invalidTimeValue, at: 8)),
        ("20240230000000Z", DERError(.invalidTimeValue, at: 8)),
        ("20250631000000Z", DERError(.invalidTimeValue, at: 8)),
        ("20250101240000Z", DERError(.invalidTimeValue, at: 10)),  // hour 24
        ("20250101006000+0000", DERError(.invalidTimeValue, at: 12)),  // minute 60
        ("20250101000061Z", DERError(.invalidTimeValue, at: 14)),
    ])
    func generalizedTimeFieldRanges(text: String, error: DERError) {
        #expect(throws: error) { try generalized(text) }
    }

    @Test(arguments: [
        "20240229000000Z", "20000229000000Z", "20250131000000Z", "20250430000000Z", "20251231235960Z",
    ])
    func calendarEdgesAccepted(text: String) throws {
        #expect(try generalized(text).form == .generalizedTime)
    }

    // MARK: Formatting and ordering

    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00Z"), (-1, "1969-12-31T23:59:59Z"), (-86_400, "1969-12-31T00:00:00Z"),
        (-86_401, "1969-12-30T23:59:59Z"), (-2_208_988_800, "1900-01-01T00:00:00Z"),
        (951_782_400, "2000-02-29T00:00:00Z"), (978_307_200, "2001-01-01T00:00:00Z"),
        (253_402_300_799, "9999-12-31T23:59:59Z"), (-62_167_219_200, "0000-01-01T00:00:00Z"),
        (-62_167_219_201, "-0001-12-31T23:59:59Z"),
        // The ends of Int64 (`vouch verify --at @-9223372036854775808` trapped on overflow here);
        // expected values from Python's integer arithmetic with the same proleptic calendar.
        (.max, "292277026596-12-04T15:30:07Z"), (.min, "-292277022657-01-27T08:29:52Z"),
        (.min + 86_399, "-292277022657-01-28T08:29:51Z"),
    ])
    func rfc3339(seconds: Int64, text: String) {
        #expect(DERTime.rfc3339(secondsSince1970: seconds) == text)
        #expect(DERTime(secondsSince1970: seconds).description == text)
    }

    @Test func ordering() throws {
        let utcTime = try utc("491231235959Z")
        let generalizedTime = try generalized("20500101000000Z")
        #expect(utcTime < generalizedTime)
        #expect(try utc("250101000000Z").secondsSince1970 == generalized("20250101000000Z").secondsSince1970)
    }

    // MARK: readTime() chooses by tag

    @Test func readTimeChoosesTheFormByTag() throws {
        var reader = DERReader(timeElement(0x17, "250101000000Z") + timeElement(0x18, "20250101000000Z"))
        #expect(try reader.readTime().form == .utcTime)
        #expect(try reader.readTime().form == .generalizedTime)
        #expect(throws: DERError(.missingElement(expected: .utcTime), at: 32)) { try reader.readTime() }
        var other = DERReader(hexBytes("04 00"))
        #expect(throws: DERError(.unexpectedTag(expected: .utcTime, found: .octetString), at: 0)) { try other.readTime() }
        var constructed = DERReader(hexBytes("37 00"))
        #expect(throws: DERError(.wrongConstruction(DERTag(.universal, 23, constructed: true)), at: 0)) {
            try constructed.readTime()
        }
    }

    @Test func offsetsOnASlice() {
        let buffer: [UInt8] = [0xFF, 0xFF] + timeElement(0x18, "20251301000000Z")
        var reader = DERReader(buffer[2...])
        #expect(throws: DERError(.invalidTimeValue, at: 8)) { try reader.readTime() }
    }
}
