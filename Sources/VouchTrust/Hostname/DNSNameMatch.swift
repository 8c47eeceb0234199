/// One reference hostname against one presented dNSName, as Apple's `SecDNSMatch` decides
/// (SECTRUST.md §5.2–5.4).
///
/// Both names are split on `.` and must have as many labels. Labels are compared right to left,
/// ASCII case-insensitively, with no IDNA mapping (a Unicode hostname does not match its `xn--`
/// SAN). A presented label that is exactly `*` matches any one reference label, but only as the
/// leftmost of at least three labels and only when the rest of the presented name is not a
/// public suffix (`*.co.uk` never matches); any other `*` makes the entry match nothing.
enum DNSNameMatch {
    /// The reference hostname split into labels: one trailing dot dropped (Apple allows it to
    /// force a new TLS session), nothing else checked. `nil` for the empty hostname.
    struct Reference {
        let labels: [ArraySlice<UInt8>]

        init?(_ hostname: String) {
            var octets = Array(hostname.utf8)[...]
            guard !octets.isEmpty else { return nil }
            if octets.last == UInt8(ascii: ".") { octets = octets.dropLast() }
            labels = octets.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        }
    }

    /// Whether `presented` (a DNS-like dNSName, see ``PresentedDNSNames``) names `reference`.
    ///
    /// - Parameter publicSuffixes: the list that decides whether `*.` stands before a public
    ///   suffix; `nil` lets every wildcard through, as Apple does when CFNetwork's test is missing.
    static func matches(_ reference: Reference, presented: ArraySlice<UInt8>, publicSuffixes: PublicSuffixList?) -> Bool {
        let presentedLabels = presented.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard presentedLabels.count == reference.labels.count else { return false }
        for (index, label) in zip(presentedLabels.indices, presentedLabels).reversed() {
            if label.elementsEqual([UInt8(ascii: "*")]) {
                return index == 0 && presentedLabels.count >= HostnameLimits.minimumWildcardLabelCount
                    && !isPublicSuffix(afterWildcardOf: presented, publicSuffixes)
            }
            guard !label.contains(UInt8(ascii: "*")),
                asciiCaseInsensitiveEqual(label, reference.labels[index])
            else { return false }
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
