import Foundation
import Testing

/// `vouch roots`: where the store was found, how many anchors, what could not be read.
@Suite("vouch roots")
struct RootsCommandTests {
    /// Runs `vouch roots --system-roots linux --json` with SSL_CERT_FILE and SSL_CERT_DIR set.
    static func roots(file: String, directory: String) throws -> (status: Int32, json: [String: Any]) {
        let run = try VouchProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["SSL_CERT_FILE=\(file)", "SSL_CERT_DIR=\(directory)", VouchProcess.executable.path, "roots", "--system-roots", "linux", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        return (run.status, json)
    }

    @Test("SSL_CERT_FILE and SSL_CERT_DIR are honoured; a subdirectory is no problem; duplicates count once")
    func environment() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-roots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("java"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = VouchProcess.projectRoot.appendingPathComponent("TestVectors/example/root.pem")
        try FileManager.default.copyItem(at: root, to: directory.appendingPathComponent("root.pem"))
        let chain = VouchProcess.projectRoot.appendingPathComponent("TestVectors/example/chain.pem").path
        let (status, json) = try Self.roots(file: chain, directory: directory.path)
        #expect(status == 0)
        #expect(json["source"] as? String == "linux")
        #expect(json["ssl_cert_file"] as? String == chain)
        #expect(json["ssl_cert_dir"] as? String == directory.path)
        #expect(json["sources"] as? [String] == [chain, directory.appendingPathComponent("root.pem").path])
        #expect(json["anchors"] as? Int == 3)
        #expect((json["problems"] as? [Any])?.isEmpty == true)
    }

    @Test("a missing SSL_CERT_FILE is a problem; an empty store exits 1")
    func empty() throws {
        let (status, json) = try Self.roots(file: "/nonexistent/bundle.pem", directory: "/nonexistent")
        #expect(status == 1)
        #expect(json["anchors"] as? Int == 0)
        #expect(json["sources"] as? [String] == [])
        let problems = try #require(json["problems"] as? [[String: String]])
        #expect(problems == [["file": "/nonexistent/bundle.pem", "reason": "cannot read"]])
    }
}
