import Foundation
import Testing
import VouchX509

/// Apple's own OCSP parse verdicts (tests/TrustTests/DaemonTests/OCSPResponseTests.m in
/// apple-oss-distributions/Security), over its data in tests/TrustTests/TestData/OCSPResponseTests-data:
/// every response Apple's `SecOCSPResponseCreate` parses, Vouch parses; every one it refuses,
/// Vouch refuses. The data is Apple's and not shipped here: set `VOUCH_APPLE_SECURITY` to a
/// checkout (or `git archive` extract) of that repository to run these; they skip otherwise.
@Suite struct AppleOCSPCorpusTests {
    static let root: URL? = ProcessInfo.processInfo.environment["VOUCH_APPLE_SECURITY"].map {
        URL(fileURLWithPath: $0).appendingPathComponent("tests/TrustTests/TestData/OCSPResponseTests-data")
    }

    static func files(_ folder: String, named suffix: String = ".der") -> [URL] {
        guard let root, let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(suffix) }.sorted()
            .map { root.appendingPathComponent(folder).appendingPathComponent($0) }
    }

    static func parses(_ url: URL) -> Bool { error(url) == nil }

    /// Why Vouch refuses the response at `url`, or `nil` when it parses.
    static func error(_ url: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return "unreadable" }
        do {
            _ = try OCSPResponse(derEncoded: [UInt8](data))
            return nil
        } catch {
            return "\(error)"
        }
    }

    static var skipped: Bool {
        if root == nil { print("AppleOCSPCorpusTests: VOUCH_APPLE_SECURITY is not set; skipped") }
        return root == nil
    }

    @Test("ParseResponseSuccessTests and the CT-sourced corpus: Apple parses every one, so does Vouch")
    func successes() {
        guard !Self.skipped else { return }
        let files = Self.files("ParseResponseSuccessTests") + Self.files("CTSourcedCorpus", named: "ocspResponse.der")
            + Self.files("CTSourcedCorpus", named: "ocspResponse.sha256.der")
        #expect(files.count > 1_000)
        let refused = files.filter { !Self.parses($0) }
        var reasons: [String: Int] = [:]
        for file in refused { reasons[Self.error(file) ?? "", default: 0] += 1 }
        for (reason, count) in reasons.sorted(by: { $0.value > $1.value }).prefix(20) { print("AppleOCSPCorpusTests: \(count) × \(reason)") }
        #expect(refused.isEmpty, "\(refused.count) of \(files.count) refused: \(refused.prefix(10).map(\.lastPathComponent))")
    }

    @Test("ParseResponseFailureTests: Apple refuses every one, so does Vouch")
    func failures() {
        guard !Self.skipped else { return }
        let files = Self.files("ParseResponseFailureTests")
        #expect(files.count > 100)
        let parsed = files.filter { Self.parses($0) }
        #expect(parsed.isEmpty, "\(parsed.count) of \(files.count) parsed: \(parsed.map(\.lastPathComponent))")
    }

    /// Apple's known bugs (its test asserts they still parse): Vouch parses them too, except a
    /// byName ResponderID whose content is no Name, which Apple stores without reading and Vouch
    /// refuses. Either way such a response can never be verified (the name matches no subject),
    /// so the outcome, ignored, is Apple's.
    @Test("ParseResponseTodoFailureTests: what Apple still parses, Vouch parses, but one named difference")
    func todoFailures() {
        guard !Self.skipped else { return }
        let files = Self.files("ParseResponseTodoFailureTests")
        #expect(files.count >= 6)
        let refused = files.filter { !Self.parses($0) }.map(\.lastPathComponent)
        #expect(refused == ["response_data_bad_responderID.der"])
    }
}
