/// An IPv4 or IPv6 address: 4 or 16 bytes in network order.
///
/// Text forms are strict: IPv4 is four decimal parts without leading zeros (so `010.1.1.1` and
/// `0x7f.1` are refused rather than read as octal or hex, as `inet_aton` would); IPv6 is RFC 4291
/// §2.2 text (with `::` and a dotted IPv4 tail), without a zone (`%eth0`).
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address bytes, 4 (IPv4) or 16 (IPv6), in network order.
    public let bytes: [UInt8]

    /// An address from its 4 or 16 bytes; `nil` for any other count.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// An address from its text: dotted IPv4, or IPv6 (without brackets); `nil` when it is neither.
    public init?(_ text: String) {
        if let v4 = Self.parseIPv4(Array(text.utf8)[...]) {
            bytes = v4
        } else if let v6 = Self.parseIPv6(Array(text.utf8)[...]) {
            bytes = v6
        } else {
            return nil
        }
    }

    /// Whether this is an IPv4 address.
    public var isIPv4: Bool { bytes.count == 4 }

    /// The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or NAT64 (`64:ff9b::a.b.c.d`)
    /// IPv6 address, which reach that IPv4 host; `nil` otherwise.
    public var embeddedIPv4: IPAddress? {
        guard bytes.count == 16 else { return nil }
        let mapped: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF]
        let nat64: [UInt8] = [0, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]
        let prefix = Array(bytes[0..<12])
        guard prefix == mapped || prefix == nat64 else { return nil }
        return IPAddress(bytes: Array(bytes[12..<16]))
    }

    /// Dotted decimal for IPv4; RFC 5952 text for IPv6 (lowercase, longest zero run as `::`).
    public var description: String {
        if bytes.count == 4 { return bytes.map { String($0) }.joined(separator: ".") }
        // RFC 5952 §5: an IPv4-mapped address keeps its IPv4 part dotted.
        if bytes[0..<12] == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF] {
            return "::ffff:" + bytes[12...].map { String($0) }.joined(separator: ".")
        }
        var groups: [UInt16] = []
        var index = 0
        while index + 1 < bytes.count {
            groups.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
            index += 2
        }
        // The longest run of two or more zero groups (the first of equal runs) becomes "::".
        var bestStart = -1
        var bestLength = 1
        var runStart = -1
        for (position, group) in groups.enumerated() {
            if group == 0 {
                if runStart < 0 { runStart = position }
                if position - runStart + 1 > bestLength {
                    bestStart = runStart
                    bestLength = position - runStart + 1
                }
            } else {
                runStart = -1
            }
        }
        func hex(_ slice: ArraySlice<UInt16>) -> String { slice.map { String($0, radix: 16) }.joined(separator: ":") }
        guard bestStart >= 0 else { return hex(groups[...]) }
        return hex(groups[0..<bestStart]) + "::" + hex(groups[(bestStart + bestLength)...])
    }

    /// The text as it goes in a URL or Host header: IPv6 in brackets.
    var urlText: String { isIPv4 ? description : "[" + description + "]" }

    static func parseIPv4(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        let parts = text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var result: [UInt8] = []
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
            if part.count > 1, part.first == UInt8(ascii: "0") { return nil }
            let value = part.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            guard value <= 255 else { return nil }
            result.append(UInt8(value))
        }
        return result
    }

    static func parseIPv6(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard text.count >= 2, text.count <= 45 else { return nil }
        // Split at "::" (at most one), then each side into groups.
        var head: [UInt16] = []
        var tail: [UInt16] = []
        var sawDoubleColon = false
        if let range = firstDoubleColon(text) {
            sawDoubleColon = true
            let left = text[text.startIndex..<range]
            let right = text[(range + 2)...]
            guard let leftGroups = groups(left, allowIPv4Tail: false) else { return nil }
            head = leftGroups
            guard firstDoubleColon(right) == nil, let rightGroups = groups(right, allowIPv4Tail: true) else { return nil }
            tail = rightGroups
        } else {
            guard let all = groups(text, allowIPv4Tail: true) else { return nil }
            head = all
        }
        let total = head.count + tail.count
        if sawDoubleColon {
            guard total <= 7 else { return nil }
        } else {
            guard total == 8 else { return nil }
        }
        let words = head + [UInt16](repeating: 0, count: 8 - total) + tail
        return words.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    private static func firstDoubleColon(_ text: ArraySlice<UInt8>) -> Int? {
        var index = text.startIndex
        while index + 1 < text.endIndex {
            if text[index] == UInt8(ascii: ":"), text[index + 1] == UInt8(ascii: ":") { return index }
            index += 1
        }
        return nil
    }

    /// Colon-separated groups of 1–4 hex digits; the last may be dotted IPv4 (two groups). Empty text is no group.
    private static func groups(_ text: ArraySlice<UInt8>, allowIPv4Tail: Bool) -> [UInt16]? {
        guard !text.isEmpty else { return [] }
        let parts = text.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        var result: [UInt16] = []
        for (position, part) in parts.enumerated() {
            if position == parts.count - 1, allowIPv4Tail, part.contains(UInt8(ascii: ".")) {
                guard let v4 = parseIPv4(part) else { return nil }
                result.append(UInt16(v4[0]) << 8 | UInt16(v4[1]))
                result.append(UInt16(v4[2]) << 8 | UInt16(v4[3]))
                continue
            }
            guard (1...4).contains(part.count) else { return nil }
            var value: UInt16 = 0
            for byte in part {
                guard let digit = hexDigit(byte) else { return nil }
                value = value << 4 | UInt16(digit)
            }
            result.append(value)
        }
        return result
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }
}
