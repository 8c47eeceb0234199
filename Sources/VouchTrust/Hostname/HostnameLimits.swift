/// The bounds of SSL hostname matching (SECTRUST.md §5), each with where it comes from.
///
/// The numbers are Apple's, not Vouch's choices: changing one changes which certificates match.
enum HostnameLimits {
    /// Longest dNSName kept as a presented identifier, in characters: RFC 1035 §2.3.4 "names 255
    /// octets or less", as Apple's `SecFrameworkIsDNSName` counts it (UTF-16 units, which are
    /// octets here because only ASCII passes).
    static let maximumDNSNameLength = 255

    /// Longest label of a kept dNSName: RFC 1035 §2.3.4 "labels 63 octets or less".
    static let maximumLabelLength = 63

    /// The fewest labels a wildcard name may have: Apple refuses `*` before a single-label TLD
    /// (`count > 2` in `SecDNSMatch`), so `*.com` never matches.
    static let minimumWildcardLabelCount = 3

    /// Length range of a reference hostname Apple tries as dotted IPv4 (`convertIPAddress`):
    /// "0.0.0.0" to "255.255.255.255", in UTF-16 units.
    static let ipv4TextLength = 7...15

    /// Length range of a reference hostname Apple tries as IPv6, brackets included: "::" to a
    /// bracketed 8-group address (39 + 2), in UTF-16 units.
    static let ipv6TextLength = 2...41

    /// How many `:`-separated fields an IPv6 text may have: "::" splits into 3, a full address
    /// into 8 (Apple's bounds in `convertIPAddress`).
    static let ipv6FieldCount = 3...8

    /// Longest hex field Apple reads as a 16-bit group; a longer field is skipped, not rejected,
    /// so the address then comes out short (and is refused) unless extra `::` make up for it.
    static let maximumIPv6FieldLength = 4

    /// Groups, and octets, of an IPv6 address.
    static let ipv6GroupCount = 8

    /// The iPAddress lengths Apple accepts in a SAN (IPv4, IPv6); any other makes the whole
    /// iPAddress list unusable (`appendIPAddressesFromGeneralNames`).
    static let sanIPAddressLengths: Set<Int> = [4, 16]
}
