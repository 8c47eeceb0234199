import Foundation

/// An `openssl s_server` on 127.0.0.1, on the port the system chose. The test that starts one
/// stops it: `defer { server.stop() }`.
final class TestServer {
    let process = Process()
    let port: Int
    private let log: URL

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Serves `certificate` (a fixture name) with `chain` as the extra certificates it sends.
    init(_ fixture: OpenSSLFixture, certificate: String, key: String? = nil, chain: [String] = []) throws {
        guard let openssl = OpenSSLFixture.openssl else { throw Failure(description: OpenSSLFixture.missing) }
        log = fixture.directory.appendingPathComponent("s_server-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        var arguments = ["s_server", "-accept", "127.0.0.1:0", "-cert", fixture.path(certificate + ".pem"),
                         "-key", fixture.path((key ?? certificate) + ".key"), "-ign_eof"]
        if !chain.isEmpty {
            let bundle = fixture.directory.appendingPathComponent("chain-\(UUID().uuidString).pem")
            var text = ""
            for name in chain { text += try String(contentsOfFile: fixture.path(name + ".pem"), encoding: .utf8) }
            try text.write(to: bundle, atomically: true, encoding: .utf8)
            arguments += ["-cert_chain", bundle.path]
        }
        let handle = try FileHandle(forWritingTo: log)
        process.executableURL = openssl
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = Pipe()  // kept open: s_server stops at end of input otherwise
        try process.run()
        // s_server prints `ACCEPT 127.0.0.1:PORT` once it listens (OpenSSL 3; 1.1 prints `ACCEPT`).
        var found: Int?
        for _ in 0..<200 where found == nil {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("ACCEPT") }),
               let colon = line.lastIndex(of: ":"), let port = Int(line[line.index(after: colon)...]) {
                found = port
            } else if !process.isRunning {
                break
            } else {
                usleep(25_000)
            }
        }
        guard let found else {
            Self.stop(process)
            throw Failure(description: "s_server did not report its port: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")
        }
        port = found
    }

    /// Stops the server and waits for it: SIGTERM, then SIGKILL after 0.2 s (the test runner's
    /// threads block SIGTERM, and a child inherits that mask, so s_server may not see it).
    func stop() { Self.stop(process) }

    private static func stop(_ process: Process) {
        if process.isRunning { process.terminate() }
        for _ in 0..<20 where process.isRunning { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
