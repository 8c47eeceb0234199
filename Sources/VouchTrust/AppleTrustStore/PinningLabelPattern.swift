/// A `labelRegex` of Apple's pinning database, read: the part of ICU's regular expressions
/// (trustd compiles each with `NSRegularExpression` and `NSRegularExpressionCaseInsensitive`,
/// SecPinningDb.m `queryForDomain:`) that the database uses, and nothing more. A pattern outside
/// it is refused by ``parse(_:)``, never approximated: the database reports it and the domain entry
/// never matches a hostname.
///
/// The subset, as ICU reads it without flags but case insensitivity:
/// - literals: ASCII letters, digits, `-` and `_`;
/// - `.`: any character but a line terminator (U+000A…U+000D, U+0085, U+2028, U+2029);
/// - `[…]`: a set of such literals and ranges `a-b` (no negation, no escapes);
/// - `^`: the start of the label; `$`: its end, or before a line terminator that ends it (or a
///   final CR LF), as ICU's `$` without `UREGEX_MULTILINE`;
/// - `(…)` groups and `|` alternatives, empty ones included;
/// - `*`, `+`, `?`, `{n}`, `{m,}`, `{m,n}` after a literal, `.`, a set or a group (greedy only: a
///   lazy `?` or possessive `+` after a quantifier is refused);
/// - `(?!…)`: a negative lookahead (two rows use it at 55349.0.11), not nested in another.
///
/// Everything else (escapes, `(?:`, other `(?` forms, `{` not forming a count, any other
/// character, non-ASCII text, an empty pattern) is refused. Matching is in
/// `PinningLabelPattern+Matching.swift`: in time linear in the label's length.
struct PinningLabelPattern: Sendable {
    /// The longest pattern read, in characters. The longest at 55349.0.11 is about 600 (MMCS);
    /// the limit bounds the parse and the compiled program.
    static let maximumLength = 4_096
    /// How deep groups and lookaheads may nest: the parser recurses once per level. The
    /// database nests 2 at most.
    static let maximumNesting = 16
    /// The largest count of a `{m,n}` repetition. The database counts to 3.
    static let maximumCount = 100
    /// The most states of a compiled pattern (a counted repetition copies its operand). The
    /// MMCS pattern, the largest, compiles to a few hundred.
    static let maximumStates = 16_384

    /// Why a pattern was refused: what, and the offset (in characters) where.
    struct Refusal: Error, Equatable, CustomStringConvertible {
        let reason: String
        let offset: Int
        var description: String { "\(reason) at offset \(offset)" }
    }

    /// One thing a pattern matches, before compilation.
    indirect enum Node: Equatable {
        case empty
        /// A character, case-folded (ASCII).
        case character(UInt32)
        /// `.`
        case anyCharacter
        /// `[…]`: its ranges of ASCII scalar values, as written (case is closed over when
        /// matching).
        case set([ClosedRange<UInt32>])
        /// `^`
        case start
        /// `$`
        case end
        /// `(?!…)`
        case notFollowedBy(Node)
        case concatenation([Node])
        case alternation([Node])
        /// `maximum` `nil` is unbounded.
        case repetition(Node, minimum: Int, maximum: Int?)
    }

    /// The pattern as the database writes it.
    let source: String
    /// The compiled pattern (forward), and each lookahead's body compiled backwards.
    let program: Program
    let lookaheads: [Program]

    /// Reads and compiles `source`.
    ///
    /// - Throws: ``Refusal`` for a pattern outside the subset, or beyond the limits.
    static func parse(_ source: String) throws(Refusal) -> PinningLabelPattern {
        var parser = Parser(Array(source.unicodeScalars))
        let node = try parser.readPattern()
        var compiler = Compiler()
        let program = try compiler.compile(node)
        return PinningLabelPattern(source: source, program: program, lookaheads: compiler.lookaheads)
    }

    /// A recursive-descent reader of the subset.
    struct Parser {
        let scalars: [Unicode.Scalar]
        var position = 0
        var depth = 0
        var insideLookahead = false

        init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

        mutating func readPattern() throws(Refusal) -> Node {
            guard !scalars.isEmpty else { throw Refusal(reason: "empty pattern", offset: 0) }
            guard scalars.count <= PinningLabelPattern.maximumLength else {
                throw Refusal(reason: "longer than \(PinningLabelPattern.maximumLength) characters", offset: 0)
            }
            if let wide = scalars.firstIndex(where: { !$0.isASCII }) {
                throw Refusal(reason: "non-ASCII character", offset: wide)
            }
            let node = try readAlternation()
            guard position == scalars.count else { throw Refusal(reason: "unbalanced ')'", offset: position) }
            return node
        }

        private var next: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

        private mutating func readAlternation() throws(Refusal) -> Node {
            var alternatives = [try readConcatenation()]
            while next == "|" {
                position += 1
                alternatives.append(try readConcatenation())
            }
            return alternatives.count == 1 ? alternatives[0] : .alternation(alternatives)
        }

        private mutating func readConcatenation() throws(Refusal) -> Node {
            var items: [Node] = []
            while let scalar = next, scalar != "|", scalar != ")" {
                items.append(try readRepetition())
            }
            switch items.count {
            case 0: return .empty
            case 1: return items[0]
            default: return .concatenation(items)
            }
        }

