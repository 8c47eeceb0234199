import Foundation
import Testing

/// `verify --trust-settings`, `--exceptions` and the `exceptions` and `trust_decisions` keys
/// (docs/CLI.md; SECTRUST.md §15) on the sectrust certificates, verify date 2026-06-01.
@Suite("vouch verify: trust settings and exceptions")
struct TrustSettingsCommandTests {
    static let certs = "TestVectors/sectrust/certs/"
    static let at = ["--at", "2026-06-01T00:00:00Z", "--host", "example.com"]
    /// SHA-1 of TestVectors/sectrust/certs/intermediate.der, upper-case.
    static let intermediateSHA1 = "E450081E155C11083E8337DB3B16000E972A0C55"

    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-ts-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func json(_ stdout: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any] ?? [:]
    }

    @Test("TrustAsRoot on the intermediate (JSON document) is proceed, exit 0; Deny is deny, −67654, exit 1")
    func proceedAndDeny() throws {
        let asRoot = try Self.write(#"{"trustVersion": 1, "trustList": {"\#(Self.intermediateSHA1)": {"trustSettings": [{"kSecTrustSettingsPolicy": "1.2.840.113635.100.1.3", "kSecTrustSettingsPolicyName": "sslServer", "kSecTrustSettingsResult": 2}]}}}"#)
        let proceed = try VouchProcess.run(["verify", Self.certs + "leaf.der", Self.certs + "intermediate.der", "--trust-settings", asRoot, "--json"] + Self.at)
        #expect(proceed.status == 0)
        let object = try Self.json(proceed.standardOutput)
        #expect(object["result"] as? String == "proceed")
        #expect((object["chain"] as? [Any])?.count == 2)
        let deny = try Self.write(#"{"trustVersion": 1, "trustList": {"\#(Self.intermediateSHA1)": {"trustSettings": [{"kSecTrustSettingsResult": 3}]}}}"#)
        let denied = try VouchProcess.run(["verify", Self.certs + "leaf.der", Self.certs + "intermediate.der", "--anchors", Self.certs + "root.der",
                                           "--system-anchors", "--trust-settings", "admin:" + deny, "--json"] + Self.at)
        #expect(denied.status == 1)
        let deniedObject = try Self.json(denied.standardOutput)
        #expect(deniedObject["result"] as? String == "deny")
        #expect(deniedObject["status"] as? Int == -67654)
        let decisions = deniedObject["trust_decisions"] as? [[String: Any]] ?? []
        #expect(decisions.first?["kind"] as? String == "denied" && decisions.first?["domain"] as? String == "admin")
        // Exclusive --anchors: the settings are not consulted.
        let ignored = try VouchProcess.run(["verify", Self.certs + "leaf.der", Self.certs + "intermediate.der", "--anchors", Self.certs + "root.der",
                                            "--trust-settings", deny] + Self.at)
        #expect(ignored.status == 0)
        #expect(ignored.standardOutput.contains("trusted (unspecified)"))
    }

    @Test("a setting Apple refuses, or a certificate not found, is bad input (exit 2)")
    func refusedSettings() throws {
        let trustRootOnIntermediate = try Self.write(#"{"trustVersion": 1, "trustList": {"\#(Self.intermediateSHA1)": {"trustSettings": [{"kSecTrustSettingsResult": 1}]}}}"#)
        let refused = try VouchProcess.run(["verify", Self.certs + "leaf.der", Self.certs + "intermediate.der", "--trust-settings", trustRootOnIntermediate] + Self.at)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("TrustRoot"))
        let unknown = try Self.write(#"{"trustVersion": 1, "trustList": {"0000000000000000000000000000000000000000": {}}}"#)
        #expect(try VouchProcess.run(["verify", Self.certs + "leaf.der", "--trust-settings", unknown] + Self.at).status == 2)
        let outOfRange = try Self.write(#"{"trustVersion": 1, "trustList": {"\#(Self.intermediateSHA1)": {"trustSettings": [{"kSecTrustSettingsResult": 5}]}}}"#)
        #expect(try VouchProcess.run(["verify", Self.certs + "leaf.der", Self.certs + "intermediate.der", "--trust-settings", outOfRange] + Self.at).status == 2)
    }

    @Test("the exceptions --json prints, given back with --exceptions, make a self-signed server proceed; not another leaf")
    func exceptionsRoundTrip() throws {
        let failed = try VouchProcess.run(["verify", Self.certs + "selfsigned-leaf.der", "--json"] + Self.at)
        #expect(failed.status == 1)
        let exceptions = try Self.json(failed.standardOutput)["exceptions"] as? [[String: Any]] ?? []
        #expect(exceptions.count == 1 && exceptions.first?["AnchorTrusted"] as? Bool == false)
        let file = try Self.write(String(decoding: try JSONSerialization.data(withJSONObject: exceptions), as: UTF8.self))
        let accepted = try VouchProcess.run(["verify", Self.certs + "selfsigned-leaf.der", "--exceptions", file] + Self.at)
        #expect(accepted.status == 0)
        #expect(accepted.standardOutput.contains("trusted (proceed)"))
        let other = try VouchProcess.run(["verify", Self.certs + "selfsigned-leaf-3y.der", "--exceptions", file] + Self.at)
        #expect(other.status == 1)
    }
}
