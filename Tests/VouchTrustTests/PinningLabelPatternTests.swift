import Testing
import VouchPropertyList
@testable import VouchTrust

/// The `labelRegex` subset (``PinningLabelPattern``): each construct the database uses, matching
/// and failing, ICU's `$` and `.` at line terminators, case folding, what is refused, and how the
/// database reports a refused pattern.
@Suite struct PinningLabelPatternTests {
    /// (pattern, label, matches): trustd's test is "matches anywhere, case-insensitively".
    static let cases: [(String, String, Bool)] = [
        // literals, unanchored
        ("api", "xapix", true), ("api", "ap", false), ("API", "api", true), ("api", "ApI", true),
        // anchors
        ("^api$", "api", true), ("^api$", "apis", false), ("^api$", "xapi", false), ("^api", "apis", true),
        ("api$", "xapi", true), ("api$", "apix", false),
        // alternation, top level and in groups, with an empty alternative
        ("ps2ls|sc5mv", "aps2ls", true), ("ps2ls|sc5mv", "sc5m", false),
        ("^(cn-|)(smp-device|apple-pay-gateway)$", "cn-smp-device", true),
        ("^(cn-|)(smp-device|apple-pay-gateway)$", "apple-pay-gateway", true),
        ("^(cn-|)(smp-device|apple-pay-gateway)$", "xx-smp-device", false),
        // sets and ranges, case closed over
        ("^cl[1-5](-cn)?$", "cl5-cn", true), ("^cl[1-5](-cn)?$", "CL3", true), ("^cl[1-5](-cn)?$", "cl6", false),
        ("^[a-c]$", "B", true), ("^[A-C]$", "b", true), ("^[a-c]$", "d", false), ("^[a-]$", "-", true),
        // counted repetition
        ("^p[0-9]{0,3}-content$", "p-content", true), ("^p[0-9]{0,3}-content$", "p999-content", true),
        ("^p[0-9]{0,3}-content$", "p1000-content", false), ("^p[0-9]{0,3}-content$", "pa-content", false),
        ("^ab{2}$", "abb", true), ("^ab{2}$", "ab", false), ("^ab{2,}$", "abbbb", true), ("^ab{2,}$", "ab", false),
        // ?, *, +, .
        ("^gsa(s)?$", "gsas", true), ("^gsa(s)?$", "gsass", false),
        ("^.*quota$", "myquota", true), ("^.*quota$", "quotas", false),
        ("^idmsa-.+-s$", "idmsa-x-s", true), ("^idmsa-.+-s$", "idmsa--s", false),
        ("^fpservices-(cert|prod).*$", "fpservices-prodx", true),
        // negative lookahead
        ("^amp-api(?!-carry)", "amp-api", true), ("^amp-api(?!-carry)", "amp-api-car", true),
        ("^amp-api(?!-carry)", "amp-api-carry", false), ("^amp-api(?!-carry)", "AMP-API-CARRYON", false),
        ("^(?!.*(init|support|splunk)).*", "courier", true), ("^(?!.*(init|support|splunk)).*", "", true),
        ("^(?!.*(init|support|splunk)).*", "xINITx", false), ("^(?!.*(init|support|splunk)).*", "splunk", false),
        ("a(?!b)", "abac", true), ("a(?!b)", "abab", false), ("(?!a$)", "a", true),
        // ICU's $: before a final line terminator or CR LF, not before a middle one
        ("^api$", "api\n", true), ("^api$", "api\r\n", true), ("^api$", "api\u{2028}", true),
        ("^api$", "api\n\n", false), ("^api$", "api\nx", false),
        // . stops at line terminators
        ("^a.c$", "abc", true), ("^a.c$", "a\nc", false), ("^a.c$", "a\u{85}c", false), ("^a.c$", "a\u{E9}c", true),
        // the two non-ASCII characters whose case folding is ASCII
        ("^kit$", "\u{212A}it", true), ("^s$", "\u{17F}", true), ("^[j-l]it$", "\u{212A}IT", true),
    ]

    @Test func eachConstruct() throws {
        for (source, label, expected) in Self.cases {
            let pattern = try PinningLabelPattern.parse(source)
            #expect(pattern.matches(label) == expected, "\(source) on \(label.debugDescription)")
        }
    }

