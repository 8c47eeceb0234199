// The 32-byte little-endian encoding of field elements (RFC 8032 §5.1.2) and the comparisons that
// need a unique representative.

extension FieldElement25519 {
    /// The element whose value is the low 255 bits of `words` (bit 255 is ignored, as RFC 8032 §5.1.3
    /// reads it as the sign of x). The value may be ≥ p; see `isCanonicalEncoding(_:)`.
    init(lowBitsOf words: Words256) {
        let mask = Self.limbMask
        self.init(
            words.w0 & mask,
            (words.w0 >> 51 | words.w1 << 13) & mask,
            (words.w1 >> 38 | words.w2 << 26) & mask,
            (words.w2 >> 25 | words.w3 << 39) & mask,
            (words.w3 >> 12) & mask)
    }

    /// Whether the low 255 bits of `words` are below p, i.e. the unique encoding of their value.
    /// The values p … 2^255 − 1 are the only ones with a second, non-canonical encoding.
    static func isCanonicalEncoding(_ words: Words256) -> Bool {
        // p = 2^255 − 19: its low word is 2^64 − 19, the two middle words all ones, the top 63 bits all ones.
        let low = words.clearingTopBit
        let isAtLeastP = low.w3 == UInt64.max >> 1 && low.w2 == UInt64.max && low.w1 == UInt64.max
            && low.w0 >= UInt64.max - 18
        return !isAtLeastP
    }

    /// The unique encoding of the value in [0, p), little-endian, bit 255 clear.
    var canonicalWords: Words256 {
        let mask = Self.limbMask
        // After a carry every limb is < 2^51 + 2^18, so the value h < 2p. q = 1 exactly when h ≥ p,
        // found by propagating the carry of h + 19 through the limbs.
        let h = carried()
        var q = (h.l0 &+ 19) >> 51
        q = (h.l1 &+ q) >> 51
        q = (h.l2 &+ q) >> 51
        q = (h.l3 &+ q) >> 51
        q = (h.l4 &+ q) >> 51
        // h − q·p = h + 19q − q·2^255: add 19q, carry, and drop the bit at 2^255.
        var r0 = h.l0 &+ 19 &* q
        var r1 = h.l1 &+ (r0 >> 51)
        r0 &= mask
        var r2 = h.l2 &+ (r1 >> 51)
        r1 &= mask
        var r3 = h.l3 &+ (r2 >> 51)
        r2 &= mask
        var r4 = h.l4 &+ (r3 >> 51)
        r3 &= mask
        r4 &= mask
        return Words256(r0 | r1 << 51, r1 >> 13 | r2 << 38, r2 >> 26 | r3 << 25, r3 >> 39 | r4 << 12)
    }

    /// Whether the value is 0 mod p.
    var isZero: Bool { canonicalWords == Words256(0, 0, 0, 0) }

    /// Whether the canonical value is odd: RFC 8032's “negative” x, whose encoding sets bit 255.
    var isNegative: Bool { canonicalWords.w0 & 1 == 1 }

    /// Whether two elements are congruent mod p.
    func isEqual(to other: FieldElement25519) -> Bool { canonicalWords == other.canonicalWords }
}
