import Testing
import VouchTrust
import VouchX509

/// iPAddress matching: SECTRUST.md §13 rows 17–18 and the address rules of §5.5.
@Suite struct HostnameIPAddressTests {
    static let v4: [SANEntry] = [.ip([192, 0, 2, 1])]
    static let documentation: [UInt8] = [0x20, 0x01, 0x0D, 0xB8] + [UInt8](repeating: 0, count: 11) + [1]
    static let v6: [SANEntry] = [.ip(documentation)]
    static let loopback6: [UInt8] = [UInt8](repeating: 0, count: 15) + [1]

    /// 16 octets from eight groups.
    static func groups(_ values: [UInt16]) -> [UInt8] {
        values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    static let cases: [HostnameCase] = [
        // §13 #17.
        HostnameCase(note: "#17 SAN iPAddress", san: v4, hostname: "192.0.2.1", matches: true),
        HostnameCase(note: "#17 SAN dNSName 192.0.2.1", san: [.dns("192.0.2.1")], hostname: "192.0.2.1", matches: false),
        HostnameCase(note: "other address", san: v4, hostname: "192.0.2.2", matches: false),
        HostnameCase(note: "IP after non-matching dNSNames", san: [.dns("example.com"), .ip([192, 0, 2, 1])], hostname: "192.0.2.1",
            matches: true),
        HostnameCase(note: "IP SAN does not name a DNS host", san: v4, hostname: "example.com", matches: false),
        HostnameCase(note: "trailing dot is not stripped for addresses", san: v4, hostname: "192.0.2.1.", matches: false),
        HostnameCase(note: "IPv4 text vs IPv4-mapped IPv6 entry", san: [.ip(groups([0, 0, 0, 0, 0, 0xFFFF, 0xC000, 0x0201]))],
            hostname: "192.0.2.1", matches: false),
        // §13 #18.
        HostnameCase(note: "#18 bracketed IPv6", san: v6, hostname: "[2001:db8::1]", matches: true),
        HostnameCase(note: "IPv6 without brackets", san: v6, hostname: "2001:db8::1", matches: true),
        HostnameCase(note: "IPv6 upper case", san: v6, hostname: "2001:DB8::1", matches: true),
        HostnameCase(note: "IPv6 in full", san: v6, hostname: "2001:db8:0:0:0:0:0:1", matches: true),
        HostnameCase(note: "IPv6 with leading zeros", san: v6, hostname: "2001:0db8:0000:0000:0000:0000:0000:0001", matches: true),
        HostnameCase(note: "one bracket only", san: v6, hostname: "[2001:db8::1", matches: false),
        HostnameCase(note: "zone index", san: v6, hostname: "2001:db8::1%en0", matches: false),
        // Wrong-length entries make the iPAddress list unusable, not the dNSNames.
        HostnameCase(note: "5-octet entry spoils the list", san: [.ip([192, 0, 2, 1]), .ip([1, 2, 3, 4, 5])], hostname: "192.0.2.1",
            matches: false),
        HostnameCase(note: "8-octet entry (constraint form) spoils the list", san: [.ip([10, 0, 0, 0, 255, 0, 0, 0]), .ip([192, 0, 2, 1])],
            hostname: "192.0.2.1", matches: false),
        HostnameCase(note: "empty entry spoils the list", san: [.ip([]), .ip(documentation)], hostname: "[2001:db8::1]", matches: false),
        HostnameCase(note: "wrong-length entry leaves dNSNames", san: [.ip([1, 2, 3]), .dns("example.com")], hostname: "example.com",
            matches: true),
        HostnameCase(note: "non-UTF-8 dNSName leaves addresses", san: [.dnsOctets([0xFF]), .ip([192, 0, 2, 1])], hostname: "192.0.2.1",
            matches: true),
        // §5.5 IPv4 text.
        HostnameCase(note: "leading zeros are decimal", san: [.ip([1, 2, 3, 4])], hostname: "01.02.03.004", matches: true),
        HostnameCase(note: "010 is ten, not eight", san: [.ip([10, 0, 0, 1])], hostname: "010.0.0.1", matches: true),
        HostnameCase(note: "trailing dot makes a fifth field", san: [.ip([1, 2, 3, 0])], hostname: "1.2.3.0.", matches: false),
        HostnameCase(note: "three fields", san: [.ip([10, 20, 30, 0]), .ip([10, 20, 0, 30])], hostname: "10.20.30", matches: false),
        HostnameCase(note: "three fields, short", san: [.ip([1, 2, 3, 0]), .ip([1, 2, 0, 3])], hostname: "1.2.3", matches: false),
        HostnameCase(note: "field above 255", san: [.ip([0, 1, 1, 1]), .ip([1, 1, 1, 1])], hostname: "256.1.1.1", matches: false),
        HostnameCase(note: "five fields", san: [.ip([1, 2, 3, 4])], hostname: "1.2.3.4.5", matches: false),
        HostnameCase(note: "sixteen characters", san: [.ip([1, 2, 3, 4])], hostname: "0001.002.003.004", matches: false),
        HostnameCase(note: "sign", san: [.ip([1, 2, 3, 4])], hostname: "+1.2.3.4", matches: false),
        HostnameCase(note: "Apple reads an empty field as 0", san: [.ip([10, 0, 20, 30])], hostname: "10..20.30", matches: true),
        HostnameCase(note: "Apple's atoi wraps at 2^32", san: [.ip([1, 0, 0, 0])], hostname: "4294967297...", matches: true),
        HostnameCase(note: "Apple's atoi to a negative int keeps the low octet", san: [.ip([0, 0, 0, 0])], hostname: "2147483648...",
            matches: true),
        // §5.5 IPv6 text.
        HostnameCase(note: ":: at the start", san: [.ip(loopback6)], hostname: "::1", matches: true),
        HostnameCase(note: ":: alone", san: [.ip([UInt8](repeating: 0, count: 16))], hostname: "::", matches: true),
        HostnameCase(note: ":: bracketed", san: [.ip([UInt8](repeating: 0, count: 16))], hostname: "[::]", matches: true),
        HostnameCase(note: ":: in the middle", san: [.ip(groups([0xCAFE, 0xFEED, 0xFACE, 0, 0, 0, 0, 1]))], hostname: "cafe:feed:face::1",
            matches: true),
        HostnameCase(note: ":: at the end", san: [.ip(groups([0x2001, 0xDB8, 0, 0, 0, 0, 0, 0]))], hostname: "2001:db8::", matches: true),
        HostnameCase(note: ":: for one group", san: [.ip(groups([1, 2, 3, 0, 5, 6, 7, 8]))], hostname: "1:2:3::5:6:7:8", matches: true),
        HostnameCase(note: "nine groups", san: [.ip(groups([1, 2, 3, 4, 5, 6, 7, 8]))], hostname: "1:2:3:4:5:6:7:8:9", matches: false),
        HostnameCase(note: "seven groups, no ::", san: [.ip(groups([1, 2, 3, 4, 5, 6, 7, 0]))], hostname: "1:2:3:4:5:6:7", matches: false),
        HostnameCase(note: "two ::", san: [.ip(groups([1, 0, 0, 0, 2, 0, 0, 3]))], hostname: "1::2::3", matches: false),
        HostnameCase(note: "two fields", san: [.ip(loopback6)], hostname: ":1", matches: false),
        HostnameCase(note: "five-digit group", san: [.ip(groups([0x2600, 0, 0, 0, 0, 0, 0, 1]))], hostname: "2600:f00000000d::1",
            matches: false),
        HostnameCase(note: "embedded IPv4 refused", san: [.ip(groups([0, 0, 0, 0, 0, 0xFFFF, 0xC000, 0x0201]))],
            hostname: "::ffff:192.0.2.1", matches: false),
        HostnameCase(note: "embedded IPv4 vs IPv4 entry", san: v4, hostname: "::ffff:192.0.2.1", matches: false),
        HostnameCase(note: "non-hex digit", san: [.ip(loopback6)], hostname: "::g1", matches: false),
        HostnameCase(note: "Apple upper-cases first: U+FB00 ﬀ becomes FF", san: [.ip(groups([0xFF, 0, 0, 0, 0, 0, 0, 1]))],
            hostname: "[\u{FB00}::1]", matches: true),
        HostnameCase(note: "Apple reads an empty last field as one zero group", san: [.ip(groups([1, 2, 3, 4, 5, 6, 7, 0]))],
            hostname: "1:2:3:4:5:6:7:", matches: true),
        HostnameCase(note: "Apple skips a long field when two :: make up for it", san: [.ip(groups([1, 0, 0, 2, 0, 0, 3, 4]))],
            hostname: "1::2::3:4:12345", matches: true),
    ]

    @Test(arguments: cases)
    func ipAddress(_ row: HostnameCase) throws {
        try row.check()
    }
}
