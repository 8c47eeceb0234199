import Foundation
import Testing

/// AFNetworking's 36 active `evaluateServerTrust:forDomain:` cases through `vouch policy`, as a
/// script would run them (the library side is VouchPinningTests' seed suite).
@Suite("vouch policy on AFNetworking's seed suite")
struct PolicySeedCommandTests {
    static let suite = VouchProcess.projectRoot.appendingPathComponent("TestVectors/seed-suites/afnetworking")

    struct Case: CustomTestStringConvertible, Sendable {
        let id: String
        let arguments: [String]
        let expected: Bool
        var testDescription: String { String(id.split(separator: "/").last ?? "") }
    }

    /// The cases as `vouch policy` arguments; empty (and the count test says so) if the suite is broken.
    static let cases: [Case] = {
        guard let data = FileManager.default.contents(atPath: suite.appendingPathComponent("cases.json").path),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let rows = root["cases"] as? [[String: Any]] else { return [] }
        return rows.compactMap { row -> Case? in
            guard row["kind"] as? String == "evaluateServerTrust:forDomain:", row["status"] as? String == "active",
                  let id = row["id"] as? String, let policy = row["policy"] as? [String: Any],
                  let server = row["server_trust"] as? [String: Any], let certificates = server["certificates"] as? [String],
                  let date = row["suggested_verify_date"] as? String,
                  let expected = (row["asserted"] as? [String: Any])?["expected"] as? Bool else { return nil }
            var arguments = ["policy"] + certificates.map { suite.appendingPathComponent($0).path } + ["--at", date, "--json"]
            switch policy["pinning_mode"] as? String {
            case "PublicKey": arguments += ["--pinning", "public-key"]
            case "Certificate": arguments += ["--pinning", "certificate"]
            default: break
            }
            for file in policy["pinned_certificates"] as? [String] ?? [] {
                if file.hasPrefix("<certificatesInBundle") {
                    // The test bundle's certificates: which ones does not matter, only that there are some.
                    let folder = suite.appendingPathComponent("certs/HTTPBin.org")
                    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
                    for name in names.sorted() where name.hasSuffix(".cer") { arguments += ["--pinned", folder.appendingPathComponent(name).path] }
                } else {
                    arguments += ["--pinned", suite.appendingPathComponent(file).path]
                }
            }
            if policy["allow_invalid_certificates"] as? Bool == true { arguments.append("--allow-invalid-certificates") }
            if policy["validates_domain_name"] as? Bool == false { arguments.append("--no-validates-domain-name") }
            if let domain = row["domain"] as? String { arguments += ["--domain", domain] }
            return Case(id: id, arguments: arguments, expected: expected)
        }
    }()

    @Test("36 cases: 20 allowed, 16 not")
    func count() throws {
        #expect(Self.cases.count == 36)
        #expect(Self.cases.filter(\.expected).count == 20)
    }

    @Test("each case's answer and exit code", arguments: cases)
    func seedCase(_ row: Case) throws {
        let result = try VouchProcess.run(row.arguments)
        let json = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        #expect(json?["allowed"] as? Bool == row.expected, "\(result.standardOutput.prefix(600)) \(result.standardError)")
        #expect(result.status == (row.expected ? 0 : 1))
        #expect((json?["steps"] as? [String])?.isEmpty == false)
    }
}
