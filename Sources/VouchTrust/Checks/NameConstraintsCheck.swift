import VouchDER
import VouchX509

/// NameConstraints (SECTRUST.md §4.2, RFC 5280 §4.2.1.10, §6.1.3 (b)–(c)).
///
/// Every CA's constraints (the trusted anchor's included) apply to the certificates below it,
/// except self-issued intermediates; a leaf's own constraints constrain nothing. Each CA is
/// judged on its own, so the constraints of a path intersect (RFC 5280 §6.1.4 (g)); Apple's
/// trustd merges permitted subtrees it cannot intersect into one list, which can widen them, and
/// Vouch does not copy that.
///
/// The names judged are every SAN entry and the subject: as a directoryName when not empty, and
/// its emailAddress attributes as rfc822Names. The common name is never checked against dNSName
/// constraints. A name whose form has permitted subtrees must match one of them; no name may
/// match an excluded subtree. A certificate with neither subject nor SAN, or with a SAN that does
/// not parse, fails under any constraint (Apple's `SecNameContraintsMatchSubtrees`).
///
/// What cannot be judged fails: a critical extension with a subtree of a form Vouch does not
/// compare (otherName, x400Address, ediPartyName, registeredID); a name of such a form, or a
/// malformed name (an rfc822Name without exactly one `@`, a URI without a host name, an
/// iPAddress of other than 4 or 16 octets), when its form is constrained; a malformed constraint
/// (an iPAddress subtree of other than 8 or 32 octets) when a name of its form is present.
///
/// The strict profile changes three rules, each under its own switch of ``ValidationProfile``:
/// a constraint on a form Vouch does not compare matters only when a name of that form is present
/// (``ValidationProfile/ignoresConstraintsOnAbsentNameForms``); a malformed extension fails every
/// certificate below it, and a wildcard dNSName is excluded when any name it can match is
/// (``ValidationProfile/checksNameConstraintsDefensively``).
enum NameConstraintsCheck {
    static func run(_ context: PathContext, budget: EvaluationBudget, into failures: inout [TrustFailure]) {
        let path = context.facts
        let profile = context.profile
        let lists = ListSizes(context)
        var namesByIndex: [Int: [ConstrainedName]?] = [:]
        for constrainingIndex in path.indices.dropFirst() {
            let isMalformed = profile.checksNameConstraintsDefensively && path[constrainingIndex].hasMalformedNameConstraints
            guard isMalformed || path[constrainingIndex].nameConstraints != nil else { continue }
            let isAnchor = context.isTrustedAnchor(constrainingIndex)
            // Apple refuses a list of too many subtrees: an intermediate's, where it would be
            // added, failing there, and the list is not applied; the anchor's, where it is used,
            // failing every certificate below without a comparison.
            var constraints = path[constrainingIndex].nameConstraints
            if !isAnchor && (lists.refusesPermitted(at: constrainingIndex) || lists.refusesExcluded(at: constrainingIndex)) {
                failures.append(TrustFailure(index: constrainingIndex, check: .nameConstraints))
                if lists.refusesPermitted(at: constrainingIndex) { constraints?.subtrees.permitted = PreparedNameConstraints.none }
                if lists.refusesExcluded(at: constrainingIndex) { constraints?.subtrees.excluded = PreparedNameConstraints.none }
            }
            let anchorListTooLong = isAnchor && lists.anchorIsTooLong
            // Apple: a critical subtree of a form Vouch does not compare, in a certificate whose
            // constraints are added to those below (not the trusted anchor's, which Apple takes
            // as they are), fails every name below; RFC 5280 §4.2.1.10: only a name of that form
            // (which `admit` cannot judge) fails.
            let unjudgeable = isMalformed || anchorListTooLong
                || (!isAnchor && constraints?.isCritical == true && constraints?.subtrees.hasUnsupportedForm == true
                    && !profile.ignoresConstraintsOnAbsentNameForms)
            for index in 0..<constrainingIndex where index == 0 || !path[index].isSelfIssued {
                if unjudgeable {
                    failures.append(TrustFailure(index: index, check: .nameConstraints))
                    continue
                }
                let names = namesByIndex[index] ?? ConstrainedName.all(of: path[index].certificate)
                namesByIndex[index] = names
                let admitted = constraints?.subtrees.admit(names, defensively: profile.checksNameConstraintsDefensively, budget)
                if admitted != true {
                    failures.append(TrustFailure(index: index, check: .nameConstraints))
                }
                if budget.nameConstraintsExhausted { return }
            }
        }
    }

    /// Which lists of subtrees Apple refuses for their length (`POLICY_SUBTREES_MAX` in
    /// trust/trustd/SecPolicyServer.c, ``TrustLimits/maximumNameConstraintSubtrees``): Apple
    /// carries one permitted and one excluded list down the path, starting from the trusted
    /// anchor's; a certificate's list is not added when it, or it and the list carried so far,
    /// reach the maximum. The carried length counted here is the sum of the lists added (Apple's
    /// may be shorter where its merge replaces a subtree instead of adding it).
    struct ListSizes {
        private(set) var permittedRefused: Set<Int> = []
        private(set) var excludedRefused: Set<Int> = []
        /// Whether the trusted anchor's own permitted or excluded list reaches the maximum.
        private(set) var anchorIsTooLong = false

        init(_ context: PathContext) {
            let path = context.facts
            let maximum = TrustLimits.maximumNameConstraintSubtrees
            var permitted = 0, excluded = 0
            for index in path.indices.dropFirst().reversed() {
                guard let counts = path[index].nameConstraintCounts else { continue }
                if context.isTrustedAnchor(index) {
                    (permitted, excluded) = counts
                    anchorIsTooLong = permitted >= maximum || excluded >= maximum
                    continue
                }
                if counts.permitted > 0 {
                    if counts.permitted >= maximum || permitted + counts.permitted >= maximum { permittedRefused.insert(index) } else { permitted += counts.permitted }
                }
                if counts.excluded > 0 {
                    if counts.excluded >= maximum || excluded + counts.excluded >= maximum { excludedRefused.insert(index) } else { excluded += counts.excluded }
                }
            }
        }

        func refusesPermitted(at index: Int) -> Bool { permittedRefused.contains(index) }
        func refusesExcluded(at index: Int) -> Bool { excludedRefused.contains(index) }
    }
}
