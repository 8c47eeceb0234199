/// Small helpers on multi-word integers stored as little-endian `[UInt64]`, for the parts of the
/// EC code that run once per key or per curve (conversions, exponents), not per field operation.
enum WordArithmetic {
    /// The little-endian words of the big-endian `bytes`, at least `count` of them (more if the
    /// value needs them: callers compare against a modulus afterwards).
    static func words(fromBigEndian bytes: ArraySlice<UInt8>, count: Int) -> [UInt64] {
        var significant = bytes
        while let first = significant.first, first == 0 { significant = significant.dropFirst() }
        let needed = (significant.count + 7) / 8
        var result = [UInt64](zeros: max(count, needed))
        // Through a buffer: the optimiser cannot see that the copied array is unique, and would
        // check at every store.
        result.withUnsafeMutableBufferPointer { words in
            var shift: UInt64 = 0
            var index = 0
            for byte in significant.reversed() {
                words[index] |= UInt64(byte) << shift
                shift += 8
                if shift == 64 {
                    shift = 0
                    index += 1
                }
            }
        }
        return result
    }

    /// The big-endian encoding of `words` in exactly `count` bytes (high bytes dropped if longer).
    static func bigEndianBytes(_ words: [UInt64], count: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: count)
        for position in 0..<count {
            let word = position / 8
            guard word < words.count else { break }
            result[count - 1 - position] = UInt8(truncatingIfNeeded: words[word] >> UInt64(8 * (position % 8)))
        }
        return result
    }

    /// Compares two word arrays as integers (missing high words count as zero).
    static func compare(_ a: [UInt64], _ b: [UInt64]) -> Int {
        for index in stride(from: max(a.count, b.count) - 1, through: 0, by: -1) {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            if x != y { return x < y ? -1 : 1 }
        }
        return 0
    }

    /// a + b, one word longer than the longer operand.
    static func add(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        let count = max(a.count, b.count)
        var result = [UInt64](repeating: 0, count: count + 1)
        var carry: UInt64 = 0
        for index in 0..<count {
            let sum = UInt128(index < a.count ? a[index] : 0) &+ UInt128(index < b.count ? b[index] : 0)
                &+ UInt128(carry)
            result[index] = UInt64(truncatingIfNeeded: sum)
            carry = UInt64(truncatingIfNeeded: sum >> 64)
        }
        result[count] = carry
        return result
    }

    /// a − b for a ≥ b (wraps otherwise), as many words as `a`.
    static func subtract(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
        var result = a
        var borrow: UInt64 = 0
        for index in 0..<a.count {
            let (d1, o1) = a[index].subtractingReportingOverflow(index < b.count ? b[index] : 0)
            let (d2, o2) = d1.subtractingReportingOverflow(borrow)
            result[index] = d2
            borrow = (o1 || o2) ? 1 : 0
        }
        return result
    }

    /// a + small.
    static func adding(_ small: UInt64, to a: [UInt64]) -> [UInt64] { add(a, [small]) }

    /// a − small (a ≥ small).
    static func subtracting(_ small: UInt64, from a: [UInt64]) -> [UInt64] { subtract(a, [small]) }

    /// a >> shift for 0 ≤ shift < 64.
    static func shiftedRight(_ a: [UInt64], by shift: Int) -> [UInt64] {
        guard shift > 0 else { return a }
        var result = a
        for index in 0..<a.count {
            let high = index + 1 < a.count ? a[index + 1] << UInt64(64 - shift) : 0
            result[index] = a[index] >> UInt64(shift) | high
        }
        return result
    }

    /// The number of significant bits.
    static func bitLength(_ a: [UInt64]) -> Int {
        for index in stride(from: a.count - 1, through: 0, by: -1) where a[index] != 0 {
            return index * 64 + 64 - a[index].leadingZeroBitCount
        }
        return 0
    }

    /// Whether every word is zero.
    static func isZero(_ a: [UInt64]) -> Bool { a.allSatisfy { $0 == 0 } }

    /// The words of a hexadecimal constant written in this module (whitespace ignored); digits
    /// outside 0-9a-fA-F are skipped, so a typo shows up in the tests that check every constant.
    static func words(hex: String) -> [UInt64] {
        var nibbles: [UInt8] = []
        for unit in hex.utf8 {
            switch unit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibbles.append(unit - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibbles.append(unit - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibbles.append(unit - UInt8(ascii: "A") + 10)
            default: continue
            }
        }
        var result = [UInt64](repeating: 0, count: (nibbles.count + 15) / 16)
        for (position, nibble) in nibbles.reversed().enumerated() {
            result[position / 16] |= UInt64(nibble) << UInt64(4 * (position % 16))
        }
        return result
    }
}
