import Foundation
import Testing

/// `vouch verify --policy` with Apple's other policies and the options set from outside
/// (docs/CLI.md; SECTRUST.md §18), on TestVectors/apple-policies.
@Suite("vouch verify: Apple's other policies")
struct ApplePolicyCommandTests {
    static func chain(_ leaf: String) -> [String] {
        ["TestVectors/apple-policies/\(leaf).der", "TestVectors/apple-policies/wwdr.der",
         "--anchors", "TestVectors/apple-policies/root.der", "--at", "2026-06-01T00:00:00Z", "--no-network", "--no-cache"]
    }

    static func json(_ leaf: String, _ arguments: [String]) throws -> (status: Int32, object: [String: Any]) {
        let process = try VouchProcess.run(["verify"] + chain(leaf) + arguments + ["--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(process.standardOutput.utf8)) as? [String: Any], "\(process.standardError)")
        return (process.status, object)
    }

    static func checks(_ object: [String: Any]) -> [String] {
        (object["failures"] as? [[String: Any]] ?? []).compactMap { failure in
            guard let check = failure["check"] as? String, let index = failure["index"] as? Int else { return nil }
            return "\(check)@\(index)"
        }
    }

    @Test("--policy smime --email: the address is checked (errSecSMIMEEmailAddressesNotFound)")
    func smime() throws {
        let good = try Self.json("smime", ["--policy", "smime", "--email", "alice@example.com"])
        #expect(good.status == 0 && good.object["trusted"] as? Bool == true)
        let other = try Self.json("smime", ["--policy", "smime", "--email", "bob@example.com"])
        #expect(other.status == 1 && Self.checks(other.object) == ["Email@0"] && other.object["status"] as? Int == -67623)
        let usage = try Self.json("smime-no-ku", ["--policy", "smime", "--key-usage", "keyEncipherment"])
        #expect(Self.checks(usage.object) == ["KeyUsage@0"])
    }

    @Test("each §18 policy judges its own leaf; Apple's-root policies fail AnchorApple on a generated root", arguments: [
        ("code-signing", "code-signing", [String](), [String]()),
        ("time-stamping", "timestamping", [], []),
        ("ocsp-signer", "ocsp-signer", [], []),
        ("eap", "eap", ["--name", "*.example.com"], []),
        ("eap-client-auth", "eap-client", [], []),
        ("ipsec", "ipsec", ["--host", "vpn.example.com"], []),
        ("tls", "ssl-server", ["--host", "www.example.com", "--key-usage", "digitalSignature"], []),
        ("receipt", "app-store-receipt", [], ["AnchorApple@0"]),
        ("pay-issuer", "apple-pay-issuer-encryption", [], ["AnchorApple@0"]),
        ("pay-token", "apple-pay-token", [], ["AnchorApple@0"]),
        ("passbook", "passbook", ["--name", "Example Cards", "--team-id", "TEAM123456"], ["AnchorApple@0"]),
        ("appleid", "apple-id", [], ["AnchorApple@0"]),
        ("code-signing", "ocsp-signer", [], ["ExtendedKeyUsage@0"]),
    ])
    func policies(leaf: String, policy: String, arguments: [String], failures: [String]) throws {
        let result = try Self.json(leaf, ["--policy", policy] + arguments)
        #expect(Self.checks(result.object) == failures)
        #expect(result.status == (failures.isEmpty ? 0 : 1))
    }

    @Test("--sha256-pin and --policy-option PinningRequired")
    func pinsAndOptions() throws {
        let empty = try Self.json("tls", ["--host", "www.example.com", "--sha256-pin", "leaf:"])
        #expect(Self.checks(empty.object) == ["LeafSPKISHA256@0"] && empty.object["status"] as? Int == -9886)
        let spki = try #require(((empty.object["chain"] as? [[String: Any]])?.first?["spki_sha256"]) as? String)
        #expect(try Self.json("tls", ["--host", "www.example.com", "--sha256-pin", "leaf:" + spki]).status == 0)
        let ca = try Self.json("tls", ["--host", "www.example.com", "--sha256-pin", "ca:" + spki])
        #expect(Self.checks(ca.object) == ["CAspkiSHA256@1", "CAspkiSHA256@2"])
        let required = try Self.json("tls", ["--host", "www.example.com", "--policy-option", "PinningRequired"])
        #expect(Self.checks(required.object) == ["PinningRequired@0"])
    }

    @Test("usage errors: arguments a policy does not take, Passbook without its team, bad pins and options (exit 64)", arguments: [
        ["--policy", "basic", "--email", "a@b"],
        ["--policy", "passbook", "--name", "Example Cards"],
        ["--policy", "smime", "--key-usage", "keyCertSign"],
        ["--policy", "code-signing", "--host", "h"],
        ["--sha256-pin", "leaf:not-base64!"],
        ["--sha256-pin", "spki:AAAA"],
        ["--policy-option", "NoSuchOption"],
        ["--policy-option", "PinningRequired=maybe"],
        ["--policy", "no-such-policy"],
    ])
    func usageErrors(arguments: [String]) throws {
        let process = try VouchProcess.run(["verify"] + Self.chain("tls") + arguments)
        #expect(process.status == 64, "\(process.standardError)")
        #expect(!process.standardError.isEmpty)
    }

    @Test("--ct-exceptions: a bad document is bad input naming the offset; a TLD is refused")
    func ctExceptionsFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-ct-exceptions-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func run(_ document: String) throws -> VouchProcess {
            let file = directory.appendingPathComponent("exceptions.json")
            try Data(document.utf8).write(to: file)
            return try VouchProcess.run(["verify"] + Self.chain("tls") + ["--host", "www.example.com", "--ct-exceptions", file.path])
        }
        #expect(try run(#"{"domains": ["www.example.com"], "certificates": []}"#).status == 0)
        let tld = try run(#"{"domains": [".com"]}"#)
        #expect(tld.status == 2 && tld.standardError.contains("offset 13") && tld.standardError.contains("top-level"))
        #expect(try run(#"{"certificates": ["AAAA"]}"#).status == 2)
        #expect(try run(#"{"hosts": []}"#).status == 2)
    }
}

/// `vouch verify --jws` and Apple's real App Store signing chain (docs/CLI.md).
@Suite("vouch verify --jws and the App Store signing chain")
struct AppStoreSignedDataCommandTests {
    static let folder = "TestVectors/apple-signed/"

    static func run(_ arguments: [String]) throws -> (status: Int32, object: [String: Any]) {
        let process = try VouchProcess.run(["verify"] + arguments + ["--no-network", "--no-cache", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(process.standardOutput.utf8)) as? [String: Any], "\(process.standardError)")
        return (process.status, object)
    }

    @Test("Apple's real signing chain under --policy app-store-receipt at its effective date, Apple's store the anchors")
    func realChain() throws {
        let result = try Self.run([Self.folder + "real-apple-signing.der", Self.folder + "real-apple-intermediate.der",
                                   "--policy", "app-store-receipt", "--at", "@1761962975"])
        #expect(result.status == 0 && result.object["trusted"] as? Bool == true)
        #expect((result.object["chain"] as? [Any])?.count == 3)
    }

    @Test("--jws: the x5c chain under the receipt policy by default, then the signature; exit 0 only when both hold")
    func jws() throws {
        let options = ["--anchors", Self.folder + "root.der", "--apple-anchors", Self.folder + "root.der", "--at", "2026-06-01T00:00:00Z"]
        let good = try Self.run(["--jws", Self.folder + "es256.jws"] + options)
        #expect(good.status == 0)
        let jws = try #require(good.object["jws"] as? [String: Any])
        #expect(jws["signature_valid"] as? Bool == true)
        #expect((jws["header"] as? [String: Any])?["alg"] as? String == "ES256")
        let tampered = try Self.run(["--jws", Self.folder + "tampered-payload.jws"] + options)
        #expect(tampered.status == 1 && tampered.object["trusted"] as? Bool == true)
        #expect((tampered.object["jws"] as? [String: Any])?["signature_valid"] as? Bool == false)
        // Without --apple-anchors the generated root is not Apple's: AnchorApple.
        let foreign = try Self.run(["--jws", Self.folder + "es256.jws", "--anchors", Self.folder + "root.der", "--at", "2026-06-01T00:00:00Z"])
        #expect(foreign.status == 1 && foreign.object["error"] as? String == "errSecInvalidRoot")
        // --policy still chooses.
        let basic = try Self.run(["--jws", Self.folder + "es256.jws", "--policy", "basic"] + options)
        #expect(basic.status == 0)
    }

    @Test("--jws with what is not a JWS is bad input (exit 2); neither CHAIN nor --jws is a usage error (64)")
    func badInput() throws {
        let none = try VouchProcess.run(["verify", "--jws", Self.folder + "alg-none.jws"])
        #expect(none.status == 2 && none.standardError.contains("not a JWS"))
        #expect(try VouchProcess.run(["verify", "--jws", Self.folder + "mock_signed_data/legacyTransaction"]).status == 2)
        #expect(try VouchProcess.run(["verify"]).status == 64)
    }
}
