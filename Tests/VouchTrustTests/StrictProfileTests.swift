import Testing
import VouchDER
import VouchX509
@testable import VouchTrust

/// The strict profile's rules one by one, beside the x509-limbo run (Tests/VouchCLITests/LimboTests).
@Suite struct StrictProfileTests {
    @Test func profiles() {
        #expect(ValidationProfile.apple.isApple)
        #expect(!ValidationProfile.strict.isApple)
        #expect(ValidationProfile(named: "apple") == .apple)
        #expect(ValidationProfile(named: "strict") == .strict)
        #expect(ValidationProfile(named: "webpki") == nil)
        #expect("\(ValidationProfile.strict)" == "strict")
        var custom = ValidationProfile.apple
        custom.checksSerialNumbers = true
        #expect("\(custom)" == "custom")
    }

    @Test("serial numbers: positive, at most 20 octets (a sign octet not counted)", arguments: [
        ([0x01], true), ([0x00], false), ([0x00, 0x00], false), ([0x80], false), ([0xFF, 0x01], false),
        ([0x00, 0x80], true), (Array(repeating: 0x11, count: 20), true), (Array(repeating: 0x11, count: 21), false),
        ([0x00] + Array(repeating: 0x91, count: 20), true), ([0x00] + Array(repeating: 0x91, count: 21), false),
    ] as [([UInt8], Bool)])
    func serialNumbers(serial: [UInt8], conforms: Bool) {
        #expect(StrictProfileChecks.serialNumberConforms(serial[...]) == conforms)
    }

    @Test("dNSName syntax: letters, digits, inner hyphens; '*' alone as the first label", arguments: [
        ("example.com", true), ("a-b.example.com", true), ("*.example.com", true), ("0.example.com", true),
        ("foo_bar.example.com", false), ("-a.example.com", false), ("a-.example.com", false), ("a..com", false),
        ("example.com.", false), ("f*.example.com", false), ("a.*.com", false), ("*", false), ("", false),
    ])
    func dnsNameSyntax(name: String, conforms: Bool) {
        #expect(StrictProfileChecks.hasPreferredSyntax(Array(name.utf8)[...]) == conforms)
    }

    @Test("commonName encoding: canonical IP text, internationalised names copied from the SAN", arguments: [
        ("192.168.1.1", true), ("192.168.001.001", false), ("2001:db8::1", true), ("2001:db8:0:0:0:0:0:1", false),
        ("example.com", true), ("anything.example", true), ("xn--nxasmq6b.example", false), ("bücher.example", false),
        ("xn--bcher-kva.example", true),
        // IPv4 in inet_aton's other forms (BR 7.1.4.3 via RFC 3986 §3.2.2), and digits that are no address.
        ("0x7f.0.0.1", false), ("0177.0.0.1", false), ("127.1", false), ("2130706433", false), ("0x7f000001", false),
        ("0X7F.0.0.1", false), ("127.0.0.1.", false), ("256.0.0.1", false), ("1.2.3.4.5", false),
        ("0x7f.example", true), ("1e100.example", true), ("0xdeadbeef.example", true),
        // IPv6 forms RFC 5952 §4 does not write.
        ("2001:0db8::1", false), ("2001:DB8::1", false), ("2001:db8::1:1:1:1:1", false), ("2001::1:0:0:0:1", false),
        ("2001:db8:0:0:1::1", false), ("[2001:db8::1]", false), ("::ffff:192.0.2.1", false), ("::ffff:c000:201", true),
    ])
    func commonNames(text: String, conforms: Bool) throws {
        let san = try SubjectAlternativeNames(extensionValue: Self.sanValue(dns: ["xn--bcher-kva.example"])[...])
        #expect(StrictProfileChecks.commonName(text, isIn: san) == conforms)
    }

    /// Checked against glibc's `inet_aton` (Python's `socket.inet_aton`), which agrees on every
    /// row but the final dot, which it refuses and the WHATWG URL host parser drops.
    @Test("inet_aton's numbers-and-dots notation", arguments: [
        ("127.0.0.1", [127, 0, 0, 1]), ("0x7f.0.0.1", [127, 0, 0, 1]), ("0177.0.0.1", [127, 0, 0, 1]),
        ("127.1", [127, 0, 0, 1]), ("2130706433", [127, 0, 0, 1]), ("0x7f000001", [127, 0, 0, 1]), ("0X7F.1", [127, 0, 0, 1]),
        ("127.0.0.1.", [127, 0, 0, 1]), ("1.2.3", [1, 2, 0, 3]), ("1.2.65535", [1, 2, 255, 255]),
        ("4294967295", [255, 255, 255, 255]), ("0", [0, 0, 0, 0]), ("00", [0, 0, 0, 0]), ("0x0", [0, 0, 0, 0]),
        ("08.0.0.1", nil), ("0x.0.0.1", nil), ("256.0.0.1", nil), ("1.256.0.0", nil), ("1.2.65536", nil),
        ("4294967296", nil), ("99999999999999999999", nil), ("1..2.3", nil), ("", nil), (".", nil), (".1.2.3", nil),
        ("1.2.3.4.5", nil), ("example.com", nil), ("0xg.1.1.1", nil), ("1e3", nil), ("127.0.0.1 x", nil), ("-1", nil),
    ] as [(String, [UInt8]?)])
    func numbersAndDots(text: String, address: [UInt8]?) {
        #expect(IPv4NumbersAndDots.parse(text) == address)
    }

