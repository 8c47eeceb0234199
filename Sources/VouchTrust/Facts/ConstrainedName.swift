import VouchDER
import VouchX509

/// A name of a certificate that name constraints judge, prepared once per certificate.
enum ConstrainedName {
    /// dNSName, lower-cased (a wildcard is compared as text, never expanded).
    case dns([UInt8])
    /// rfc822Name with exactly one `@`: local part and host, lower-cased.
    case email(mailbox: [UInt8], host: [UInt8])
    /// URI: the host of its authority, lower-cased.
    case uri(host: [UInt8])
    /// iPAddress of 4 or 16 octets.
    case ip([UInt8])
    /// directoryName (the subject, or a SAN entry): RDNs as Apple normalises them.
    case directory([[UInt8]])
    /// A form Vouch does not compare, or a malformed name; the GeneralName tag number.
    case unjudgeable(form: Int)

    /// GeneralName forms Vouch does not compare: otherName, x400Address, ediPartyName, registeredID.
    static let unsupportedForms = [0, 3, 5, 8]

    /// Every name of `certificate` that constraints apply to, or `nil` when a certificate with
    /// neither subject nor SAN, or with a SAN that does not parse, cannot be judged.
    static func all(of certificate: Certificate) -> [ConstrainedName]? {
        let alternativeNames = certificate.subjectAlternativeNames
        if alternativeNames == nil && certificate.extensions[.subjectAltName] != nil { return nil }
        if alternativeNames == nil && certificate.subject.isEmpty { return nil }
        var names = (alternativeNames?.names ?? []).map(ConstrainedName.init)
        // An entry Apple keeps undecoded is of its form and matches no subtree.
        names += (alternativeNames?.undecodedNames ?? []).map { .unjudgeable(form: $0.form) }
        if !certificate.subject.isEmpty {
            names.append(.directory(certificate.subject.relativeDistinguishedNames.map(DistinguishedName.normalizedRDN)))
            for attribute in certificate.subject.attributes where attribute.type == .emailAddress {
                names.append(ConstrainedName(.rfc822Name(attribute.value.content)))
            }
        }
        return names
    }

    init(_ name: GeneralName) {
        switch name {
        case .dnsName(let value): self = .dns(Self.lowercased(value))
        case .rfc822Name(let value):
            let address = Self.lowercased(value)
            let parts = address.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
            if parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty {
                self = .email(mailbox: address, host: Array(parts[1]))
            } else {
                self = .unjudgeable(form: 1)
            }
        case .uniformResourceIdentifier(let value):
            if let host = Self.uriHost(Self.lowercased(value)) { self = .uri(host: host) } else { self = .unjudgeable(form: 6) }
        case .ipAddress(let value) where value.count == 4 || value.count == 16: self = .ip(Array(value))
        case .directoryName(let name): self = .directory(name.relativeDistinguishedNames.map(DistinguishedName.normalizedRDN))
        default: self = .unjudgeable(form: Self.form(of: name))
        }
    }

    var form: Int {
        switch self {
        case .email: return 1
        case .dns: return 2
        case .directory: return 4
        case .uri: return 6
        case .ip: return 7
        case .unjudgeable(let form): return form
        }
    }

    static func form(of name: GeneralName) -> Int {
        switch name {
        case .otherName: return 0
        case .rfc822Name: return 1
        case .dnsName: return 2
        case .x400Address: return 3
        case .directoryName: return 4
        case .ediPartyName: return 5
        case .uniformResourceIdentifier: return 6
        case .ipAddress: return 7
        case .registeredID: return 8
        }
    }

    /// Whether the name is within `constraint` (of the same form); `nil` when either side cannot
    /// be judged. Each call is one comparison of the budget.
    func matches(_ constraint: NameConstraintBase, _ budget: EvaluationBudget) -> Bool? {
        budget.nameConstraintComparisons += 1
        // The common case first, without making a tuple of both (which copies both payloads).
        if case .dns(let name) = self, case .dns(let base) = constraint { return Self.dnsMatches(name, constraint: base) }
        switch (self, constraint) {
        case (.dns(let name), .dns(let base)): return Self.dnsMatches(name, constraint: base)
        case (.email(let mailbox, let host), .email(let base)):
            return base.contains(UInt8(ascii: "@")) ? mailbox == base : Self.hostMatches(host, constraint: base)
        case (.uri(let host), .uri(let base)): return Self.hostMatches(host, constraint: base)
        case (.ip(let address), .ip(let network, let mask)):
            guard address.count == network.count else { return false }
            for index in address.indices where address[index] & mask[index] != network[index] & mask[index] { return false }
            return true
        case (.directory(let rdns), .directory(let prefix)):
            return rdns.count >= prefix.count && zip(rdns, prefix).allSatisfy { $0 == $1 }
        default: return nil
        }
    }

