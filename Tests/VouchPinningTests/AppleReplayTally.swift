import Testing

/// What a replay of Apple's own test cases keeps (the Apple*PolicyTests suites): how many
/// expectations were reproduced, and each divergence, recorded as an issue, or as a known issue
/// when its cause is understood (`understood`, by test name, with the reason).
struct AppleReplayTally {
    /// The suite's name, which starts each printed line.
    let suite: String
    /// Apple's source the cases come from, which starts an unexplained divergence's issue.
    let source: String
    /// The understood divergences: test name → reason.
    let understood: [String: String]
    private(set) var reproduced = 0
    private(set) var diverging: [String] = []

    /// An expectation reproduced.
    mutating func reproduce() { reproduced += 1 }

    /// A divergence of `test`, described by `line`.
    mutating func diverge(_ test: String, _ line: String) {
        diverging.append(line)
        if let reason = understood[test] {
            withKnownIssue("\(line) — \(reason)") { Issue.record("\(test) diverges") }
        } else {
            Issue.record(source.isEmpty ? "\(line)" : "\(source) \(line)")
        }
    }

    /// Prints the counts (of `total` `unit`, with `extra` after them) and every divergence.
    func report(total: Int, unit: String, extra: String = "") {
        print("\(suite): \(total) \(unit): reproduced \(reproduced), diverging \(diverging.count)\(extra)")
        for line in diverging { print("\(suite): diverging: \(line)") }
    }
}
