import Foundation
import Testing

/// `vouch asn1` against the contract of CLI.md: tree, JSON keys, exit codes, one-line errors.
@Suite("vouch asn1")
struct ASN1CommandTests {
    static let leaf = "TestVectors/example/leaf.der"
    static let bundle = "/etc/ssl/certs/ca-certificates.crt"

    @Test("prints the tree of a DER certificate and exits 0")
    func derTree() throws {
        let result = try VouchProcess.run(["asn1", Self.leaf])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "    0:d=0  hl=4 l= 555 cons: SEQUENCE")
        #expect(lines.contains { $0.contains("OBJECT IDENTIFIER :ecdsaWithSHA256 (1.2.840.10045.4.3.2)") })
        #expect(lines.contains { $0.contains("UTCTime           :2026-01-01T00:00:00Z") })
        #expect(result.standardError.isEmpty)
    }

    @Test("--json has the contract's keys, and primitives carry value instead of children")
    func json() throws {
        let result = try VouchProcess.run(["asn1", "--json", Self.leaf])
        #expect(result.status == 0)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(root["offset"] as? Int == 0)
        #expect(root["header_length"] as? Int == 4)
        #expect(root["length"] as? Int == 555)
        #expect(root["tag"] as? String == "SEQUENCE")
        #expect(root["constructed"] as? Bool == true)
        let tbs = try #require((root["children"] as? [[String: Any]])?.first)
        let version = try #require(((tbs["children"] as? [[String: Any]])?.first?["children"] as? [[String: Any]])?.first)
        #expect(version["tag"] as? String == "INTEGER")
        #expect(version["value"] as? String == "2")
        #expect(version["children"] == nil)
    }

    @Test("a PEM bundle prints one tree per block; --json an array",
          .enabled(if: FileManager.default.fileExists(atPath: bundle), "no system bundle: run scripts/setup"))
    func bundleTrees() throws {
        let blocks = try String(contentsOfFile: Self.bundle, encoding: .utf8)
            .components(separatedBy: "-----BEGIN CERTIFICATE-----").count - 1
        let text = try VouchProcess.run(["asn1", Self.bundle])
        #expect(text.status == 0)
        #expect(text.standardOutput.split(separator: "\n").filter { $0.hasPrefix("# ") }.count == blocks)
        let json = try VouchProcess.run(["asn1", "--json", Self.bundle])
        let array = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [Any]
        #expect(array?.count == blocks)
    }

    @Test("a truncated certificate: one line with file, offset and reason; exit 2")
    func truncated() throws {
        let der = try #require(FileManager.default.contents(atPath: VouchProcess.projectRoot.path + "/" + Self.leaf))
        let result = try VouchProcess.run(["asn1", "-"], input: Array(der.prefix(500)))
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "<stdin>: offset 0: truncated: the input ends before the element does (X.690 §8.1)\n")
    }

    @Test("bad input exits 2 with one line; usage errors exit 64", arguments: [
        (["asn1", "/nonexistent/file.der"], Int32(2), "/nonexistent/file.der: cannot open"),
        (["asn1", "Package.swift"], 2, "Package.swift: offset 0:"),
        (["asn1"], 64, "Missing expected argument"),
        (["asn1", "--no-such-flag", "x"], 64, "Unknown option"),
    ])
    func exitCodes(arguments: [String], status: Int32, message: String) throws {
        let result = try VouchProcess.run(arguments)
        #expect(result.status == status)
        #expect(result.standardError.contains(message))
        if status == 2 { #expect(result.standardError.split(separator: "\n").count == 1) }
    }

    @Test("a malformed PEM block names file and text offset")
    func malformedPEM() throws {
        let text = "garbage\n-----BEGIN CERTIFICATE-----\nMII!\n-----END CERTIFICATE-----\n"
        let result = try VouchProcess.run(["asn1", "-"], input: Array(text.utf8))
        #expect(result.status == 2)
        #expect(result.standardError == "<stdin>: PEM offset 39: character outside the base64 alphabet in a PEM body\n")
    }

    @Test("offsets, header lengths and lengths agree with openssl asn1parse on every bundle certificate",
          .enabled(if: VouchProcess.which("openssl") != nil && FileManager.default.fileExists(atPath: bundle),
                   "needs openssl and the system bundle: run scripts/setup --tests"))
    func opensslOracle() throws {
        let openssl = try #require(VouchProcess.which("openssl"))
        let text = try String(contentsOfFile: Self.bundle, encoding: .utf8)
        let blocks = text.components(separatedBy: "-----END CERTIFICATE-----").dropLast()
            .map { $0[($0.range(of: "-----BEGIN CERTIFICATE-----")?.lowerBound ?? $0.startIndex)...] + "-----END CERTIFICATE-----\n" }
        #expect(blocks.count > 100)
        for (index, block) in blocks.enumerated() {
            let theirs = try VouchProcess.run(openssl, ["asn1parse"], input: Array(block.utf8))
            let ours = try VouchProcess.run(["asn1", "-"], input: Array(block.utf8))
            #expect(theirs.status == 0 && ours.status == 0, "certificate \(index)")
            // openssl does not show encapsulated content; every element it shows, we show alike.
            let ourHeaders = Set(ours.standardOutput.split(separator: "\n").map(Self.header))
            for line in theirs.standardOutput.split(separator: "\n") {
                #expect(ourHeaders.contains(Self.header(line)), "certificate \(index): \(line)")
            }
        }
    }

    /// `offset:d=depth hl=… l=… form` with spacing normalised.
    static func header(_ line: Substring) -> String {
        line.split(separator: " ", omittingEmptySubsequences: true).prefix(4).joined(separator: " ")
            .replacingOccurrences(of: "l= ", with: "l=")
    }
}
