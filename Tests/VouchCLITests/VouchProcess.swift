import Foundation

/// Runs the built `vouch` executable, as scripts do, and captures what it prints.
struct VouchProcess {
    let status: Int32
    let standardOutput: String
    let standardError: String

    static let projectRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `vouch` binary next to the test bundle (SwiftPM builds it because this target depends on
    /// it), or the one `VOUCH_TEST_BINARY` names: `scripts/static --test` runs these tests on the
    /// static, size-optimised binary that way.
    static let executable: URL = {
        if let path = ProcessInfo.processInfo.environment[binaryOverride], !path.isEmpty {
            return URL(fileURLWithPath: path, relativeTo: projectRoot).absoluteURL
        }
        return buildDirectory.appendingPathComponent("vouch")
    }()

    /// The folder of SwiftPM's products for this test run (the snippets' executables are there).
    static let buildDirectory: URL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()

    /// The environment variable that points the tests at another `vouch` binary.
    static let binaryOverride = "VOUCH_TEST_BINARY"

    /// Whether the tests run on a binary other than the one SwiftPM built beside them.
    static var testsAnotherBinary: Bool { !(ProcessInfo.processInfo.environment[binaryOverride] ?? "").isEmpty }

    static func run(_ arguments: [String], input: [UInt8]? = nil) throws -> VouchProcess {
        try run(executable, arguments, input: input)
    }

    /// Runs any program (used for `openssl` as an oracle).
    static func run(_ program: URL, _ arguments: [String], input: [UInt8]? = nil) throws -> VouchProcess {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = projectRoot
        // Output goes to files, so a large output can never block the child on a full pipe.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("vouch-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputURL = directory.appendingPathComponent("out"), errorURL = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let output = try FileHandle(forWritingTo: outputURL), error = try FileHandle(forWritingTo: errorURL)
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = standardInput
        try process.run()
        if let input { standardInput.fileHandleForWriting.write(Data(input)) }
        try standardInput.fileHandleForWriting.close()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return VouchProcess(
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
