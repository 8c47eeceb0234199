import VouchTrust

/// The outcome of checking `sha256/` pins against a server trust (TrustKit's `TSKTrustEvaluationResult`).
public enum SPKIPinVerification: String, Sendable, CaseIterable {
    /// The chain is valid and one of its certificates carries a pinned key.
    case success
    /// The chain is valid but none of its certificates carries a pinned key.
    case noMatchingPin
    /// The chain did not evaluate (untrusted, expired, wrong hostname…): pins were not looked at.
    case invalidCertificateChain
}

extension SPKIPin {
    /// TrustKit's `verifyPublicKeyPin`: evaluates `trust` under the SSL server policy for `hostname`
    /// and matches `pins` against every certificate of the *built and validated* chain, never the
    /// presented array, where an attacker can append any certificate (AFSECURITYPOLICY.md §4).
    public static func verify(_ trust: inout Trust, hostname: String, pins: Set<SPKIPin>) -> SPKIPinVerification {
        try? trust.setPolicies([.ssl(server: true, hostname: hostname)])
        let evaluation = trust.evaluate()
        guard evaluation.isTrusted else { return .invalidCertificateChain }
        return evaluation.chain.contains { pins.contains(SPKIPin($0)) } ? .success : .noMatchingPin
    }
}
