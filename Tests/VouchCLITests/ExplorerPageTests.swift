import Foundation
import Testing

/// `inspect --html` and `verify --html` as text: one self-contained page, everything escaped, the
/// named tree and the trace in its data, errors with offsets, and a 300-certificate bundle kept
/// small. ExplorerBrowserTests opens the same pages in Chromium.
@Suite("explorer page")
struct ExplorerPageTests {
    static let example = "TestVectors/example"
    static let scriptName = "TestVectors/explorer/script-name.pem"
    static let bundle = "/etc/ssl/certs/ca-certificates.crt"

    /// The JSON the page embeds, parsed.
    static func data(_ page: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"vouch-data\">"
        let start = try #require(page.range(of: open))
        let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
        let json = Data(page[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
    }

    /// The nodes of document `index`: `[offset, headerLength, length, depth, tag, name, label, section, value]`.
    static func nodes(_ data: [String: Any], document index: Int = 0) throws -> [[Any]] {
        let documents = try #require(data["documents"] as? [[String: Any]])
        return try #require(documents[index]["nodes"] as? [[Any]])
    }

    /// The dotted field name of each node, as the page's script builds it.
    static func fieldNames(_ nodes: [[Any]]) -> [String] {
        var names: [String] = [], stack: [(depth: Int, path: [String])] = []
        for node in nodes {
            let depth = node[3] as? Int ?? 0, name = node[5] as? String ?? ""
            while let last = stack.last, last.depth >= depth { stack.removeLast() }
            let path = (stack.last?.path ?? []) + (name.isEmpty ? [] : [name])
            stack.append((depth, path))
            names.append(path.joined(separator: ".").replacingOccurrences(of: ".[", with: "["))
        }
        return names
    }

    @Test("inspect --html: one page, nothing external, the leaf's fields named with offsets and sections")
    func inspectPage() throws {
        let run = try VouchProcess.run(["inspect", "--html", "\(Self.example)/leaf.der"])
        #expect(run.status == 0)
        #expect(run.standardError.isEmpty)
        let page = run.standardOutput
        #expect(page.hasPrefix("<!DOCTYPE html>\n"))
        #expect(page.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'sha256-"))
        for external in ["src=", "href=", "url(", "@import", "http://", "https://"] {
            #expect(!page.contains(external), "the page refers to something outside itself: \(external)")
        }
        let nodes = try Self.nodes(try Self.data(page))
        let names = Self.fieldNames(nodes)
        let notAfter = try #require(names.firstIndex(of: "tbsCertificate.validity.notAfter"))
        // The leaf's notAfter, as `vouch asn1` shows it: offset 143, header 2, 13 octets of UTCTime.
        #expect(nodes[notAfter][0] as? Int == 143)
        #expect(nodes[notAfter][1] as? Int == 2 && nodes[notAfter][2] as? Int == 13)
        #expect(nodes[notAfter][4] as? String == "UTCTime")
        #expect(nodes[notAfter][8] as? String == "2027-02-02T00:00:00Z")
        #expect(names.contains("tbsCertificate.subject[2].commonName.value"))
        #expect(names.contains("tbsCertificate.extensions.subjectAltName.extnValue.GeneralNames.dNSName"))
        let version = try #require(names.firstIndex(of: "tbsCertificate.version.version"))
        #expect(nodes[version][8] as? String == "2 (v3)")
        let validity = try #require(names.firstIndex(of: "tbsCertificate.validity"))
        #expect(nodes[validity][7] as? String == "RFC 5280 §4.1.2.5")
        let root = nodes[0]
        #expect(root[0] as? Int == 0 && root[1] as? Int == 4 && root[2] as? Int == 555 && root[6] as? String == "Certificate")
    }

    @Test("markup in a certificate's names and in a file name is escaped, never executed")
    func escaping() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-explorer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let hostileName = directory.appendingPathComponent("<i>name&amp;.pem")
        try FileManager.default.copyItem(atPath: VouchProcess.projectRoot.path + "/" + Self.scriptName, toPath: hostileName.path)
        let run = try VouchProcess.run(["inspect", "--html", hostileName.path])
        #expect(run.status == 0)
        let page = run.standardOutput
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("</title><b>"))
        #expect(!page.contains("<i>name"))
        #expect(page.contains("&lt;i&gt;name&amp;amp;.pem"))
        #expect(page.components(separatedBy: "<script").count - 1 == 2, "only the data block and the page's own script")
        #expect(page.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"))
        let documents = try #require(try Self.data(page)["documents"] as? [[String: Any]])
        #expect(documents.first?["title"] as? String == "<script>alert(1)</script>")
    }

