import Foundation
import Testing

/// `vouch pin` against the openssl pipeline, and `vouch policy` against the contract of CLI.md.
@Suite("vouch pin and vouch policy")
struct PinPolicyCommandTests {
    static let chain = "TestVectors/example/chain.pem"
    static let root = "TestVectors/example/root.pem"
    static let openssl = VouchProcess.which("openssl")

    /// `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`.
    static func opensslPin(_ pem: [UInt8], _ openssl: URL) throws -> String {
        let publicKey = try VouchProcess.run(openssl, ["x509", "-pubkey", "-noout"], input: pem)
        let script = "\"$0\" pkey -pubin -outform der | \"$0\" dgst -sha256 -binary | base64"
        let pipeline = try VouchProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script, openssl.path],
                                            input: Array(publicKey.standardOutput.utf8))
        return pipeline.standardOutput
    }

    @Test("each pin is byte-identical to the openssl pipeline", .enabled(if: openssl != nil, "openssl is not installed"))
    func pinMatchesOpenSSL() throws {
        let openssl = try #require(Self.openssl)
        let result = try VouchProcess.run(["pin", Self.chain, Self.root])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let files = ["leaf.pem", "intermediate.pem", "root.pem"].map { "TestVectors/example/" + $0 }
        #expect(lines.count == files.count)
        for (line, file) in zip(lines, files) {
            let pem = try [UInt8](Data(contentsOf: VouchProcess.projectRoot.appendingPathComponent(file)))
            #expect(line.hasPrefix("sha256/"))
            #expect(String(line.dropFirst("sha256/".count)) + "\n" == (try Self.opensslPin(pem, openssl)), "\(file)")
        }
    }

    @Test("pin --json lists file, subject and pin; bad input exits 2")
    func pinJSON() throws {
        let result = try VouchProcess.run(["pin", "--json", Self.chain])
        #expect(result.status == 0)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        #expect(entries.count == 2)
        #expect((entries.first?["pin"] as? String)?.hasPrefix("sha256/") == true)
        #expect(entries.first?["subject"] is String && entries.first?["file"] is String)
        #expect(try VouchProcess.run(["pin", "Package.swift"]).status == 2)
    }

    static func policy(_ arguments: [String]) throws -> (status: Int32, json: [String: Any]) {
        let result = try VouchProcess.run(["policy", Self.chain, "--at", "2026-06-01T00:00:00Z", "--json"] + arguments)
        let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return (result.status, json ?? [:])
    }

    @Test("policy: allowed with the example root as anchor, certificate and public-key pinning")
    func policyAllowed() throws {
        for arguments in [["--anchors", Self.root, "--domain", "example.com"],
                          ["--pinning", "certificate", "--pinned", Self.root, "--anchors", Self.root, "--domain", "example.com"],
                          ["--pinning", "certificate", "--pinned", Self.root, "--allow-invalid-certificates", "--domain", "example.com"],
                          ["--pinning", "public-key", "--pinned", Self.root, "--anchors", Self.root]] {
            let (status, json) = try Self.policy(arguments)
            #expect(status == 0, "\(arguments)")
            #expect(json["allowed"] as? Bool == true)
            #expect((json["steps"] as? [String])?.isEmpty == false)
            let trust = try #require(json["trust"] as? [String: Any])
            #expect(trust["trusted"] as? Bool == true)
            #expect((trust["chain"] as? [Any])?.count == 3)
        }
    }

    @Test("policy: not allowed exits 1 (wrong domain, root not a system anchor, nothing pinned); bad input exits 2")
    func policyRefused() throws {
        for arguments in [["--anchors", Self.root, "--domain", "example.org"],
                          ["--domain", "example.com"],
                          ["--pinning", "certificate", "--pinned", Self.root, "--domain", "example.com"],
                          ["--pinning", "public-key", "--anchors", Self.root],
                          ["--allow-invalid-certificates", "--domain", "example.com"]] {
            let (status, json) = try Self.policy(arguments)
            #expect(status == 1, "\(arguments)")
            #expect(json["allowed"] as? Bool == false)
            #expect(json["trust"] is [String: Any])
        }
        #expect(try VouchProcess.run(["policy", "Package.swift"]).status == 2)
        #expect(try VouchProcess.run(["policy", Self.chain, "--pinned", "Package.swift"]).status == 2)
    }

    static let pins = "TestVectors/example/pins.json"

    static func pinSet(_ arguments: [String]) throws -> (status: Int32, json: [String: Any], error: String) {
        let result = try VouchProcess.run(["pin", Self.chain, "--pin-set", Self.pins, "--at", "2026-06-01T00:00:00Z", "--json"] + arguments)
        let json = try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return (result.status, json ?? [:], result.standardError)
    }

    @Test("pin --pin-set: the example pin set allows the example chain, blocks an unpinned key, leaves other hosts alone")
    func pinSetFile() throws {
        let allowed = try Self.pinSet(["--host", "www.example.com", "--anchors", Self.root])
        #expect(allowed.status == 0)
        #expect(allowed.json["verdict"] as? String == "allow" && allowed.json["rule"] as? String == "**.example.com")
        #expect(allowed.json["verification"] as? String == "success" && allowed.json["backup_pin_missing"] as? Bool == false)
        #expect((allowed.json["presented"] as? [String])?.count == 3 && (allowed.json["expected"] as? [String])?.count == 2)

        // Under the system roots the example chain does not validate: blocked before pins are looked at.
        let untrusted = try Self.pinSet(["--host", "example.com"])
        #expect(untrusted.status == 1 && untrusted.json["verification"] as? String == "invalidCertificateChain")

        // The excluded host is judged as usual: trusted with the example root.
        let excluded = try Self.pinSet(["--host", "status.example.com", "--anchors", Self.root])
        #expect(excluded.json["verdict"] as? String == "not-pinned" && excluded.status == 1, "the leaf does not name status.example.com")
        let other = try VouchProcess.run(["pin", Self.chain, "--pin-set", Self.pins, "--host", "example.com",
                                          "--anchors", Self.root, "--at", "2028-06-01T00:00:00Z"])
        #expect(other.standardOutput.contains("is not pinned") && other.status == 1, "expired rule; the leaf expired too")

        // A rule pinning only the leaf's key: blocked when it is not the leaf's, warned when it is.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-pins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let leafPin = try VouchProcess.run(["pin", "TestVectors/example/leaf.pem"]).standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        let onlyLeaf = directory.appendingPathComponent("leaf.json")
        try Data(#"{"rules": [{"host": "example.com", "pins": ["\#(leafPin)"]}]}"#.utf8).write(to: onlyLeaf)
        let warned = try VouchProcess.run(["pin", Self.chain, "--pin-set", onlyLeaf.path, "--host", "example.com",
                                           "--anchors", Self.root, "--at", "2026-06-01T00:00:00Z"])
        #expect(warned.status == 0 && warned.standardOutput.contains("add a backup pin"))
        let wrong = directory.appendingPathComponent("wrong.json")
        try Data(#"{"rules": [{"host": "example.com", "pins": ["sha256/\#(String(repeating: "A", count: 43))="]}]}"#.utf8).write(to: wrong)
        let blocked = try VouchProcess.run(["pin", Self.chain, "--pin-set", wrong.path, "--host", "example.com",
                                            "--anchors", Self.root, "--at", "2026-06-01T00:00:00Z"])
        #expect(blocked.status == 1 && blocked.standardOutput.contains("no pin matches") && blocked.standardOutput.contains(leafPin))

        // A bad pin-set file: one line naming the file, the rule and the offset; exit 2.
        let bad = directory.appendingPathComponent("bad.json")
        try Data(#"{"rules": [{"host": "example.com", "pin": []}]}"#.utf8).write(to: bad)
        let refused = try VouchProcess.run(["pin", Self.chain, "--pin-set", bad.path, "--host", "example.com"])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("bad.json: rule 0 at byte 42: unknown member \"pin\""), "\(refused.standardError)")
        #expect(try VouchProcess.run(["pin", Self.chain, "--pin-set", Self.pins]).status == 64)
    }
}
