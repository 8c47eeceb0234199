import Foundation
import Testing

/// Apple's trust store as the default system domain (issue 35; SECTRUST.md §17): `--system-roots`,
/// the administrator's additions as admin trust, the constrained-anchor table, CT by default, and
/// `vouch roots`. The roots are in TestVectors/apple-store (its README says where each comes
/// from); the distribution's store is always given through SSL_CERT_FILE, so no answer depends on
/// the machine's bundle, and the administrator's additions through VOUCH_ADMIN_ROOTS.
@Suite("Apple's trust store as the system domain")
struct AppleStoreCommandTests {
    static let folder = "TestVectors/apple-store/"
    /// Inside the embedded CT log list's window (2025-07-20 ± 60 days), every root valid.
    static let at = ["--at", "2025-08-01T00:00:00Z"]

    /// `vouch ARGUMENTS` with the environment variables given (`NAME=value`), the distribution's
    /// store and the administrator's additions pinned unless given.
    static func run(_ arguments: [String], environment: [String] = []) throws -> VouchProcess {
        var variables = ["SSL_CERT_FILE=\(folder)mozilla-only-tuntrust-root.pem", "SSL_CERT_DIR=/nonexistent", "VOUCH_ADMIN_ROOTS=none"]
        for variable in environment {
            let name = variable.prefix { $0 != "=" }
            variables.removeAll { $0.hasPrefix(name + "=") }
            variables.append(variable)
        }
        return try VouchProcess.run(URL(fileURLWithPath: "/usr/bin/env"), variables + [VouchProcess.executable.path] + arguments)
    }

