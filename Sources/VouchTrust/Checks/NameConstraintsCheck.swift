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
        var namesByIndex: [Int: [ConstrainedName]?] = [:]
        for constrainingIndex in path.indices.dropFirst() {
            let isMalformed = profile.checksNameConstraintsDefensively && path[constrainingIndex].hasMalformedNameConstraints
            let constraints = path[constrainingIndex].nameConstraints
            guard isMalformed || constraints != nil else { continue }
            // Apple: a critical subtree of a form Vouch does not compare fails every name below;
            // RFC 5280 §4.2.1.10: only a name of that form (which `admit` cannot judge) fails.
            let unjudgeable = isMalformed
                || (constraints?.isCritical == true && constraints?.subtrees.hasUnsupportedForm == true
                    && !profile.ignoresConstraintsOnAbsentNameForms)
            for index in 0..<constrainingIndex where index == 0 || !path[index].isSelfIssued {
                let names = namesByIndex[index] ?? ConstrainedName.all(of: path[index].certificate)
                namesByIndex[index] = names
                let admitted = constraints?.subtrees.admit(names, expandingWildcards: profile.checksNameConstraintsDefensively, &budget)
                if unjudgeable || admitted != true {
                    failures.append(TrustFailure(index: index, check: .nameConstraints))
                }
                if budget.isExhausted { return }
            }
        }
    }

    /// One CA's subtrees, prepared once: bucketed by GeneralName form, lower-cased, normalised.
    struct PreparedSubtrees {
        /// Indexed by the GeneralName tag number, 0…8.
        var permitted = [[Constraint]](repeating: [], count: 9)
        var excluded = [[Constraint]](repeating: [], count: 9)

        init(_ constraints: NameConstraints) {
            for subtree in constraints.permittedSubtrees ?? [] {
                permitted[ConstrainedName.form(of: subtree.base)].append(Constraint(subtree.base))
            }
            for subtree in constraints.excludedSubtrees ?? [] {
                excluded[ConstrainedName.form(of: subtree.base)].append(Constraint(subtree.base))
            }
        }

        var isEmpty: Bool { permitted.allSatisfy(\.isEmpty) && excluded.allSatisfy(\.isEmpty) }

        /// Whether a subtree has a form Vouch does not compare.
        var hasUnsupportedForm: Bool {
            ConstrainedName.unsupportedForms.contains { !permitted[$0].isEmpty || !excluded[$0].isEmpty }
        }

        /// Whether every name is within the permitted subtrees of its form and outside the
        /// excluded ones; `nil` names (neither subject nor SAN, or an unparseable SAN) fail.
        /// With `expandingWildcards`, a wildcard dNSName is excluded when any name it can match
        /// is (``ConstrainedName/wildcardMayMatch(_:constraint:)``).
        func admit(_ names: [ConstrainedName]?, expandingWildcards: Bool = false, _ budget: inout Budget) -> Bool {
            guard let names else { return false }
            for name in names {
                let permittedHere = permitted[name.form], excludedHere = excluded[name.form]
                if permittedHere.isEmpty && excludedHere.isEmpty { continue }
                // A permitted subtree that cannot be judged admits nothing; an excluded one excludes.
                if !permittedHere.isEmpty && !permittedHere.contains(where: { name.matches($0, &budget) == true }) {
                    return false
                }
                let isExcluded = excludedHere.contains { constraint in
                    if name.matches(constraint, &budget) != false { return true }
                    guard expandingWildcards, case .dns(let dnsName) = name, case .dns(let base) = constraint else { return false }
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
    /// CA/B BR 7.1.2.5.2), and a dNSName base is a domain name: no leading or trailing period, no
    /// empty label (a leading period is the URI and rfc822Name syntax, not dNSName's). An empty
    /// base (every name) is allowed.
    static func isMalformed(_ constraints: NameConstraints) -> Bool {
        if constraints.permittedSubtrees == nil && constraints.excludedSubtrees == nil { return true }
        let subtrees = (constraints.permittedSubtrees ?? []) + (constraints.excludedSubtrees ?? [])
        return subtrees.contains { subtree in
            guard case .dnsName(let base) = subtree.base, !base.isEmpty else { return false }
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

        init(_ base: GeneralName) {
            switch base {
            case .dnsName(let value): self = .dns(ConstrainedName.lowercased(value))
            case .rfc822Name(let value): self = .email(ConstrainedName.lowercased(value))
            case .uniformResourceIdentifier(let value): self = .uri(ConstrainedName.lowercased(value))
            case .ipAddress(let value) where value.count == 8 || value.count == 32:
                self = .ip(network: Array(value.prefix(value.count / 2)), mask: Array(value.suffix(value.count / 2)))
            case .directoryName(let name): self = .directory(name.relativeDistinguishedNames.map(DistinguishedName.normalizedRDN))
            default: self = .unjudgeable(form: ConstrainedName.form(of: base))
            }
        }
    }
}
