import Foundation

/// Runs programs (openssl, vouch-connect) and captures what they print.
struct Subprocess {
    let status: Int32
    let standardOutput: String
    let standardError: String

    /// Runs `program` to completion; output goes through files, so it can never block the child.
    static func run(_ program: URL, _ arguments: [String], in directory: URL? = nil) throws -> Subprocess {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-nio-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outputURL = scratch.appendingPathComponent("out"), errorURL = scratch.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL), error = try FileHandle(forWritingTo: errorURL)
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return Subprocess(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    /// The path of `name` on `PATH`, if any.
    static func which(_ name: String) -> URL? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
