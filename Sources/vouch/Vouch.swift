#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `vouch`: the command line of the Vouch X.509 engine (reference: docs/CLI.md).
@main
enum Vouch {
    static let version = "0.1.0"
    static let abstract = "Parse, inspect and judge X.509 certificates the way Apple's SecTrust does."
    static let discussion = """
        Exit codes: 0 success or trusted, 1 evaluated and not trusted, 2 bad input (unreadable file, \
        malformed DER or PEM), 64 usage error.
        """

    /// Every subcommand by name, in the order help lists them. The names are spelled here so
    /// that a run builds only its own command's declaration (`speed`'s names its operations).
    static let subcommands: [(name: String, command: any Subcommand.Type)] = [
        ("asn1", ASN1Command.self), ("inspect", InspectCommand.self), ("verify", VerifyCommand.self),
        ("policy", PolicyCommand.self), ("pin", PinCommand.self), ("limbo", LimboCommand.self),
        ("roots", RootsCommand.self), ("speed", SpeedCommand.self),
    ]

    /// Every declaration, for the help and the reference that list them all.
    static var specs: [CommandSpec] { subcommands.map { $0.command.spec } }

    /// The exit status of a command line the tool cannot accept (BSD's EX_USAGE).
    static let usageStatus: Int32 = 64

    static func main() {
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs one command line; returns the exit status.
    static func run(_ words: [String]) -> Int32 {
        guard let first = words.first else {
            printError(HelpText.rootHelp(specs))
            return usageStatus
        }
        switch first {
        case "-h", "--help":
            print(HelpText.rootHelp(specs))
            return 0
        case "--version":
            print(version)
            return 0
        case "help":
            return help(Array(words.dropFirst()), specs: specs)
        default:
            break
        }
        guard let command = subcommands.first(where: { $0.name == first })?.command else {
            printError("Error: Unknown subcommand '\(first)'\nUsage: vouch <subcommand> [<arguments>...]\n  See 'vouch --help' for the subcommands.")
            return usageStatus
        }
        return run(command, Array(words.dropFirst()))
    }

    private static func run(_ command: any Subcommand.Type, _ words: [String]) -> Int32 {
        let spec = command.spec
        do throws(UsageError) {
            switch try ParsedArguments.parse(words, for: spec) {
            case .help:
                print(HelpText.help(spec))
                return 0
            case .arguments(let arguments):
                let instance = try command.init(arguments)
                do {
                    try instance.run()
                    return 0
                } catch let exit as CommandExit {
                    return exit.status
                } catch {
                    printError("vouch \(spec.name): \(error)")
                    return ExitStatus.badInput.status
                }
            }
        } catch {
            printError("Error: \(error.message)\nUsage: \(HelpText.usage(spec, after: "Usage: "))\n  See 'vouch \(spec.name) --help' for more information.")
            return usageStatus
        }
    }

    /// `vouch help [SUBCOMMAND]` and `vouch help --markdown` (the reference in docs/CLI.md).
    private static func help(_ words: [String], specs: [CommandSpec]) -> Int32 {
        switch words.first {
        case nil:
            print(HelpText.rootHelp(specs))
        case "--markdown":
            print(HelpText.reference(specs), terminator: "")
        case let name?:
            guard let spec = specs.first(where: { $0.name == name }) else {
                printError("Error: Unknown subcommand '\(name)'")
                return usageStatus
            }
            print(HelpText.help(spec))
        }
        return 0
    }
}

/// The exit codes every subcommand shares.
enum ExitStatus {
    /// Evaluated and not trusted / not allowed.
    static let notTrusted = CommandExit(status: 1)
    /// Unreadable file, malformed DER or PEM, no certificate found.
    static let badInput = CommandExit(status: 2)
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