    /// Every pattern of the database reads; spot checks against them as written.
    @Test func everyDatabasePatternReads() throws {
        let sources = ApplePinningDatabaseTests.database.entries.flatMap(\.domains).map(\.labelRegex)
        #expect(sources.count == 114)
        for source in sources { #expect(throws: Never.self) { _ = try PinningLabelPattern.parse(source) } }
    }

    @Test(arguments: [
        "", "\\d", "a\\.b", "a{", "a{x}", "a{3,2}", "a{101}", "(?:a)", "(?=a)", "(?<=a)b", "(?i)a", "[^a]", "[a",
        "[]", "[a-\\]", "[--z]", "a*?", "a++", "a**", "a{2}{3}", "(a", "a)", "é", "a.b#", "a b", "^*", "$+", "(?!a)*",
        "(?!(?!a))", "*a", "a|*",
    ])
    func refused(source: String) {
        #expect(throws: PinningLabelPattern.Refusal.self) { _ = try PinningLabelPattern.parse(source) }
    }

    @Test func limits() throws {
        _ = try PinningLabelPattern.parse("a{100}")
        #expect(throws: PinningLabelPattern.Refusal.self) { _ = try PinningLabelPattern.parse("a{101}") }
        let deep = String(repeating: "(", count: 16) + "a" + String(repeating: ")", count: 16)
        _ = try PinningLabelPattern.parse(deep)
        #expect(throws: PinningLabelPattern.Refusal.self) { _ = try PinningLabelPattern.parse("(" + deep + ")") }
        #expect(throws: PinningLabelPattern.Refusal.self) {
            _ = try PinningLabelPattern.parse("((((a{100}){100}){100}){100})")
        }
        _ = try PinningLabelPattern.parse(String(repeating: "a", count: PinningLabelPattern.maximumLength))
        #expect(throws: PinningLabelPattern.Refusal.self) {
            _ = try PinningLabelPattern.parse(String(repeating: "a", count: PinningLabelPattern.maximumLength + 1))
        }
    }

    /// Time linear in the label: a long label against the lookahead pattern and a nested star.
    @Test func longLabels() throws {
        let long = String(repeating: "a", count: 50_000)
        #expect(try PinningLabelPattern.parse("^(?!.*(init|support|splunk)).*").matches(long + "init") == false)
        #expect(try PinningLabelPattern.parse("^(a*)*b$").matches(long) == false)
        #expect(try PinningLabelPattern.parse("^(a|aa)+$").matches(long) == true)
    }

    /// A refused pattern is a problem; its domain never matches, the entry's other domains and
    /// its policy name still do. Unknown keys are kept and reported; a malformed entry is left out.
    @Test func databaseReportsWhatItCannotRead() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><array><integer>7</integer>
            <dict><key>policyName</key><string>Test</string>
              <key>domains</key><array>
                <dict><key>suffix</key><string>example.com</string><key>labelRegex</key><string>^a\\d$</string></dict>
                <dict><key>suffix</key><string>example.com</string><key>labelRegex</key><string>^b$</string>
                  <key>extra</key><true/></dict>
              </array>
              <key>rules</key><array><dict><key>ChainLength</key><integer>2</integer><key>Future</key><string>x</string>
                <key>Revocation</key><string>Sometimes</string></dict><string>not a rule</string></array>
              <key>transparentConnection</key><integer>1</integer>
              <key>owner</key><string>someone</string>
            </dict>
            <string>not an entry</string>
            <dict><key>policyName</key><string>Broken</string></dict>
            </array></plist>
            """
        let database = ApplePinningDatabase(propertyList: Array(plist.utf8))
        #expect(database.contentVersion == 7)
        #expect(database.entries.map(\.policyName) == ["Test"])
        let entry = try #require(database.entries.first)
        #expect(entry.domains.map(\.isMatchable) == [false, true])
        #expect(entry.domains[1].unknownKeys == ["extra": .boolean(true)])
        #expect(entry.unknownKeys == ["owner": .string("someone")])
        #expect(entry.transparentConnection)
        #expect(entry.rules.count == 1)
        #expect(entry.rules[0].chainLength == 2 && entry.rules[0].revocation == nil)
        #expect(entry.rules[0].unrecognizedKeys == ["Future", "Revocation"])
        #expect(entry.rules[0].options["Future"] == .string("x"))
        #expect(database.problems.count == 8, "\(database.problems)")
        #expect(database.problems.contains { $0.contains("^a\\d$") && $0.contains("outside the subset") })
        #expect(database.rules(forHostname: "a1.example.com") == nil)
        #expect(database.rules(forHostname: "b.example.com")?.policyName == "Test")
        #expect(database.rules(forPolicyName: "Test")?.rules.count == 1)

        let notAList = ApplePinningDatabase(propertyList: Array("<plist><dict/></plist>".utf8))
        #expect(notAList.entries.isEmpty && notAList.contentVersion == nil && notAList.problems.count == 1)
        let notAPlist = ApplePinningDatabase(propertyList: Array("{}".utf8))
        #expect(notAPlist.entries.isEmpty && notAPlist.problems.count == 1)
    }

    /// trustd's table keeps one row per (policyName, suffix, labelRegex): a repeat replaces the
    /// earlier row and moves to the end (`INSERT OR REPLACE`).
    @Test func repeatedRowsReplace() {
        func entry(_ name: String, _ regex: String, rules: Int) -> String {
            """
            <dict><key>policyName</key><string>\(name)</string><key>domains</key><array><dict><key>suffix</key>\
            <string>example.com</string><key>labelRegex</key><string>\(regex)</string></dict></array>\
            <key>rules</key><array>\(String(repeating: "<dict><key>ChainLength</key><integer>3</integer></dict>", count: rules))\
            </array></dict>
            """
        }
        let plist = "<plist><array><integer>1</integer>" + entry("A", "^x", rules: 1) + entry("B", "x", rules: 2)
            + entry("A", "^x", rules: 3) + "</array></plist>"
        let database = ApplePinningDatabase(propertyList: Array(plist.utf8))
        #expect(database.problems == [])
        #expect(database.rows.count == 2)
        let match = database.rules(forHostname: "x.example.com")
        #expect(match?.policyName == "A" && match?.rules.count == 5)
    }
}
