/// How a ``PinningLabelPattern`` matches a label: as trustd asks ICU, whether the pattern matches
/// anywhere in it (`numberOfMatchesInString:` > 0), case-insensitively.
///
/// The pattern is compiled into a Thompson automaton and run over the label as a set of states
/// (a Pike machine without captures), so a match costs time linear in the label's length times
/// the pattern's size, whatever the pattern. Only whether a match exists is asked, so greedy and
/// lazy choices do not matter. A negative lookahead `(?!X)` is decided for every position at once
/// before the run: X compiled backwards is run from the label's end to its start, marking each
/// position where some match of X begins.
extension PinningLabelPattern {
    /// What a consuming state accepts.
    enum Test: Equatable {
        case character(UInt32)
        case anyCharacter
        case set([ClosedRange<UInt32>])
    }

    /// One state of a compiled pattern.
    enum State: Equatable {
        case consume(Test, next: Int)
        case split(Int, Int)
        case start(next: Int)
        case end(next: Int)
        /// Passes where lookahead `lookahead` has no match.
        case notFollowedBy(lookahead: Int, next: Int)
        case accept
    }

    /// A compiled pattern: its states and where it begins.
    struct Program: Equatable {
        var states: [State]
        var entry: Int
    }

    /// Thompson's construction, continuation first: each node is compiled knowing the state
    /// that follows it, so no state is patched but a loop's split.
    struct Compiler {
        var lookaheads: [Program] = []

        /// Compiles the whole pattern forwards; its accepting state is state 0, as in each
        /// lookahead's program.
        mutating func compile(_ node: Node) throws(Refusal) -> Program {
            var states: [State] = [.accept]
            let entry = try compile(node, next: 0, backwards: false, into: &states)
            return Program(states: states, entry: entry)
        }

        private mutating func compile(_ node: Node, next: Int, backwards: Bool, into states: inout [State]) throws(Refusal) -> Int {
            func append(_ state: State) throws(Refusal) -> Int {
                guard states.count < PinningLabelPattern.maximumStates else {
                    throw Refusal(reason: "compiles to more than \(PinningLabelPattern.maximumStates) states", offset: 0)
                }
                states.append(state)
                return states.count - 1
            }
            switch node {
            case .empty:
                return next
            case .character(let value):
                return try append(.consume(.character(value), next: next))
            case .anyCharacter:
                return try append(.consume(.anyCharacter, next: next))
            case .set(let ranges):
                return try append(.consume(.set(ranges), next: next))
            case .start:
                return try append(.start(next: next))
            case .end:
                return try append(.end(next: next))
            case .notFollowedBy(let body):
                // The body is compiled backwards, on its own (the parser refuses nesting).
                var bodyStates: [State] = [.accept]
                let bodyEntry = try compile(body, next: 0, backwards: true, into: &bodyStates)
                lookaheads.append(Program(states: bodyStates, entry: bodyEntry))
                return try append(.notFollowedBy(lookahead: lookaheads.count - 1, next: next))
            case .concatenation(let items):
                var current = next
                for item in backwards ? items : items.reversed() {
                    current = try compile(item, next: current, backwards: backwards, into: &states)
                }
                return current
            case .alternation(let alternatives):
                var entries: [Int] = []
                for alternative in alternatives {
                    entries.append(try compile(alternative, next: next, backwards: backwards, into: &states))
                }
                guard var current = entries.last else { return next }
                for entry in entries.dropLast().reversed() {
                    current = try append(.split(entry, current))
                }
                return current
            case .repetition(let operand, let minimum, let maximum):
                var current = next
                if let maximum {
                    for _ in 0..<(maximum - minimum) {
                        let operandEntry = try compile(operand, next: current, backwards: backwards, into: &states)
                        current = try append(.split(operandEntry, current))
                    }
                } else {
                    let loop = try append(.split(next, next))
                    let operandEntry = try compile(operand, next: loop, backwards: backwards, into: &states)
                    states[loop] = .split(operandEntry, next)
                    current = loop
                }
                for _ in 0..<minimum {
                    current = try compile(operand, next: current, backwards: backwards, into: &states)
                }
                return current
            }
        }
    }

    /// Whether the pattern matches anywhere in `label`, case-insensitively (trustd's test).
    func matches(_ label: String) -> Bool {
        matches(scalars: label.unicodeScalars.map(\.value))
    }

