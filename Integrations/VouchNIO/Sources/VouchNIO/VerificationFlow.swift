#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import VouchPinning
import VouchTrust
import VouchX509

/// One decision: the peer's chain becomes a trust, the trust a challenge, and the challenge's
/// answer a ``VouchDecision``.
struct VerificationFlow: Sendable {
    typealias Finish = @Sendable (Decider.Outcome) -> Void

    let verifier: VouchVerifier
    let host: String

    /// The URL the challenge is for: the session's base URL and the failing URL of errors.
    var url: String { "https://\(host.contains(":") ? "[\(host)]" : host)/" }

    func run(_ presented: [[UInt8]], finish: @escaping Finish) {
        let start = Self.monotonicNanoseconds()
        var certificates: [Certificate] = []
        for (index, der) in presented.enumerated() {
            do {
                certificates.append(try Certificate(derEncoded: der))
            } catch {
                let failure = VouchVerificationError(host: host, reason: .malformedCertificate(index: index, message: "\(error)"))
                return finish((Self.refusal(failure, presented: presented, source: .input, start: start), []))
            }
        }
        var trust: Trust
        do {
            trust = try Trust(certificates: certificates, policies: [.basicX509], systemStore: verifier.systemStore)
        } catch {
            let failure = VouchVerificationError(host: host, reason: .noCertificates)
            return finish((Self.refusal(failure, presented: presented, source: .input, start: start), []))
        }
        if let anchors = verifier.anchors { trust.setAnchorCertificates(anchors) }
        if !verifier.ocspResponses.isEmpty { trust.setOCSPResponses(verifier.ocspResponses) }
        if let logs = verifier.trustedLogs { trust.setTrustedLogs(logs) }
        let result = Decider(host: host, presented: presented, start: start)
        switch verifier.rules {
        case .pinSet(let pinSet):
            var now = timespec()
            clock_gettime(CLOCK_REALTIME, &now)
            let decision = pinSet.evaluate(&trust, host: host, now: Int64(now.tv_sec))
            switch decision.verdict {
            case .notPinned:
                finish(result.defaultHandling(&trust, steps: ["pin set: no rule for \(host): default handling"]))
            case .allow, .block:
                finish(result.pinSet(decision, trust: trust))
            }
        case .securityPolicy(let policy):
            challenge(policy, trust: trust, result: result, finish: finish)
        }
    }

    /// The session challenge flow. Without a challenge handler `SessionSecurity.respond` asks the
    /// policy's `evaluateServerTrust`, which is `decide(_:forDomain:).isAllowed`: that is called
    /// directly, for its steps, so the chain is evaluated once.
    private func challenge(_ policy: SecurityPolicy, trust: Trust, result: Decider, finish: @escaping Finish) {
        guard let handler = verifier.challengeHandler else {
            var trust = trust
            return finish(result.policy(policy, trust: &trust))
        }
        var session: SessionSecurity
        do {
            session = try SessionSecurity(policy: policy, baseURL: url)
        } catch {
            let failure = VouchVerificationError(host: host, reason: .invalidConfiguration("\(error)"))
            return finish(Decider.refusal(failure, presented: result.presented, source: .securityPolicy, start: result.start))
        }
        let completion = ChallengeCompletion { disposition, credential in
            var trust = trust
            finish(result.completed(disposition, credential: credential, original: &trust, steps: ["challenge handler: will complete", "completed: \(disposition.rawValue)"]))
        }
        var answer: ChallengeHandlerAnswer?
        session.challengeHandler = { challenge in
            let given = handler(challenge, completion)
            answer = given
            return given
        }
        guard let response = session.respond(to: AuthenticationChallenge(host: host, method: .serverTrust(trust)), url: url) else {
            return  // willComplete: the handler calls `completion`.
        }
        let steps = ["challenge handler: \(Self.describe(answer))"]
        if case .some(.disposition(.performDefaultHandling)) = answer {
            // The flow fell through to the policy; its steps come from the same decision on the
            // trust as the handler received it (a second evaluation, on this path only).
            var decided = trust
            return finish(result.policy(policy, trust: &decided, steps: steps))
        }
        var original = trust
        finish(result.completed(response.disposition, credential: response.credential, original: &original, steps: steps,
                                error: response.taskError.map { "\($0)" }))
    }

    static func describe(_ answer: ChallengeHandlerAnswer?) -> String {
        switch answer {
        case nil: return "none"
        case .willComplete: return "will complete"
        case .error(let error): return "error: \(error)"
        case .credential: return "credential"
        case .disposition(let disposition): return "disposition \(disposition.rawValue)"
        }
    }

    static func refusal(_ failure: VouchVerificationError, presented: [[UInt8]], source: VouchDecision.Source, start: UInt64) -> VouchDecision {
        Decider.refusal(failure, presented: presented, source: source, start: start).0
    }

    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
