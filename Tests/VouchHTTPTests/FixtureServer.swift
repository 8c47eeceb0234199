import Foundation
import Testing
import VouchTestSupport

/// A Python fixture server (Fixtures/*.py) run for one test: started on an ephemeral port of
/// 127.0.0.1 (it prints `PORT <n>`), stopped when the value is released.
final class FixtureServer: @unchecked Sendable {
    static let fixtures = TestData.projectRoot.appendingPathComponent("Tests/VouchHTTPTests/Fixtures")

    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        ?? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    static let missingPython = Comment(rawValue: "python3 is not installed: the tests against a local server are skipped")

    struct StartFailed: Error {}

    let process = Process()
    let port: UInt16

    init(script: String, arguments: [String] = []) throws {
        process.executableURL = URL(fileURLWithPath: Self.python ?? "python3")
        process.arguments = ["-u", Self.fixtures.appendingPathComponent(script).path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Read the first line byte by byte: "PORT <n>\n".
        var line: [UInt8] = []
        while line.last != 0x0A {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            guard let first = byte.first else { break }
            line.append(first)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("PORT "), let port = UInt16(text.dropFirst(5)) else {
            kill(process.processIdentifier, SIGKILL)
            throw StartFailed()
        }
        self.port = port
    }

    /// SIGKILL, not `terminate()`'s SIGTERM: the child inherits the signal mask of the test thread
    /// that spawned it, which may block SIGTERM (a stuck `waitUntilExit` was seen).
    deinit {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
