import Foundation
import Testing
import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

/// Host patterns, rule choice, TrustKit's pinning decisions and the failure report of ``PinSet``.
@Suite("PinSet")
struct PinSetTests {
    struct Match: CustomTestStringConvertible, Sendable {
        let pattern: String
        let host: String
        let matches: Bool
        var testDescription: String { "\(pattern) \(matches ? "matches" : "does not match") \(host)" }
    }

    static let matches: [Match] = [
        Match(pattern: "example.com", host: "example.com", matches: true),
        Match(pattern: "example.com", host: "EXAMPLE.com.", matches: true),
        Match(pattern: "example.com", host: "www.example.com", matches: false),
        Match(pattern: "*.example.com", host: "www.example.com", matches: true),
        Match(pattern: "*.example.com", host: "example.com", matches: false),
        Match(pattern: "*.example.com", host: "a.b.example.com", matches: false),
        Match(pattern: "*.example.com", host: "badexample.com", matches: false),
        Match(pattern: "**.example.com", host: "example.com", matches: true),
        Match(pattern: "**.example.com", host: "www.example.com", matches: true),
        Match(pattern: "**.example.com", host: "a.b.example.com", matches: true),
        Match(pattern: "**.example.com", host: "xexample.com", matches: false),
        Match(pattern: "**.example.com", host: ".example.com", matches: false),
        Match(pattern: "*.example.com", host: ".example.com", matches: false),
        Match(pattern: "example.com", host: "example.org", matches: false),
    ]

    @Test("host patterns", arguments: matches)
    func hostPattern(_ row: Match) throws {
        let pattern = try #require(HostPattern(row.pattern))
        #expect(pattern.matches(row.host) == row.matches)
        #expect(pattern.description == row.pattern)
    }

    @Test("malformed patterns are refused", arguments: ["", "*", "*.", "**.", "a..b", "foo.*.com", "***.a.com", "*x.a.com", "a.com.."])
    func malformedPattern(_ text: String) {
        #expect(HostPattern(text) == nil)
    }

    static func pin(_ letter: Character) -> SPKIPin? { SPKIPin(String(repeating: letter, count: 43) + "=") }

    @Test("the most specific rule wins; exclusions and expired rules leave the host unpinned")
    func ruleChoice() throws {
        let pins = Set([Self.pin("A"), Self.pin("B")].compactMap { $0 })
        let broad = PinRule(try #require(HostPattern("**.good.com")), pins: pins)
        let one = PinRule(try #require(HostPattern("*.good.com")), pins: pins, isReportOnly: true)
        let exact = PinRule.exclusion(try #require(HostPattern("unsecured.good.com")))
        let set = PinSet([broad, one, exact])
        #expect(set.rule(for: "good.com") == broad)
        #expect(set.rule(for: "www.good.com") == one)
        #expect(set.rule(for: "a.www.good.com") == broad)
        #expect(set.rule(for: "unsecured.good.com")?.isExclusion == true)
        #expect(set.rule(for: "good.org") == nil)
        let expiring = PinRule(try #require(HostPattern("good.com")), pins: pins, expiration: DERTime(rfc3339: "2015-01-01T00:00:00Z"))
        #expect(!expiring.isExpired(at: 1_420_070_400))
        #expect(expiring.isExpired(at: 1_420_070_401))
    }

    static let decisionCases = (TrustKitSuite.loaded?.cases ?? []).filter {
        $0.kind.hasPrefix("verifyPublicKeyPin") && ($0.asserted?.decision?.hasPrefix("TSKTrustDecision") ?? false)
    }

    @Test("TrustKit asserts 13 pinning decisions")
    func decisionCount() {
        #expect(Self.decisionCases.count == 13, "seed-suites/trustkit/cases.json missing or changed")
    }

    @Test("TrustKit's pinning decisions", arguments: decisionCases)
    func trustKitDecision(_ row: TrustKitSuite.Case) throws {
        let suite = SeedSuites.trustkit
        let server = try #require(row.server_trust), config = try #require(row.pinned_domain_config)
        var trust = try Trust(certificates: server.certificates.map { try SeedSuites.certificate(suite, $0) },
                              policies: [.ssl(server: true, hostname: nil)])
        trust.setAnchorCertificates(try (server.anchors ?? []).map { try SeedSuites.certificate(suite, $0) })
        trust.setVerifyDate(try #require(server.verify_date_set_by_test.flatMap(SeedSuites.date)))
        let pins = Set(config.publicKeyHashes.compactMap(SPKIPin.init(_:)))
        let expiration = config.expirationDate.flatMap { DERTime(rfc3339: $0 + "T00:00:00Z") }
        var rules: [PinRule]
        if row.id.hasSuffix("testExcludedSubdomain") {
            // good.com with includeSubdomains, and unsecured.good.com excluded from it.
            rules = [PinRule(try #require(HostPattern("**.good.com")), pins: pins),
                     .exclusion(try #require(HostPattern("unsecured.good.com")))]
        } else {
            rules = [PinRule(try #require(config.domain.flatMap(HostPattern.init)), pins: pins, expiration: expiration,
                             isReportOnly: config.enforcePinning == false)]
        }
        let now = Int64(Date().timeIntervalSince1970)
        let decision = PinSet(rules).evaluate(&trust, host: try #require(row.hostname), now: now)
        let expected: PinSetDecision.Verdict
        switch row.asserted?.decision {
        case "TSKTrustDecisionShouldAllowConnection": expected = .allow
        case "TSKTrustDecisionShouldBlockConnection": expected = .block
        default: expected = .notPinned
        }
        #expect(decision.verdict == expected, "\(decision.failureMessage ?? "")")
        if let verification = row.asserted?.verifyPublicKeyPin {
            #expect(decision.verification.map { "\($0)" } == TrustKitSeedTests.expected(verification).map { "\($0)" })
        }
    }

    @Test("a failure names the pins expected and presented; a rule without a backup pin is flagged")
    func failureReportAndBackupPin() throws {
        let suite = SeedSuites.trustkit
        let leaf = try SeedSuites.certificate(suite, "certs/RSA_4096/www.good.com.der")
        let root = try SeedSuites.certificate(suite, "certs/RSA_4096/GoodRootCA.der")
        var trust = try Trust(certificates: [leaf])
        trust.setAnchorCertificates([root])
        trust.setVerifyDate(try #require(DERTime(rfc3339: "2016-01-22T13:54:00Z")))
        let wrong = try #require(Self.pin("A"))
        let pattern = try #require(HostPattern("www.good.com"))
        let decision = PinSet([PinRule(pattern, pins: [wrong], isReportOnly: true)]).evaluate(&trust, host: "www.good.com", now: 0)
        #expect(decision.verdict == .allow && decision.shouldReport)
        #expect(decision.presentedPins == [SPKIPin(leaf), SPKIPin(root)])
        let message = try #require(decision.failureMessage)
        #expect(message.contains(wrong.description) && message.contains(SPKIPin(leaf).description) && message.contains(SPKIPin(root).description))
        let chain = [leaf, root]
        #expect(PinRule(pattern, pins: [SPKIPin(leaf), SPKIPin(root)]).lacksBackupPin(for: chain))
        #expect(!PinRule(pattern, pins: [SPKIPin(leaf), wrong]).lacksBackupPin(for: chain))
    }
}
