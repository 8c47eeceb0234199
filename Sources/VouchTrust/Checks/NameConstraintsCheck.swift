import VouchDER
import VouchX509

/// NameConstraints (SECTRUST.md §4.2, RFC 5280 §4.2.1.10, §6.1.3 (b)–(c)).
///
/// Every CA's constraints (the trusted anchor's included) apply to the certificates below it,
/// except self-issued intermediates. The names checked are the subject (as a directoryName, and
/// its emailAddress attributes as rfc822Names) and every SAN entry; the common name is never
/// checked against dNSName constraints. A name of a form with permitted subtrees must match one;
/// no name may match an excluded subtree. Constraints of forms Vouch cannot judge (otherName,
/// x400Address, ediPartyName, registeredID) fail when the extension is critical.
enum NameConstraintsCheck {
    /// Comparisons done; the caller's budget is ``TrustLimits/maximumNameConstraintComparisons``.
    struct Budget {
        var comparisons = 0
        var isExhausted: Bool { comparisons > TrustLimits.maximumNameConstraintComparisons }
    }

    static func run(_ context: PathContext, budget: inout Budget, into failures: inout [TrustFailure]) {
        let path = context.certificates
        for constrainingIndex in path.indices.dropFirst() {
            guard let item = path[constrainingIndex].extensions[.nameConstraints] else { continue }
            guard let constraints = try? item.decode(as: NameConstraints.self) else { continue }
            let all = (constraints.permittedSubtrees ?? []) + (constraints.excludedSubtrees ?? [])
            let hasUnsupported = all.contains { Form(of: $0.base) == nil }
            for index in 0..<constrainingIndex where index == 0 || !path[index].isSelfIssued {
                if (item.isCritical && hasUnsupported) || !satisfies(path[index], constraints, &budget) {
                    failures.append(TrustFailure(index: index, check: .nameConstraints))
                }
            }
        }
    }

    /// The name forms Vouch judges.
    enum Form: Hashable {
        case dns, ip, email, uri, directory
        init?(of name: GeneralName) {
            switch name {
            case .dnsName: self = .dns
            case .ipAddress: self = .ip
            case .rfc822Name: self = .email
            case .uniformResourceIdentifier: self = .uri
            case .directoryName: self = .directory
            default: return nil
            }
        }
    }

    static func satisfies(_ certificate: Certificate, _ constraints: NameConstraints, _ budget: inout Budget) -> Bool {
        var names: [GeneralName] = certificate.subjectAlternativeNames?.names ?? []
        if !certificate.subject.isEmpty {
            names.append(.directoryName(certificate.subject))
            for attribute in certificate.subject.attributes where attribute.type == .emailAddress {
                names.append(.rfc822Name(attribute.value.content))
            }
        }
        let permitted = constraints.permittedSubtrees ?? []
        let excluded = constraints.excludedSubtrees ?? []
        for name in names {
            guard let form = Form(of: name) else { continue }
            let permittedOfForm = permitted.filter { Form(of: $0.base) == form }
            if !permittedOfForm.isEmpty && !permittedOfForm.contains(where: { matches(name, $0.base, &budget) }) { return false }
            if excluded.contains(where: { Form(of: $0.base) == form && matches(name, $0.base, &budget) }) { return false }
            if budget.isExhausted { return false }
        }
        return true
    }

    static func matches(_ name: GeneralName, _ base: GeneralName, _ budget: inout Budget) -> Bool {
        budget.comparisons += 1
        switch (name, base) {
        case (.dnsName(let value), .dnsName(let constraint)):
            return dnsMatches(lowercased(value), constraint: lowercased(constraint))
        case (.ipAddress(let address), .ipAddress(let constraint)):
            return ipMatches(Array(address), constraint: Array(constraint))
        case (.rfc822Name(let value), .rfc822Name(let constraint)):
            return emailMatches(lowercased(value), constraint: lowercased(constraint))
        case (.uniformResourceIdentifier(let value), .uniformResourceIdentifier(let constraint)):
            guard let host = uriHost(lowercased(value)) else { return false }
            return hostMatches(host, constraint: lowercased(constraint))
        case (.directoryName(let value), .directoryName(let constraint)):
            let rdns = value.relativeDistinguishedNames.map { DistinguishedName.normalizedRDN($0) }
            let prefix = constraint.relativeDistinguishedNames.map { DistinguishedName.normalizedRDN($0) }
            return rdns.count >= prefix.count && zip(rdns, prefix).allSatisfy { $0 == $1 }
        default:
            return false
        }
    }

    /// dNSName: "example.com" matches itself and every subdomain at a label boundary;
    /// ".example.com" matches subdomains only; an empty constraint matches everything (§4.2).
    static func dnsMatches(_ name: [UInt8], constraint: [UInt8]) -> Bool {
        if constraint.isEmpty { return true }
        if constraint.first == UInt8(ascii: ".") { return name.count > constraint.count && name.suffix(constraint.count).elementsEqual(constraint) }
        if name == constraint { return true }
        return name.count > constraint.count && name.suffix(constraint.count).elementsEqual(constraint)
            && name[name.count - constraint.count - 1] == UInt8(ascii: ".")
    }

    /// A URI or email host against a host constraint: exact, or a subdomain of ".domain".
    static func hostMatches(_ host: [UInt8], constraint: [UInt8]) -> Bool {
        if constraint.first == UInt8(ascii: ".") { return host.count > constraint.count && host.suffix(constraint.count).elementsEqual(constraint) }
        return host == constraint
    }

    /// rfc822Name: "user@host" exactly, "host" for any mailbox there, ".domain" for its subdomains.
    static func emailMatches(_ name: [UInt8], constraint: [UInt8]) -> Bool {
        if constraint.contains(UInt8(ascii: "@")) { return name == constraint }
        guard let at = name.lastIndex(of: UInt8(ascii: "@")) else { return false }
        return hostMatches(Array(name[(at + 1)...]), constraint: constraint)
    }

    /// iPAddress: same family, and the address under the constraint's mask equals its network.
    static func ipMatches(_ address: [UInt8], constraint: [UInt8]) -> Bool {
        guard constraint.count == 2 * address.count, address.count == 4 || address.count == 16 else { return false }
        let network = constraint.prefix(address.count), mask = constraint.suffix(address.count)
        return zip(zip(address, network), mask).allSatisfy { pair, mask in pair.0 & mask == pair.1 & mask }
    }

    /// The host of an absolute URI (`scheme://[userinfo@]host[:port]/…`), or `nil` (RFC 5280: a
    /// URI without a host does not match any constraint).
    static func uriHost(_ uri: [UInt8]) -> [UInt8]? {
        guard let colon = uri.firstIndex(of: UInt8(ascii: ":")),
            uri[(colon + 1)...].starts(with: Array("//".utf8))
        else { return nil }
        var authority = uri[(colon + 3)...].prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        if authority.first == UInt8(ascii: "[") { return nil }  // IP literals match no host constraint
        let host = authority.prefix { $0 != UInt8(ascii: ":") }
        return host.isEmpty ? nil : Array(host)
    }

    static func lowercased<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }
}
