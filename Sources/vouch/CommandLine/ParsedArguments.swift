/// The words of one command line, read against a ``CommandSpec``.
///
/// Rules (the ones scripts already rely on): `--name value` and `--name=value`; a flag takes no
/// value; `-` alone is a positional argument (standard input); after `--` every word is
/// positional; `-h` and `--help` ask for help wherever they stand; a value option given twice
/// keeps the last value, a repeatable one keeps all, in order.
struct ParsedArguments: Sendable {
    /// The positional words, in order.
    private(set) var positionals: [String] = []
    private var flags: Set<String> = []
    private var values: [String: [String]] = [:]

    /// What reading the words gave: arguments to run with, or a request for help.
    enum Outcome: Sendable {
        case arguments(ParsedArguments)
        case help
    }

    /// Reads `words` (the command line after the subcommand's name).
    ///
    /// - Throws: ``UsageError`` naming the unknown option, the option without its value, the
    ///   missing or unexpected argument.
    static func parse(_ words: [String], for spec: CommandSpec) throws(UsageError) -> Outcome {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || word == "-" || !word.hasPrefix("-") {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" {
                onlyPositionals = true
                continue
            }
            if word == "-h" || word == "--help" { return .help }
            guard word.hasPrefix("--") else { throw UsageError("Unknown option '\(word)'") }
            let body = word.dropFirst(2)
            let name = body.prefix { $0 != "=" }
            let inlineValue = name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
            guard let option = spec.option(named: name) else { throw UsageError("Unknown option '--\(name)'") }
            switch option.kind {
            case .flag:
                guard inlineValue == nil else { throw UsageError("The flag '--\(name)' takes no value") }
                parsed.flags.insert(option.name)
            case .value, .repeatable:
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < words.count, !words[index].hasPrefix("--") else {
                        throw UsageError("Missing value for '\(option.synopsis)'")
                    }
                    value = words[index]
                    index += 1
                }
                if case .repeatable = option.kind {
                    parsed.values[option.name, default: []].append(value)
                } else {
                    parsed.values[option.name] = [value]
                }
            }
        }
        try parsed.checkPositionals(against: spec.arguments)
        return .arguments(parsed)
    }

    /// Checks the number of positional words against the declared arguments.
    private func checkPositionals(against arguments: [ArgumentSpec]) throws(UsageError) {
        var remaining = positionals.count
        for argument in arguments {
            if remaining == 0 {
                guard argument.arity.isOptional else { throw UsageError("Missing expected argument '<\(argument.name)>'") }
                continue
            }
            remaining -= argument.arity.isRepeatable ? remaining : 1
        }
        if remaining > 0 { throw UsageError("Unexpected argument '\(positionals[positionals.count - remaining])'") }
    }

    /// Whether the flag `name` was given.
    func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value of the option `name` (the last one given), or `nil`.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value of the repeatable option `name`, in order.
    func values(_ name: String) -> [String] { values[name] ?? [] }

    /// The value of `name` read by `convert`, or `nil` when the option is absent.
    ///
    /// - Throws: ``UsageError`` when `convert` refuses the value; `expected` says what it takes.
    func value<T>(_ name: String, expected: String, _ convert: (String) -> T?) throws(UsageError) -> T? {
        guard let text = value(name) else { return nil }
        guard let converted = convert(text) else {
            throw UsageError("The value '\(text)' is invalid for '--\(name)': expected \(expected)")
        }
        return converted
    }

    /// The positional words from index `start` on (the repeatable last argument).
    func positionals(from start: Int) -> [String] {
        start < positionals.count ? Array(positionals[start...]) : []
    }

    /// The positional word at `index`, or `nil`.
    func positional(_ index: Int) -> String? {
        index < positionals.count ? positionals[index] : nil
    }
}
