import Testing
import VouchX509

/// IPAddressText: dotted IPv4 and RFC 5952 IPv6 text for iPAddress octets.
@Suite struct IPAddressTextTests {
    static func v6(_ groups: [UInt16]) -> [UInt8] { groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }

    @Test(arguments: [
        ([192, 0, 2, 1], "192.0.2.1"),
        ([0, 0, 0, 0], "0.0.0.0"),
        ([255, 255, 255, 255], "255.255.255.255"),
        ([10, 0, 0, 1], "10.0.0.1"),
    ] as [([UInt8], String)])
    func ipv4(octets: [UInt8], text: String) {
        #expect(IPAddressText.format(octets) == text)
    }

    @Test(arguments: [
        ([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1], "2001:db8::1"),
        ([0, 0, 0, 0, 0, 0, 0, 0], "::"),
        ([0, 0, 0, 0, 0, 0, 0, 1], "::1"),
        ([1, 0, 0, 0, 0, 0, 0, 0], "1::"),
        // RFC 5952 §4.2.3: the longest run becomes ::, the first of equal runs.
        ([0x2001, 0xdb8, 0, 0, 1, 0, 0, 1], "2001:db8::1:0:0:1"),
        ([0x2001, 0, 0, 1, 0, 0, 0, 1], "2001:0:0:1::1"),
        ([0, 0, 1, 0, 0, 1, 0, 0], "::1:0:0:1:0:0"),
        // §4.2.2: never :: for a single zero group.
        ([0x2001, 0xdb8, 0, 1, 1, 1, 1, 1], "2001:db8:0:1:1:1:1:1"),
        ([1, 0, 1, 0, 1, 0, 1, 0], "1:0:1:0:1:0:1:0"),
        // §4.3 lower case; §4.1 no leading zeros in a group.
        ([0x2001, 0xDB8, 0xABCD, 0xEF01, 0x00AB, 0x000F, 0x0100, 0xFFFF], "2001:db8:abcd:ef01:ab:f:100:ffff"),
        ([0, 0, 0, 0, 0, 0xffff, 0xc000, 0x201], "::ffff:c000:201"),
        ([0xfe80, 0, 0, 0, 0x1, 0x2, 0x3, 0x4], "fe80::1:2:3:4"),
    ] as [([UInt16], String)])
    func ipv6(groups: [UInt16], text: String) {
        #expect(IPAddressText.format(Self.v6(groups)) == text)
        #expect(IPAddressText.format(Self.v6(groups)[...]) == text)
    }

    @Test(arguments: [0, 1, 3, 5, 8, 15, 17, 32])
    func otherLengthsHaveNoText(length: Int) {
        #expect(IPAddressText.format([UInt8](repeating: 1, count: length)) == nil)
    }
}
