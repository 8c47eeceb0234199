import Testing
@testable import VouchTrust

/// Punycode encoding of the list's Unicode labels (answers from Python's `idna`/`punycode` codecs
/// and RFC 3492 §7.1).
@Suite struct PunycodeTests {
    @Test(arguments: [
        ("公司", "xn--55qx5d"),
        ("网络", "xn--io0a7i"),
        ("aéroport", "xn--aroport-bya"),
        ("bücher", "xn--bcher-kva"),
        ("münchen", "xn--mnchen-3ya"),
        ("ελ", "xn--qxam"),
        ("ουτοπία", "xn--kxae4bafwg"),
        ("ドメイン名例", "xn--eckwd4c7cu47r2wf"),
        ("majiでkoiする5秒前", "xn--majikoi5-783gue6qz075azm5e"),
        ("com", "com"),
    ])
    func aLabel(_ label: String, _ expected: String) {
        #expect(Punycode.aLabel(Substring(label)) == expected)
    }

    @Test func labelLongerThanDNSAllowsIsRefused() {
        #expect(Punycode.aLabel(Substring(String(repeating: "é", count: 64))) == nil)
        #expect(Punycode.aLabel(Substring(String(repeating: "é", count: 63))) != nil)
    }
}
