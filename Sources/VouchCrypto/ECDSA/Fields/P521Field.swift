/// GF(2^521 − 1), the field of P-521, in nine unsaturated 58-bit limbs (the last holds 57 bits).
///
/// p is a Mersenne prime, so no Montgomery form is needed: limb products with i + j ≥ 9 land at
/// 2^(58·(i+j)) = 2^522 · 2^(58·(i+j−9)) ≡ 2 · 2^(58·(i+j−9)), and bits from 2^521 up fold back
/// with weight 1. With limbs below 2^59 every column sum stays below 2^125, so a product is 81
/// plain 64×64→128 multiplications summed into nine 128-bit columns with no carry chains, then
/// one carry pass (the layout of OpenSSL's `ecp_nistp521.c`). A squaring needs 45. Measured here
/// this is about three times faster than nine-word Montgomery multiplication.
///
/// Elements are kept *weakly* reduced: limbs 0 and 2–7 below 2^58, limb 1 below 2^58 + 2^10,
/// limb 8 below 2^57; ``canonical(_:)`` gives the unique representative below p.
struct P521Field: PrimeField {
    /// Nine limbs, limb i holding bits 58i ..< 58i + 58 of the value.
    struct Element: Sendable {
        var w0, w1, w2, w3, w4, w5, w6, w7, w8: UInt64
    }

    /// Bits per limb (limbs 0–7); the top limb holds bits 464…520.
    static let limbBits: UInt64 = 58
    static let limbMask: UInt64 = (1 << 58) - 1
    static let topMask: UInt64 = (1 << 57) - 1

    let modulusWords: [UInt64] = [UInt64](repeating: ~0, count: 8) + [0x1FF]
    let byteCount = 66
    var zero: Element { Element(w0: 0, w1: 0, w2: 0, w3: 0, w4: 0, w5: 0, w6: 0, w7: 0, w8: 0) }
    var one: Element { Element(w0: 1, w1: 0, w2: 0, w3: 0, w4: 0, w5: 0, w6: 0, w7: 0, w8: 0) }

    func element(fromBigEndian bytes: ArraySlice<UInt8>) -> Element? {
        element(fromWords: WordArithmetic.words(fromBigEndian: bytes, count: 9))
    }

    func element(fromWords words: [UInt64]) -> Element? {
        guard words.count >= 9, WordArithmetic.compare(words, modulusWords) < 0 else { return nil }
        var limbs = [UInt64](repeating: 0, count: 9)
        for limb in 0..<9 {
            let bit = limb * 58
            let word = bit / 64
            let shift = UInt64(bit % 64)
            var value = words[word] >> shift
            if shift > 6, word + 1 < 9 { value |= words[word + 1] << (64 - shift) }
            limbs[limb] = value & (limb == 8 ? Self.topMask : Self.limbMask)
        }
        return Self.element(limbs)
    }

    func words(_ element: Element) -> [UInt64] {
        let limbs = Self.limbs(canonical(element))
        var words = [UInt64](repeating: 0, count: 9)
        for limb in 0..<9 {
            let bit = limb * 58
            let word = bit / 64
            let shift = UInt64(bit % 64)
            words[word] |= limbs[limb] << shift
            if shift > 6, word + 1 < 9 { words[word + 1] |= limbs[limb] >> (64 - shift) }
        }
        return words
    }

    @inline(__always)
    func add(_ a: Element, _ b: Element) -> Element {
        Self.carry(
            a.w0 &+ b.w0, a.w1 &+ b.w1, a.w2 &+ b.w2,
            a.w3 &+ b.w3, a.w4 &+ b.w4, a.w5 &+ b.w5,
            a.w6 &+ b.w6, a.w7 &+ b.w7, a.w8 &+ b.w8)
    }

    /// a + 2p − b, limb by limb: 2p's limbs (2^59 − 2, and 2^58 − 2 on top) exceed any weakly
    /// reduced limb of b, so no limb goes negative.
    @inline(__always)
    func subtract(_ a: Element, _ b: Element) -> Element {
        let twice: UInt64 = (1 << 59) - 2
        return Self.carry(
            a.w0 &+ twice &- b.w0, a.w1 &+ twice &- b.w1, a.w2 &+ twice &- b.w2,
            a.w3 &+ twice &- b.w3, a.w4 &+ twice &- b.w4, a.w5 &+ twice &- b.w5,
            a.w6 &+ twice &- b.w6, a.w7 &+ twice &- b.w7, a.w8 &+ ((1 << 58) - 2) &- b.w8)
    }

