internal import VouchTrustData

extension ApplePinningDatabase {
    /// Every policy name and domain suffix of the embedded list, from the table the generator
    /// writes beside it (`AppleTrustStore.pinningLookupKeys`: `name TEXT` and `suffix TEXT`
    /// lines), read once without decoding the property list; the tests hold the table to the
    /// decoded list's names and suffixes.
    /// (``Octets``: hashed in bulk, not octet by octet.)
    static let embeddedStrings: Set<Octets>? = AppleTrustStore.pinningLookupKeys.withUTF8Buffer { buffer in
        let lines = Array(buffer).split(separator: UInt8(ascii: "\n"))
        var strings = Set<Octets>(minimumCapacity: lines.count)
        for line in lines {
            guard let space = line.firstIndex(of: UInt8(ascii: " ")) else { return nil }
            strings.insert(Octets(line[(space + 1)...]))
        }
        return strings
    }

    /// Whether the embedded list could have rules for an SSL policy with `hostname` named
    /// `policyName`: the name (unless `sslServer`) or the hostname's suffix (as
    /// ``rules(forHostname:)`` takes it) is one of its strings. `false` is certain, so an
    /// evaluation of a host the list does not name never decodes the list (about 22 million
    /// instructions) and pays a set lookup; `true` may be wrong, and the lookup then decides.
    static func embeddedMayMatch(policyName: String?, hostname: String) -> Bool {
        guard let strings = embeddedStrings else { return true }
        if let policyName, policyName != "sslServer", strings.contains(Octets(Array(policyName.utf8))) { return true }
        let bytes = Array(hostname.utf8)
        guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return false }
        var suffix = bytes[(dot + 1)...]
        if suffix.last == UInt8(ascii: ".") { suffix = suffix.dropLast() }
        return strings.contains(Octets(suffix))
    }
}
