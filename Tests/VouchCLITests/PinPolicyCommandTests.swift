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
}
