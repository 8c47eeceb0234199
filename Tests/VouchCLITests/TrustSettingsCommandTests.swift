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
        let failures = deniedObject["failures"] as? [[String: Any]] ?? []
        #expect(failures.first?["check"] as? String == "UsageConstraints")
        #expect((failures.first?["trust_setting"] as? [String: Any])?["domain"] as? String == "admin")
        #expect((failures.first?["trust_setting"] as? [String: Any])?["constraint"] as? Int == 0)
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
        // A certificate found nowhere (a Mac's export names the whole keychain's): skipped, and said.
        let unknown = try Self.write(#"{"trustVersion": 1, "trustList": {"0000000000000000000000000000000000000000": {}}}"#)
        let skipped = try VouchProcess.run(["verify", Self.certs + "leaf.der", "--trust-settings", unknown] + Self.at)
        #expect(skipped.status == 1)
        #expect(skipped.standardError.contains("trustList 0000000000000000000000000000000000000000: skipped"))
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
        #expect(other.standardError.contains("ignored: the first entry's sha1 is not this leaf's"))
        #expect(!accepted.standardError.contains("ignored"))
    }

    /// The XML property list `security trust-settings-export` writes (Apple's layout: tabs, data
    /// wrapped on its own lines), TrustAsRoot for SSL server on the intermediate.
    static let exportedPlist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>trustList</key>
        \t<dict>
        \t\t<key>\(intermediateSHA1)</key>
        \t\t<dict>
        \t\t\t<key>modDate</key>
        \t\t\t<date>2026-05-01T12:00:00Z</date>
        \t\t\t<key>trustSettings</key>
        \t\t\t<array>
        \t\t\t\t<dict>
        \t\t\t\t\t<key>kSecTrustSettingsPolicy</key>
        \t\t\t\t\t<data>
        \t\t\t\t\tKoZIhvdjZAED
        \t\t\t\t\t</data>
        \t\t\t\t\t<key>kSecTrustSettingsPolicyName</key>
        \t\t\t\t\t<string>sslServer</string>
        \t\t\t\t\t<key>kSecTrustSettingsResult</key>
        \t\t\t\t\t<integer>2</integer>
        \t\t\t\t</dict>
        \t\t\t</array>
        \t\t</dict>
        \t</dict>
        \t<key>trustVersion</key>
        \t<integer>1</integer>
        </dict>
        </plist>

        """

    @Test("the exported property list (policy OID as data) anchors the intermediate for SSL server only; vouch policy allows the Proceed")
    func exportedPropertyList() throws {
        let file = try Self.write(Self.exportedPlist)
        let ssl = try VouchProcess.run(["verify", Self.certs + "leaf.der", Self.certs + "intermediate.der", "--trust-settings", file] + Self.at)
        #expect(ssl.status == 0)
        #expect(ssl.standardOutput.contains("trusted (proceed)"), "\(ssl.standardOutput)")
        let basic = try VouchProcess.run(["verify", Self.certs + "leaf.der", Self.certs + "intermediate.der", "--trust-settings", file, "--policy", "basic", "--at", "2026-06-01T00:00:00Z"])
        #expect(basic.status == 1)
        let policy = try VouchProcess.run(["policy", Self.certs + "leaf.der", Self.certs + "intermediate.der", "--trust-settings", file,
                                           "--domain", "example.com", "--at", "2026-06-01T00:00:00Z", "--json"])
        #expect(policy.status == 0)
        let object = try Self.json(policy.standardOutput)
        #expect(object["allowed"] as? Bool == true)
        #expect((object["trust"] as? [String: Any])?["result"] as? String == "proceed")
        // pin without --pin-set takes no trust options.
        #expect(try VouchProcess.run(["pin", Self.certs + "leaf.der", "--trust-settings", file]).status == 64)
    }

    /// `root.der` as an OpenSSL TRUSTED CERTIFICATE with `flags` (`-addtrust`, `-addreject`).
    static func trustedRoot(_ flags: [String]) throws -> String? {
        guard let openssl = VouchProcess.which("openssl") else { return nil }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-trusted-\(UUID().uuidString).pem").path
        let made = try VouchProcess.run(openssl, ["x509", "-inform", "der", "-in", certs + "root.der", "-trustout", "-out", path] + flags)
        return made.status == 0 ? path : nil
    }

    @Test("--anchors and the system store read OpenSSL trust metadata: a rejected serverAuth denies, e-mail only is no SSL anchor",
          .enabled(if: VouchProcess.which("openssl") != nil, "needs openssl to write TRUSTED CERTIFICATE blocks"))
    func openSSLTrustMetadata() throws {
        let chain = [Self.certs + "leaf.der", Self.certs + "intermediate.der"]
        guard let reject = try Self.trustedRoot(["-addreject", "serverAuth"]), let email = try Self.trustedRoot(["-addtrust", "emailProtection"]),
            let ssl = try Self.trustedRoot(["-addtrust", "serverAuth"])
        else {
            Issue.record("openssl x509 -trustout failed")
            return
        }
        let denied = try VouchProcess.run(["verify"] + chain + ["--anchors", reject, "--json"] + Self.at)
        #expect(denied.status == 1)
        #expect(try Self.json(denied.standardOutput)["result"] as? String == "deny")
        let emailOnly = try VouchProcess.run(["verify"] + chain + ["--anchors", email, "--json"] + Self.at)
        #expect(emailOnly.status == 1)
        #expect((try Self.json(emailOnly.standardOutput)["error"] as? String) == "errSecNotTrusted")
        #expect(try VouchProcess.run(["verify"] + chain + ["--anchors", ssl] + Self.at).status == 0)
        // The same file as the system store.
        let environment = URL(fileURLWithPath: "/usr/bin/env")
        let store = ["SSL_CERT_FILE=" + reject, "SSL_CERT_DIR=/nonexistent", VouchProcess.executable.path]
        let system = try VouchProcess.run(environment, store + ["verify"] + chain + ["--system-roots", "linux", "--json"] + Self.at)
        #expect(system.status == 1)
        #expect(try Self.json(system.standardOutput)["result"] as? String == "deny")
        let roots = try VouchProcess.run(environment, store + ["roots", "--system-roots", "linux", "--json"])
        let counts = try Self.json(roots.standardOutput)
        #expect(counts["anchors"] as? Int == 1 && counts["with_trust_metadata"] as? Int == 1 && counts["distrusted"] as? Int == 1)
    }

    @Test("vouch roots on p11-kit's own openssl-bundle output: 4 certificates, 3 with trust data, 1 distrusted")
    func p11KitBundle() throws {
        let store = ["SSL_CERT_FILE=TestVectors/trusted-certificates/p11-kit-all.trust.crt", "SSL_CERT_DIR=/nonexistent", VouchProcess.executable.path]
        let roots = try VouchProcess.run(URL(fileURLWithPath: "/usr/bin/env"), store + ["roots", "--system-roots", "linux", "--json"])
        let counts = try Self.json(roots.standardOutput)
        #expect(counts["anchors"] as? Int == 4)
        #expect(counts["with_trust_metadata"] as? Int == 3)
        #expect(counts["distrusted"] as? Int == 1)
    }

    @Test("an entry may carry its certificate (PEM text or base64 DER); it must be the one its SHA-1 names",
          .enabled(if: VouchProcess.which("openssl") != nil, "needs openssl for the certificate's SHA-1"))
    func carriedCertificate() throws {
        let root = try Data(contentsOf: VouchProcess.projectRoot.appendingPathComponent(Self.certs + "root.der"))
        let pem = "-----BEGIN CERTIFICATE-----\n" + root.base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
            + "\n-----END CERTIFICATE-----\n"
        let key = Self.sha1Hex(root)
        #expect(key.count == 40)
        for carried in [pem, root.base64EncodedString()] {
            let escaped = carried.replacingOccurrences(of: "\n", with: "\\n")
            let document = try Self.write(#"{"trustVersion": 1, "trustList": {"\#(key)": {"certificate": "\#(escaped)"}}}"#)
            let result = try VouchProcess.run(["verify", Self.certs + "leaf.der", Self.certs + "intermediate.der", "--trust-settings", document] + Self.at)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput.contains("trusted (proceed)"))
        }
        let wrongKey = try Self.write(#"{"trustVersion": 1, "trustList": {"\#(Self.intermediateSHA1)": {"certificate": "\#(root.base64EncodedString())"}}}"#)
        let refused = try VouchProcess.run(["verify", Self.certs + "leaf.der", "--trust-settings", wrongKey] + Self.at)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("SHA-1 is not its key"))
    }

    /// Upper-case hex SHA-1, from openssl (the oracle) when there is one.
    static func sha1Hex(_ der: Data) -> String {
        guard let openssl = VouchProcess.which("openssl"),
            let result = try? VouchProcess.run(openssl, ["dgst", "-sha1", "-r"], input: Array(der))
        else { return "" }
        return String(result.standardOutput.prefix(40)).uppercased()
    }
}

