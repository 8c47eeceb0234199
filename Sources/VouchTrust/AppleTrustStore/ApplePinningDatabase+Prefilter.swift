internal import VouchTrustData

extension ApplePinningDatabase {
    /// The embedded list's policy names and domain suffixes, from the table the generator writes
    /// beside it (`AppleTrustStore.pinningLookupKeys`: `name TEXT` lines, then `suffix TEXT`
    /// lines, each group sorted by bytes), read once without decoding the property list: two
    /// sorted lists searched by bisection, so that neither reading them nor asking costs more
    /// than a few comparisons. The tests hold the table to the decoded list. `nil` for a line
    /// of another form (the prefilter then always says "maybe").
    static let embeddedKeys: (names: [ArraySlice<UInt8>], suffixes: [ArraySlice<UInt8>])? =
        AppleTrustStore.pinningLookupKeys.withUTF8Buffer { buffer in
            var names: [ArraySlice<UInt8>] = [], suffixes: [ArraySlice<UInt8>] = []
            let bytes = Array(buffer)
            let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " "), n = UInt8(ascii: "n"), s = UInt8(ascii: "s")
            // One pass: `name TEXT` or `suffix TEXT` per line (the kind told by its first letter
            // and its length, checked below by the list's own tests).
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != newline { end += 1 }
                var gap = start
                while gap < end && bytes[gap] != space { gap += 1 }
                guard gap < end else { return nil }
                switch (bytes[start], gap - start) {
                case (n, 4): names.append(bytes[(gap + 1)..<end])
                case (s, 6): suffixes.append(bytes[(gap + 1)..<end])
                default: return nil
                }
                start = end + 1
            }
            let sorted = { (list: [ArraySlice<UInt8>]) in zip(list, list.dropFirst()).allSatisfy { $0.0.lexicographicallyPrecedes($0.1) } }
            guard sorted(names), sorted(suffixes) else { return nil }
            return (names, suffixes)
        }

    /// Whether the sorted `list` holds `text` (bisection).
    static func contains(_ list: [ArraySlice<UInt8>], _ text: ArraySlice<UInt8>) -> Bool {
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].lexicographicallyPrecedes(text) { low = middle + 1 } else { high = middle }
        }
        return low < list.count && list[low].elementsEqual(text)
    }

    /// Whether the embedded list could have rules for an SSL policy with `hostname` named
    /// `policyName`: the name (unless `sslServer`) is one of its policy names, or the hostname's
    /// suffix (as ``rules(forHostname:)`` takes it) one of its suffixes. `false` is certain, so an
    /// evaluation of a host the list does not name never decodes the list (about 22 million
    /// instructions); `true` may be wrong, and the lookup then decides.
    static func embeddedMayMatch(policyName: String?, hostname: String) -> Bool {
        guard let keys = embeddedKeys else { return true }
        if let policyName, policyName != "sslServer", contains(keys.names, Array(policyName.utf8)[...]) { return true }
        let bytes = Array(hostname.utf8)
        guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return false }
        var suffix = bytes[(dot + 1)...]
        if suffix.last == UInt8(ascii: ".") { suffix = suffix.dropLast() }
        return contains(keys.suffixes, suffix)
    }
}
