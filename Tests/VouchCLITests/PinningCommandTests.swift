import Foundation
import Testing

/// Apple's pinning database in `vouch verify` (SECTRUST.md §17.5): under Apple's store (the
/// default) a hostname the embedded database names is pinned, whatever anchors are given.
@Suite("Apple's pinning database in vouch verify")
struct PinningCommandTests {
    static let chain = ["TestVectors/example/leaf.pem", "TestVectors/example/intermediate.pem"]
    static let options = ["--anchors", "TestVectors/example/root.pem", "--at", "2026-06-01T00:00:00Z", "--json"]

    static func json(_ arguments: [String]) throws -> [String: Any] {
        let process = try VouchProcess.run(["verify"] + chain + options + arguments)
        return try #require(try JSONSerialization.jsonObject(with: Data(process.standardOutput.utf8)) as? [String: Any])
    }

    static func checks(_ object: [String: Any]) -> [String] {
        (object["failures"] as? [[String: Any]] ?? []).compactMap { $0["check"] as? String }
    }

    @Test("p01-content.icloud.com is pinned to Apple's roots: the example chain fails the pinning checks, not only the hostname")
    func pinnedHost() throws {
        let pinned = try Self.json(["--host", "p01-content.icloud.com"])
        #expect(pinned["trusted"] as? Bool == false)
        let checks = Self.checks(pinned)
        #expect(checks.contains("AnchorApple") && checks.contains("SSLHostname"))
        #expect(["errSecMissingRequiredExtension", "errSecInvalidRoot"].contains(pinned["error"] as? String ?? ""))
        // The same chain for its own name is not pinned.
        #expect(try Self.json(["--host", "example.com"])["trusted"] as? Bool == true)
        // Under the distribution's store the database is not applied.
        let linux = try Self.json(["--host", "p01-content.icloud.com", "--system-roots", "linux"])
        #expect(Self.checks(linux) == ["SSLHostname"])
    }

    @Test("--pinning-policy-name asks the database by name: example.com under MMCS is pinned")
    func policyName() throws {
        let named = try Self.json(["--host", "example.com", "--pinning-policy-name", "MMCS"])
        #expect(named["trusted"] as? Bool == false)
        #expect(Self.checks(named).contains { ["AnchorApple", "AnchorSHA256"].contains($0) })
        #expect(try Self.json(["--host", "example.com", "--pinning-policy-name", "sslServer"])["trusted"] as? Bool == true)
    }
}
