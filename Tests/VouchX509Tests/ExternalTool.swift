import Foundation

/// Runs the command-line tools some tests use to make their inputs (`openssl`, p11-kit's `trust`);
/// the tests that need one are skipped, with the reason, when it is not on PATH. Nothing here uses
/// the network.
enum ExternalTool {
    /// What a run printed and how it ended.
    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    /// The full path of `name` on PATH, if any.
    static func path(_ name: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = String(directory) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A new empty directory under the system's temporary directory.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-x509-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Runs `name` (found on PATH) with `arguments` in `directory`; output goes to files, so a large
    /// output cannot block the child on a full pipe.
    static func run(_ name: String, _ arguments: [String], in directory: URL) throws -> Run {
        guard let program = path(name) else { throw Failure("\(name) is not on PATH") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let outputURL = directory.appendingPathComponent(".\(name)-\(UUID().uuidString).out")
        let errorURL = directory.appendingPathComponent(".\(name)-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: outputURL)
            try? FileManager.default.removeItem(at: errorURL)
        }
        let output = try FileHandle(forWritingTo: outputURL), error = try FileHandle(forWritingTo: errorURL)
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return Run(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    /// Runs `name` and throws unless it exits with status 0.
    @discardableResult
    static func check(_ name: String, _ arguments: [String], in directory: URL) throws -> Run {
        let run = try run(name, arguments, in: directory)
        guard run.status == 0 else {
            throw Failure("\(name) \(arguments.joined(separator: " ")) exited with \(run.status): \(run.error)")
        }
        return run
    }

    /// The bytes of `file` in `directory`.
    static func bytes(_ file: String, in directory: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
    }

    /// A tool that failed, with what it said.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
