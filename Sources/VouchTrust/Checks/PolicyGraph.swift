import VouchDER

/// The deepest level of RFC 9618's `valid_policy_graph` (RFC 5280 §6.1.2 (a), §6.1.3 (d)–(e),
/// §6.1.4 (b)), which is all that Apple's inputs need.
///
/// ## Why a graph level and not RFC 5280's tree
/// RFC 5280's tree copies a subtree under every parent whose expected set matches, so a chain of
/// CAs that each map k policies to k others grows as k^depth (CVE-2023-0464 in OpenSSL). RFC 9618
/// replaces it with a graph holding one node per policy OID per depth; Go's `crypto/x509`
/// (`policiesValid`) and Apple's trustd (`policytree.m`, since its RFC 9618 rewrite) do the same.
/// Vouch goes one step further: with `user-initial-policy-set = {anyPolicy}` and qualifiers
/// ignored (Apple's fixed inputs), the only question asked at the end is whether a node of depth
/// n exists (§6.1.5 (g) then keeps the whole graph), and every step of §6.1.3 (d) and §6.1.4 (b)
/// reads only depths i−1 and i. Pruning childless ancestors (§6.1.3 (d)(3)) therefore never
/// changes an answer, and only the deepest level is kept: a dictionary from valid_policy to its
/// expected_policy_set. Work per certificate is linear in its policies and mappings.
///
/// ## Bound
/// A level holds at most ``maximumNodes`` nodes. Apple caps its whole graph at the same number
/// (`POLICY_TREE_MAX_NODES`) and silently drops the nodes past it; Vouch instead gives up on the
/// graph as a whole: an over-sized level makes the graph NULL (``exceededNodeBound`` says why).
/// That changes nothing while explicit policy is not required (the graph is then never looked
/// at) and fails closed, with ``TrustCheck/policyConstraints``, when it is.
struct PolicyGraph {
    /// Nodes in one level, the deepest.
    ///
    /// 512 is Apple's `POLICY_TREE_MAX_NODES` (trustd `policytree.h`). Real certificates assert a
    /// handful of policies (the CA/Browser Forum profile: one to three) and map fewer still, so no
    /// real path comes near it, while a hostile certificate listing thousands of policies is cut
    /// off after 513 insertions.
    static let maximumNodes = 512

    /// valid_policy → expected_policy_set for every node of the deepest level; empty is RFC
    /// 5280's "valid_policy_tree is NULL".
    private(set) var level: [OID: [OID]] = [.anyPolicy: [.anyPolicy]]

    /// Whether a level would have exceeded ``maximumNodes`` (the graph was then made NULL).
    private(set) var exceededNodeBound = false

    /// Whether the graph is NULL.
    var isEmpty: Bool { level.isEmpty }

    /// Whether the deepest level has a node with this valid_policy.
    func contains(_ policy: OID) -> Bool { level[policy] != nil }

    /// §6.1.3 (d) for certificate i with these certificatePolicies identifiers: the next level.
    ///
    /// `anyPolicyApplies` is (d)(2)'s condition: inhibit_anyPolicy > 0, or i < n and the
    /// certificate is self-issued.
    mutating func addLevel(policies: [OID], anyPolicyApplies: Bool) {
        guard !level.isEmpty else { return }
        let parentIsAnyPolicy = level[.anyPolicy] != nil
        var expectedAnywhere: Set<OID> = []
        for expected in level.values { expectedAnywhere.formUnion(expected) }
        var next: [OID: [OID]] = [:]
        // (d)(1): a child for each policy some parent expects, else under the anyPolicy parent.
        for policy in policies where policy != .anyPolicy {
            if expectedAnywhere.contains(policy) || parentIsAnyPolicy {
                guard insert(policy, expecting: [policy], into: &next) else { return }
            }
        }
        // (d)(2): anyPolicy brings in every expected policy not yet present (anyPolicy included).
        if anyPolicyApplies && policies.contains(.anyPolicy) {
            for policy in expectedAnywhere where next[policy] == nil {
                guard insert(policy, expecting: [policy], into: &next) else { return }
            }
        }
        // (d)(3): childless ancestors would be pruned here; they are not kept (see above).
        level = next
    }

    /// §6.1.3 (e): no certificatePolicies extension.
    mutating func clear() { level = [:] }

    /// §6.1.4 (b)(1): policy_mapping > 0. `mappings` is issuerDomainPolicy → subjectDomainPolicy
    /// values (neither anyPolicy: the caller has checked (a)).
    mutating func applyMappings(_ mappings: [(issuerDomainPolicy: OID, subjectDomainPolicy: OID)]) {
        guard !level.isEmpty else { return }
        var subjectPolicies: [OID: [OID]] = [:]
        var order: [OID] = []
        for mapping in mappings {
            if subjectPolicies[mapping.issuerDomainPolicy] == nil { order.append(mapping.issuerDomainPolicy) }
            if subjectPolicies[mapping.issuerDomainPolicy, default: []].contains(mapping.subjectDomainPolicy) { continue }
            subjectPolicies[mapping.issuerDomainPolicy, default: []].append(mapping.subjectDomainPolicy)
        }
        let hasAnyPolicy = level[.anyPolicy] != nil
        var next = level
        for issuerPolicy in order {
            let expected = subjectPolicies[issuerPolicy] ?? []
            if next[issuerPolicy] != nil {
                next[issuerPolicy] = expected
            } else if hasAnyPolicy {
                // The node of depth i for ID-P, a child of depth i−1's anyPolicy node.
                guard insert(issuerPolicy, expecting: expected, into: &next) else { return }
            }
        }
        level = next
    }

    /// §6.1.4 (b)(2): policy_mapping = 0. Deletes the nodes of the mapped issuerDomainPolicy
    /// values (pruning their childless ancestors is implicit, see above).
    mutating func deleteMapped(_ issuerDomainPolicies: [OID]) {
        for policy in issuerDomainPolicies { level[policy] = nil }
    }

    /// Adds a node to `next` unless that would exceed ``maximumNodes``; then the graph becomes
    /// NULL and `false` is returned.
    private mutating func insert(_ policy: OID, expecting expected: [OID], into next: inout [OID: [OID]]) -> Bool {
        if next[policy] == nil && next.count >= Self.maximumNodes {
            exceededNodeBound = true
            level = [:]
            return false
        }
        next[policy] = expected
        return true
    }
}
