/// Width-w non-adjacent form of a scalar: signed odd digits |d| < 2^(w−1), each followed by at
/// least w − 1 zero digits, so a scalar multiplication needs about bits/(w+1) additions drawn from
/// a table of the 2^(w−2) odd multiples 1P, 3P, …, (2^(w−1) − 1)P.
///
/// The recoding is the carry-based scan of libsecp256k1's `secp256k1_ecmult_wnaf`: no multi-word
/// subtraction, one window read per non-zero digit.
enum WNAF {
    /// The number of digits of a scalar of `words` words: one per bit and one for the final carry.
    static func digitCount(words: Int) -> Int { 64 * words + 1 }

    /// Calls `body` with the digits of `scalar` (little-endian words) least significant first, in
    /// a temporary buffer of ``digitCount(words:)`` entries (a verification's two expansions are
    /// some 1 KB: no heap allocation). Digits are `Int16`, so widths up to 16 fit (|d| < 2^15).
    ///
    /// A run of positions whose bit equals the carry produces zero digits; it is skipped whole (the
    /// trailing zeros of the next 63 bits, complemented when the carry is one) rather than bit by bit.
    static func withDigits<Result>(
        _ scalar: [UInt64], width: Int, _ body: (UnsafeBufferPointer<Int16>) -> Result
    ) -> Result {
        let count = digitCount(words: scalar.count)
        return withUnsafeTemporaryAllocation(of: Int16.self, capacity: count) { digits in
            digits.initialize(repeating: 0)
            var carry = 0
            var bit = 0
            while bit < count {
                let ahead = bits(scalar, at: bit, count: 63) ^ (carry == 0 ? 0 : (1 << 63) - 1)
                if ahead & 1 == 0 {
                    bit += min(ahead.trailingZeroBitCount, 63)
                    continue
                }
                // Odd by construction: the lowest bit of the window differs from the carry.
                var word = Int(bits(scalar, at: bit, count: width)) + carry
                carry = (word >> (width - 1)) & 1
                word -= carry << width
                digits[bit] = Int16(truncatingIfNeeded: word)
                bit += width
            }
            return body(UnsafeBufferPointer(digits))
        }
    }

    /// Bit `index` of `scalar`; zero past its end.
    @inline(__always)
    static func bit(_ scalar: [UInt64], at index: Int) -> UInt64 {
        let word = index >> 6
        guard word < scalar.count else { return 0 }
        return (scalar[word] >> UInt64(index & 63)) & 1
    }

    /// `count` (< 64) bits of `scalar` starting at bit `index`; zeros past its end.
    @inline(__always)
    static func bits(_ scalar: [UInt64], at index: Int, count: Int) -> UInt64 {
        let word = index >> 6
        let shift = UInt64(index & 63)
        guard word < scalar.count else { return 0 }
        var value = scalar[word] >> shift
        if shift != 0, word + 1 < scalar.count { value |= scalar[word + 1] << (64 - shift) }
        return value & ((1 << UInt64(count)) &- 1)
    }
}
