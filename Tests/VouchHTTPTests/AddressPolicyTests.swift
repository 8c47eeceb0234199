import Testing
import VouchHTTP

@Suite struct AddressPolicyTests {
    static let rows: [(String, AddressRefusal?, AddressRefusal?)] = [
        // address, refusal without loopback, refusal with loopback
        ("169.254.169.254", .linkLocal, .linkLocal),
        ("169.254.0.1", .linkLocal, .linkLocal),
        ("fe80::1", .linkLocal, .linkLocal),
        ("febf::1", .linkLocal, .linkLocal),
        ("::ffff:169.254.169.254", .linkLocal, .linkLocal),
        ("64:ff9b::169.254.169.254", .linkLocal, .linkLocal),
        ("fd00:ec2::254", .metadata, .metadata),
        ("100.100.100.200", .metadata, .metadata),
        ("127.0.0.1", .loopbackNotAllowed, nil),
        ("127.255.1.2", .loopbackNotAllowed, nil),
        ("::1", .loopbackNotAllowed, nil),
        ("::ffff:127.0.0.1", .loopbackNotAllowed, nil),
        ("0.0.0.0", .unspecified, .unspecified),
        ("0.1.2.3", .unspecified, .unspecified),
        ("::", .unspecified, .unspecified),
        ("224.0.0.1", .multicastOrBroadcast, .multicastOrBroadcast),
        ("255.255.255.255", .multicastOrBroadcast, .multicastOrBroadcast),
        ("ff02::1", .multicastOrBroadcast, .multicastOrBroadcast),
        ("10.0.0.1", nil, nil),
        ("192.168.1.1", nil, nil),
        ("172.16.0.1", nil, nil),
        ("100.64.0.1", nil, nil),
        ("8.8.8.8", nil, nil),
        ("fec0::1", nil, nil),
        ("fd00::1", nil, nil),
        ("2001:db8::1", nil, nil),
        ("::2", nil, nil),
    ]

    @Test("refusals with and without allowsLoopback", arguments: rows)
    func refusal(_ text: String, _ strict: AddressRefusal?, _ loose: AddressRefusal?) throws {
        let address = try #require(IPAddress(text))
        #expect(AddressPolicy().refusal(for: address) == strict)
        #expect(AddressPolicy(allowsLoopback: true).refusal(for: address) == loose)
    }

    static let texts: [(String, String?)] = [
        ("1.2.3.4", "1.2.3.4"), ("01.2.3.4", nil), ("1.2.3", nil), ("1.2.3.4.5", nil), ("1.2.3.256", nil), ("", nil),
        ("::", "::"), ("::1", "::1"), ("1::", "1::"), ("2001:DB8::8:800:200C:417A", "2001:db8::8:800:200c:417a"),
        ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"), ("0:0:1:0:0:0:1:0", "0:0:1::1:0"),
        ("::ffff:10.0.0.1", "::ffff:10.0.0.1"), ("::ffff:0:1", "::ffff:0.0.0.1"), ("1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8"), (":::", nil), ("1::2::3", nil),
        ("12345::", nil), ("1:2:3:4:5:6:7", nil), ("::1.2.3", nil), ("fe80::1%eth0", nil), ("g::", nil),
    ]

    @Test("IPAddress text: strict parsing, RFC 5952 output", arguments: texts)
    func text(_ input: String, _ output: String?) {
        #expect(IPAddress(input)?.description == output)
    }
}
