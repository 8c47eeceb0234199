import Foundation
import Testing
import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

/// Pin-set files (``PinSet/init(jsonFile:)``): the README's example, every refusal with its offset,
/// and TrustKit's challenge-handler cases through ``PinSet/handle(_:now:)``.
@Suite("Pin-set files")
struct PinSetFileTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestVectors/example").path

    static func parse(_ text: String) throws(PinSetFileError) -> PinSet { try PinSet(jsonFile: Array(text.utf8)) }

    static let pinA = "sha256/" + String(repeating: "A", count: 43) + "="
    /// (Base64 is read strictly: 43 `B`s and `=` leave non-zero padding bits, and are refused.)
    static let pinB = "sha256/" + String(repeating: "B", count: 42) + "A="

    @Test("the example pin set (the README's) parses and judges the example chain")
    func exampleFile() throws {
        let set = try PinSet(contentsOfFile: Self.example + "/pins.json")
        #expect(set.rules.count == 2)
        let chain = try ["leaf", "intermediate"].map { try Certificate(derEncoded: [UInt8](try #require(FileManager.default.contents(atPath: "\(Self.example)/\($0).der")))) }
        let root = try Certificate(derEncoded: [UInt8](try #require(FileManager.default.contents(atPath: "\(Self.example)/root.der"))))
        var trust = try Trust(certificates: chain, policies: [.ssl(server: true, hostname: nil)])
        trust.setAnchorCertificates([root])
        trust.setVerifyDate(try #require(DERTime(rfc3339: "2026-06-01T00:00:00Z")))
        let now = try #require(DERTime(rfc3339: "2026-06-01T00:00:00Z")).secondsSince1970
        #expect(set.evaluate(&trust, host: "example.com", now: now).verdict == .allow)
        #expect(set.evaluate(&trust, host: "www.example.com", now: now).verdict == .allow)
        #expect(set.evaluate(&trust, host: "status.example.com", now: now).verdict == .notPinned)
        #expect(set.evaluate(&trust, host: "example.org", now: now).verdict == .notPinned)
        let rule = try #require(set.rule(for: "www.example.com"))
        #expect(!rule.lacksBackupPin(for: trust.evaluate().chain), "the file carries a backup pin")
        let afterExpiry = try #require(DERTime(rfc3339: "2028-01-01T00:00:00Z")).secondsSince1970
        #expect(set.evaluate(&trust, host: "example.com", now: afterExpiry).verdict == .notPinned)
    }

    @Test("every member is read: patterns, pins, expiry, report-only, exclusions")
    func members() throws {
        let set = try Self.parse("""
            {"rules": [
              {"host": "*.a.example", "pins": ["\(Self.pinA)", "\(Self.pinB)", "\(Self.pinA)"], "expires": "2030-01-01T00:00:00Z", "report-only": true},
              {"host": "B.example", "pins": ["\(Self.pinB)"], "report-only": false},
              {"host": "x.a.example", "exclude": true},
              {"host": "c.example", "exclude": false, "pins": ["\(Self.pinA)"]}
            ]}
            """)
        #expect(set.rules.count == 4)
        let first = set.rules[0]
        #expect(first.pattern == HostPattern("*.a.example") && first.pins.count == 2 && first.isReportOnly)
        #expect(first.expiration == DERTime(rfc3339: "2030-01-01T00:00:00Z"))
        #expect(set.rules[1].pattern.matches("b.example") && !set.rules[1].isReportOnly && set.rules[1].expiration == nil)
        #expect(set.rules[2].isExclusion && set.rule(for: "x.a.example")?.isExclusion == true)
        #expect(!set.rules[3].isExclusion && set.rules[3].pins == [SPKIPin(Self.pinA)].compactMap { $0 }.reduce(into: Set()) { $0.insert($1) })
        #expect(try Self.parse(#"{"rules": []}"#).rules.isEmpty)
        #expect(try Self.parse(" \n{ \"rules\" : [ ] }\t\r\n").rules.isEmpty)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let text: String
        let offset: Int
        let rule: Int?
        let says: String
        var testDescription: String { says }
    }

    static let refusals: [Refusal] = [
        Refusal(text: "", offset: 0, rule: nil, says: "end of the file"),
        Refusal(text: "[]", offset: 0, rule: nil, says: "expected an object"),
        Refusal(text: "{}", offset: 0, rule: nil, says: "missing \"rules\""),
        Refusal(text: #"{"rules": {}}"#, offset: 10, rule: nil, says: "not an array"),
        Refusal(text: #"{"rules": [], "pins": []}"#, offset: 22, rule: nil, says: "unknown member \"pins\""),
        Refusal(text: #"{"rules": [], "rules": []}"#, offset: 14, rule: nil, says: "duplicate member"),
        Refusal(text: #"{"rules": []} x"#, offset: 14, rule: nil, says: "after the JSON value"),
        Refusal(text: #"{"rules": [1]}"#, offset: 11, rule: 0, says: "found a number"),
        Refusal(text: #"{"rules": [{"pins": ["\#(pinA)"]}]}"#, offset: 11, rule: 0, says: "missing \"host\""),
        Refusal(text: #"{"rules": [{"host": "a.example"}]}"#, offset: 11, rule: 0, says: "missing \"pins\""),
        Refusal(text: #"{"rules": [{"host": "a.example", "pins": []}]}"#, offset: 41, rule: 0, says: "non-empty array"),
        Refusal(text: #"{"rules": [{"host": "a..example", "pins": ["\#(pinA)"]}]}"#, offset: 20, rule: 0, says: "not a host pattern"),
        Refusal(text: #"{"rules": [{"host": 7, "pins": ["\#(pinA)"]}]}"#, offset: 20, rule: 0, says: "not a string"),
        Refusal(text: #"{"rules": [{"host": "a.example", "pins": ["sha1/AAAA"]}]}"#, offset: 42, rule: 0, says: "not a sha256/ pin"),
        Refusal(text: #"{"rules": [{"host": "a.example", "pins": ["\#(String(repeating: "A", count: 43))="]}]}"#, offset: 42, rule: 0,
                says: "not a sha256/ pin (the prefix is required)"),
        Refusal(text: #"{"rules": [{"host": "a.example", "pins": ["\#(pinA)"], "expires": "2030-01-01"}]}"#, offset: 109, rule: 0, says: "RFC 3339"),
        Refusal(text: #"{"rules": [{"host": "a.example", "pins": ["\#(pinA)"], "report-only": "yes"}]}"#, offset: 113, rule: 0, says: "not true or false"),
        Refusal(text: #"{"rules": [{"host": "a.example", "pins": ["\#(pinA)"], "expire": "2030-01-01T00:00:00Z"}]}"#, offset: 108, rule: 0, says: "unknown member \"expire\""),
        Refusal(text: #"{"rules": [{"host": "a.example", "exclude": true, "pins": ["\#(pinA)"]}]}"#, offset: 58, rule: 0, says: "takes no \"pins\""),
        Refusal(text: #"{"rules": [{"host": "a.example", "exclude": true}, {"host": "A.example.", "exclude": true}]}"#, offset: 51, rule: 1, says: "has a rule already"),
        Refusal(text: #"{"rules": [{"host": "a.example", "pins": ["\#(pinA)",]}]}"#, offset: 96, rule: nil, says: "expected a JSON value"),
        Refusal(text: "{\"rules\": [], \"x\u{01}\": 1}", offset: 16, rule: nil, says: "control character"),
        Refusal(text: #"{"rules": "\ud800"}"#, offset: 11, rule: nil, says: "unpaired surrogate"),
        Refusal(text: #"{"rules": 01}"#, offset: 10, rule: nil, says: "leading zero"),
        Refusal(text: #"{"rules": tru}"#, offset: 10, rule: nil, says: "expected true"),
        Refusal(text: String(repeating: "[", count: 40), offset: 16, rule: nil, says: "nested deeper"),
    ]

    @Test("a bad file names what, the byte offset and the rule", arguments: refusals)
    func refusal(_ row: Refusal) {
        do {
            _ = try Self.parse(row.text)
            Issue.record("accepted: \(row.text)")
        } catch {
            #expect(error.offset == row.offset, "\(error)")
            #expect(error.rule == row.rule, "\(error)")
            let words = row.says.split(separator: " (").first.map(String.init) ?? row.says
            #expect(error.message.contains(words), "\(error)")
        }
    }

    @Test("invalid UTF-8 and oversized files are refused; escapes decode")
    func bytesAndEscapes() throws {
        let invalid = Array(#"{"rules": [{"host": ""#.utf8) + [0xff] + Array(#"", "exclude": true}]}"#.utf8)
        #expect(throws: PinSetFileError("invalid UTF-8 in a string", offset: 21)) { try PinSet(jsonFile: invalid) }
        let large = [UInt8](repeating: 0x20, count: PinSet.maximumFileSize + 1)
        #expect(throws: PinSetFileError.self) { try PinSet(jsonFile: large) }
        let escaped = try Self.parse(#"{"rules": [{"host": "\u0061.example\/", "exclude": true}]}"#)
        #expect(escaped.rules.isEmpty == false)
        #expect(throws: PinSetFileError.self) { try PinSet(contentsOfFile: "/nonexistent/pins.json") }
    }

    // MARK: TrustKit's handleChallenge:completionHandler: cases

    static let handleCases = (TrustKitSuite.loaded?.cases ?? []).filter { $0.id.contains("testHandleChallengeCompletionHandler") }

    @Test("TrustKit has four handleChallenge cases")
    func handleCount() { #expect(Self.handleCases.count == 4, "seed-suites/trustkit/cases.json missing or changed") }

    @Test("TrustKit's handleChallenge cases", arguments: handleCases)
    func handleChallenge(_ row: TrustKitSuite.Case) throws {
        let suite = SeedSuites.trustkit
        let server = try #require(row.server_trust), config = try #require(row.pinned_domain_config)
        var trust = try Trust(certificates: server.certificates.map { try SeedSuites.certificate(suite, $0) },
                              policies: [.ssl(server: true, hostname: nil)])
        trust.setAnchorCertificates(try (server.anchors ?? []).map { try SeedSuites.certificate(suite, $0) })
        trust.setVerifyDate(try #require(server.verify_date_set_by_test.flatMap(SeedSuites.date)))
        let pins = Set(config.publicKeyHashes.compactMap(SPKIPin.init(_:)))
        let set = PinSet([PinRule(try #require(config.domain.flatMap(HostPattern.init)), pins: pins,
                                  isReportOnly: config.enforcePinning == false)])
        let host = try #require(row.hostname)
        let now = Int64(Date().timeIntervalSince1970)
        let decision = try #require(row.asserted?.decision)
        if row.id.hasSuffix("NotServerTrustAuthenticationMethod") {
            #expect(set.handle(AuthenticationChallenge(host: host, method: .other("NSURLAuthenticationMethodNTLM")), now: now) == nil)
            return
        }
        let response = try #require(set.handle(AuthenticationChallenge(host: host, method: .serverTrust(trust)), now: now))
        if decision.contains("PerformDefaultHandling") {
            #expect(response.disposition == .performDefaultHandling && response.credential == nil)
        } else if decision.contains("CancelAuthenticationChallenge") {
            #expect(response.disposition == .cancelAuthenticationChallenge && response.credential == nil)
            let error = try #require(response.taskError as? PinningError)
            #expect(error.description.contains("no pin matches"))
        } else {
            #expect(decision.contains("UseCredential"))
            #expect(response.disposition == .useCredential)
            #expect(response.credential?.certificates.first?.derEncoded == trust.certificates.first?.derEncoded)
        }
    }
}
