import Testing
import VouchTrust
import VouchX509

/// dNSName matching: SECTRUST.md §13 rows 11–16 and the rules of §5.1–5.4.
@Suite struct HostnameDNSNameTests {
    static let example: [SANEntry] = [.dns("example.com")]
    static let wildcard: [SANEntry] = [.dns("*.example.com")]
    static let label63 = String(repeating: "a", count: 63)
    static let label64 = String(repeating: "a", count: 64)
    /// Four 63-character labels: 255 characters with the dots.
    static let name255 = [label63, label63, label63, label63].joined(separator: ".")
    /// Three 63-character labels, one of 62 and one of 1: 256 characters with the dots.
    static let name256 = [label63, label63, label63, String(repeating: "b", count: 62), "c"].joined(separator: ".")

    static let cases: [HostnameCase] = [
        // §13 #11, and the plain match it differs from.
        HostnameCase(note: "#11 SAN example.com", san: example, hostname: "example.com", matches: true),
        HostnameCase(note: "#11 other name", san: example, hostname: "other.com", matches: false),
        HostnameCase(note: "label counts differ", san: example, hostname: "www.example.com", matches: false),
        // §13 #12: the common name is never used.
        HostnameCase(note: "#12 no SAN, CN=example.com", san: nil, commonName: "example.com", hostname: "example.com", matches: false),
        HostnameCase(note: "#12 SAN without dNSName, CN=example.com", san: [.email("a@example.com")], commonName: "example.com",
            hostname: "example.com", matches: false),
        // §13 #13: the wildcard matches exactly one label.
        HostnameCase(note: "#13 wildcard, one label", san: wildcard, hostname: "a.example.com", matches: true),
        HostnameCase(note: "#13 wildcard, no label", san: wildcard, hostname: "example.com", matches: false),
        HostnameCase(note: "#13 wildcard, two labels", san: wildcard, hostname: "a.b.example.com", matches: false),
        // §13 #14 and §5.4: where a `*` may stand.
        HostnameCase(note: "#14 partial wildcard f*", san: [.dns("f*.example.com")], hostname: "foo.example.com", matches: false),
        HostnameCase(note: "partial wildcard *o", san: [.dns("*o.example.com")], hostname: "foo.example.com", matches: false),
        HostnameCase(note: "partial wildcard f*, bare f", san: [.dns("f*.example.com")], hostname: "f.example.com", matches: false),
        HostnameCase(note: "wildcard not leftmost", san: [.dns("a.*.example.com")], hostname: "a.b.example.com", matches: false),
        HostnameCase(note: "two wildcards", san: [.dns("*.*.example.com")], hostname: "a.b.example.com", matches: false),
        HostnameCase(note: "#14 *.com: two labels", san: [.dns("*.com")], hostname: "a.com", matches: false),
        HostnameCase(note: "*.com without a list: still two labels", san: [.dns("*.com")], hostname: "a.com", suffixes: .none,
            matches: false),
        HostnameCase(note: "bare * never matches", san: [.dns("*")], hostname: "localhost", matches: false),
        HostnameCase(note: "#14 *.co.uk with the list", san: [.dns("*.co.uk")], hostname: "a.co.uk", matches: false),
        HostnameCase(note: "*.co.uk without a list fails open", san: [.dns("*.co.uk")], hostname: "a.co.uk", suffixes: .none,
            matches: true),
        HostnameCase(note: "*.CO.UK: the suffix test ignores case", san: [.dns("*.CO.UK")], hostname: "a.co.uk", matches: false),
        HostnameCase(note: "*.example.co.uk", san: [.dns("*.example.co.uk")], hostname: "www.example.co.uk", matches: true),
        HostnameCase(note: "wildcard PSL rule *.ck", san: [.dns("*.foo.ck")], hostname: "a.foo.ck", matches: false),
        HostnameCase(note: "exception rule !www.ck", san: [.dns("*.www.ck")], hostname: "a.www.ck", matches: true),
        HostnameCase(note: "Unicode PSL rule in xn-- form", san: [.dns("*.xn--55qx5d.cn")], hostname: "a.xn--55qx5d.cn",
            matches: false),
        HostnameCase(note: "private PSL section not used", san: [.dns("*.github.io")], hostname: "a.github.io", matches: true),
        HostnameCase(note: "later entry matches", san: [.dns("f*.example.com"), .dns("other.org"), .dns("*.example.com")],
            hostname: "foo.example.com", matches: true),
        // §13 #15 and §5.2–5.3: case and the reference's trailing dot.
        // Row 15 gives no SAN of its own; "A.Example.COM" has three labels, so it is checked
        // against SANs with three labels, and against example.com to show the count rule wins.
        HostnameCase(note: "#15 mixed-case hostname, SAN *.example.com", san: wildcard, hostname: "A.Example.COM", matches: true),
        HostnameCase(note: "#15 mixed-case hostname, SAN a.example.com", san: [.dns("a.example.com")], hostname: "A.Example.COM",
            matches: true),
        HostnameCase(note: "#15 mixed-case hostname, SAN example.com", san: example, hostname: "A.Example.COM", matches: false),
        HostnameCase(note: "mixed-case two-label hostname", san: example, hostname: "Example.COM", matches: true),
        HostnameCase(note: "#15 trailing dot on hostname", san: example, hostname: "example.com.", matches: true),
        HostnameCase(note: "mixed-case SAN", san: [.dns("EXAMPLE.Com")], hostname: "example.com", matches: true),
        HostnameCase(note: "mixed-case wildcard", san: [.dns("*.EXAMPLE.com")], hostname: "WWW.example.COM", matches: true),
        HostnameCase(note: "trailing dot on hostname, wildcard", san: wildcard, hostname: "a.example.com.", matches: true),
        HostnameCase(note: "two trailing dots", san: example, hostname: "example.com..", matches: false),
        HostnameCase(note: "leading dot on hostname", san: example, hostname: ".example.com", matches: false),
        HostnameCase(note: "Apple's `*` matches an empty hostname label", san: wildcard, hostname: ".example.com", matches: true),
        HostnameCase(note: "empty hostname", san: example, hostname: "", matches: false),
        HostnameCase(note: "hostname is a dot", san: example, hostname: ".", matches: false),
        // §13 #16: a presented name ending in a dot is not DNS-like.
        HostnameCase(note: "#16 SAN example.com.", san: [.dns("example.com.")], hostname: "example.com", matches: false),
        HostnameCase(note: "#16 SAN example.com., hostname example.com.", san: [.dns("example.com.")], hostname: "example.com.",
            matches: false),
        // §5.3: no IDNA.
        HostnameCase(note: "Unicode hostname vs its xn-- SAN", san: [.dns("xn--bcher-kva.example")], hostname: "bücher.example",
            matches: false),
        HostnameCase(note: "xn-- hostname vs xn-- SAN", san: [.dns("xn--bcher-kva.example")], hostname: "xn--bcher-kva.example",
            matches: true),
        HostnameCase(note: "Unicode SAN is not DNS-like", san: [.dns("bücher.example")], hostname: "bücher.example", matches: false),
        HostnameCase(note: "Kelvin sign is not ASCII k", san: [.dns("k.example.com")], hostname: "\u{212A}.example.com",
            matches: false),
        // §5.1: which dNSNames are DNS-like.
        HostnameCase(note: "63-character label", san: [.dns("\(label63).example.com")], hostname: "\(label63).example.com",
            matches: true),
        HostnameCase(note: "64-character label", san: [.dns("\(label64).example.com")], hostname: "\(label64).example.com",
            matches: false),
        HostnameCase(note: "255-character name", san: [.dns(name255)], hostname: name255, matches: true),
        HostnameCase(note: "256-character name", san: [.dns(name256)], hostname: name256, matches: false),
        HostnameCase(note: "leading hyphen", san: [.dns("-a.example.com")], hostname: "-a.example.com", matches: false),
        HostnameCase(note: "trailing hyphen", san: [.dns("a-.example.com")], hostname: "a-.example.com", matches: false),
        HostnameCase(note: "inner hyphens", san: [.dns("a--b.example.com")], hostname: "a--b.example.com", matches: true),
        HostnameCase(note: "hyphen after underscore", san: [.dns("_-a.example.com")], hostname: "_-a.example.com", matches: true),
        HostnameCase(note: "empty label", san: [.dns("a..example.com")], hostname: "a..example.com", matches: false),
        HostnameCase(note: "leading dot in SAN", san: [.dns(".example.com")], hostname: ".example.com", matches: false),
        HostnameCase(note: "underscore allowed", san: [.dns("_dmarc.example.com")], hostname: "_dmarc.example.com", matches: true),
        HostnameCase(note: "underscore inside a label", san: [.dns("a_b.example.com")], hostname: "A_B.example.com", matches: true),
        HostnameCase(note: "last label all digits", san: [.dns("example.123")], hostname: "example.123", matches: false),
        HostnameCase(note: "last label digits and underscore", san: [.dns("example._1")], hostname: "example._1", matches: false),
        HostnameCase(note: "last label with a letter", san: [.dns("example.1a")], hostname: "example.1a", matches: true),
        HostnameCase(note: "digit-only inner labels", san: [.dns("127.0.0.1.example.com")], hostname: "127.0.0.1.example.com",
            matches: true),
        HostnameCase(note: "space", san: [.dns("exa mple.com")], hostname: "exa mple.com", matches: false),
        HostnameCase(note: "empty dNSName", san: [.dns(""), .dns("example.com")], hostname: "example.com", matches: true),
        HostnameCase(note: "NUL inside", san: [.dnsOctets(Array("example.com".utf8) + [0, 0x61])], hostname: "example.com",
            matches: false),
        HostnameCase(note: "non-DNS-like entry skipped, next kept", san: [.dns("exämple.com"), .dns("example.com")],
            hostname: "example.com", matches: true),
        HostnameCase(note: "one non-UTF-8 dNSName discards all of them",
            san: [.dnsOctets([0x65, 0xFF, 0x2E, 0x63, 0x6F, 0x6D]), .dns("example.com")], hostname: "example.com", matches: false),
        HostnameCase(note: "overlong UTF-8 is not UTF-8", san: [.dns("example.com"), .dnsOctets([0xC0, 0xAE])],
            hostname: "example.com", matches: false),
    ]

    @Test(arguments: cases)
    func dnsName(_ row: HostnameCase) throws {
        try row.check()
    }

    /// §5.1: a SAN that does not parse presents nothing, though it holds example.com.
    @Test func unparseableSubjectAltName() throws {
        let trailing = TestCertificate.encodedGeneralNames([.dns("example.com")]) + [0x05, 0x00]
        let empty: [UInt8] = [0x30, 0x00]
        for value in [trailing, empty] {
            let certificate = try TestCertificate.make(sanExtensionValue: value)
            #expect(certificate.extensions.unparseable.count == 1)
            #expect(!HostnameMatching.matches("example.com", certificate: certificate, publicSuffixes: InlineSuffixes.list))
        }
    }
}
