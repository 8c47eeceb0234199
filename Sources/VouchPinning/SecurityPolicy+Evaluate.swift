import VouchCrypto
import VouchTrust
import VouchX509

/// What ``SecurityPolicy/decide(_:forDomain:)`` concluded, and the steps that led there.
public struct PolicyDecision: Sendable, Equatable {
    /// `evaluateServerTrust:forDomain:`'s answer.
    public let isAllowed: Bool
    /// One line per step of AFSECURITYPOLICY.md §2 that ran, in order (for `vouch policy --json`).
    public let steps: [String]
}

extension SecurityPolicy {
    /// `evaluateServerTrust:forDomain:` (AFSECURITYPOLICY.md §2) on the server's trust, as the TLS
    /// layer made it (certificates as sent, BasicX509, system anchors, the caller's verify date).
    ///
    /// The trust is changed the way Apple's is: its policies are replaced and, in certificate mode,
    /// its anchors become the pinned certificates; its last evaluation is the one the answer rests on.
    public func evaluateServerTrust(_ trust: inout Trust, forDomain domain: String?) -> Bool {
        decide(&trust, forDomain: domain).isAllowed
    }

    /// ``evaluateServerTrust(_:forDomain:)`` with the trace of the steps taken.
    public func decide(_ trust: inout Trust, forDomain domain: String?) -> PolicyDecision {
        var steps: [String] = []
        func finish(_ allowed: Bool, _ step: String) -> PolicyDecision {
            steps.append(step)
            return PolicyDecision(isAllowed: allowed, steps: steps)
        }
        // Step 1: a self-signed certificate can only be validated for a domain if it is pinned.
        if domain != nil && allowInvalidCertificates && validatesDomainName
            && (pinningMode == .none || pinnedCertificates.isEmpty)
        {
            return finish(false, "1: invalid certificates allowed and the domain validated, but nothing pinned: NO")
        }
        // Step 2: the policy the answer is judged by.
        let policy: TrustPolicy = validatesDomainName ? .ssl(server: true, hostname: domain) : .basicX509
        try? trust.setPolicies([policy])
        steps.append(validatesDomainName
            ? "2: policy SSL server, hostname \(domain ?? "none")" : "2: policy BasicX509 (domain not validated)")
        // Step 3: no pinning.
        if pinningMode == .none {
            if allowInvalidCertificates { return finish(true, "3: no pinning, invalid certificates allowed: YES") }
            let evaluation = trust.evaluate()
            return finish(evaluation.isTrusted, "3: no pinning, trust \(Self.describe(evaluation)): \(Self.answer(evaluation.isTrusted))")
        }
        // Step 4: pinning still requires a valid chain unless invalid ones are allowed.
        if !allowInvalidCertificates {
            let evaluation = trust.evaluate()
            guard evaluation.isTrusted else { return finish(false, "4: trust \(Self.describe(evaluation)): NO") }
            steps.append("4: trust \(Self.describe(evaluation))")
        }
        return pinningMode == .certificate ? certificateStep(&trust, steps: &steps) : publicKeyStep(&trust, steps: &steps)
    }

    /// Step 5: the pinned certificates are the only anchors; the built chain must hold one.
    private func certificateStep(_ trust: inout Trust, steps: inout [String]) -> PolicyDecision {
        trust.setAnchorCertificates(pinnedCertificatesParsed)
        let evaluation = trust.evaluate()
        guard evaluation.isTrusted else {
            steps.append("5: anchored at the \(pinnedCertificates.count) pinned certificate(s), trust \(Self.describe(evaluation)): NO")
            return PolicyDecision(isAllowed: false, steps: steps)
        }
        for (index, certificate) in evaluation.chain.enumerated().reversed()
        where pinnedCertificates.contains(Array(certificate.derEncoded)) {
            steps.append("5: anchored at the pinned certificates, trust \(Self.describe(evaluation)); chain[\(index)] \(certificate.subject.rfc4514) is pinned: YES")
            return PolicyDecision(isAllowed: true, steps: steps)
        }
        steps.append("5: anchored at the pinned certificates, trust \(Self.describe(evaluation)); no certificate of the chain is pinned: NO")
        return PolicyDecision(isAllowed: false, steps: steps)
    }

    /// Step 6: some certificate of the built chain must carry a pinned public key.
    private func publicKeyStep(_ trust: inout Trust, steps: inout [String]) -> PolicyDecision {
        let chain = trust.evaluate().chain
        for (index, certificate) in chain.enumerated() {
            guard let key = PublicKey(certificate.subjectPublicKeyInfo), pinnedPublicKeys.contains(key) else { continue }
            steps.append("6: chain[\(index)] \(certificate.subject.rfc4514) carries a pinned public key: YES")
            return PolicyDecision(isAllowed: true, steps: steps)
        }
        steps.append("6: none of the \(chain.count) chain certificate(s) carries one of the \(pinnedPublicKeys.count) pinned public key(s): NO")
        return PolicyDecision(isAllowed: false, steps: steps)
    }

    private static func describe(_ evaluation: TrustEvaluation) -> String {
        evaluation.isTrusted ? evaluation.result.rawValue : "\(evaluation.result.rawValue) (\(evaluation.status.name))"
    }

    private static func answer(_ allowed: Bool) -> String { allowed ? "YES" : "NO" }
}
