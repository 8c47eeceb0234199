import VouchX509

/// Apple's pinning database applied to one evaluation: trustd's policy sets (PVCs) after
/// `SecPathBuilderAddPinningPolicies` (trust/trustd/SecTrustServer.c; SECTRUST.md §17.5).
///
/// trustd starts with one policy set, the caller's policies. For each policy that carries an
/// `SSLHostname` (Vouch: ``TrustPolicyOptions/hostname``, SSL's and IPSec's) it asks the
/// database (`SecPinningDbCopyMatching`: the policy's name first, then the hostname;
/// ``ApplePinningDatabase/match(policyName:hostname:)``). Each rules dictionary found becomes a
/// fresh `SecPolicyCreateSSL(true, hostname)` with the rule's options added: the first replaces
/// that policy in the first set (so an SSL client policy becomes an SSL server one), each further
/// one makes a set of its own, an alternative. A path is accepted when any set passes; the result
/// is the first passing set's, else the first set's (`SecPathBuilderGetResultPVC`; §15.3.8).
///
/// As in trustd, each replacement starts from the caller's policies, so when two SSL policies of
/// one trust both match, the first set keeps only the later one's pin.
struct PinningPolicySets: Sendable {
    /// One policy set: the policies, AND-ed, and the pinning rule added to one of them.
    struct PolicySet: Sendable {
        /// The caller's policies with the pinned one replaced by SSL server at its hostname.
        let policies: [TrustPolicy]
        /// The rule whose options the replacement carries.
        let rule: ApplePinningDatabase.Rule
    }

    /// The sets, never empty: the first is the one whose result is reported when none passes.
    let sets: [PolicySet]
    /// The name the database gave the pinning policies.
    let policyName: String
    /// The policy sets for `policies`, or `nil` when no policy matched a rule (the evaluation is
    /// then the caller's alone). `pinningPolicyName` is `SecTrustSetPinningPolicyName`'s name,
    /// which names every policy; without it an SSL policy is named `sslServer` or `sslClient`,
    /// names the database never answers (``ApplePinningDatabase/rules(forPolicyName:)``), so
    /// only the hostname is looked up.
    static func lookUp(
        policies: [TrustPolicy], pinningPolicyName: String?, database: ApplePinningDatabase
    ) -> PinningPolicySets? {
        var sets: [PolicySet] = []
        var name = ""
        for (index, policy) in policies.enumerated() {
            guard let hostname = policy.hostname,
                let match = database.match(policyName: pinningPolicyName ?? policy.name, hostname: hostname)
            else { continue }
            name = match.policyName
            var pinned = policies
            pinned[index] = .ssl(server: true, hostname: hostname)
            for (ruleIndex, rule) in match.rules.enumerated() {
                let set = PolicySet(policies: pinned, rule: rule)
                if ruleIndex == 0 && !sets.isEmpty { sets[0] = set } else { sets.append(set) }
            }
        }
        guard !sets.isEmpty else { return nil }
        return PinningPolicySets(sets: sets, policyName: name)
    }
}
