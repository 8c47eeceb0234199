import Foundation
import Testing

/// `vouch`'s own argument parsing: help, usage errors (exit 64), and the command reference in
/// docs/CLI.md, which must be what `vouch help --markdown` prints.
@Suite("command line")
struct CommandLineTests {
    static let subcommands = ["asn1", "inspect", "verify", "policy", "pin", "limbo", "roots", "speed"]

    @Test("docs/CLI.md is the reference the command prints (regenerate: scripts/cli-reference)")
    func reference() throws {
        let run = try VouchProcess.run(["help", "--markdown"])
        #expect(run.status == 0)
        let file = VouchProcess.projectRoot.appendingPathComponent("docs/CLI.md")
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(committed == run.standardOutput, "docs/CLI.md is out of date: run scripts/cli-reference")
        for name in Self.subcommands { #expect(committed.contains("## vouch \(name)\n")) }
    }

    @Test("every subcommand has help that names its options", arguments: subcommands)
    func help(subcommand: String) throws {
        for words in [[subcommand, "--help"], [subcommand, "-h"], ["help", subcommand]] {
            let run = try VouchProcess.run(words)
            #expect(run.status == 0, "\(words)")
            #expect(run.standardOutput.hasPrefix("OVERVIEW: "), "\(words)")
            #expect(run.standardOutput.contains("USAGE: vouch \(subcommand)"), "\(words)")
            #expect(run.standardOutput.contains("-h, --help"), "\(words)")
        }
    }

    @Test("root help lists every subcommand; --version prints the version")
    func root() throws {
        let help = try VouchProcess.run(["--help"])
        #expect(help.status == 0)
        for name in Self.subcommands { #expect(help.standardOutput.contains("  \(name) "), "\(name)") }
        let version = try VouchProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.split(separator: ".").count == 3)
        let bare = try VouchProcess.run([])
        #expect(bare.status == 64)
        #expect(bare.standardError.contains("SUBCOMMANDS:"))
    }

    @Test("usage errors exit 64 and say what is wrong", arguments: [
        (["frobnicate"], "Unknown subcommand 'frobnicate'"),
        (["verify"], "give at least one CHAIN file, or --jws FILE"),
        (["verify", "x.pem", "--no-such-option"], "Unknown option '--no-such-option'"),
        (["verify", "x.pem", "--host"], "Missing value for '--host <name>'"),
        (["verify", "x.pem", "--json=yes"], "The flag '--json' takes no value"),
        (["verify", "x.pem", "--policy", "strictest"], "The value 'strictest' is invalid for '--policy'"),
        (["verify", "x.pem", "--at", "yesterday"], "--at: not RFC 3339 or @UNIXSECONDS: yesterday"),
        (["verify", "x.pem", "--anchors", "a.pem", "--no-anchors"], "--no-anchors and --anchors exclude each other"),
        (["asn1", "a.der", "b.der"], "Unexpected argument 'b.der'"),
        (["speed", "--seconds", "0"], "--seconds must be in (0, 600]"),
        (["speed", "nonsense"], "unknown operation: nonsense"),
        (["limbo", "--jobs", "0"], "--jobs must be in 1...64"),
        (["-x"], "Unknown subcommand '-x'"),
    ])
    func usageErrors(words: [String], message: String) throws {
        let run = try VouchProcess.run(words)
        #expect(run.status == 64, "\(words): \(run.standardError)")
        #expect(run.standardError.contains(message), "\(words): \(run.standardError)")
        #expect(run.standardOutput.isEmpty)
    }

    @Test("--name=value equals --name value; '-' and words after '--' are files; the last value counts")
    func forms() throws {
        let chain = "TestVectors/example/chain.pem", root = "TestVectors/example/root.pem"
        let at = "2026-06-01T00:00:00Z"
        let spaced = try VouchProcess.run(["verify", chain, "--anchors", root, "--host", "example.com", "--at", at, "--json"])
        let joined = try VouchProcess.run(["verify", "--anchors=\(root)", "--host=nowhere.test", "--host=example.com", "--at=\(at)", "--json", "--", chain])
        #expect(spaced.status == 0)
        #expect(joined.status == 0)
        #expect(spaced.standardOutput == joined.standardOutput)
        let input = try Data(contentsOf: VouchProcess.projectRoot.appendingPathComponent(chain))
        let fromStandardInput = try VouchProcess.run(["verify", "-", "--anchors", root, "--host", "example.com", "--at", at, "--json"], input: Array(input))
        #expect(fromStandardInput.standardOutput == spaced.standardOutput)
    }

    @Test("vouch limbo reads standard input when no file is given, as with '-'")
    func limboStandardInput() throws {
        let suite = Array(#"{"version": 1, "testcases": []}"#.utf8)
        for words in [["limbo"], ["limbo", "-"]] {
            let run = try VouchProcess.run(words, input: suite)
            #expect(run.status == 0, "\(words): \(run.standardError)")
            #expect(run.standardOutput == #"{"version":1,"harness":"vouch","results":[]}"# + "\n", "\(words)")
        }
        let malformed = try VouchProcess.run(["limbo"], input: Array(#"{"version": 1, "testcases": [}"#.utf8))
        #expect(malformed.status == 2)
        #expect(malformed.standardError.hasPrefix("<stdin>: not JSON: offset 29:"), "\(malformed.standardError)")
    }

    /// The ends of `--at @SECONDS`: evaluated and printed, not a trap (the earliest instants
    /// overflowed the RFC 3339 formatting).
    @Test("--at at the ends of Int64 gives a verdict", arguments: ["@-9223372036854775808", "@9223372036854775807", "@-62167219201"])
    func extremeVerifyDates(at: String) throws {
        let run = try VouchProcess.run([
            "verify", "TestVectors/example/chain.pem", "--anchors", "TestVectors/example/root.pem", "--at", at,
        ])
        #expect(run.status == 1, "\(run.standardError)")
        #expect(run.standardOutput.contains("errSecCertificateExpired"))
    }
}