    @inline(__always)
    func negate(_ a: Element) -> Element { subtract(zero, a) }

    /// a/2 ≡ a·2^520 (2^521 ≡ 1): each limb halved, its low bit moved to the top (bit 57) of the
    /// limb below, and limb 0's low bit to bit 520 (limb 8, bit 56). The limbs keep the weak bounds.
    @inline(__always)
    func halve(_ a: Element) -> Element {
        Element(
            w0: a.w0 >> 1 &+ (a.w1 & 1) << 57, w1: a.w1 >> 1 &+ (a.w2 & 1) << 57,
            w2: a.w2 >> 1 &+ (a.w3 & 1) << 57, w3: a.w3 >> 1 &+ (a.w4 & 1) << 57,
            w4: a.w4 >> 1 &+ (a.w5 & 1) << 57, w5: a.w5 >> 1 &+ (a.w6 & 1) << 57,
            w6: a.w6 >> 1 &+ (a.w7 & 1) << 57, w7: a.w7 >> 1 &+ (a.w8 & 1) << 57,
            w8: a.w8 >> 1 &+ (a.w0 & 1) << 56)
    }

    // Not inlined: a call costs nothing measurable against the unrolled product, and inlining

    // it into every point operation made the static binary 320 KB larger (P-192 to P-521).

    @inline(never)
    func multiply(_ a: Element, _ b: Element) -> Element {
        let a0 = UInt128(a.w0), b0 = UInt128(b.w0)
        let a1 = UInt128(a.w1), b1 = UInt128(b.w1), d1 = UInt128(b.w1 &<< 1)
        let a2 = UInt128(a.w2), b2 = UInt128(b.w2), d2 = UInt128(b.w2 &<< 1)
        let a3 = UInt128(a.w3), b3 = UInt128(b.w3), d3 = UInt128(b.w3 &<< 1)
        let a4 = UInt128(a.w4), b4 = UInt128(b.w4), d4 = UInt128(b.w4 &<< 1)
        let a5 = UInt128(a.w5), b5 = UInt128(b.w5), d5 = UInt128(b.w5 &<< 1)
        let a6 = UInt128(a.w6), b6 = UInt128(b.w6), d6 = UInt128(b.w6 &<< 1)
        let a7 = UInt128(a.w7), b7 = UInt128(b.w7), d7 = UInt128(b.w7 &<< 1)
        let a8 = UInt128(a.w8), b8 = UInt128(b.w8), d8 = UInt128(b.w8 &<< 1)
        var c0: UInt128 = a0 &* b0
        c0 &+= a1 &* d8
        c0 &+= a2 &* d7
        c0 &+= a3 &* d6
        c0 &+= a4 &* d5
        c0 &+= a5 &* d4
        c0 &+= a6 &* d3
        c0 &+= a7 &* d2
        c0 &+= a8 &* d1
        var c1: UInt128 = a0 &* b1
        c1 &+= a1 &* b0
        c1 &+= a2 &* d8
        c1 &+= a3 &* d7
        c1 &+= a4 &* d6
        c1 &+= a5 &* d5
        c1 &+= a6 &* d4
        c1 &+= a7 &* d3
        c1 &+= a8 &* d2
        var c2: UInt128 = a0 &* b2
        c2 &+= a1 &* b1
        c2 &+= a2 &* b0
        c2 &+= a3 &* d8
        c2 &+= a4 &* d7
        c2 &+= a5 &* d6
        c2 &+= a6 &* d5
        c2 &+= a7 &* d4
        c2 &+= a8 &* d3
        var c3: UInt128 = a0 &* b3
        c3 &+= a1 &* b2
        c3 &+= a2 &* b1
        c3 &+= a3 &* b0
        c3 &+= a4 &* d8
        c3 &+= a5 &* d7
        c3 &+= a6 &* d6
        c3 &+= a7 &* d5
        c3 &+= a8 &* d4
        var c4: UInt128 = a0 &* b4
        c4 &+= a1 &* b3
        c4 &+= a2 &* b2
        c4 &+= a3 &* b1
        c4 &+= a4 &* b0
        c4 &+= a5 &* d8
        c4 &+= a6 &* d7
        c4 &+= a7 &* d6
        c4 &+= a8 &* d5
        var c5: UInt128 = a0 &* b5
        c5 &+= a1 &* b4
        c5 &+= a2 &* b3
        c5 &+= a3 &* b2
        c5 &+= a4 &* b1
        c5 &+= a5 &* b0
        c5 &+= a6 &* d8
        c5 &+= a7 &* d7
        c5 &+= a8 &* d6
        var c6: UInt128 = a0 &* b6
        c6 &+= a1 &* b5
        c6 &+= a2 &* b4
        c6 &+= a3 &* b3
        c6 &+= a4 &* b2
        c6 &+= a5 &* b1
        c6 &+= a6 &* b0
        c6 &+= a7 &* d8
        c6 &+= a8 &* d7
        var c7: UInt128 = a0 &* b7
        c7 &+= a1 &* b6
        c7 &+= a2 &* b5
        c7 &+= a3 &* b4
        c7 &+= a4 &* b3
        c7 &+= a5 &* b2
        c7 &+= a6 &* b1
        c7 &+= a7 &* b0
        c7 &+= a8 &* d8
        var c8: UInt128 = a0 &* b8
        c8 &+= a1 &* b7
        c8 &+= a2 &* b6
        c8 &+= a3 &* b5
        c8 &+= a4 &* b4
        c8 &+= a5 &* b3
        c8 &+= a6 &* b2
        c8 &+= a7 &* b1
        c8 &+= a8 &* b0
        return Self.carry(c0, c1, c2, c3, c4, c5, c6, c7, c8)
    }