    /// dNSName: "example.com" matches itself and every subdomain at a label boundary;
    /// ".example.com" matches subdomains only; an empty constraint matches everything (§4.2).
    static func dnsMatches(_ name: [UInt8], constraint: [UInt8]) -> Bool {
        if constraint.isEmpty { return true }
        if constraint.first == UInt8(ascii: ".") { return name.count > constraint.count && endsWith(name, constraint) }
        if name.count == constraint.count { return endsWith(name, constraint) }
        return name.count > constraint.count && endsWith(name, constraint)
            && name[name.count - constraint.count - 1] == UInt8(ascii: ".")
    }

    /// Whether `name` ends with `suffix` (no longer than it), compared from the last octet back:
    /// names under one constraint share their ends, so a mismatch is found where they part.
    /// (The generic `suffix(_:).elementsEqual(_:)` cost most of a name-constraint comparison.)
    static func endsWith(_ name: [UInt8], _ suffix: [UInt8]) -> Bool {
        name.withUnsafeBufferPointer { name in
            suffix.withUnsafeBufferPointer { suffix in
                var index = suffix.count, offset = name.count - suffix.count
                while index > 0 {
                    index -= 1
                    if name[offset + index] != suffix[index] { return false }
                }
                return true
            }
        }
    }

    /// Whether a wildcard dNSName (`*.example.com`, lower-cased) can match a name within the
    /// dNSName `constraint`: one of its names, `label.example.com`, is the constraint itself or a
    /// subdomain of it. The cases text comparison already finds (`example.com`, `com`, the empty
    /// constraint) are found here too; the one it misses is a constraint of exactly one label
    /// more than the wildcard's base (`bar.example.com`). A wildcard matches one whole label
    /// (RFC 6125 §6.4.3), so deeper constraints (`a.bar.example.com`) hold none of its names.
    static func wildcardMayMatch(_ name: [UInt8], constraint: [UInt8]) -> Bool {
        guard name.count > 2, name[0] == UInt8(ascii: "*"), name[1] == UInt8(ascii: ".") else { return false }
        let base = name[2...]
        if dnsMatches(name, constraint: constraint) { return true }
        // constraint == label "." base, with one non-empty label without a period.
        guard constraint.first != UInt8(ascii: "."), constraint.count > base.count + 1,
            constraint.suffix(base.count).elementsEqual(base),
            constraint[constraint.count - base.count - 1] == UInt8(ascii: ".")
        else { return false }
        return !constraint[..<(constraint.count - base.count - 1)].contains(UInt8(ascii: "."))
    }

    /// A URI or email host against a host constraint: exact, or a subdomain of ".domain".
    static func hostMatches(_ host: [UInt8], constraint: [UInt8]) -> Bool {
        if constraint.first == UInt8(ascii: ".") { return host.count > constraint.count && host.suffix(constraint.count).elementsEqual(constraint) }
        return host == constraint
    }

    /// The host of an absolute URI (`scheme://[userinfo@]host[:port]/…`), or `nil` for a URI
    /// without one or with an IP literal (RFC 5280 §4.2.1.10: such a URI fails URI constraints).
    static func uriHost(_ uri: [UInt8]) -> [UInt8]? {
        guard let colon = uri.firstIndex(of: UInt8(ascii: ":")),
            uri[(colon + 1)...].starts(with: Array("//".utf8))
        else { return nil }
        var authority = uri[(colon + 3)...].prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) { authority = authority[(at + 1)...] }
        if authority.first == UInt8(ascii: "[") { return nil }
        let host = authority.prefix { $0 != UInt8(ascii: ":") }
        return host.isEmpty ? nil : Array(host)
    }

    static func lowercased<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }
}