    static func json(_ process: VouchProcess) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(process.standardOutput.utf8)) as? [String: Any])
    }

    /// `verify FILE --policy basic --json` at ``at``: the result string.
    static func basicResult(_ file: String, _ extra: [String] = [], environment: [String] = []) throws -> String? {
        try json(try run(["verify", folder + file, "--policy", "basic", "--json"] + at + extra, environment: environment))["result"] as? String
    }

    @Test("vouch roots --json: Apple's store at its version, 156 roots, 75 EV roots, the constrained table, CT logs")
    func roots() throws {
        let process = try Self.run(["roots", "--json"])
        #expect(process.status == 0)
        let roots = try Self.json(process)
        #expect(roots["source"] as? String == "apple")
        #expect(roots["version"] as? Int == 2025072000)
        #expect(roots["version_date"] as? String == "2025-07-20T00:00:00Z")
        #expect(roots["tag"] as? String == "security_certificates-55349.0.11")
        #expect(roots["system_roots"] as? Int == 156 && roots["anchors"] as? Int == 156)
        #expect(roots["platform_roots"] as? Int == 11 && roots["custom_anchors"] as? Int == 121)
        #expect(roots["constrained_anchors"] as? Int == 31)
        #expect(roots["ev_roots"] as? Int == 75 && roots["ev_policies"] as? Int == 33)
        #expect(roots["removed"] as? Int == 305)
        // log_list.json v375: 32 usable, 13 qualified and 4 retired logs are trusted.
        #expect(roots["ct_logs"] as? Int == 49)
        // Pinning/CertificatePinning.plist: content version 114, 51 entries, 79 rule dictionaries, 114 domains.
        #expect(roots["pinning_version"] as? Int == 114 && roots["pinning_entries"] as? Int == 51)
        #expect(roots["pinning_rules"] as? Int == 79 && roots["pinning_domains"] as? Int == 114)
        #expect((roots["problems"] as? [Any])?.isEmpty == true)
        #expect((roots["administrator_additions"] as? [Any])?.isEmpty == true)
        let linux = try Self.json(try Self.run(["roots", "--system-roots", "linux", "--json"]))
        #expect(linux["source"] as? String == "linux" && linux["anchors"] as? Int == 1)
        #expect(try Self.run(["roots", "--system-roots", "windows"]).status == 64)
    }

    @Test("a root only the distribution trusts is refused by default and trusted under linux; an Apple-only root the other way round")
    func whoseRoots() throws {
        #expect(try Self.basicResult("mozilla-only-tuntrust-root.pem") == "recoverableTrustFailure")
        #expect(try Self.basicResult("mozilla-only-tuntrust-root.pem", ["--system-roots", "linux"]) == "unspecified")
        #expect(try Self.basicResult("apple-only-sslcom-tls-rsa-2022.pem") == "unspecified")
        #expect(try Self.basicResult("apple-only-sslcom-tls-rsa-2022.pem", ["--system-roots", "linux"]) == "recoverableTrustFailure")
    }

    @Test("§17.3: an Apple Platform root of certificates/roots anchors BasicX509 and SSL; a constrained custom anchor does not")
    func constrainedTable() throws {
        #expect(try Self.basicResult("apple-platform-tls-rsa-g1.pem") == "unspecified")
        let ssl = try Self.json(try Self.run(["verify", Self.folder + "apple-platform-tls-rsa-g1.pem", "--json"] + Self.at))
        // Anchored for SSL too: the root itself as a leaf fails the leaf's own SSL rules
        // (ServerAuthEKU, the validity periods), not the anchor's.
        #expect((ssl["chain"] as? [[String: Any]])?.first?["anchor"] as? Bool == true)
        #expect(ssl["error"] as? String == "errSecCertificateValidityPeriodTooLong")
        // DigiCert Verified Mark Root CA is in certificates/custom only, constrained to
        // VerifiedMark (1.2.840.113635.100.1.115): no anchor for BasicX509.
        let custom = try Self.json(try Self.run(["verify", Self.folder + "custom-digicert-verified-mark-root.pem", "--policy", "basic", "--json"] + Self.at))
        #expect(custom["result"] as? String == "recoverableTrustFailure")
        #expect(custom["error"] as? String == "errSecNotTrusted")
    }

    @Test("--explain says why a root is no anchor of Apple's store: removed by Apple, constrained, or the distribution's only")
    func explainedRefusals() throws {
        func notes(_ file: String) throws -> [String] {
            let output = try Self.run(["verify", Self.folder + file, "--policy", "basic", "--explain"] + Self.at).standardOutput
            return output.split(separator: "\n").map(String.init).filter { $0.hasPrefix("· system roots: ") }
        }
        #expect(try notes("removed-trustcor-rootcert-ca-1.pem").first?.contains("Apple removed CN=TrustCor RootCert CA-1") == true)
        #expect(try notes("custom-digicert-verified-mark-root.pem").first?.contains(
            "only as a constrained anchor (custom) for Apple's policies 1.2.840.113635.100.1.115") == true)
        #expect(try notes("mozilla-only-tuntrust-root.pem").first?.contains("is in the distribution's store but not in Apple's") == true)
        #expect(try notes("apple-only-sslcom-tls-rsa-2022.pem").isEmpty)
        let json = try Self.json(try Self.run(["verify", Self.folder + "removed-trustcor-rootcert-ca-1.pem", "--policy", "basic", "--explain", "--json"] + Self.at))
        #expect((json["explanation"] as? [String])?.contains { $0.hasPrefix("system roots: Apple removed") } == true)
    }

    @Test("§17.6: a root the administrator added is admin trust (proceed); one in a blocklist is deny; VOUCH_ADMIN_ROOTS=none ignores both")
    func administratorRoots() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-admin-\(UUID().uuidString)")
        let anchors = base.appendingPathComponent("anchors"), blocklist = base.appendingPathComponent("blocklist")
        for folder in [anchors, blocklist] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(at: base) }
        let root = VouchProcess.projectRoot.appendingPathComponent("TestVectors/example/root.pem")
        try FileManager.default.copyItem(at: root, to: anchors.appendingPathComponent("corporate.crt"))
        let chain = ["verify", "TestVectors/example/chain.pem", "--host", "example.com", "--at", "2026-06-01T00:00:00Z", "--json"]

        let added = try Self.run(chain, environment: ["VOUCH_ADMIN_ROOTS=\(anchors.path)"])
        #expect(added.status == 0)
        #expect(try Self.json(added)["result"] as? String == "proceed")
        let roots = try Self.json(try Self.run(["roots", "--json"], environment: ["VOUCH_ADMIN_ROOTS=\(anchors.path)"]))
        let additions = try #require(roots["administrator_additions"] as? [[String: Any]])
        #expect(additions.count == 1 && additions.first?["blocked"] as? Bool == false)
        #expect((additions.first?["file"] as? String)?.hasSuffix("anchors/corporate.crt") == true)

        #expect(try Self.json(try Self.run(chain))["result"] as? String == "recoverableTrustFailure")
        // Under linux the system domain is the distribution's bundle: the admin folders are not read.
        #expect(try Self.json(try Self.run(chain + ["--system-roots", "linux"], environment: ["VOUCH_ADMIN_ROOTS=\(anchors.path)"]))["result"] as? String
            == "recoverableTrustFailure")

        try FileManager.default.copyItem(at: root, to: blocklist.appendingPathComponent("corporate.crt"))
        let blocked = try Self.run(chain, environment: ["VOUCH_ADMIN_ROOTS=\(anchors.path):\(blocklist.path)"])
        #expect(blocked.status == 1)
        #expect(try Self.json(blocked)["result"] as? String == "deny")
    }

    @Test("CT by default: a system-rooted SSL server certificate without SCTs fails CT inside the built-in list's window; --ct-logs none and a date outside it do not")
    func transparencyByDefault() throws {
        // Corporation Service Company RSA OV SSL CA: issued 2023-08-02 by USERTrust RSA
        // Certification Authority (an Apple system root), no SCTs. As a leaf it also fails the
        // validity-period rules; CT is the failure that matters here.
        let certificate = Self.folder + "ct-csc-rsa-ov-ssl-ca-2023.der"
        func checks(_ extra: [String], at date: [String] = Self.at) throws -> [String] {
            let object = try Self.json(try Self.run(["verify", certificate, "--json"] + date + extra))
            return (object["failures"] as? [[String: Any]] ?? []).compactMap { $0["check"] as? String }
        }
        #expect(try checks([]).contains("SystemTrustedCTRequired"))
        #expect(try !checks(["--ct-logs", "none"]).contains("SystemTrustedCTRequired"))
        #expect(try !checks([], at: ["--at", "2026-06-01T00:00:00Z"]).contains("SystemTrustedCTRequired"))
        #expect(try checks(["--ct-logs", "apple"], at: ["--at", "2026-06-01T00:00:00Z"]).contains("SystemTrustedCTRequired"))
        #expect(try !checks(["--system-roots", "linux"]).contains("SystemTrustedCTRequired"))
        let details = try Self.json(try Self.run(["verify", certificate, "--json"] + Self.at))["certificate_transparency_details"] as? [String: Any]
        let system = try #require(details?["system_log_list"] as? [String: Any])
        #expect(system["current"] as? Bool == true && system["source"] as? String == "security_certificates-55349.0.11")
    }
}
