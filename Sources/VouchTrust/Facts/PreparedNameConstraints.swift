import VouchDER
import VouchX509

/// One CA's subtrees, prepared once: bucketed by GeneralName form, lower-cased, normalised.
struct PreparedNameConstraints {
    /// Indexed by the GeneralName tag number, 0…8.
    var permitted = [[NameConstraintBase]](repeating: [], count: 9) {
        didSet { permittedDNS = permitted[Self.dnsForm].map(Self.dnsBytes) }
    }
    var excluded = [[NameConstraintBase]](repeating: [], count: 9) {
        didSet { excludedDNS = excluded[Self.dnsForm].map(Self.dnsBytes) }
    }

    /// The dNSName subtrees again, as their lower-cased bytes (`nil` for a base that cannot be
    /// judged): the form hostile inputs multiply, compared without copying an enum per subtree.
    /// Kept in step with ``permitted`` and ``excluded`` (the check empties a list Apple refuses).
    private var permittedDNS: [[UInt8]?] = []
    private var excludedDNS: [[UInt8]?] = []

    /// No subtree of any form.
    static let none = [[NameConstraintBase]](repeating: [], count: 9)

    init(_ constraints: NameConstraints) {
        for subtree in constraints.permittedSubtrees ?? [] {
            permitted[subtree.form].append(NameConstraintBase(subtree))
        }
        for subtree in constraints.excludedSubtrees ?? [] {
            excluded[subtree.form].append(NameConstraintBase(subtree))
        }
        permittedDNS = permitted[Self.dnsForm].map(Self.dnsBytes)
        excludedDNS = excluded[Self.dnsForm].map(Self.dnsBytes)
    }

    /// dNSName's GeneralName tag number.
    private static let dnsForm = 2

    private static func dnsBytes(_ base: NameConstraintBase) -> [UInt8]? {
        if case .dns(let bytes) = base { return bytes } else { return nil }
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
    func admit(_ names: [ConstrainedName]?, defensively: Bool = false, _ budget: EvaluationBudget) -> Bool {
        guard let names else { return false }
        for name in names {
            // dNSNames outside the strict profile: as below, one comparison per subtree tried.
            if !defensively, case .dns(let dnsName) = name {
                if permittedDNS.isEmpty && excludedDNS.isEmpty { continue }
                if !permittedDNS.isEmpty && !Self.anyMatches(dnsName, permittedDNS, budget) { return false }
                if Self.anyMatches(dnsName, excludedDNS, budget) { return false }
                if budget.nameConstraintsExhausted { return false }
                continue
            }
            let permittedHere = permitted[name.form], excludedHere = excluded[name.form]
            if permittedHere.isEmpty && excludedHere.isEmpty { continue }
            if !permittedHere.isEmpty && !permittedHere.contains(where: { name.matches($0, budget) == true }) {
                return false
            }
            let isExcluded = excludedHere.contains { constraint in
                let verdict = name.matches(constraint, budget)
                if verdict == true { return true }
                guard defensively else { return false }
                if verdict == nil { return true }
                guard case .dns(let dnsName) = name, case .dns(let base) = constraint else { return false }
                return ConstrainedName.wildcardMayMatch(dnsName, constraint: base)
            }
            if isExcluded { return false }
            if budget.nameConstraintsExhausted { return false }
        }
        return true
    }

    /// Whether `name` is within one of `bases` (a `nil` base, which cannot be judged, matches
    /// nothing), counting each base tried.
    private static func anyMatches(_ name: [UInt8], _ bases: [[UInt8]?], _ budget: EvaluationBudget) -> Bool {
        bases.withUnsafeBufferPointer { bases in
            for index in bases.indices {
                budget.nameConstraintComparisons += 1
                if let base = bases[index], ConstrainedName.dnsMatches(name, constraint: base) { return true }
            }
            return false
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
}

/// A subtree's base, prepared for comparison.
enum NameConstraintBase {
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
