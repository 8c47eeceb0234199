import Foundation
import Testing

/// Wildcard decisions that need the Public Suffix List, made by `vouch verify` with the list it
/// embeds: the same answer whatever `/usr/share/publicsuffix` holds (TestVectors/public-suffix).
@Suite("public suffix decisions")
struct PublicSuffixDecisionTests {
    static let directory = "TestVectors/public-suffix/"

    static func verify(_ leaf: String, host: String, environment: [String] = []) throws -> VouchProcess {
        try VouchProcess.run(URL(fileURLWithPath: "/usr/bin/env"), environment + [
            VouchProcess.executable.path, "verify", directory + leaf, "--anchors", directory + "root.pem",
            "--host", host, "--at", "2026-06-01T00:00:00Z",
        ])
    }

    @Test("*.co.uk does not match foo.co.uk; *.example.co.uk matches foo.example.co.uk", arguments: [
        ("wildcard-co-uk.pem", "foo.co.uk", Int32(1)),
        ("wildcard-example-co-uk.pem", "foo.example.co.uk", 0),
        ("wildcard-example-co-uk.pem", "foo.co.uk", 1),
    ])
    func decisions(leaf: String, host: String, status: Int32) throws {
        let run = try Self.verify(leaf, host: host)
        #expect(run.status == status, "\(leaf) for \(host): \(run.standardOutput)\(run.standardError)")
        if status == 1 { #expect(run.standardOutput.contains("SSLHostname")) }
    }

    @Test("VOUCH_PUBLIC_SUFFIX_LIST pointing at a list without co.uk changes the answer; a bad path keeps the embedded list")
    func override() throws {
        let list = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-psl-\(UUID().uuidString).dat")
        try "// ===BEGIN ICANN DOMAINS===\nuk\n// ===END ICANN DOMAINS===\n".write(to: list, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: list) }
        let overridden = try Self.verify("wildcard-co-uk.pem", host: "foo.co.uk", environment: ["VOUCH_PUBLIC_SUFFIX_LIST=\(list.path)"])
        #expect(overridden.status == 0, "\(overridden.standardOutput)\(overridden.standardError)")
        let missing = try Self.verify("wildcard-co-uk.pem", host: "foo.co.uk", environment: ["VOUCH_PUBLIC_SUFFIX_LIST=/nonexistent/list.dat"])
        #expect(missing.status == 1, "a missing override must not fail open: \(missing.standardOutput)")
    }
}
