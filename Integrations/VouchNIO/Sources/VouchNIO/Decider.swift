import VouchPinning
import VouchTrust
import VouchX509

/// Turns the answers of the policy, the pin set or the challenge handler into decisions.
struct Decider: Sendable {
    let host: String
    let presented: [[UInt8]]
    let start: UInt64

    typealias Outcome = (VouchDecision, [Certificate])

    /// `SecurityPolicy.decide`, with `steps` before the policy's own.
    func policy(_ policy: SecurityPolicy, trust: inout Trust, steps: [String] = []) -> Outcome {
        let decision = policy.decide(&trust, forDomain: host)
        let allSteps = steps + decision.steps
        let failure = decision.isAllowed ? nil : VouchVerificationError(host: host, reason: .policyRefused(steps: allSteps))
        return make(decision.isAllowed, .securityPolicy, allSteps, trust: &trust, failure: failure)
    }

    /// Default handling: the SSL policy for the host, the trust's anchors, no pinning.
    func defaultHandling(_ trust: inout Trust, steps: [String]) -> Outcome {
        let decision = SecurityPolicy.default.decide(&trust, forDomain: host)
        let allSteps = steps + decision.steps
        let failure = decision.isAllowed ? nil : VouchVerificationError(host: host, reason: .policyRefused(steps: allSteps))
        return make(decision.isAllowed, .defaultHandling, allSteps, trust: &trust, failure: failure)
    }

    /// A pin set's allow or block.
    func pinSet(_ decision: PinSetDecision, trust: Trust) -> Outcome {
        var trust = trust
        let allowed = decision.verdict == .allow
        var step = "pin set: rule \(decision.rule.map { "\($0.pattern)" } ?? "none"): \(decision.verification?.rawValue ?? "none"): \(decision.verdict.rawValue)"
        if let message = decision.failureMessage { step += " (\(message))" }
        let failure = allowed ? nil : VouchVerificationError(host: host, reason: .pinSetBlocked(message: decision.failureMessage ?? step))
        let outcome = make(allowed, .pinSet, [step], trust: &trust, failure: failure, pinSetDecision: decision)
        return outcome
    }

    /// A disposition from the challenge handler (directly or through its completion).
    func completed(_ disposition: ChallengeDisposition, credential: Trust?, original: inout Trust, steps: [String], error: String? = nil) -> Outcome {
        switch disposition {
        case .useCredential:
            guard var credential else {
                return Self.refusal(VouchVerificationError(host: host, reason: .noCredential), presented: presented, source: .challengeHandler, start: start)
            }
            return make(true, .challengeHandler, steps + ["useCredential: allowed"], trust: &credential, failure: nil)
        case .performDefaultHandling:
            return defaultHandling(&original, steps: steps)
        case .cancelAuthenticationChallenge, .rejectProtectionSpace:
            let failure = VouchVerificationError(host: host, reason: .challengeHandlerRefused(disposition: disposition, error: error))
            return Self.refusal(failure, presented: presented, source: .challengeHandler, start: start, steps: steps + ["\(disposition.rawValue): not allowed"])
        }
    }

    private func make(_ allowed: Bool, _ source: VouchDecision.Source, _ steps: [String], trust: inout Trust,
                      failure: VouchVerificationError?, pinSetDecision: PinSetDecision? = nil) -> Outcome {
        // The policy may allow without evaluating (invalid certificates allowed, no pinning): the
        // built chain is still wanted, for the validated chain and for the caller to show.
        let evaluation = trust.lastEvaluation ?? trust.evaluate()
        let decision = VouchDecision(
            host: host, presentedCertificates: presented, isAllowed: allowed, source: source, steps: steps,
            evaluation: evaluation, pinSetDecision: pinSetDecision, failure: failure,
            elapsedNanoseconds: VerificationFlow.monotonicNanoseconds() &- start)
        return (decision, evaluation.chain)
    }

    static func refusal(_ failure: VouchVerificationError, presented: [[UInt8]], source: VouchDecision.Source, start: UInt64, steps: [String] = []) -> Outcome {
        let decision = VouchDecision(
            host: failure.host, presentedCertificates: presented, isAllowed: false, source: source, steps: steps,
            evaluation: nil, pinSetDecision: nil, failure: failure,
            elapsedNanoseconds: VerificationFlow.monotonicNanoseconds() &- start)
        return (decision, [])
    }
}
