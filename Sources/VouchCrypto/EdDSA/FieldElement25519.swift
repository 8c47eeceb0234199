// Arithmetic in GF(p), p = 2^255 - 19, the field of edwards25519 (RFC 7748 §4.1, RFC 8032 §5.1).
//
// Representation: five unsigned 51-bit limbs, value = l0 + l1·2^51 + l2·2^102 + l3·2^153 + l4·2^204.
// Products of two limbs fit in UInt128; because 2^255 ≡ 19 (mod p), a limb product that lands at
// 2^255 or above folds back multiplied by 19. This is the layout of curve25519-donna-c64, ref10's
// 64-bit variant and curve25519-dalek's u64 backend.
//
// Bounds discipline (the only invariant the formulas rely on):
// * `multiplied(by:)`, `squared()` and `subtracting(_:)` return limbs < 2^52 (“reduced”).
// * `adding(_:)` does not carry: two reduced inputs give limbs < 2^53.
// * `multiplied(by:)`, `squared()` and `subtracting(_:)` accept limbs < 2^54, so a sum of two or three
//   reduced elements may be multiplied or subtracted without a carry in between.
// Values are not unique: several limb vectors represent one residue. `canonicalBytes` and `isZero`
// fully reduce before answering.

/// An element of GF(2^255 − 19) in five 51-bit limbs.
struct FieldElement25519: Sendable {
    var l0: UInt64
    var l1: UInt64
    var l2: UInt64
    var l3: UInt64
    var l4: UInt64

    /// The 51-bit limb mask.
    static let limbMask: UInt64 = (1 << 51) - 1

    @inline(__always)
    init(_ l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64, _ l4: UInt64) {
        self.l0 = l0
        self.l1 = l1
        self.l2 = l2
        self.l3 = l3
        self.l4 = l4
    }

    static let zero = FieldElement25519(0, 0, 0, 0, 0)
    static let one = FieldElement25519(1, 0, 0, 0, 0)

    /// Carries each limb into the next and the top carry back into l0 times 19; limbs end < 2^52.
    /// Accepts limbs up to 2^64 − 1.
    @inline(__always)
    func carried() -> FieldElement25519 {
        let mask = Self.limbMask
        let c0 = l0 >> 51
        let c1 = l1 >> 51
        let c2 = l2 >> 51
        let c3 = l3 >> 51
        let c4 = l4 >> 51
        return FieldElement25519(
            (l0 & mask) &+ c4 &* 19,
            (l1 & mask) &+ c0,
            (l2 & mask) &+ c1,
            (l3 & mask) &+ c2,
            (l4 & mask) &+ c3)
    }

    /// The sum, without carrying (limbs < 2^53 for reduced inputs).
    @inline(__always)
    func adding(_ other: FieldElement25519) -> FieldElement25519 {
        FieldElement25519(l0 &+ other.l0, l1 &+ other.l1, l2 &+ other.l2, l3 &+ other.l3, l4 &+ other.l4)
    }

    /// The difference, reduced. Adds 16·p first so that no limb underflows for `other` limbs < 2^54.
    @inline(__always)
    func subtracting(_ other: FieldElement25519) -> FieldElement25519 {
        // 16·p in this radix: 16·(2^51 − 19) for limb 0 and 16·(2^51 − 1) for the others.
        FieldElement25519(
            (l0 &+ 36_028_797_018_963_664) &- other.l0,
            (l1 &+ 36_028_797_018_963_952) &- other.l1,
            (l2 &+ 36_028_797_018_963_952) &- other.l2,
            (l3 &+ 36_028_797_018_963_952) &- other.l3,
            (l4 &+ 36_028_797_018_963_952) &- other.l4
        ).carried()
    }

    /// The additive inverse, reduced.
    @inline(__always)
    func negated() -> FieldElement25519 {
        FieldElement25519.zero.subtracting(self)
    }

