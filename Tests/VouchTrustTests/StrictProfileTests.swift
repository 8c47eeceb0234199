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
    ])
    func commonNames(text: String, conforms: Bool) throws {
        let san = try SubjectAlternativeNames(extensionValue: Self.sanValue(dns: ["xn--bcher-kva.example"])[...])
        #expect(StrictProfileChecks.commonName(text, isIn: san) == conforms)
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
        var budget = NameConstraintBudget()
        #expect(subtrees.admit(names, defensively: false, &budget))
        #expect(!subtrees.admit(names, defensively: true, &budget))
        let other = [ConstrainedName(.dnsName(Array("*.example.org".utf8)[...]))]
        #expect(subtrees.admit(other, defensively: true, &budget))
    }
}