    // Not inlined: a call costs nothing measurable against the unrolled product, and inlining

    // it into every point operation made the static binary 320 KB larger (P-192 to P-521).

    @inline(never)
    func square(_ a: Element) -> Element {
        let a0 = UInt128(a.w0)
        let a1 = UInt128(a.w1), d1 = UInt128(a.w1 &<< 1)
        let a2 = UInt128(a.w2), d2 = UInt128(a.w2 &<< 1)
        let a3 = UInt128(a.w3), d3 = UInt128(a.w3 &<< 1)
        let a4 = UInt128(a.w4), d4 = UInt128(a.w4 &<< 1)
        let a5 = UInt128(a.w5), d5 = UInt128(a.w5 &<< 1), q5 = UInt128(a.w5 &<< 2)
        let a6 = UInt128(a.w6), d6 = UInt128(a.w6 &<< 1), q6 = UInt128(a.w6 &<< 2)
        let a7 = UInt128(a.w7), d7 = UInt128(a.w7 &<< 1), q7 = UInt128(a.w7 &<< 2)
        let a8 = UInt128(a.w8), d8 = UInt128(a.w8 &<< 1), q8 = UInt128(a.w8 &<< 2)
        var c0: UInt128 = a0 &* a0
        c0 &+= a1 &* q8
        c0 &+= a2 &* q7
        c0 &+= a3 &* q6
        c0 &+= a4 &* q5
        var c1: UInt128 = a0 &* d1
        c1 &+= a2 &* q8
        c1 &+= a3 &* q7
        c1 &+= a4 &* q6
        c1 &+= a5 &* d5
        var c2: UInt128 = a0 &* d2
        c2 &+= a1 &* a1
        c2 &+= a3 &* q8
        c2 &+= a4 &* q7
        c2 &+= a5 &* q6
        var c3: UInt128 = a0 &* d3
        c3 &+= a1 &* d2
        c3 &+= a4 &* q8
        c3 &+= a5 &* q7
        c3 &+= a6 &* d6
        var c4: UInt128 = a0 &* d4
        c4 &+= a1 &* d3
        c4 &+= a2 &* a2
        c4 &+= a5 &* q8
        c4 &+= a6 &* q7
        var c5: UInt128 = a0 &* d5
        c5 &+= a1 &* d4
        c5 &+= a2 &* d3
        c5 &+= a6 &* q8
        c5 &+= a7 &* d7
        var c6: UInt128 = a0 &* d6
        c6 &+= a1 &* d5
        c6 &+= a2 &* d4
        c6 &+= a3 &* a3
        c6 &+= a7 &* q8
        var c7: UInt128 = a0 &* d7
        c7 &+= a1 &* d6
        c7 &+= a2 &* d5
        c7 &+= a3 &* d4
        c7 &+= a8 &* d8
        var c8: UInt128 = a0 &* d8
        c8 &+= a1 &* d7
        c8 &+= a2 &* d6
        c8 &+= a3 &* d5
        c8 &+= a4 &* a4
        return Self.carry(c0, c1, c2, c3, c4, c5, c6, c7, c8)
    }