    /// Whether the pattern matches anywhere in a label given as Unicode scalar values.
    func matches(scalars input: [UInt32]) -> Bool {
        let excluded = lookaheads.map { Self.matchStarts(of: $0, in: input) }
        var runner = Runner(program: program, input: input, excluded: excluded)
        return runner.matchesAnywhere()
    }

    /// For each position 0...n of `input`, whether a match of the backwards-compiled `body`
    /// begins there.
    static func matchStarts(of body: Program, in input: [UInt32]) -> [Bool] {
        var runner = Runner(program: body, input: input, excluded: [])
        return runner.matchStartsBackwards()
    }

    /// The state-set simulation, forwards (the pattern) or backwards (a lookahead's body).
    struct Runner {
        let program: Program
        let input: [UInt32]
        /// For each lookahead, the positions where its body matches (where it does not pass).
        let excluded: [[Bool]]
        private var members: [Int]
        private var generation = 0
        private var stack: [Int] = []

        init(program: Program, input: [UInt32], excluded: [[Bool]]) {
            self.program = program
            self.input = input
            self.excluded = excluded
            members = Array(repeating: -1, count: program.states.count)
        }

        mutating func matchesAnywhere() -> Bool {
            var current: [Int] = []
            newGeneration()
            for position in 0...input.count {
                // Unanchored: a match may begin at every position.
                addClosure(program.entry, at: position, to: &current)
                if hasAccepted { return true }
                guard position < input.count else { break }
                current = step(current, over: input[position], to: position + 1)
            }
            return false
        }

        mutating func matchStartsBackwards() -> [Bool] {
            var starts = Array(repeating: false, count: input.count + 1)
            var current: [Int] = []
            newGeneration()
            for position in stride(from: input.count, through: 0, by: -1) {
                // A match of the body may end at every position at or after its start.
                addClosure(program.entry, at: position, to: &current)
                starts[position] = hasAccepted
                guard position > 0 else { break }
                current = step(current, over: input[position - 1], to: position - 1)
            }
            return starts
        }

        private mutating func newGeneration() { generation += 1 }

        /// Whether the set being built holds the accepting state (state 0 of every program).
        private var hasAccepted: Bool { members.first == generation }

        private mutating func step(_ current: [Int], over scalar: UInt32, to position: Int) -> [Int] {
            var next: [Int] = []
            newGeneration()
            for index in current {
                if case .consume(let test, let target) = program.states[index], Self.accepts(test, scalar) {
                    addClosure(target, at: position, to: &next)
                }
            }
            return next
        }

        /// Adds `index` and every state reachable from it without consuming, at `position`.
        private mutating func addClosure(_ index: Int, at position: Int, to set: inout [Int]) {
            stack.append(index)
            while let state = stack.popLast() {
                guard members[state] != generation else { continue }
                members[state] = generation
                set.append(state)
                switch program.states[state] {
                case .consume, .accept:
                    break
                case .split(let first, let second):
                    stack.append(second)
                    stack.append(first)
                case .start(let next):
                    if position == 0 { stack.append(next) }
                case .end(let next):
                    if isEnd(position) { stack.append(next) }
                case .notFollowedBy(let lookahead, let next):
                    if excluded.indices.contains(lookahead), !excluded[lookahead][position] { stack.append(next) }
                }
            }
        }

        /// ICU's `$` without `UREGEX_MULTILINE` (rematch.cpp, `URX_DOLLAR`): at the end, before a
        /// final line terminator (but not between a final CR and LF), or before a final CR LF.
        private func isEnd(_ position: Int) -> Bool {
            let remaining = input.count - position
            if remaining == 0 { return true }
            if remaining == 1 {
                let scalar = input[position]
                return Self.isLineTerminator(scalar) && !(scalar == 0x0A && position > 0 && input[position - 1] == 0x0D)
            }
            return remaining == 2 && input[position] == 0x0D && input[position + 1] == 0x0A
        }

        static func isLineTerminator(_ scalar: UInt32) -> Bool {
            (0x0A...0x0D).contains(scalar) || scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029
        }

        /// Case-insensitive: a character matches its folded form; a set is closed over case.
        static func accepts(_ test: Test, _ scalar: UInt32) -> Bool {
            switch test {
            case .character(let value):
                return PinningLabelPattern.folded(scalar) == value
            case .anyCharacter:
                return !isLineTerminator(scalar)
            case .set(let ranges):
                let folded = PinningLabelPattern.folded(scalar)
                let upper = (0x61...0x7A).contains(folded) ? folded - 0x20 : folded
                return ranges.contains { $0.contains(scalar) || $0.contains(folded) || $0.contains(upper) }
            }
        }
    }
}