    @Test("verify --html: the verdict, every check per certificate and the trace; exit 1 when not trusted")
    func verifyPage() throws {
        let arguments = ["verify", "--html", "\(Self.example)/chain.pem", "--anchors", "\(Self.example)/root.pem",
                         "--at", "2026-06-01T00:00:00Z"]
        let trusted = try VouchProcess.run(arguments + ["--host", "example.com"])
        #expect(trusted.status == 0)
        let data = try Self.data(trusted.standardOutput)
        let trust = try #require(data["trust"] as? [String: Any])
        #expect(trust["trusted"] as? Bool == true && trust["result"] as? String == "unspecified" && trust["status"] as? Int == 0)
        let chain = try #require(trust["chain"] as? [[String: Any]])
        #expect(chain.count == 3)
        #expect(chain.last?["anchor"] as? Bool == true)
        let leafChecks = try #require(chain.first?["checks"] as? [[Any]])
        #expect(leafChecks.contains { $0[0] as? String == "SSLHostname" && $0[2] as? Bool == true })
        #expect(((trust["trace"] as? [[String]]) ?? []).contains { $0[0] == "chosen" })
        #expect((data["documents"] as? [Any])?.count == 3)

        let mismatch = try VouchProcess.run(arguments + ["--host", "wrong.example"])
        #expect(mismatch.status == 1)
        let failed = try #require(try Self.data(mismatch.standardOutput)["trust"] as? [String: Any])
        #expect(failed["error"] as? String == "errSecHostNameMismatch")
        let checks = try #require((failed["chain"] as? [[String: Any]])?.first?["checks"] as? [[Any]])
        let hostname = try #require(checks.first { $0[0] as? String == "SSLHostname" })
        #expect(hostname[2] as? Bool == false)
        #expect((hostname[4] as? String)?.hasPrefix("errSecHostNameMismatch (-67602), recoverable") == true)
    }

    @Test("verify --html names the trust setting that denied (SECTRUST.md §15)")
    func verifyPageWithTrustSettings() throws {
        let certs = "TestVectors/sectrust/certs/"
        let document = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-page-\(UUID().uuidString).json").path
        try #"{"trustVersion": 1, "trustList": {"E450081E155C11083E8337DB3B16000E972A0C55": {"trustSettings": [{"kSecTrustSettingsResult": 3}]}}}"#
            .write(toFile: document, atomically: true, encoding: .utf8)
        let page = try VouchProcess.run(["verify", "--html", certs + "leaf.der", certs + "intermediate.der", "--anchors", certs + "root.der",
                                         "--system-anchors", "--trust-settings", document, "--host", "example.com", "--at", "2026-06-01T00:00:00Z"])
        #expect(page.status == 1)
        let trust = try #require(try Self.data(page.standardOutput)["trust"] as? [String: Any])
        #expect(trust["result"] as? String == "deny" && trust["error"] as? String == "errSecTrustSettingDeny")
        #expect(trust["decisions"] as? [String] == ["denied@1 by the user trust setting (constraint 0)"])
        let checks = try #require((trust["chain"] as? [[String: Any]])?[1]["checks"] as? [[Any]])
        #expect(checks.contains { $0[0] as? String == "UsageConstraints" && $0[2] as? Bool == false })
    }