        private mutating func readRepetition() throws(Refusal) -> Node {
            let atom = try readAtom()
            guard let scalar = next, scalar == "*" || scalar == "+" || scalar == "?" || scalar == "{" else { return atom }
            switch atom {
            case .start, .end, .notFollowedBy:
                throw Refusal(reason: "quantifier after an assertion", offset: position)
            default:
                break
            }
            let (minimum, maximum) = try readQuantifier()
            if let lazyOrPossessive = next, lazyOrPossessive == "?" || lazyOrPossessive == "+" || lazyOrPossessive == "*"
                || lazyOrPossessive == "{"
            {
                throw Refusal(reason: "lazy, possessive or repeated quantifier", offset: position)
            }
            return .repetition(atom, minimum: minimum, maximum: maximum)
        }

        private mutating func readQuantifier() throws(Refusal) -> (Int, Int?) {
            let start = position
            guard let scalar = next else { throw Refusal(reason: "expected a quantifier", offset: start) }
            position += 1
            switch scalar {
            case "*": return (0, nil)
            case "+": return (1, nil)
            case "?": return (0, 1)
            default: break
            }
            let minimum = try readCount(at: start)
            var maximum: Int? = minimum
            if next == "," {
                position += 1
                maximum = nil
                if next != "}" { maximum = try readCount(at: start) }
            }
            guard next == "}" else { throw Refusal(reason: "'{' not forming a count", offset: start) }
            position += 1
            if let maximum, maximum < minimum { throw Refusal(reason: "count maximum below its minimum", offset: start) }
            return (minimum, maximum)
        }

        private mutating func readCount(at start: Int) throws(Refusal) -> Int {
            var value = 0
            var digits = 0
            while let scalar = next, let digit = Self.digit(scalar) {
                value = value * 10 + digit
                digits += 1
                position += 1
                guard value <= PinningLabelPattern.maximumCount else {
                    throw Refusal(reason: "count above \(PinningLabelPattern.maximumCount)", offset: start)
                }
            }
            guard digits > 0 else { throw Refusal(reason: "'{' not forming a count", offset: start) }
            return value
        }

        private mutating func readAtom() throws(Refusal) -> Node {
            let start = position
            guard let scalar = next else { throw Refusal(reason: "expected an atom", offset: start) }
            position += 1
            switch scalar {
            case ".": return .anyCharacter
            case "^": return .start
            case "$": return .end
            case "[": return try readSet(at: start)
            case "(": return try readGroup(at: start)
            default:
                guard Self.isLiteral(scalar) else { throw Refusal(reason: "unsupported character '\(scalar)'", offset: start) }
                return .character(PinningLabelPattern.folded(scalar.value))
            }
        }

        private mutating func readGroup(at start: Int) throws(Refusal) -> Node {
            guard depth < PinningLabelPattern.maximumNesting else {
                throw Refusal(reason: "groups nested deeper than \(PinningLabelPattern.maximumNesting)", offset: start)
            }
            var isLookahead = false
            if next == "?" {
                guard position + 1 < scalars.count, scalars[position + 1] == "!" else {
                    throw Refusal(reason: "unsupported group form '(?'", offset: start)
                }
                guard !insideLookahead else { throw Refusal(reason: "lookahead inside a lookahead", offset: start) }
                isLookahead = true
                position += 2
            }
            depth += 1
            let wasInside = insideLookahead
            insideLookahead = insideLookahead || isLookahead
            let body = try readAlternation()
            insideLookahead = wasInside
            depth -= 1
            guard next == ")" else { throw Refusal(reason: "unclosed '('", offset: start) }
            position += 1
            return isLookahead ? .notFollowedBy(body) : body
        }

        private mutating func readSet(at start: Int) throws(Refusal) -> Node {
            var ranges: [ClosedRange<UInt32>] = []
            while let scalar = next, scalar != "]" {
                guard Self.isLiteral(scalar) else {
                    throw Refusal(reason: "unsupported character '\(scalar)' in a set", offset: position)
                }
                position += 1
                var upper = scalar
                if next == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                    // A range; '-' as either bound (ICU's set operators) is refused.
                    let bound = scalars[position + 1]
                    guard scalar != "-", bound != "-", Self.isLiteral(bound), bound.value >= scalar.value else {
                        throw Refusal(reason: "unsupported range in a set", offset: position)
                    }
                    upper = bound
                    position += 2
                }
                ranges.append(scalar.value...upper.value)
            }
            guard next == "]", !ranges.isEmpty else { throw Refusal(reason: "unclosed or empty '['", offset: start) }
            position += 1
            return .set(ranges)
        }

        static func isLiteral(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
            default: return false
            }
        }

        static func digit(_ scalar: Unicode.Scalar) -> Int? {
            guard ("0"..."9").contains(scalar) else { return nil }
            return Int(scalar.value - 48)
        }
    }

    /// `value` case-folded as ICU folds it when the result is ASCII: A–Z to a–z, KELVIN SIGN
    /// (U+212A) to `k`, LATIN SMALL LETTER LONG S (U+017F) to `s`. Other characters are kept (ICU's
    /// full folding of the rest, such as `ß` to `ss`, is not modelled: see the database's notes).
    static func folded(_ value: UInt32) -> UInt32 {
        switch value {
        case 0x41...0x5A: return value + 0x20
        case 0x212A: return 0x6B
        case 0x17F: return 0x73
        default: return value
        }
    }
}
