import Testing
import VouchPropertyList
@testable import VouchTrust

/// Apple's pinning database compiled into Vouch (Pinning/CertificatePinning.plist at
/// security_certificates-55349.0.11; SECTRUST.md §17.5) and trustd's lookups of it
/// (SecPinningDb.m `queryForPolicyName:`, `queryForDomain:`). Expected answers were worked out
/// from the plist with Python's `re` (case-insensitive `search`), which agrees with ICU on these
/// ASCII names.
@Suite struct ApplePinningDatabaseTests {
    static let database = AppleTrustStoreSnapshot.embedded.pinningDatabase

    /// §17.1: content version 114, 51 entries, 79 rules dictionaries, 114 domains; nothing
    /// refused or unknown.
    @Test func countsAtTheTag() {
        let database = Self.database
        #expect(database.problems == [])
        #expect(database.contentVersion == 114)
        #expect(database.entries.count == 51)
        #expect(database.ruleCount == 79)
        #expect(database.domainCount == 114)
        #expect(database.rows.count == 114, "no (policyName, suffix, labelRegex) repeats")
        #expect(Set(database.entries.map(\.policyName)).count == 51)
        #expect(database.entries.allSatisfy { $0.domains.allSatisfy(\.isMatchable) && $0.unknownKeys.isEmpty })
        #expect(database.entries.filter(\.transparentConnection).map(\.policyName)
            == ["BAA", "Pallas", "Activation", "Updates", "Personalization", "AppleIssuedTransparent"])
        #expect(database.entries.flatMap(\.domains).compactMap(\.comment).count == 12)
        #expect(!database.entries.contains { $0.policyName == "sslServer" })
    }

    /// Every rule key at the tag is read into its typed property, with §17.5's counts.
    @Test func ruleKeysAtTheTag() {
        let rules = Self.database.entries.flatMap(\.rules)
        #expect(rules.allSatisfy { $0.unrecognizedKeys.isEmpty })
        var occurrences: [String: Int] = [:]
        for rule in rules { for key in rule.options.keys { occurrences[key, default: 0] += 1 } }
        #expect(occurrences == [
            "AnchorApple": 52, "AnchorSHA256": 27, "CertificatePolicy": 7, "ChainLength": 72,
            "CheckIntermediateCountry": 20, "CheckIntermediateMarkerOid": 52, "CheckIntermediateOrganization": 20,
            "CheckLeafMarkerOid": 17, "CheckLeafMarkersProdAndQA": 55, "Revocation": 72, "SubjectOrganization": 7,
        ])
        #expect(Set(occurrences.keys) == Set(ApplePinningDatabase.Rule.knownKeys))
        #expect(rules.filter { $0.anchorApple != nil }.count == 52)
        #expect(rules.filter { $0.anchorSHA256 != nil }.count == 27)
        #expect(rules.allSatisfy { ($0.anchorApple == nil) != ($0.anchorSHA256 == nil) }, "one anchor rule each")
        #expect(rules.compactMap(\.anchorSHA256).allSatisfy { $0.allSatisfy { $0.count == 32 } })
        #expect(rules.filter { $0.chainLength == 3 }.count == 72)
        #expect(rules.filter { $0.revocation == .any }.count == 72)
        #expect(rules.compactMap(\.certificatePolicy) == Array(repeating: "2.23.140.1.1", count: 7))
        #expect(rules.filter { $0.leafMarkersProdAndQA?.production != nil }.count == 55)
        #expect(rules.filter { $0.intermediateMarker == .extensionPresent(oid: "1.2.840.113635.100.6.2.12") }.count == 52)
    }

    /// MMCS's two rules, typed: Apple's anchor, or one of five public roots with Apple's
    /// intermediates; production marker …27.11.2 either way.
    @Test func mmcsRules() throws {
        let match = try #require(Self.database.rules(forPolicyName: "MMCS"))
        #expect(match.rules.count == 2, "one copy per entry, not per domain (SELECT DISTINCT)")
        let production = ApplePinningDatabase.MarkerRequirement.anyOf([
            .extensionPresent(oid: "1.2.840.113635.100.6.27.11.2"),
            .extensionValues(["1.2.840.113635.100.6.48.1": .string("1.2.840.113635.100.6.27.11.2")]),
        ])
        let (apple, publicRoots) = (match.rules[0], match.rules[1])
        #expect(apple.anchorApple == [:] && apple.chainLength == 3 && apple.revocation == .any)
        #expect(apple.leafMarkersProdAndQA?.production == production)
        #expect(apple.intermediateCountry == nil && apple.anchorSHA256 == nil)
        #expect(publicRoots.anchorSHA256?.count == 5)
        #expect(publicRoots.anchorSHA256?.first?.prefix(2) == [0x31, 0xAD])
        #expect(publicRoots.intermediateCountry == "US" && publicRoots.intermediateOrganization == "Apple Inc.")
        #expect(publicRoots.leafMarkersProdAndQA?.production == production)
    }

    /// `queryForDomain:`: split at the first dot, suffix byte for byte (one trailing dot
    /// dropped), label pattern anywhere and case-insensitive; rules of matching rows concatenated,
    /// the last row's name and transparentConnection.
    @Test(arguments: [
        ("p01-content.icloud.com", "MMCS", 2, false),
        ("P01-CONTENT.icloud.com", "MMCS", 2, false),
        ("p01-content.icloud.com.", "MMCS", 2, false),
        ("gateway.icloud.com", "MMCS", 2, false),
        ("p01-escrowproxy.icloud.com", "Escrow", 2, false),
        ("fmipalservice.icloud.com", "FMiP", 1, false),
        ("appsto.re", "AMP", 3, false),
        (".mzstatic.com", "AMP", 3, false),
        ("amp-api.music.apple.com", "AMP", 3, false),
        ("foo.ess.apple.com", "IDS", 1, false),
        ("x.teams.apple-studies.com", "AppleStudies", 1, false),
        ("api.smoot.apple.com", "AppleIssued", 2, false),
        ("courier.push.apple.com", "APN", 1, false),
        ("mesu.apple.com", "AppleIssuedTransparent", 2, true),
        // Two entries' rows match: IDS's unanchored `ps2ls|sc5mv` and a later entry's.
        ("ps2ls-wpc-device.apple.com", "AppleIssued", 3, false),
        ("fpservices-prod-ps2ls.apple.com", "ApplePay", 5, false),
        ("sc5mv-pallas-1.apple.com", "Pallas", 2, true),
    ])
    func hostnameLookups(hostname: String, policyName: String, ruleCount: Int, transparentConnection: Bool) throws {
        let match = try #require(Self.database.rules(forHostname: hostname))
        #expect(match.policyName == policyName)
        #expect(match.rules.count == ruleCount)
        #expect(match.transparentConnection == transparentConnection)
    }

    @Test func combinedRulesKeepRowOrder() throws {
        let match = try #require(Self.database.rules(forHostname: "fpservices-prod-ps2ls.apple.com"))
        let ids = try #require(Self.database.rules(forPolicyName: "IDS"))
        let applePay = try #require(Self.database.rules(forPolicyName: "ApplePay"))
        #expect(match.rules == ids.rules + applePay.rules)
    }

    @Test(arguments: [
        "p01-content.ICLOUD.COM",  // the suffix is compared byte for byte
        "p01-content.icloud.com..",  // only one trailing dot is dropped
        "www.icloud.com",  // the suffix has rows, the label matches none
        "p1234-content.icloud.com",  // p[0-9]{0,3}: four digits are too many
        "amp-api-carry.music.apple.com",  // ^amp-api(?!-carry)
        "xinitx.ess.apple.com",  // ^(?!.*(init|support|splunk)).*
        "xSUPPORTx.ess.apple.com",
        "localhost", "icloud", "",  // no dot
        "icloud.com", "apple.com", "example.com",
    ])
    func hostnamesWithoutRules(hostname: String) {
        #expect(Self.database.rules(forHostname: hostname) == nil)
    }

    /// `queryForPolicyName:` compares names exactly and never answers for `sslServer`;
    /// `SecPinningDbCopyMatching` prefers it to the hostname.
    @Test func policyNameLookups() throws {
        let amp = try #require(Self.database.rules(forPolicyName: "AMP"))
        #expect(amp.policyName == "AMP" && amp.rules.count == 3 && !amp.transparentConnection)
        #expect(Self.database.rules(forPolicyName: "Updates")?.transparentConnection == true)
        #expect(Self.database.rules(forPolicyName: "D&U")?.rules.count == 2)
        for name in ["sslServer", "mmcs", "MMCS ", "sslClient", "", "Nope"] {
            #expect(Self.database.rules(forPolicyName: name) == nil, "\(name)")
        }
        let byHostname = try #require(Self.database.rules(forHostname: "p01-content.icloud.com"))
        #expect(Self.database.match(policyName: "sslServer", hostname: "p01-content.icloud.com") == byHostname)
        #expect(Self.database.match(policyName: nil, hostname: "p01-content.icloud.com") == byHostname)
        #expect(Self.database.match(policyName: "sslClient", hostname: "p01-content.icloud.com") == byHostname)
        let ids = try #require(Self.database.rules(forPolicyName: "IDS"))
        #expect(Self.database.match(policyName: "IDS", hostname: "p01-content.icloud.com") == ids)
        #expect(Self.database.match(policyName: "IDS", hostname: "example.com") == ids)
        #expect(Self.database.match(policyName: "sslServer", hostname: "example.com") == nil)
    }

    /// Decoding the list costs little, and is not part of the snapshot's first use.
    @Test func decodeTime() {
        let bytes = AppleTrustStoreSnapshot.embedded.pinningPropertyList
        let clock = ContinuousClock()
        var decoded: ApplePinningDatabase?
        _ = ApplePinningDatabase(propertyList: bytes)  // a first run pays page faults
        let elapsed = clock.measure { decoded = ApplePinningDatabase(propertyList: bytes) }
        let parsing = clock.measure { _ = try? PropertyListReader.parse(bytes) }
        let sources = Self.database.entries.flatMap(\.domains).map(\.labelRegex)
        let compiling = clock.measure { for source in sources { _ = try? PinningLabelPattern.parse(source) } }
        let snapshot = clock.measure { _ = AppleTrustStoreSnapshot.decodeEmbeddedTable() }
        print("pinning database: \(bytes.count) bytes decoded in \(elapsed) (property list \(parsing), patterns"
            + " \(compiling)); the rest of the snapshot, for comparison: \(snapshot)")
        #expect(decoded?.entries.count == 51)
    }
}
