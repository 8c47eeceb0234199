import Foundation

/// The loopback world of the fetch tests: Tests/VouchCLITests/Fixtures/fetch_world.py makes a PKI
/// with Python's `cryptography` in a fresh directory, serves its caIssuers host (`ca.vouch.test`)
/// over HTTP (logging each request), runs `openssl ocsp` for `ocsp.vouch.test` and a responder
/// that never answers for `dead.vouch.test`, all on 127.0.0.1; it stops when this object goes.
public final class FetchWorld: @unchecked Sendable {
    /// The directory the PKI's files are in (root.pem, intermediate.pem, leaf.pem, revoked.pem, …).
    public let directory: URL
    /// The caIssuers server's port.
    public let http: Int
    /// `openssl ocsp`'s port.
    public let ocsp: Int
    /// The delegated responder of "Fetch CA 2" (a second `openssl ocsp`).
    public let ocsp2: Int
    /// The silent responder's port.
    public let dead: Int
    private let process: Process
    private let input: Pipe

    /// Why the world cannot start (every test that needs it is then skipped with that reason).
    public struct Unavailable: Error, CustomStringConvertible {
        public let reason: String
        public var description: String { reason }
    }

    /// Whether the tools the world needs are here: python3 with `cryptography`, and openssl.
    public static var isAvailable: Bool {
        guard let python = which("python3"), which("openssl") != nil else { return false }
        let check = Process()
        check.executableURL = python
        check.arguments = ["-c", "import cryptography"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }

    /// The executable `name` on `PATH`, if any.
    public static func which(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Starts the world (a few hundred milliseconds: key generation and `openssl ocsp`'s start).
    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-fetch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        guard let python = Self.which("python3") else { throw Unavailable(reason: "python3 is not on PATH") }
        guard Self.which("openssl") != nil else { throw Unavailable(reason: "openssl is not on PATH") }
        let script = TestData.projectRoot.appendingPathComponent("Tests/VouchCLITests/Fixtures/fetch_world.py")
        process = Process()
        process.executableURL = python
        process.arguments = [script.path, directory.path]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data([0x0A]) { line += byte }
        guard let ports = try? JSONSerialization.jsonObject(with: line) as? [String: Int], let http = ports["http"],
            let ocsp = ports["ocsp"], let ocsp2 = ports["ocsp2"], let dead = ports["dead"]
        else { throw Unavailable(reason: "fetch_world.py did not start (is Python's cryptography installed?)") }
        (self.http, self.ocsp, self.ocsp2, self.dead) = (http, ocsp, ocsp2, dead)
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The path of one of the world's files.
    public func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The requests the caIssuers server saw, one line each ("HOST PATH").
    public var requests: [String] {
        ((try? String(contentsOf: directory.appendingPathComponent("requests.log"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    /// How many requests the HTTP server logged for paths starting with `prefix`.
    public func requests(_ prefix: String) -> Int {
        requests.filter { $0.split(separator: " ").dropFirst().first?.hasPrefix(prefix) == true }.count
    }

    /// curl-style `--connect-to` values sending the world's host names to its loopback ports.
    public var connectToValues: [String] {
        ["ca.vouch.test:80:127.0.0.1:\(http)", "ocsp.vouch.test:80:127.0.0.1:\(ocsp)", "dead.vouch.test:80:127.0.0.1:\(dead)",
         "ocsp2.vouch.test:80:127.0.0.1:\(ocsp2)", "slow.vouch.test:80:127.0.0.1:\(http)"]
    }
}
