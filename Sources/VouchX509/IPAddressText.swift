/// Text forms of iPAddress octets: dotted IPv4, RFC 5952 IPv6.
public enum IPAddressText {
    /// `192.0.2.1` for 4 octets, RFC 5952 text (`2001:db8::1`) for 16, `nil` for other lengths.
    public static func format<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        let octets = Array(bytes)
        switch octets.count {
        case 4: return octets.map(String.init).joined(separator: ".")
        case 16:
            let groups = (0..<8).map { UInt16(octets[2 * $0]) << 8 | UInt16(octets[2 * $0 + 1]) }
            // The longest run of two or more zero groups (the first on ties) becomes `::`.
            var best: (start: Int, length: Int) = (-1, 0)
            var index = 0
            while index < 8 {
                guard groups[index] == 0 else { index += 1; continue }
                let start = index
                while index < 8, groups[index] == 0 { index += 1 }
                if index - start > best.length { best = (start, index - start) }
            }
            let text = groups.map { String($0, radix: 16) }
            guard best.length >= 2 else { return text.joined(separator: ":") }
            let head = text[..<best.start].joined(separator: ":")
            let tail = text[(best.start + best.length)...].joined(separator: ":")
            return head + "::" + tail
        default: return nil
        }
    }
}
