// Scalars modulo the group order L = 2^252 + 27742317777372353535851937790883648493 (RFC 8032 §5.1):
// the range check of S (§5.1.7 step 1), the reduction of the 64-byte hash k (§5.1.7 step 2) and the
// signed-digit recoding used by the double-scalar multiplication.
//
// The reduction follows curve25519-dalek's `Scalar52::from_bytes_wide`: split the 512-bit input into
// two 260-bit halves of five 52-bit limbs, turn lo into Montgomery form and back (lo·R/R) and hi into
// hi·2^260 (hi·R²/R), and add mod L. Only this step uses Montgomery arithmetic; its constants are
// checked against Python in the tests.

/// A scalar mod L in five 52-bit limbs (value = Σ limb·2^(52·i)).
struct Scalar25519: Equatable, Sendable {
    var l0: UInt64
    var l1: UInt64
    var l2: UInt64
    var l3: UInt64
    var l4: UInt64

    init(_ l0: UInt64, _ l1: UInt64, _ l2: UInt64, _ l3: UInt64, _ l4: UInt64) {
        self.l0 = l0
        self.l1 = l1
        self.l2 = l2
        self.l3 = l3
        self.l4 = l4
    }

    /// The 52-bit limb mask.
    static let limbMask: UInt64 = (1 << 52) - 1

    /// L in 52-bit limbs.
    static let order = Scalar25519(0x2631a5cf5d3ed, 0xdea2f79cd6581, 0x14def9, 0, 0x100000000000)

    /// L as four little-endian 64-bit words, for the range check of S.
    static let orderWords = Words256(0x5812631a5cf5d3ed, 0x14def9dea2f79cd6, 0, 0x1000000000000000)

    /// −L⁻¹ mod 2^52, the Montgomery factor.
    static let montgomeryFactor: UInt64 = 0x51da312547e1b

    /// R = 2^260 mod L.
    static let montgomeryR = Scalar25519(
        0xf48bd6721e6ed, 0x3bab5ac67e45a, 0xfffffeb35e51b, 0xfffffffffffff, 0xfffffffffff)

    /// R² = 2^520 mod L.
    static let montgomeryRSquared = Scalar25519(
        0x9d265e952d13b, 0xd63c715bea69f, 0x5be65cb687604, 0x3dceec73d217f, 0x9411b7c309a)

    /// Whether the little-endian 256-bit value is < L: the canonical-S check of RFC 8032 §5.1.7.
    static func isCanonical(_ words: Words256) -> Bool {
        for index in stride(from: 3, through: 0, by: -1) {
            let word = words[index], bound = orderWords[index]
            if word != bound { return word < bound }
        }
        return false  // equal to L
    }

    /// The value as four little-endian 64-bit words (the scalar must be reduced, < 2^256).
    var words: Words256 {
        Words256(l0 | l1 << 52, l1 >> 12 | l2 << 40, l2 >> 24 | l3 << 28, l3 >> 36 | l4 << 16)
    }

