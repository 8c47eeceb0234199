import Testing
import VouchDER
import VouchX509

@testable import VouchTrust

/// Hostname, pinning-pattern and validity-period limits at N and N + 1 (issue 38 item 2), each
/// input made from the constant, so that moving the constant or the behaviour fails a test.
@Suite struct NameAndPatternLimitTests {
    @Test("the limits are the documented ones")
    func values() {
        #expect(HostnameLimits.maximumDNSNameLength == 255)
        #expect(HostnameLimits.maximumLabelLength == 63)
        #expect(HostnameLimits.maximumIPv6FieldLength == 4)
        #expect(PinningLabelPattern.maximumNesting == 16)
        #expect(PinningLabelPattern.maximumCount == 100)
        #expect(PinningLabelPattern.maximumStates == 16_384)
        #expect(AppleDates.maximum825DayPeriod == 825 * 86_400 + 3_600)
        #expect(AppleDates.maximum398DayPeriod == 398 * 86_400)
    }

    static func dnsLike(_ text: String) -> Bool { PresentedDNSNames.isDNSLike(Array(text.utf8)[...]) }

    /// A name of exactly `length` characters: labels of 40 characters and a shorter last one.
    static func name(length: Int) -> String {
        let segments = (length - 1) / 41
        return String(repeating: String(repeating: "a", count: 40) + ".", count: segments) + String(repeating: "a", count: length - 41 * segments)
    }

    @Test("maximumDNSNameLength: a presented name of 255 characters is kept, one of 256 is not")
    func dnsNameLength() {
        let limit = HostnameLimits.maximumDNSNameLength
        let within = Self.name(length: limit), past = Self.name(length: limit + 1)
        #expect(within.utf8.count == limit && past.utf8.count == limit + 1)
        #expect(Self.dnsLike(within))
        #expect(!Self.dnsLike(past))
    }

    @Test("maximumLabelLength: a label of 63 characters is kept, inside a name or last; 64 is not; Punycode likewise")
    func labelLength() {
        let limit = HostnameLimits.maximumLabelLength
        let within = String(repeating: "b", count: limit), past = String(repeating: "b", count: limit + 1)
        #expect(Self.dnsLike("\(within).example") && Self.dnsLike("example.\(within)"))
        #expect(!Self.dnsLike("\(past).example") && !Self.dnsLike("example.\(past)"))
        #expect(Punycode.aLabel(Substring(String(repeating: "é", count: limit))) != nil)
        #expect(Punycode.aLabel(Substring(String(repeating: "é", count: limit + 1))) == nil)
    }

    @Test("maximumIPv6FieldLength: a 4-digit group is read; a 5-digit one is skipped, leaving the address short")
    func ipv6FieldLength() {
        let limit = HostnameLimits.maximumIPv6FieldLength
        let within = "1:2:3:4:5:6:7:" + String(repeating: "0", count: limit - 1) + "8"
        let past = "1:2:3:4:5:6:7:" + String(repeating: "0", count: limit) + "8"
        #expect(HostnameIPAddress.ipv6(within) == [0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8])
        #expect(HostnameIPAddress.ipv6(past) == nil)
    }

    @Test("PinningLabelPattern.maximumNesting: 16 nested groups are read, the 17th is refused where it opens")
    func nesting() throws {
        let limit = PinningLabelPattern.maximumNesting
        func nested(_ depth: Int) -> String { String(repeating: "(", count: depth) + "a" + String(repeating: ")", count: depth) }
        #expect(try PinningLabelPattern.parse(nested(limit)).matches("a"))
        #expect(throws: PinningLabelPattern.Refusal(reason: "groups nested deeper than \(limit)", offset: limit)) {
            _ = try PinningLabelPattern.parse(nested(limit + 1))
        }
    }

    @Test("PinningLabelPattern.maximumCount: a{100} is read, a{101} is refused at its count")
    func count() throws {
        let limit = PinningLabelPattern.maximumCount
        let pattern = try PinningLabelPattern.parse("^a{\(limit)}$")
        #expect(pattern.matches(String(repeating: "a", count: limit)))
        #expect(!pattern.matches(String(repeating: "a", count: limit + 1)))
        #expect(throws: PinningLabelPattern.Refusal(reason: "count above \(limit)", offset: 1)) {
            _ = try PinningLabelPattern.parse("a{\(limit + 1)}")
        }
    }

    @Test("PinningLabelPattern.maximumStates: a pattern of exactly 16,384 states compiles, one more is refused")
    func states() throws {
        let limit = PinningLabelPattern.maximumStates
        // The accepting state, then one state per character: a{100} is 100 of them.
        let hundreds = (limit - 1) / PinningLabelPattern.maximumCount
        let rest = limit - 1 - hundreds * PinningLabelPattern.maximumCount
        let source = String(repeating: "a{\(PinningLabelPattern.maximumCount)}", count: hundreds)
        let within = try PinningLabelPattern.parse(source + String(repeating: "a", count: rest))
        #expect(within.program.states.count == limit)
        #expect(throws: PinningLabelPattern.Refusal(reason: "compiles to more than \(limit) states", offset: 0)) {
            _ = try PinningLabelPattern.parse(source + String(repeating: "a", count: rest + 1))
        }
    }

    /// Whether a system-rooted leaf valid from `notBefore` to `notAfter` (UTCTime) breaks
    /// SystemTrustValidityPeriod.
    static func failsSystemPeriod(_ notBefore: String, _ notAfter: String) throws -> Bool {
        let leaf = try LimitPKI.certificate("Leaf", issuedBy: "CA", serial: 1, isCA: false, validity: (notBefore, notAfter))
        return SSLChecks.failsSystemTrustValidityPeriod(CertificateFacts(leaf))
    }

    @Test("maximum825DayPeriod: a leaf of 2019 valid 825 days and an hour passes; one second more fails")
    func period825() throws {
        // 2019-01-01T00:00:00Z + 825 days + 1 hour = 2021-04-05T01:00:00Z.
        #expect(AppleDates.maximum825DayPeriod == 1_617_584_400 - 1_546_300_800)
        #expect(try !Self.failsSystemPeriod("190101000000Z", "210405010000Z"))
        #expect(try Self.failsSystemPeriod("190101000000Z", "210405010001Z"))
    }

    @Test("maximum398DayPeriod: a leaf of 2021 valid 398 days passes; one second more fails")
    func period398() throws {
        // 2021-01-01T00:00:00Z + 398 days = 2022-02-03T00:00:00Z.
        #expect(AppleDates.maximum398DayPeriod == 1_643_846_400 - 1_609_459_200)
        #expect(try !Self.failsSystemPeriod("210101000000Z", "220203000000Z"))
        #expect(try Self.failsSystemPeriod("210101000000Z", "220203000001Z"))
    }
}