    @Test("hostile input: too deep, truncated, not a certificate: a page with the error's offset, exit 2")
    func hostileInput() throws {
        let deep = try VouchProcess.run(["inspect", "--html", "TestVectors/explorer/deep.der"])
        #expect(deep.status == 2)
        let deepDocument = try #require((try Self.data(deep.standardOutput)["documents"] as? [[String: Any]])?.first)
        let deepError = try #require(deepDocument["error"] as? [String: Any])
        #expect(deepError["offset"] as? Int == 64)
        #expect(deepError["message"] as? String == "nesting deeper than 32 levels")

        let der = try #require(FileManager.default.contents(atPath: VouchProcess.projectRoot.path + "/\(Self.example)/leaf.der"))
        let truncated = try VouchProcess.run(["inspect", "--html", "-"], input: Array(der.prefix(500)))
        #expect(truncated.status == 2)
        let error = try #require((try Self.data(truncated.standardOutput)["documents"] as? [[String: Any]])?.first?["error"] as? [String: Any])
        #expect(error["offset"] as? Int == 0)
        #expect((error["message"] as? String)?.hasPrefix("truncated") == true)

        // 2 MiB of OCTET STRING: dumped (its first 64 KiB), not parsed (ExplorerLimits.maximumParsedBytes).
        let large = try VouchProcess.run(["inspect", "--html", "-"], input: [0x04, 0x83, 0x20, 0x00, 0x00] + [UInt8](repeating: 0, count: 2 << 20))
        #expect(large.status == 2)
        let largeDocument = try #require((try Self.data(large.standardOutput)["documents"] as? [[String: Any]])?.first)
        #expect((largeDocument["nodes"] as? [Any])?.isEmpty == true)
        #expect((largeDocument["notes"] as? [String])?.first?.contains("so not parsed") == true)
        #expect((largeDocument["der"] as? String).flatMap { Data(base64Encoded: $0) }?.count == 1 << 16)
        #expect(large.standardOutput.utf8.count < 1 << 17)

        let unevaluated = try VouchProcess.run(["verify", "--html", "TestVectors/explorer/deep.der"])
        #expect(unevaluated.status == 2)
        let problems = try #require(try Self.data(unevaluated.standardOutput)["problems"] as? [String])
        #expect(problems.first?.hasPrefix("not evaluated: TestVectors/explorer/deep.der") == true)
    }

    @Test("--html and --json exclude each other (exit 64)", arguments: ["inspect", "verify"])
    func exclusive(command: String) throws {
        let run = try VouchProcess.run([command, "--html", "--json", "\(Self.example)/leaf.pem"])
        #expect(run.status == 64)
    }

    @Test("a 300-certificate bundle: every certificate listed, the page stays small",
          .enabled(if: FileManager.default.fileExists(atPath: bundle), "no system bundle: run scripts/setup"))
    func largeBundle() throws {
        let file = try Self.bundleOf300()
        defer { try? FileManager.default.removeItem(at: file) }
        let start = Date()
        let run = try VouchProcess.run(["inspect", "--html", file.path])
        let seconds = Date().timeIntervalSince(start)
        #expect(run.status == 0)
        let documents = try #require(try Self.data(run.standardOutput)["documents"] as? [[String: Any]])
        #expect(documents.count == 300)
        let size = run.standardOutput.utf8.count
        print("explorer: 300 certificates -> \(size / 1024) KiB page in \(String(format: "%.2f", seconds)) s")
        #expect(size < 4 << 20)
    }

    /// A PEM file of 300 certificates: the system bundle's, repeated as needed.
    static func bundleOf300() throws -> URL {
        let text = try String(contentsOfFile: bundle, encoding: .utf8)
        let blocks = text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst()
            .compactMap { $0.components(separatedBy: "-----END CERTIFICATE-----").first }
            .map { "-----BEGIN CERTIFICATE-----" + $0 + "-----END CERTIFICATE-----\n" }
        #expect(!blocks.isEmpty)
        let pem = (0..<300).map { blocks[$0 % blocks.count] }.joined()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-300-\(UUID().uuidString).pem")
        try pem.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
