import VouchDER
import VouchTrust
import VouchX509

/// `sha256/` pins by host, as OkHttp, TrustKit and Android's network security config use them
/// (AFSECURITYPOLICY.md §4): host patterns, expiry, report-only rules and exclusions.
public struct PinSet: Sendable {
    /// The rules; when several cover a host the most specific wins (see ``rule(for:)``).
    public var rules: [PinRule]

    /// A pin set of `rules`.
    public init(_ rules: [PinRule]) { self.rules = rules }

    /// The rule that applies to `host`: among those whose pattern matches, the one with the longest
    /// base domain, and for equal bases exact before `*.` before `**.`; the first given on a tie.
    public func rule(for host: String) -> PinRule? {
        var best: PinRule?
        for rule in rules where rule.pattern.matches(host) {
            if let current = best, current.pattern.specificity >= rule.pattern.specificity { continue }
            best = rule
        }
        return best
    }

    /// Judges the server's trust for `host`: no applicable rule (none, an exclusion, or expired at
    /// `now`, the wall clock rather than the trust's verify date, as TrustKit does) leaves the
    /// connection to default handling; otherwise ``SPKIPin/verify(_:hostname:pins:)`` decides, and
    /// a report-only rule lets a pin mismatch (not an invalid chain) through.
    public func evaluate(_ trust: inout Trust, host: String, now: Int64) -> PinSetDecision {
        guard let rule = rule(for: host), !rule.isExclusion, !rule.isExpired(at: now) else {
            return PinSetDecision(verdict: .notPinned, verification: nil, rule: nil, presentedPins: [])
        }
        let verification = SPKIPin.verify(&trust, hostname: host, pins: rule.pins)
        let presented = trust.evaluate().chain.map { SPKIPin($0) }
        let verdict: PinSetDecision.Verdict
        switch verification {
        case .success: verdict = .allow
        case .invalidCertificateChain: verdict = .block
        case .noMatchingPin: verdict = rule.isReportOnly ? .allow : .block
        }
        return PinSetDecision(verdict: verdict, verification: verification, rule: rule, presentedPins: presented)
    }
}

/// What ``PinSet/evaluate(_:host:now:)`` concluded.
public struct PinSetDecision: Sendable, Equatable {
    /// The answer for the connection.
    public enum Verdict: String, Sendable {
        /// Let the connection proceed.
        case allow
        /// Refuse the connection.
        case block
        /// No pin applies: judge the trust as usual (TrustKit's `DomainNotPinned`).
        case notPinned
    }

    /// The answer.
    public let verdict: Verdict
    /// The pin check's outcome; `nil` when no rule applied.
    public let verification: SPKIPinVerification?
    /// The rule applied.
    public let rule: PinRule?
    /// The pins of the built chain, leaf first.
    public let presentedPins: [SPKIPin]

    /// Whether a report should be sent: the pin check failed, whether or not the rule blocks.
    public var shouldReport: Bool { verification != nil && verification != .success }

    /// A one-line account of a failure listing the pins expected and the pins the chain presented;
    /// `nil` when nothing failed.
    public var failureMessage: String? {
        guard let verification, verification != .success, let rule else { return nil }
        let expected = rule.pins.map(\.description).sorted().joined(separator: ", ")
        let presented = presentedPins.map(\.description).joined(separator: ", ")
        let reason = verification == .invalidCertificateChain ? "the certificate chain is not valid" : "no pin matches"
        return "\(rule.pattern): \(reason); expected one of [\(expected)], the chain presented [\(presented)]"
    }
}

extension PinRule {
    /// Whether the rule lacks a backup pin for `chain`: every pin is of a key the chain carries, so
    /// replacing those keys would lock clients out (OkHttp and Android warn about this).
    public func lacksBackupPin(for chain: [Certificate]) -> Bool {
        let current = Set(chain.map { SPKIPin($0) })
        return !pins.isEmpty && pins.isSubset(of: current)
    }
}

/// The error attached to a task whose connection a pin set blocked.
public struct PinningError: Error, Sendable, CustomStringConvertible {
    /// The decision, with the pins expected and presented.
    public let decision: PinSetDecision

    /// The error for a blocking `decision`.
    public init(decision: PinSetDecision) { self.decision = decision }

    /// The decision's failure message.
    public var description: String { decision.failureMessage ?? "pin validation failed" }
}

extension PinSet {
    /// TrustKit's `handleChallenge:completionHandler:` for a session delegate or a TLS callback:
    /// `nil` (not handled) unless the challenge is a server trust; then ``evaluate(_:host:now:)``
    /// decides: allow uses the trust as the credential, block cancels with a ``PinningError``, and
    /// an unpinned host is left to default handling (the platform's own evaluation).
    public func handle(_ challenge: AuthenticationChallenge, now: Int64) -> ChallengeResponse? {
        guard case .serverTrust(var trust) = challenge.method else { return nil }
        let decision = evaluate(&trust, host: challenge.host, now: now)
        switch decision.verdict {
        case .allow: return ChallengeResponse(disposition: .useCredential, credential: trust, taskError: nil)
        case .block: return ChallengeResponse(disposition: .cancelAuthenticationChallenge, credential: nil, taskError: PinningError(decision: decision))
        case .notPinned: return ChallengeResponse(disposition: .performDefaultHandling, credential: nil, taskError: nil)
        }
    }
}