    /// The DER of a SubjectAlternativeName with the given dNSNames.
    static func sanValue(dns names: [String]) -> [UInt8] {
        var content: [UInt8] = []
        for name in names { content += [0x82, UInt8(name.utf8.count)] + Array(name.utf8) }
        return [0x30, UInt8(content.count)] + content
    }

    /// The shipped example chain is the kind of chain strict is for: it passes both profiles.
    @Test func exampleChainPassesStrict() throws {
        let directory = "TestVectors/example/"
        func certificates(_ file: String) throws -> [Certificate] {
            let bytes = try #require(FileSystem.read(directory + file))
            return try PEM.certificates(in: bytes[...]).map { try Certificate(derEncoded: $0) }
        }
        for profile in [ValidationProfile.apple, .strict] {
            var trust = try Trust(certificates: try certificates("chain.pem"), policies: [.ssl(server: true, hostname: "example.com")])
            trust.setAnchorCertificates(try certificates("root.pem"))
            trust.setVerifyDate(try #require(DERTime(rfc3339: "2026-06-01T00:00:00Z")))
            trust.setValidationProfile(profile)
            let evaluation = trust.evaluate()
            #expect(evaluation.isTrusted, "\(profile): \(evaluation.failures)")
        }
    }

    @Test("every switch is on in strict and off in apple")
    func switches() {
        let strict = ValidationProfile.strict, apple = ValidationProfile.apple
        #expect(strict.checksNameConstraintsDefensively && strict.ignoresConstraintsOnAbsentNameForms)
        #expect(strict.requiresConformingCRLs && strict.requiresLeafRevocationStatus && strict.usesPrivatePublicSuffixes)
        #expect(!apple.checksNameConstraintsDefensively && !apple.ignoresConstraintsOnAbsentNameForms)
        #expect(!apple.requiresConformingCRLs && !apple.requiresLeafRevocationStatus && !apple.usesPrivatePublicSuffixes)
        #expect(strict.checksCertificateEncoding && !apple.checksCertificateEncoding)
    }

    @Test("a wildcard dNSName meets a constraint when any name it matches is within it", arguments: [
        ("*.example.com", "bar.example.com", true), ("*.example.com", "example.com", true), ("*.example.com", "com", true),
        ("*.example.com", "", true), ("*.example.com", "a.bar.example.com", false), ("*.example.com", "example.org", false),
        ("*.example.com", "barexample.com", false), ("*.example.com", ".example.com", true), ("*.example.com", "xample.com", false),
        ("www.example.com", "bar.example.com", false), ("*.", "a.", false), ("*.a.b", "x.a.b", true),
    ])
    func wildcardConstraints(name: String, constraint: String, meets: Bool) {
        #expect(ConstrainedName.wildcardMayMatch(Array(name.utf8), constraint: Array(constraint.utf8)) == meets)
    }

    /// The DER of a NameConstraints extension value with dNSName subtrees.
    static func nameConstraintsValue(permitted: [String]?, excluded: [String]?) -> [UInt8] {
        func subtrees(_ tag: UInt8, _ names: [String]?) -> [UInt8] {
            guard let names else { return [] }
            var content: [UInt8] = []
            for name in names {
                let base: [UInt8] = [0x82, UInt8(name.utf8.count)] + Array(name.utf8)
                content += [0x30, UInt8(base.count)] + base
            }
            return [tag, UInt8(content.count)] + content
        }
        let content = subtrees(0xA0, permitted) + subtrees(0xA1, excluded)
        return [0x30, UInt8(content.count)] + content
    }

    @Test("malformed nameConstraints: no subtree list, or a dNSName that is not a domain name", arguments: [
        (nil, nil, true), (["example.com"], nil, false), (nil, ["example.com"], false), ([".example.com"], nil, true),
        (nil, ["example.com."], true), (nil, ["a..example.com"], true), ([""], nil, false), (["example.com"], [".bad"], true),
    ] as [([String]?, [String]?, Bool)])
    func malformedNameConstraints(permitted: [String]?, excluded: [String]?, malformed: Bool) throws {
        let constraints = try NameConstraints(extensionValue: Self.nameConstraintsValue(permitted: permitted, excluded: excluded)[...])
        #expect(PreparedNameConstraints.isMalformed(constraints) == malformed)
    }

    /// CVE-2025-61727's pattern: `*.example.com` under an excluded `bar.example.com`. Apple
    /// compares the text and admits it; strict judges every name the wildcard can match.
    @Test func wildcardUnderExcludedSubtree() throws {
        let constraints = try NameConstraints(extensionValue: Self.nameConstraintsValue(permitted: nil, excluded: ["bar.example.com"])[...])
        let subtrees = PreparedNameConstraints(constraints)
        let names = [ConstrainedName(.dnsName(Array("*.example.com".utf8)[...]))]
        let budget = EvaluationBudget()
        #expect(subtrees.admit(names, defensively: false, budget))
        #expect(!subtrees.admit(names, defensively: true, budget))
        let other = [ConstrainedName(.dnsName(Array("*.example.org".utf8)[...]))]
        #expect(subtrees.admit(other, defensively: true, budget))
    }
}
