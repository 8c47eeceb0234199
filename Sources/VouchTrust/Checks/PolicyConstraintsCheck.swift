import VouchDER
import VouchX509

/// PolicyConstraints (SECTRUST.md §4.2, forced): RFC 5280 §6.1 certificate-policy processing.
///
/// Apple runs the algorithm with fixed inputs: user-initial-policy-set = {anyPolicy} and
/// initial-policy-mapping-inhibit, initial-explicit-policy and initial-any-policy-inhibit all
/// false; policy qualifiers are ignored. The prospective path is the chain without a trusted
/// anchor (the anchor is RFC 5280's trust anchor information, so its own policies, mappings and
/// constraints are not processed); an unanchored path is processed whole. Self-issued
/// certificates other than the leaf do not count down the three counters (§6.1.4 (h)) and may
/// use anyPolicy while inhibit_anyPolicy is 0 (§6.1.3 (d)(2)).
///
/// The path fails when:
/// - explicit_policy is 0 while the valid policy graph is NULL (§6.1.3 (f), §6.1.5);
/// - an intermediate maps to or from anyPolicy (§6.1.4 (a)), whatever explicit_policy says;
/// - an intermediate has more than ``maximumPolicyMappings`` mappings (Apple's limit).
///
/// ## Where the failure is reported
/// At index 0, as Apple does (`SecPolicyCheckBasicCertificateProcessing` in trustd's
/// `SecPolicyServer.c` calls `SecPVCSetResultForced(pvc, kSecPolicyCheckPolicyConstraints, 0, …)`
/// whichever certificate emptied the graph), so §9's lowest-index rule picks the same error as
/// Apple. The certificate at which processing failed is in ``Violation/index`` for diagnostics.
///
/// Apple's limit on graph depth (`POLICY_TREE_DEPTH_MAX` 15) is not copied: it only matters
/// for paths of 16 processed certificates, longer than ``TrustLimits/maximumChainLength`` allows
/// with an anchor.
enum PolicyConstraintsCheck {
    /// Policy mappings one certificate may carry.
    ///
    /// Apple's trustd rejects a certificate with 20 or more (`POLICY_MAPPINGS_MAX` in
    /// `policytree.h`: "limit the number of mappings we'll apply"); the path then fails policy
    /// processing. Real bridge CAs map a few policies. The limit also bounds every
    /// expected_policy_set, so a ``PolicyGraph`` level's work stays linear.
    static let maximumPolicyMappings = 19

    /// Why and where policy processing failed.
    struct Violation: Equatable {
        enum Reason: Equatable {
            /// explicit_policy reached 0 while the valid policy graph was NULL.
            case emptyPolicyGraph
            /// As ``emptyPolicyGraph``, the graph having been given up at ``PolicyGraph/maximumNodes``.
            case policyGraphTooLarge
            /// anyPolicy as an issuerDomainPolicy or subjectDomainPolicy (§6.1.4 (a)).
            case mappingUsesAnyPolicy
            /// More than ``maximumPolicyMappings`` mappings in one certificate.
            case tooManyMappings
        }

        /// The chain index of the certificate being processed when the path failed (0 for the
        /// wrap-up of §6.1.5).
        let index: Int
        let reason: Reason
    }

    static func run(_ context: PathContext, into failures: inout [TrustFailure]) {
        if violation(context.facts, isAnchored: context.isAnchored) != nil {
            failures.append(TrustFailure(index: 0, check: .policyConstraints))
        }
    }

    /// RFC 5280 §6.1.2–§6.1.5 over `path` (leaf first); `nil` when policy processing succeeds.
    static func violation(_ path: [CertificateFacts], isAnchored: Bool) -> Violation? {
        // n: the certificates processed; a trusted anchor is not one of them.
        let n = isAnchored ? path.count - 1 : path.count
        guard n > 0 else { return nil }
        // Without a requireExplicitPolicy among the processed certificates explicit_policy never
        // reaches 0 (it starts at n + 1 and counts down at most n times), and without
        // policyMappings no mapping rule applies: nothing can fail, so the graph (two
        // dictionaries, a set and arrays per level) is not built.
        if !path.prefix(n).contains(where: { $0.policyConstraints?.requireExplicitPolicy != nil || $0.policyMappings != nil }) {
            return nil
        }
        var graph = PolicyGraph()
        var explicitPolicy = n + 1
        var inhibitAnyPolicy = n + 1
        var policyMapping = n + 1

        func emptyGraph(at index: Int) -> Violation {
            Violation(index: index, reason: graph.exceededNodeBound ? .policyGraphTooLarge : .emptyPolicyGraph)
        }

        for i in 1...n {
            let index = n - i
            let certificate = path[index]
            let isSelfIssued = certificate.isSelfIssued
            // §6.1.3 (d), (e)
            if let policies = certificate.policyIdentifiers {
                graph.addLevel(
                    policies: policies,
                    anyPolicyApplies: inhibitAnyPolicy > 0 || (i < n && isSelfIssued))
            } else {
                graph.clear()
            }
            // §6.1.3 (f)
            if explicitPolicy == 0 && graph.isEmpty { return emptyGraph(at: index) }
            if i == n { break }

            // §6.1.4 (a), (b)
            if let mappings = certificate.policyMappings?.mappings {
                if mappings.contains(where: { $0.issuerDomainPolicy == .anyPolicy || $0.subjectDomainPolicy == .anyPolicy }) {
                    return Violation(index: index, reason: .mappingUsesAnyPolicy)
                }
                if mappings.count > maximumPolicyMappings { return Violation(index: index, reason: .tooManyMappings) }
                if policyMapping > 0 {
                    graph.applyMappings(mappings)
                } else {
                    graph.deleteMapped(mappings.map(\.issuerDomainPolicy))
                }
            }
            // §6.1.4 (h)
            if !isSelfIssued {
                explicitPolicy = max(explicitPolicy - 1, 0)
                policyMapping = max(policyMapping - 1, 0)
                inhibitAnyPolicy = max(inhibitAnyPolicy - 1, 0)
            }
            // §6.1.4 (i), (j)
            if let constraints = certificate.policyConstraints {
                if let require = constraints.requireExplicitPolicy { explicitPolicy = min(explicitPolicy, require) }
                if let inhibit = constraints.inhibitPolicyMapping { policyMapping = min(policyMapping, inhibit) }
            }
            if let inhibit = certificate.inhibitAnyPolicy { inhibitAnyPolicy = min(inhibitAnyPolicy, inhibit.skipCerts) }
        }

        // §6.1.5 (a), (b); (g) keeps the whole graph, user-initial-policy-set being {anyPolicy}.
        explicitPolicy = max(explicitPolicy - 1, 0)
        if path[0].policyConstraints?.requireExplicitPolicy == 0 { explicitPolicy = 0 }
        if explicitPolicy == 0 && graph.isEmpty { return emptyGraph(at: 0) }
        return nil
    }
}