    func isZero(_ a: Element) -> Bool {
        let c = canonical(a)
        return (c.w0 | c.w1 | c.w2 | c.w3 | c.w4 | c.w5 | c.w6 | c.w7 | c.w8) == 0
    }

    func areEqual(_ a: Element, _ b: Element) -> Bool { isZero(subtract(a, b)) }

    /// The unique representative below p, with every limb in range.
    func canonical(_ a: Element) -> Element {
        var e = a
        // Three passes settle every carry: after the first the excess is a bit or two at most.
        for _ in 0..<3 { e = Self.carry(e.w0, e.w1, e.w2, e.w3, e.w4, e.w5, e.w6, e.w7, e.w8) }
        // Now the value is in [0, 2^521): only p itself (every limb full) is not canonical.
        let m = Self.limbMask
        let isModulus = e.w0 == m && e.w1 == m && e.w2 == m && e.w3 == m && e.w4 == m && e.w5 == m
            && e.w6 == m && e.w7 == m && e.w8 == Self.topMask
        return isModulus ? zero : e
    }

    /// One carry pass over 64-bit limbs below 2^61, folding 2^521 back to 1.
    @inline(__always)
    static func carry(
        _ l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64, _ l4: UInt64, _ l5: UInt64,
        _ l6: UInt64, _ l7: UInt64, _ l8: UInt64
    ) -> Element {
        carry(UInt128(l0), UInt128(l1), UInt128(l2), UInt128(l3), UInt128(l4), UInt128(l5), UInt128(l6), UInt128(l7), UInt128(l8))
    }

    /// One carry pass over nine column sums below 2^125, folding 2^521 back to 1.
    @inline(__always)
    static func carry(
        _ c0: UInt128, _ c1: UInt128, _ c2: UInt128, _ c3: UInt128, _ c4: UInt128, _ c5: UInt128,
        _ c6: UInt128, _ c7: UInt128, _ c8: UInt128
    ) -> Element {
        let mask = UInt128(limbMask)
        let s1 = c1 &+ (c0 >> 58)
        let s2 = c2 &+ (s1 >> 58)
        let s3 = c3 &+ (s2 >> 58)
        let s4 = c4 &+ (s3 >> 58)
        let s5 = c5 &+ (s4 >> 58)
        let s6 = c6 &+ (s5 >> 58)
        let s7 = c7 &+ (s6 >> 58)
        let s8 = c8 &+ (s7 >> 58)
        // Bits 521 and up of the top column come back at weight 1 (2^521 ≡ 1).
        let low0 = (c0 & mask) &+ (s8 >> 57)
        let low1 = (s1 & mask) &+ (low0 >> 58)
        return Element(
            w0: UInt64(truncatingIfNeeded: low0 & mask), w1: UInt64(truncatingIfNeeded: low1),
            w2: UInt64(truncatingIfNeeded: s2 & mask), w3: UInt64(truncatingIfNeeded: s3 & mask), w4: UInt64(truncatingIfNeeded: s4 & mask),
            w5: UInt64(truncatingIfNeeded: s5 & mask), w6: UInt64(truncatingIfNeeded: s6 & mask), w7: UInt64(truncatingIfNeeded: s7 & mask),
            w8: UInt64(truncatingIfNeeded: s8 & UInt128(topMask)))
    }

    static func limbs(_ e: Element) -> [UInt64] { [e.w0, e.w1, e.w2, e.w3, e.w4, e.w5, e.w6, e.w7, e.w8] }

    /// The element with these nine limbs (callers pass exactly nine).
    static func element(_ limbs: [UInt64]) -> Element {
        func limb(_ index: Int) -> UInt64 { index < limbs.count ? limbs[index] : 0 }
        return Element(w0: limb(0), w1: limb(1), w2: limb(2), w3: limb(3), w4: limb(4), w5: limb(5), w6: limb(6), w7: limb(7), w8: limb(8))
    }
}
