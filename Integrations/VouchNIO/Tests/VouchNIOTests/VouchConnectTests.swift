import Foundation
import Testing
import VouchPinning
import VouchX509

/// `vouch-connect` end to end: exit codes, --save-chain, --json.
@Suite("vouch-connect", .serialized, .enabled(if: OpenSSLFixture.openssl != nil, "openssl not installed (apt-get install openssl): the end-to-end tests need it"))
struct VouchConnectTests {
    let fixture: OpenSSLFixture

    init() throws {
        fixture = try #require(OpenSSLFixture.shared, "the openssl fixture could not be made (see the output)")
    }

    /// The `vouch-connect` binary next to the test bundle (SwiftPM builds it: the tests depend on it).
    static let executable: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("vouch-connect")

    func connect(_ arguments: [String]) throws -> Subprocess {
        try Subprocess.run(Self.executable, arguments)
    }

    @Test("allowed: exit 0, the chain sent and the verdict in text")
    func allowed() throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        let result = try connect(["127.0.0.1:\(server.port)", "--servername", "localhost", "--anchors", fixture.path("root.pem"),
                                  "--pinning", "certificate", "--pinned", fixture.path("intermediate.der")])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "connected to 127.0.0.1:\(server.port), judged as localhost")
        #expect(lines.contains("the server sent 2 certificate(s):"))
        #expect(lines.contains("  sent[0]: CN=localhost,O=Vouch NIO Test"))
        let pin = SPKIPin(try Handshakes.certificate(fixture, "leaf")).description
        #expect(lines.contains { $0.contains(pin) })
        #expect(lines.last == "allowed")
    }

    @Test("not allowed: exit 1 (wrong pin, wrong name, expired)")
    func notAllowed() throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        let address = "127.0.0.1:\(server.port)"
        let anchors = ["--anchors", fixture.path("root.pem")]
        let wrongPin = try connect([address, "--servername", "localhost", "--pinning", "certificate", "--pinned", fixture.path("leaf2.pem")] + anchors)
        #expect(wrongPin.status == 1, "\(wrongPin.standardError)")
        #expect(wrongPin.standardOutput.hasSuffix("not allowed\n"))
        let wrongName = try connect([address, "--servername", "wrong.example"] + anchors)
        #expect(wrongName.status == 1)
        let foreignPin = try connect([address, "--servername", "localhost", "--pin", SPKIPin(try Handshakes.certificate(fixture, "unrelated")).description] + anchors)
        #expect(foreignPin.status == 1)
        let goodPin = try connect([address, "--servername", "localhost", "--pin", SPKIPin(try Handshakes.certificate(fixture, "root")).description] + anchors)
        #expect(goodPin.status == 0, "\(goodPin.standardOutput)")
    }

    @Test("--save-chain writes exactly what the server sent, even when not allowed")
    func saveChain() throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate", "root"])
        defer { server.stop() }
        let directory = fixture.directory.appendingPathComponent("saved-\(UUID().uuidString)")
        let result = try connect(["127.0.0.1:\(server.port)", "--save-chain", directory.path])  // system roots: not allowed
        #expect(result.status == 1)
        let saved = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(saved == ["chain-0.der", "chain-1.der", "chain-2.der"])
        for (index, name) in ["leaf", "intermediate", "root"].enumerated() {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent("chain-\(index).der")))
            #expect(bytes == (try fixture.der(name)), "chain-\(index).der")
        }
    }

    @Test("--json: one object with the contract's keys")
    func json() throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        let result = try connect(["127.0.0.1:\(server.port)", "--servername", "localhost", "--anchors", fixture.path("root.pem"), "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["host", "port", "servername", "allowed", "source", "steps", "failure", "trust", "sent", "handshake", "saved"])
        #expect(object["allowed"] as? Bool == true)
        #expect(object["source"] as? String == "securityPolicy")
        #expect((object["steps"] as? [String])?.first == "2: policy SSL server, hostname localhost")
        let trust = try #require(object["trust"] as? [String: Any])
        #expect(trust["trusted"] as? Bool == true)
        #expect((trust["chain"] as? [Any])?.count == 3)
        let sent = try #require(object["sent"] as? [[String: Any]])
        #expect(sent.map { $0["subject"] as? String } == ["CN=localhost,O=Vouch NIO Test", "CN=Vouch NIO Test Intermediate,O=Vouch NIO Test"])
        #expect(sent.first?["pin"] as? String == SPKIPin(try Handshakes.certificate(fixture, "leaf")).description)
        #expect((object["handshake"] as? [String: Any])?["completed"] as? Bool == true)
    }

    @Test("bad input exits 2; usage errors 64; no server exits 3")
    func exitCodes() throws {
        let missing = try connect(["127.0.0.1:443", "--pinning", "certificate", "--pinned", "/nonexistent/server.cer"])
        #expect(missing.status == 2)
        #expect(missing.standardError.hasPrefix("/nonexistent/server.cer: cannot read"))
        #expect(try connect(["127.0.0.1"]).status == 64)
        #expect(try connect(["127.0.0.1:0"]).status == 64)
        #expect(try connect(["127.0.0.1:443", "--pin", "sha256/notbase64"]).status == 64)
        #expect(try connect(["127.0.0.1:443", "--pin", SPKIPin(try Handshakes.certificate(fixture, "root")).description, "--pinning", "certificate"]).status == 64)
        // A port nobody listens on: the server that had it is stopped first.
        let server = try TestServer(fixture, certificate: "leaf")
        server.stop()
        let refused = try connect(["127.0.0.1:\(server.port)"])
        #expect(refused.status == 3)
        #expect(refused.standardError.contains("no decision"))
    }
}