    /// Folds five 128-bit column sums into a reduced element.
    #if VOUCH_OPTIMIZE_SIZE
    @inline(never)
    #else
    @inline(__always)
    #endif
    static func reduce(
        _ t0: UInt128, _ t1: UInt128, _ t2: UInt128, _ t3: UInt128, _ t4: UInt128
    ) -> FieldElement25519 {
        let mask = limbMask
        let c1 = t1 &+ (t0 >> 51)
        let r0 = UInt64(truncatingIfNeeded: t0) & mask
        let c2 = t2 &+ (c1 >> 51)
        let r1 = UInt64(truncatingIfNeeded: c1) & mask
        let c3 = t3 &+ (c2 >> 51)
        let r2 = UInt64(truncatingIfNeeded: c2) & mask
        let c4 = t4 &+ (c3 >> 51)
        let r3 = UInt64(truncatingIfNeeded: c3) & mask
        let r4 = UInt64(truncatingIfNeeded: c4) & mask
        // Inputs < 2^54 make every column < 77·2^108 < 2^115 and c4 < 2^111, so the carry out of limb 4
        // is < 2^60 and 19 times it plus r0 still fits in 64 bits; one more carry from limb 0 into limb 1
        // leaves every limb < 2^52.
        let folded = r0 &+ UInt64(truncatingIfNeeded: c4 >> 51) &* 19
        return FieldElement25519(folded & mask, r1 &+ (folded >> 51), r2, r3, r4)
    }

    /// The product, reduced. Inputs may have limbs < 2^54.
    #if VOUCH_OPTIMIZE_SIZE
    @inline(never)
    #else
    @inline(__always)
    #endif
    func multiplied(by b: FieldElement25519) -> FieldElement25519 {
        let a0 = UInt128(l0), a1 = UInt128(l1), a2 = UInt128(l2), a3 = UInt128(l3), a4 = UInt128(l4)
        let b0 = UInt128(b.l0), b1 = UInt128(b.l1), b2 = UInt128(b.l2), b3 = UInt128(b.l3), b4 = UInt128(b.l4)
        let b1x19 = UInt128(b.l1 &* 19), b2x19 = UInt128(b.l2 &* 19)
        let b3x19 = UInt128(b.l3 &* 19), b4x19 = UInt128(b.l4 &* 19)
        let t0 = a0 &* b0 &+ a1 &* b4x19 &+ a2 &* b3x19 &+ a3 &* b2x19 &+ a4 &* b1x19
        let t1 = a0 &* b1 &+ a1 &* b0 &+ a2 &* b4x19 &+ a3 &* b3x19 &+ a4 &* b2x19
        let t2 = a0 &* b2 &+ a1 &* b1 &+ a2 &* b0 &+ a3 &* b4x19 &+ a4 &* b3x19
        let t3 = a0 &* b3 &+ a1 &* b2 &+ a2 &* b1 &+ a3 &* b0 &+ a4 &* b4x19
        let t4 = a0 &* b4 &+ a1 &* b3 &+ a2 &* b2 &+ a3 &* b1 &+ a4 &* b0
        return Self.reduce(t0, t1, t2, t3, t4)
    }

    /// The square, reduced. Inputs may have limbs < 2^54.
    #if VOUCH_OPTIMIZE_SIZE
    @inline(never)
    #else
    @inline(__always)
    #endif
    func squared() -> FieldElement25519 {
        let a0 = UInt128(l0), a1 = UInt128(l1), a2 = UInt128(l2), a3 = UInt128(l3), a4 = UInt128(l4)
        let d0 = UInt128(l0 &* 2), d1 = UInt128(l1 &* 2)
        let a3x19 = UInt128(l3 &* 19), a4x19 = UInt128(l4 &* 19)
        let t0 = a0 &* a0 &+ d1 &* a4x19 &+ UInt128(l2 &* 2) &* a3x19
        let t1 = d0 &* a1 &+ UInt128(l2 &* 2) &* a4x19 &+ a3 &* a3x19
        let t2 = d0 &* a2 &+ a1 &* a1 &+ UInt128(l3 &* 2) &* a4x19
        let t3 = d0 &* a3 &+ d1 &* a2 &+ a4 &* a4x19
        let t4 = d0 &* a4 &+ d1 &* a3 &+ a2 &* a2
        return Self.reduce(t0, t1, t2, t3, t4)
    }

    /// 2·self², reduced (the doubling formula needs 2·Z²).
    #if VOUCH_OPTIMIZE_SIZE
    @inline(never)
    #else
    @inline(__always)
    #endif
    func squaredDoubled() -> FieldElement25519 {
        let s = squared()
        return s.adding(s).carried()
    }

    /// self^(2^count), by repeated squaring.
    @inline(__always)
    func squared(times count: Int) -> FieldElement25519 {
        var result = self
        for _ in 0..<count { result = result.squared() }
        return result
    }
}
