import Foundation
import Testing

/// When `VOUCH_TEST_BINARY` points the command-line tests at another binary (`scripts/static
/// --test` does, with the static one), every command of a battery must print exactly what SwiftPM's
/// own build beside the tests prints: same exit status, same standard output, same standard error.
///
/// The static binary is built for size (scripts/static: -Osize, field arithmetic out of line,
/// no reflection metadata, no unwind tables). None of that may change an answer; reflection
/// metadata is the one that could do so silently, since without it Swift prints an enum case
/// that has no `description` as its type's name. The battery covers every command, its help,
/// argument errors, unreadable and malformed files, each SecTrust test certificate under three
/// anchor settings and both profiles, AFSecurityPolicy's modes and options, and a pin set cut
/// short at sixty places (every JSON error message).
@Suite("static binary", .enabled(if: VouchProcess.testsAnotherBinary, "VOUCH_TEST_BINARY is not set (scripts/static --test sets it)"))
struct StaticBinaryTests {
    static let reference = VouchProcess.buildDirectory.appendingPathComponent("vouch")
    static let at = ["--at", "2026-06-01T00:00:00Z"]
    static let example = "TestVectors/example/"

    /// The argument lists of the battery (paths relative to the project root).
    static func battery() throws -> [[String]] {
        var commands: [[String]] = [
            [], ["--help"], ["help"], ["--version"], ["bogus"], ["verify"], ["verify", "--at", "nonsense", "x"],
            ["verify", "--host"], ["verify", "--frobnicate", "x"], ["inspect", "/nonexistent"], ["asn1", "/"],
            ["asn1", "TestVectors/explorer/deep.der"], ["inspect", "TestVectors/explorer/script-name.pem", "--json"],
            ["pin", example + "chain.pem"], ["pin", example + "chain.pem", "--json"], ["roots"], ["roots", "--json"],
            ["inspect", example + "chain.pem"], ["inspect", example + "chain.pem", "--json"], ["inspect", example + "chain.pem", "--html"],
            ["verify", example + "chain.pem", "--anchors", example + "root.pem", "--html"] + at,
            ["verify", "TestVectors/public-suffix/wildcard-co-uk.pem", "--anchors", "TestVectors/public-suffix/root.pem",
             "--host", "foo.co.uk", "--json"] + at,
            ["inspect", "TestVectors/ocsp/revoked-by-name.der", "TestVectors/ocsp/good-delegated.der"],
            ["inspect", "TestVectors/ocsp/good-by-key.der", "--json"],
            ["verify", "TestVectors/ocsp/leaf.der", "--anchors", "TestVectors/ocsp/ca.der", "--policy", "basic", "--json", "--explain",
             "--now", "2026-06-02T00:00:00Z", "--ocsp-response", "TestVectors/ocsp/good-delegated.der",
             "--ocsp-response", "TestVectors/ocsp/revoked-older.der", "--require-revocation-response"] + at,
        ]
        for command in ["asn1", "inspect", "verify", "policy", "pin", "roots", "limbo", "speed"] {
            commands.append([command, "--help"])
        }
        let certificates = try FileManager.default.contentsOfDirectory(atPath: VouchProcess.projectRoot.path + "/TestVectors/sectrust/certs")
            .sorted().map { "TestVectors/sectrust/certs/" + $0 }
        let intermediates = certificates.filter { $0.contains("intermediate") }.prefix(3)
        for certificate in certificates {
            for anchors in [["--anchors", "TestVectors/sectrust/certs/root.der"], [], ["--no-anchors"]] {
                commands.append(["verify", certificate] + intermediates + anchors + at + ["--json"])
                commands.append(["verify", certificate] + anchors + at + ["--host", "example.com", "--profile", "strict"])
            }
            commands.append(["inspect", certificate])
            commands.append(["asn1", certificate])
        }
        for mode in ["none", "public-key", "certificate"] {
            for option in [[], ["--allow-invalid-certificates"], ["--no-validates-domain-name"], ["--domain", "example.com"], ["--domain", "wrong.example"]] {
                for pinned in [[], ["--pinned", example + "root.pem"], ["--pinned", "TestVectors/example-rsa/root.pem"]] {
                    commands.append(["policy", example + "chain.pem", "--pinning", mode, "--anchors", example + "root.pem", "--json"] + at + option + pinned)
                    commands.append(["policy", example + "chain.pem", "--pinning", mode] + at + option + pinned)
                }
            }
        }
        return commands
    }

    @Test("every command of the battery prints the same as SwiftPM's build")
    func sameOutput() throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.reference.path), "no reference build at \(Self.reference.path)")
        var commands = try Self.battery()
        // A pin set cut short at sixty places: each JSON error, with its offset.
        let pins = try Data(contentsOf: VouchProcess.projectRoot.appendingPathComponent(Self.example + "pins.json"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-static-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for length in stride(from: 0, to: pins.count, by: max(1, pins.count / 60)) {
            let file = folder.appendingPathComponent("pins-\(length).json")
            try pins.prefix(length).write(to: file)
            commands.append(["pin", Self.example + "chain.pem", "--pin-set", file.path, "--host", "example.com", "--json"])
        }
        var differing: [String] = []
        for arguments in commands {
            let tested = try VouchProcess.run(arguments)
            let expected = try VouchProcess.run(Self.reference, arguments)
            if tested.status != expected.status || tested.standardOutput != expected.standardOutput
                || tested.standardError != expected.standardError {
                differing.append("vouch " + arguments.joined(separator: " "))
            }
        }
        #expect(commands.count > 600)
        #expect(differing.isEmpty, "\(differing.count) of \(commands.count) commands differ, first: \(differing.prefix(3))")
    }
}
