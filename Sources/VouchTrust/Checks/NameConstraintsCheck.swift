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
    /// Comparisons done; the caller's budget is ``TrustLimits/maximumNameConstraintComparisons``.
    struct Budget {
        var comparisons = 0
        var isExhausted: Bool { comparisons > TrustLimits.maximumNameConstraintComparisons }
    }

    static func run(_ context: PathContext, budget: inout Budget, into failures: inout [TrustFailure]) {
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
                if lists.refusesPermitted(at: constrainingIndex) { constraints?.subtrees.permitted = PreparedSubtrees.none }
                if lists.refusesExcluded(at: constrainingIndex) { constraints?.subtrees.excluded = PreparedSubtrees.none }
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
                let admitted = constraints?.subtrees.admit(names, defensively: profile.checksNameConstraintsDefensively, &budget)
                if admitted != true {
                    failures.append(TrustFailure(index: index, check: .nameConstraints))
                }
                if budget.isExhausted { return }
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

    /// One CA's subtrees, prepared once: bucketed by GeneralName form, lower-cased, normalised.
    struct PreparedSubtrees {
        /// Indexed by the GeneralName tag number, 0…8.
        var permitted = [[Constraint]](repeating: [], count: 9)
        var excluded = [[Constraint]](repeating: [], count: 9)

        /// No subtree of any form.
        static let none = [[Constraint]](repeating: [], count: 9)

        init(_ constraints: NameConstraints) {
            for subtree in constraints.permittedSubtrees ?? [] {
                permitted[subtree.form].append(Constraint(subtree))
            }
            for subtree in constraints.excludedSubtrees ?? [] {
                excluded[subtree.form].append(Constraint(subtree))
            }
        }

        var isEmpty: Bool { permitted.allSatisfy(\.isEmpty) && excluded.allSatisfy(\.isEmpty) }

        /// Whether a subtree has a form Vouch does not compare.
        var hasUnsupportedForm: Bool {
            ConstrainedName.unsupportedForms.contains { !permitted[$0].isEmpty || !excluded[$0].isEmpty }
        }

        /// Whether every name is within the permitted subtrees of its form and outside the
        /// excluded ones; `nil` names (neither subject nor SAN, or an unparseable SAN) fail.
        ///
        /// A permitted subtree that cannot be judged against a name (a form Vouch does not
        /// compare, a malformed name or base) admits nothing. An excluded one excludes nothing, as
        /// in Apple's `nc_compare_subtree`, whose comparisons answer "no match" for what they
        /// cannot read and which excludes on a match only; `defensively` (the strict profile)
        /// excludes on it instead, and excludes a wildcard dNSName when any name it can match is
        /// excluded (``ConstrainedName/wildcardMayMatch(_:constraint:)``).
        func admit(_ names: [ConstrainedName]?, defensively: Bool = false, _ budget: inout Budget) -> Bool {
            guard let names else { return false }
            for name in names {
                let permittedHere = permitted[name.form], excludedHere = excluded[name.form]
                if permittedHere.isEmpty && excludedHere.isEmpty { continue }
                if !permittedHere.isEmpty && !permittedHere.contains(where: { name.matches($0, &budget) == true }) {
                    return false
                }
                let isExcluded = excludedHere.contains { constraint in
                    let verdict = name.matches(constraint, &budget)
                    if verdict == true { return true }
                    guard defensively else { return false }
                    if verdict == nil { return true }
                    guard case .dns(let dnsName) = name, case .dns(let base) = constraint else { return false }
                    return ConstrainedName.wildcardMayMatch(dnsName, constraint: base)
                }
                if isExcluded { return false }
                if budget.isExhausted { return false }
            }
            return true
        }
    }

    /// Whether a decoded nameConstraints extension is malformed for the strict profile: RFC 5280
    /// §4.2.1.10 ("either the permittedSubtrees field or the excludedSubtrees MUST be present";
    /// CA/B BR 7.1.2.5.2), every base is a GeneralName of its form (Apple keeps one that is not
    /// as undecoded bytes), an iPAddress base is an address and mask of 8 or 32 octets, an
    /// rfc822Name base is a mailbox, host or domain (one `@` at most, text on both sides; x509-limbo
    /// `rfc5280::nc::invalid-email-address`), and a dNSName base is a domain name: no leading or
    /// trailing period, no empty label (a leading period is the URI and rfc822Name syntax, not
    /// dNSName's). An empty base (every name) is allowed.
    static func isMalformed(_ constraints: NameConstraints) -> Bool {
        if constraints.permittedSubtrees == nil && constraints.excludedSubtrees == nil { return true }
        let subtrees = (constraints.permittedSubtrees ?? []) + (constraints.excludedSubtrees ?? [])
        return subtrees.contains { subtree in
            // A base that does not decode as its form (Apple keeps it undecoded).
            guard let name = subtree.base else { return true }
            switch name {
            case .ipAddress(let base): return base.count != 8 && base.count != 32
            case .rfc822Name(let base):
                // A mailbox, a host or a domain: at most one `@`, with text on both sides.
                let parts = base.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
                return parts.count > 2 || (parts.count == 2 && (parts[0].isEmpty || parts[1].isEmpty))
            default: break
            }
            guard case .dnsName(let base) = name, !base.isEmpty else { return false }
            return base.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).contains { $0.isEmpty }
        }
    }

    /// A subtree's base, prepared for comparison.
    enum Constraint {
        /// dNSName, lower-cased.
        case dns([UInt8])
        /// rfc822Name: a mailbox (with `@`), a host, or `.domain`; lower-cased.
        case email([UInt8])
        /// URI: a host or `.domain`, lower-cased.
        case uri([UInt8])
        /// iPAddress: network and mask of one length (4 or 16).
        case ip(network: [UInt8], mask: [UInt8])
        /// directoryName: its RDNs as Apple normalises them.
        case directory([[UInt8]])
        /// A form Vouch does not compare, or a malformed base; the GeneralName tag number.
        case unjudgeable(form: Int)

        init(_ subtree: NameConstraints.Subtree) {
            guard let base = subtree.base else {
                self = .unjudgeable(form: subtree.form)
                return
            }
            switch base {
            case .dnsName(let value): self = .dns(ConstrainedName.lowercased(value))
            case .rfc822Name(let value): self = .email(ConstrainedName.lowercased(value))
            case .uniformResourceIdentifier(let value): self = .uri(ConstrainedName.lowercased(value))
            case .ipAddress(let value) where value.count == 8 || value.count == 32:
                self = .ip(network: Array(value.prefix(value.count / 2)), mask: Array(value.suffix(value.count / 2)))
            case .directoryName(let name): self = .directory(name.relativeDistinguishedNames.map(DistinguishedName.normalizedRDN))
            default: self = .unjudgeable(form: subtree.form)
            }
        }
    }
}
