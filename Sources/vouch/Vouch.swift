import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `vouch`: the command line of the Vouch X.509 engine (contract: ../shared/spec/CLI.md).
@main
struct Vouch: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vouch",
        abstract: "Parse, inspect and judge X.509 certificates the way Apple's SecTrust does.",
        discussion: """
            Exit codes: 0 success or trusted, 1 evaluated and not trusted, 2 bad input \
            (unreadable file, malformed DER or PEM), 64 usage error.
            """,
        version: "0.1.0",
        subcommands: [
            ASN1Command.self, InspectCommand.self, VerifyCommand.self, PolicyCommand.self, PinCommand.self,
            LimboCommand.self, RootsCommand.self, SpeedCommand.self,
        ]
    )
}

/// The exit codes every subcommand shares.
enum ExitStatus {
    /// Evaluated and not trusted / not allowed.
    static let notTrusted = ExitCode(1)
    /// Unreadable file, malformed DER or PEM, no certificate found.
    static let badInput = ExitCode(2)
}

/// Prints `line` to standard error.
func printError(_ line: String) {
    var standardError = StandardError()
    print(line, to: &standardError)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeMutableBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            written += count
        }
    }
}
