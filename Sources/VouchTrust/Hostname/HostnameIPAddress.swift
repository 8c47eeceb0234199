import VouchDER

/// A reference hostname read as an IP address, exactly as Apple's `convertIPAddress` reads it
/// (SECTRUST.md §5.5), and the SAN iPAddress entries it is compared with.
///
/// Apple's reader is looser than RFC 4291 in ways this type keeps on purpose, because they decide
/// which certificates match:
/// - IPv4: 7 to 15 characters of digits and dots, exactly four fields, each read by C `atoi` and
///   refused above 255. Leading zeros are decimal (`010` is 10), an empty field is 0 (`10..20.30`
///   is 10.0.20.30), and `atoi`'s conversion to a 32-bit `int` wraps, so a field whose value wraps
///   to a negative `int` or to 0…255 is accepted with its low octet.
/// - IPv6: 2 to 41 characters, one pair of enclosing brackets dropped, upper-cased, then only
///   hex digits and `:`, 3 to 8 fields. An empty field in the middle stands for the groups the
///   other fields leave (`9 − fields`); an empty first or last field is one zero group; a field of
///   more than four digits is skipped. The result must come out at exactly 8 groups. No embedded
///   IPv4 (`.` is refused).
enum HostnameIPAddress {
    /// The address's octets (4 or 16) if `hostname` reads as IPv4 or IPv6, else `nil`.
    static func parse(_ hostname: String) -> [UInt8]? {
        ipv4(hostname) ?? ipv6(hostname)
    }

    /// The SAN iPAddress entries Apple compares: all of them when every one has 4 or 16 octets,
    /// none when any has another length (or the SAN is absent or malformed).
    static func presented(in addresses: [ArraySlice<UInt8>]?) -> [ArraySlice<UInt8>] {
        guard let addresses, addresses.allSatisfy({ HostnameLimits.sanIPAddressLengths.contains($0.count) }) else {
            return []
        }
        return addresses
    }

    static func ipv4(_ hostname: String) -> [UInt8]? {
        guard HostnameLimits.ipv4TextLength.contains(hostname.utf16.count) else { return nil }
        let text = Array(hostname.utf8)
        guard text.allSatisfy({ isDecimalDigit($0) || $0 == UInt8(ascii: ".") }) else { return nil }
        let fields = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard fields.count == 4 else { return nil }
        var address: [UInt8] = []
        for field in fields {
            // `atoi`: the length bound leaves at most 12 digits, far inside Int64; wrapping
            // operators only make that impossible overflow harmless.
            var value: Int64 = 0
            for digit in field { value = value &* 10 &+ Int64(digit &- UInt8(ascii: "0")) }
            let cInt = Int32(truncatingIfNeeded: value)
            guard cInt <= 255 else { return nil }
            address.append(UInt8(truncatingIfNeeded: cInt))
        }
        return address
    }

    static func ipv6(_ hostname: String) -> [UInt8]? {
        guard HostnameLimits.ipv6TextLength.contains(hostname.utf16.count) else { return nil }
        var scalars = Substring(hostname).unicodeScalars[...]
        if scalars.first == "[", scalars.last == "]" { scalars = scalars.dropFirst().dropLast() }
        // Apple upper-cases with full Unicode mappings before checking the characters.
        let text = Array(String(String.UnicodeScalarView(scalars)).uppercased().utf8)
        guard text.allSatisfy({ hexValue($0) != nil || $0 == UInt8(ascii: ":") }) else { return nil }
        let fields = text.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard HostnameLimits.ipv6FieldCount.contains(fields.count) else { return nil }
        var groups: [UInt16] = []
        for (index, field) in fields.enumerated() {
            if field.isEmpty {
                let isInner = index != 0 && index != fields.count - 1
                let zeroGroups = isInner ? HostnameLimits.ipv6GroupCount + 1 - fields.count : 1
                groups.append(contentsOf: repeatElement(0, count: zeroGroups))
            } else if field.count <= HostnameLimits.maximumIPv6FieldLength {
                groups.append(field.reduce(0) { $0 << 4 | UInt16(hexValue($1) ?? 0) })
            }
        }
        guard groups.count == HostnameLimits.ipv6GroupCount else { return nil }
        return groups.flatMap { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] }
    }

    private static func isDecimalDigit(_ octet: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(octet)
    }

    /// The value of a hex digit (the text is upper-cased first).
    private static func hexValue(_ octet: UInt8) -> UInt8? { Hex.value(of: octet) }
}