    /// The 512-bit little-endian value `words` (eight 64-bit words, low first) reduced mod L.
    static func reducing(wide w: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)) -> Scalar25519 {
        let mask = limbMask
        let lo = Scalar25519(
            w.0 & mask,
            (w.0 >> 52 | w.1 << 12) & mask,
            (w.1 >> 40 | w.2 << 24) & mask,
            (w.2 >> 28 | w.3 << 36) & mask,
            (w.3 >> 16 | w.4 << 48) & mask)
        let hi = Scalar25519(
            (w.4 >> 4) & mask,
            (w.4 >> 56 | w.5 << 8) & mask,
            (w.5 >> 44 | w.6 << 20) & mask,
            (w.6 >> 32 | w.7 << 32) & mask,
            w.7 >> 20)
        let loReduced = montgomeryMultiply(lo, montgomeryR)        // lo·R/R = lo mod L
        let hiShifted = montgomeryMultiply(hi, montgomeryRSquared) // hi·R²/R = hi·2^260 mod L
        return hiShifted.addingModOrder(loReduced)
    }

    /// (a + b) mod L for a, b < L.
    func addingModOrder(_ other: Scalar25519) -> Scalar25519 {
        let mask = Self.limbMask
        var sum = Scalar25519(0, 0, 0, 0, 0)
        var carry: UInt64 = 0
        carry = l0 &+ other.l0 &+ (carry >> 52); sum.l0 = carry & mask
        carry = l1 &+ other.l1 &+ (carry >> 52); sum.l1 = carry & mask
        carry = l2 &+ other.l2 &+ (carry >> 52); sum.l2 = carry & mask
        carry = l3 &+ other.l3 &+ (carry >> 52); sum.l3 = carry & mask
        carry = l4 &+ other.l4 &+ (carry >> 52); sum.l4 = carry & mask
        return sum.subtractingOrderIfNeeded()
    }

    /// self − L if self ≥ L, else self (for self < 2L).
    func subtractingOrderIfNeeded() -> Scalar25519 {
        let mask = Self.limbMask
        let order = Self.order
        var difference = Scalar25519(0, 0, 0, 0, 0)
        var borrow: UInt64 = 0
        borrow = l0 &- order.l0 &- (borrow >> 63); difference.l0 = borrow & mask
        borrow = l1 &- order.l1 &- (borrow >> 63); difference.l1 = borrow & mask
        borrow = l2 &- order.l2 &- (borrow >> 63); difference.l2 = borrow & mask
        borrow = l3 &- order.l3 &- (borrow >> 63); difference.l3 = borrow & mask
        borrow = l4 &- order.l4 &- (borrow >> 63); difference.l4 = borrow & mask
        return borrow >> 63 == 1 ? self : difference
    }

    /// a·b·R⁻¹ mod L for a, b < 2^260 with a·b < 2^260·L (Montgomery multiplication, R = 2^260).
    static func montgomeryMultiply(_ a: Scalar25519, _ b: Scalar25519) -> Scalar25519 {
        func m(_ x: UInt64, _ y: UInt64) -> UInt128 { UInt128(x) &* UInt128(y) }
        let z0 = m(a.l0, b.l0)
        let z1 = m(a.l0, b.l1) &+ m(a.l1, b.l0)
        let z2 = m(a.l0, b.l2) &+ m(a.l1, b.l1) &+ m(a.l2, b.l0)
        let z3 = m(a.l0, b.l3) &+ m(a.l1, b.l2) &+ m(a.l2, b.l1) &+ m(a.l3, b.l0)
        let z4 = m(a.l0, b.l4) &+ m(a.l1, b.l3) &+ m(a.l2, b.l2) &+ m(a.l3, b.l1) &+ m(a.l4, b.l0)
        let z5 = m(a.l1, b.l4) &+ m(a.l2, b.l3) &+ m(a.l3, b.l2) &+ m(a.l4, b.l1)
        let z6 = m(a.l2, b.l4) &+ m(a.l3, b.l3) &+ m(a.l4, b.l2)
        let z7 = m(a.l3, b.l4) &+ m(a.l4, b.l3)
        let z8 = m(a.l4, b.l4)
        return montgomeryReduce(z0, z1, z2, z3, z4, z5, z6, z7, z8)
    }

    /// Montgomery reduction of a nine-column product (dalek's `montgomery_reduce`).
    private static func montgomeryReduce(
        _ z0: UInt128, _ z1: UInt128, _ z2: UInt128, _ z3: UInt128, _ z4: UInt128,
        _ z5: UInt128, _ z6: UInt128, _ z7: UInt128, _ z8: UInt128
    ) -> Scalar25519 {
        let mask = limbMask
        let l = order
        func m(_ x: UInt64, _ y: UInt64) -> UInt128 { UInt128(x) &* UInt128(y) }
        // Each step picks the multiple of L that clears the lowest remaining limb.
        func part1(_ sum: UInt128) -> (carry: UInt128, p: UInt64) {
            let p = UInt64(truncatingIfNeeded: sum) &* montgomeryFactor & mask
            return ((sum &+ m(p, l.l0)) >> 52, p)
        }
        func part2(_ sum: UInt128) -> (carry: UInt128, w: UInt64) {
            (sum >> 52, UInt64(truncatingIfNeeded: sum) & mask)
        }
        // l.l3 is 0, so its products are omitted.
        let (c0, n0) = part1(z0)
        let (c1, n1) = part1(c0 &+ z1 &+ m(n0, l.l1))
        let (c2, n2) = part1(c1 &+ z2 &+ m(n0, l.l2) &+ m(n1, l.l1))
        let (c3, n3) = part1(c2 &+ z3 &+ m(n1, l.l2) &+ m(n2, l.l1))
        let (c4, n4) = part1(c3 &+ z4 &+ m(n0, l.l4) &+ m(n2, l.l2) &+ m(n3, l.l1))
        let (c5, r0) = part2(c4 &+ z5 &+ m(n1, l.l4) &+ m(n3, l.l2) &+ m(n4, l.l1))
        let (c6, r1) = part2(c5 &+ z6 &+ m(n2, l.l4) &+ m(n4, l.l2))
        let (c7, r2) = part2(c6 &+ z7 &+ m(n3, l.l4))
        let (c8, r3) = part2(c7 &+ z8 &+ m(n4, l.l4))
        let r4 = UInt64(truncatingIfNeeded: c8)
        return Scalar25519(r0, r1, r2, r3, r4).subtractingOrderIfNeeded()
    }
}
