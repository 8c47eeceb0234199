/// One reference hostname against one presented dNSName, as Apple's `SecDNSMatch` decides
/// (SECTRUST.md §5.2–5.4).
///
/// Both names are split on `.` and must have as many labels. Labels are compared right to left,
/// ASCII case-insensitively, with no IDNA mapping (a Unicode hostname does not match its `xn--`
/// SAN). A presented label that is exactly `*` matches any one reference label, but only as the
/// leftmost of at least three labels and only when the rest of the presented name is not a
/// public suffix (`*.co.uk` never matches); any other `*` makes the entry match nothing.
enum DNSNameMatch {
    /// The reference hostname's octets: one trailing dot dropped (Apple allows it to force a new
    /// TLS session), nothing else checked. `nil` for the empty hostname.
    struct Reference {
        let octets: ArraySlice<UInt8>
        /// The number of `.`-separated labels, empty ones included.
        let labelCount: Int

        init?(_ hostname: String) {
            var octets = Array(hostname.utf8)[...]
            guard !octets.isEmpty else { return nil }
            if octets.last == dot { octets = octets.dropLast() }
            self.octets = octets
            labelCount = DNSNameMatch.labelCount(octets)
        }
    }

    static let dot = UInt8(ascii: ".")
    static let star = UInt8(ascii: "*")

    /// Labels of `name` split on `.`, empty ones included (`"a..b"` has three).
    static func labelCount(_ name: ArraySlice<UInt8>) -> Int {
        var count = 1
        for octet in name where octet == dot { count += 1 }
        return count
    }

    /// Whether `presented` (a DNS-like dNSName, see ``PresentedDNSNames``) names `reference`.
    ///
    /// Labels are walked right to left in place (no label arrays): the presented label at
    /// `index` (0 = leftmost) against the reference label at the same position.
    ///
    /// - Parameter publicSuffixes: the list that decides whether `*.` stands before a public
    ///   suffix; `nil` lets every wildcard through, as Apple does when CFNetwork's test is missing.
    static func matches(_ reference: Reference, presented: ArraySlice<UInt8>, publicSuffixes: PublicSuffixList?) -> Bool {
        let count = labelCount(presented)
        guard count == reference.labelCount else { return false }
        var presentedEnd = presented.endIndex
        var referenceEnd = reference.octets.endIndex
        for index in stride(from: count - 1, through: 0, by: -1) {
            let presentedStart = presented[..<presentedEnd].lastIndex(of: dot).map { $0 + 1 } ?? presented.startIndex
            let referenceStart = reference.octets[..<referenceEnd].lastIndex(of: dot).map { $0 + 1 } ?? reference.octets.startIndex
            let label = presented[presentedStart..<presentedEnd]
            if label.count == 1 && label.first == star {
                return index == 0 && count >= HostnameLimits.minimumWildcardLabelCount
                    && !isPublicSuffix(afterWildcardOf: presented, publicSuffixes)
            }
            guard !label.contains(star), asciiCaseInsensitiveEqual(label, reference.octets[referenceStart..<referenceEnd])
            else { return false }
            // Past the dot before this label (only read while labels remain, so never before the start).
            presentedEnd = presentedStart - 1
            referenceEnd = referenceStart - 1
        }
        return true
    }

    /// Apple's `SecDNSIsTLD`: whether the name after `*.` is a public suffix; `false` (fail open)
    /// when there is no list.
    private static func isPublicSuffix(afterWildcardOf presented: ArraySlice<UInt8>, _ list: PublicSuffixList?) -> Bool {
        guard let list else { return false }
        return list.isPublicSuffix(String(decoding: presented.dropFirst(2), as: UTF8.self))
    }

    /// Equal octets up to ASCII case; any other octet must be identical.
    static func asciiCaseInsensitiveEqual(_ left: ArraySlice<UInt8>, _ right: ArraySlice<UInt8>) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { asciiLowercased($0) == asciiLowercased($1) }
    }

    /// `octet` with `A`–`Z` mapped to `a`–`z`.
    static func asciiLowercased(_ octet: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(octet) ? octet | 0x20 : octet
    }
}
