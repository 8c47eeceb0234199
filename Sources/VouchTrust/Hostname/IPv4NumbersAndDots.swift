import VouchDER

/// An IPv4 address in the "numbers-and-dots notation" `inet_aton(3)` reads (4.2BSD, glibc, the
/// BSDs, macOS), which is far wider than RFC 3986 §3.2.2's `IPv4address` (four `dec-octet`s, no
/// leading zeros). The strict profile uses it to recognise a commonName that *is* an IPv4 address
/// written in another form (CA/B BR 7.1.4.3 asks for RFC 3986's), because a relying party that
/// hands the text to `inet_aton` connects to that address:
///
/// - one to four numbers separated by `.`, none empty;
/// - each number decimal (`127`), octal after a leading `0` (`0177`; `8` and `9` refused) or
///   hexadecimal after `0x` or `0X` with at least one digit (`0x7f`, `0X7F`);
/// - the last number fills the octets the others leave: `a` is the whole 32 bits, `a.b` is
///   `a` then 24 bits, `a.b.c` is `a`, `b`, then 16 bits (`127.1` is 127.0.0.1, `2130706433` is
///   127.0.0.1); every other number is one octet. A value that does not fit is no address.
/// - one final `.` is dropped first, as the WHATWG URL Standard's host parser drops it (`inet_aton`
///   refuses it; a browser connects to the address).
///
/// Left out on purpose: `inet_aton` also stops at the first ASCII space and ignores what follows
/// (`10.0.0.1 backup`), a convenience for reading addresses out of text rather than a form of the
/// address; and WHATWG's empty hexadecimal number (`0x.0.0.1`), which `inet_aton` refuses.
enum IPv4NumbersAndDots {
    /// The largest value the last number may take, by how many numbers there are (`inet_aton`'s
    /// `max` table): 32 bits alone, then 24, 16 and 8 bits after one, two and three octets.
    static let lastNumberMaximum: [UInt32] = [0xFFFF_FFFF, 0xFF_FFFF, 0xFFFF, 0xFF]

    /// The four octets `text` stands for in the notation above, or `nil` when it is not one.
    static func parse(_ text: String) -> [UInt8]? {
        var bytes = Array(text.utf8)[...]
        if bytes.count > 1, bytes.last == UInt8(ascii: ".") { bytes = bytes.dropLast() }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count <= lastNumberMaximum.count else { return nil }
        var numbers: [UInt32] = []
        for part in parts {
            guard let value = number(part) else { return nil }
            numbers.append(value)
        }
        let leading = numbers.dropLast()
        guard let last = numbers.last, let maximum = lastNumberMaximum.dropFirst(leading.count).first, last <= maximum,
            leading.allSatisfy({ $0 <= 0xFF })
        else { return nil }
        var value = last
        for (position, octet) in leading.enumerated() { value |= octet << (24 - 8 * position) }
        return [UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
    }

    /// One number: decimal, octal after a leading `0`, hexadecimal after `0x`/`0X`; `nil` when
    /// empty, when a digit is not one of its radix, or above 32 bits.
    static func number(_ text: ArraySlice<UInt8>) -> UInt32? {
        var digits = text
        var radix: UInt32 = 10
        if digits.first == UInt8(ascii: "0"), digits.count > 1 {
            digits = digits.dropFirst()
            if digits.first == UInt8(ascii: "x") || digits.first == UInt8(ascii: "X") {
                radix = 16
                digits = digits.dropFirst()
            } else {
                radix = 8
            }
        }
        guard !digits.isEmpty else { return nil }
        var value: UInt32 = 0
        for octet in digits {
            guard let digit = Hex.value(of: octet).map(UInt32.init), digit < radix else { return nil }
            let (shifted, overflowed) = value.multipliedReportingOverflow(by: radix)
            let (sum, carried) = shifted.addingReportingOverflow(digit)
            guard !overflowed, !carried else { return nil }
            value = sum
        }
        return value
    }
}
