/// What a subcommand accepts, declared once: the parser reads words against it, and the help
/// text and the command reference (docs/CLI.md) are printed from it, so they cannot drift apart.
///
/// `vouch` parses its own arguments instead of using swift-argument-parser: that package links
/// FoundationEssentials (for its JSON help dump), which would add about 7 MB to a static binary
/// whose whole budget over the Swift runtime is 1.5 MB.
struct CommandSpec: Sendable {
    /// The word after `vouch` (`verify`).
    let name: String
    /// One line: what the command does.
    let abstract: String
    /// Paragraphs printed after the usage line. Lines that start with a space are kept as they
    /// are (tables, lists); the others are wrapped.
    var discussion: String = ""
    /// The positional arguments, in order.
    var arguments: [ArgumentSpec] = []
    /// The options and flags, in the order help lists them.
    var options: [OptionSpec] = []

    /// The option called `name` (without its `--`), if the command has it.
    func option(named name: Substring) -> OptionSpec? {
        options.first { $0.name[...] == name }
    }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    /// How many words the argument takes.
    enum Arity: Sendable {
        case one, optional, oneOrMore, zeroOrMore

        /// Whether the argument may be left out.
        var isOptional: Bool { self == .optional || self == .zeroOrMore }
        /// Whether the argument takes every remaining word.
        var isRepeatable: Bool { self == .oneOrMore || self == .zeroOrMore }
    }

    /// The name shown in usage, without the angle brackets.
    let name: String
    let arity: Arity
    let help: String
}

/// An option (`--anchors FILE`) or a flag (`--json`).
struct OptionSpec: Sendable {
    enum Kind: Sendable, Equatable {
        /// Present or absent.
        case flag
        /// Takes one value; given twice, the last counts.
        case value(name: String)
        /// Takes one value each time it is given; every value counts, in order.
        case repeatable(name: String)
    }

    /// The long name without its `--` (`anchors`).
    let name: String
    let kind: Kind
    let help: String
    /// Left out of help and of the reference: kept for measurements, not for users.
    var isHidden = false

    static func flag(_ name: String, _ help: String, hidden: Bool = false) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help, isHidden: hidden)
    }

    static func value(_ name: String, _ valueName: String, _ help: String, hidden: Bool = false) -> OptionSpec {
        OptionSpec(name: name, kind: .value(name: valueName), help: help, isHidden: hidden)
    }

    static func repeatable(_ name: String, _ valueName: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .repeatable(name: valueName), help: help)
    }

    /// `--anchors <file>` as usage and help show it.
    var synopsis: String {
        switch kind {
        case .flag: return "--\(name)"
        case .value(let valueName), .repeatable(let valueName): return "--\(name) <\(valueName)>"
        }
    }
}

/// A subcommand of `vouch`: its declaration, how it reads parsed words, and what it does.
protocol Subcommand: Sendable {
    /// What the command accepts.
    static var spec: CommandSpec { get }
    /// Reads the parsed words.
    ///
    /// - Throws: ``UsageError`` for a value or a combination the command refuses (exit 64).
    init(_ arguments: ParsedArguments) throws(UsageError)
    /// Does the work.
    ///
    /// - Throws: ``CommandExit`` for an exit status other than 0; any other error is reported as
    ///   bad input (exit 2).
    func run() throws
}

/// An exit status other than 0, thrown by ``Subcommand/run()``.
struct CommandExit: Error, Equatable {
    let status: Int32
}

/// A command line the command cannot accept: printed with the usage line, exit 64.
struct UsageError: Error, Equatable {
    let message: String

    init(_ message: String) { self.message = message }
}
