// Width-w non-adjacent form (wNAF) of a 256-bit scalar: digits d_i with Σ d_i·2^i = the scalar, each
// digit 0 or odd with |d_i| < 2^(w−1), and any w consecutive digits holding at most one non-zero.
// A point multiplication then needs one doubling per bit and one addition per non-zero digit (about
// 256/(w+1)), reading the odd multiples 1·P, 3·P, …, (2^(w−1) − 1)·P from a table.
// This is curve25519-dalek's `Scalar::non_adjacent_form`; ref10's `slide` computes a similar recoding.

/// The signed digits of a scalar, least significant first.
struct NonAdjacentForm: Sendable {
    /// One digit per bit position of a 256-bit scalar.
    static let digitCount = 256

    /// The widest window supported: digits must fit in Int8 (|d| ≤ 127 for w = 8).
    static let maximumWidth = 8

    var digits: InlineArray<256, Int8>

    /// The wNAF of `scalar`, which must be < 2^255 so that the final carry is absorbed (scalars here
    /// are < L < 2^253). `width` is clamped to 2…`maximumWidth`.
    init(_ scalar: Words256, width requestedWidth: Int) {
        let width = min(max(requestedWidth, 2), Self.maximumWidth)
        let windowSize = UInt64(1) << UInt64(width)
        let windowMask = windowSize - 1
        digits = InlineArray(repeating: 0)
        var position = 0
        var carry: UInt64 = 0
        while position < Self.digitCount {
            let wordIndex = position / 64
            let bitIndex = UInt64(position % 64)
            // The next `width` bits starting at `position`, possibly straddling two words.
            var bitBuffer = scalar[wordIndex] >> bitIndex
            if bitIndex > 64 - UInt64(width) {
                bitBuffer |= scalar[wordIndex + 1] << (64 - bitIndex)
            }
            let window = carry &+ (bitBuffer & windowMask)
            if window & 1 == 0 {
                // An even window (including a carried-in 2^width) contributes no digit here.
                position += 1
                continue
            }
            if window < windowSize / 2 {
                carry = 0
                digits[position] = Int8(truncatingIfNeeded: window)
            } else {
                carry = 1
                digits[position] = Int8(truncatingIfNeeded: Int64(window) - Int64(windowSize))
            }
            position += width
        }
    }

    /// The index of the most significant non-zero digit, or −1 for the zero scalar.
    var topIndex: Int {
        var index = Self.digitCount - 1
        while index >= 0 && digits[index] == 0 { index -= 1 }
        return index
    }
}
