/// GF(p) for P-256, p = 2^256 − 2^224 + 2^192 + 2^96 − 1, in Montgomery form a·2^256 mod p, in 4 words.
///
/// Straight-line code: the product row by row with a Montgomery step after each row, and the square
/// (each cross product computed once) in eight words then ``reduce``; both steps specialised to the
/// shape of p, one multiplication each instead of five. Elements are always fully reduced (< p).
struct P256Field: PrimeField {
    /// 4 little-endian words of a·R mod p.
    struct Element: Sendable {
        var w0, w1, w2, w3: UInt64
    }

    /// −p⁻¹ mod 2^64.
    static let inverseWord: UInt64 = 0x0000_0000_0000_0001
    /// R² mod p, to bring integers into Montgomery form.
    static let rSquared = Element(w0: 0x0000_0000_0000_0003, w1: 0xffff_fffb_ffff_ffff, w2: 0xffff_ffff_ffff_fffe, w3: 0x0000_0004_ffff_fffd)

    let modulusWords: [UInt64] = [0xffff_ffff_ffff_ffff, 0x0000_0000_ffff_ffff, 0x0000_0000_0000_0000, 0xffff_ffff_0000_0001]
    let byteCount = 32
    var zero: Element { Element(w0: 0, w1: 0, w2: 0, w3: 0) }
    /// R mod p.
    var one: Element { Element(w0: 0x0000_0000_0000_0001, w1: 0xffff_ffff_0000_0000, w2: 0xffff_ffff_ffff_ffff, w3: 0x0000_0000_ffff_fffe) }

    func element(fromBigEndian bytes: ArraySlice<UInt8>) -> Element? {
        // Up to 32 octets (a coordinate): read into four words in place, no array.
        guard bytes.count <= 32 else { return element(fromWords: WordArithmetic.words(fromBigEndian: bytes, count: 4)) }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var position = 0  // octets from the least significant end
        for index in bytes.indices.reversed() {
            let octet = UInt64(bytes[index]) << UInt64(8 * (position % 8))
            switch position / 8 {
            case 0: words.0 |= octet
            case 1: words.1 |= octet
            case 2: words.2 |= octet
            default: words.3 |= octet
            }
            position += 1
        }
        let plain = Element(w0: words.0, w1: words.1, w2: words.2, w3: words.3)
        guard Self.isBelowModulus(plain) else { return nil }
        return multiply(plain, Self.rSquared)
    }

    /// Whether the four words, as an integer, are below p.
    static func isBelowModulus(_ value: Element) -> Bool {
        var borrow: UInt64 = 0
        _ = subtractWithBorrow(value.w0, 0xffff_ffff_ffff_ffff, &borrow)
        _ = subtractWithBorrow(value.w1, 0x0000_0000_ffff_ffff, &borrow)
        _ = subtractWithBorrow(value.w2, 0x0000_0000_0000_0000, &borrow)
        _ = subtractWithBorrow(value.w3, 0xffff_ffff_0000_0001, &borrow)
        return borrow == 1
    }

    func element(fromWords words: [UInt64]) -> Element? {
        guard words.count >= 4, WordArithmetic.compare(words, modulusWords) < 0 else { return nil }
        let plain = Element(w0: words[0], w1: words[1], w2: words[2], w3: words[3])
        return multiply(plain, Self.rSquared)
    }

    func words(_ element: Element) -> [UInt64] {
        let plain = multiply(element, Element(w0: 1, w1: 0, w2: 0, w3: 0))
        return [plain.w0, plain.w1, plain.w2, plain.w3]
    }

    @inline(__always)
    func add(_ a: Element, _ b: Element) -> Element {
        var carry: UInt64 = 0
        let s0 = addCarrying(a.w0, b.w0, &carry)
        let s1 = addCarrying(a.w1, b.w1, &carry)
        let s2 = addCarrying(a.w2, b.w2, &carry)
        let s3 = addCarrying(a.w3, b.w3, &carry)
        return Self.subtractModulusIfNeeded(s0, s1, s2, s3, high: carry)
    }

    @inline(__always)
    func subtract(_ a: Element, _ b: Element) -> Element {
        var borrow: UInt64 = 0
        let d0 = subtractWithBorrow(a.w0, b.w0, &borrow)
        let d1 = subtractWithBorrow(a.w1, b.w1, &borrow)
        let d2 = subtractWithBorrow(a.w2, b.w2, &borrow)
        let d3 = subtractWithBorrow(a.w3, b.w3, &borrow)
        // Add p back exactly when the subtraction borrowed.
        let mask = 0 &- borrow
        var carry: UInt64 = 0
        return Element(
            w0: addCarrying(d0, 0xffff_ffff_ffff_ffff & mask, &carry),
            w1: addCarrying(d1, 0x0000_0000_ffff_ffff & mask, &carry),
            w2: addCarrying(d2, 0x0000_0000_0000_0000 & mask, &carry),
            w3: addCarrying(d3, 0xffff_ffff_0000_0001 & mask, &carry))
    }

    @inline(__always)
    func negate(_ a: Element) -> Element { subtract(zero, a) }

    /// a/2: a + p when a is odd (making it even), then one bit to the right; below p.
    @inline(__always)
    func halve(_ a: Element) -> Element {
        let mask = 0 &- (a.w0 & 1)
        var carry: UInt64 = 0
        let s0 = addCarrying(a.w0, 0xffff_ffff_ffff_ffff & mask, &carry)
        let s1 = addCarrying(a.w1, 0x0000_0000_ffff_ffff & mask, &carry)
        let s2 = addCarrying(a.w2, 0x0000_0000_0000_0000 & mask, &carry)
        let s3 = addCarrying(a.w3, 0xffff_ffff_0000_0001 & mask, &carry)
        return Element(w0: s0 >> 1 | s1 << 63, w1: s1 >> 1 | s2 << 63, w2: s2 >> 1 | s3 << 63, w3: s3 >> 1 | carry << 63)
    }

    /// a·b·R⁻¹ mod p, row by row with a Montgomery step after each (CIOS): five accumulator words.
    ///
    /// Each row a·bᵢ is first formed on its own (four products, one carry chain through their
    /// high and low halves), then added to the accumulator in a second chain, so every carry is
    /// one `adc` (see ``addCarrying(_:_:_:)``); adding a product into a running word, as
    /// `multiplyAdd` does, costs two additions and two carry fix-ups a product instead. After
    /// each step the accumulator is below 2^257 and a row below (p − 1)·(2^64 − 1) < 2^320 − 2^288,
    /// so the row sum never carries out of the fifth word. 193 instructions on its own, against
    /// 227 for the product-then-reduce by `multiplyAdd` it replaces.
    #if VOUCH_OPTIMIZE_SIZE
    @inline(never)
    #else
    @inline(__always)
    #endif
    func multiply(_ a: Element, _ b: Element) -> Element {
        var (r0, r1, r2, r3, r4) = Self.row(a, b.w0)
        (r0, r1, r2, r3, r4) = Self.montgomeryStep(r0, r1, r2, r3, r4)
        (r0, r1, r2, r3, r4) = Self.addRow(Self.row(a, b.w1), r0, r1, r2, r3, r4)
        (r0, r1, r2, r3, r4) = Self.montgomeryStep(r0, r1, r2, r3, r4)
        (r0, r1, r2, r3, r4) = Self.addRow(Self.row(a, b.w2), r0, r1, r2, r3, r4)
        (r0, r1, r2, r3, r4) = Self.montgomeryStep(r0, r1, r2, r3, r4)
        (r0, r1, r2, r3, r4) = Self.addRow(Self.row(a, b.w3), r0, r1, r2, r3, r4)
        (r0, r1, r2, r3, r4) = Self.montgomeryStep(r0, r1, r2, r3, r4)
        return Self.subtractModulusIfNeeded(r0, r1, r2, r3, high: r4)
    }

    /// a·w as five words: the four products, their halves summed in one carry chain.
    @inline(__always)
    static func row(_ a: Element, _ w: UInt64) -> (UInt64, UInt64, UInt64, UInt64, UInt64) {
        let (h0, l0) = a.w0.multipliedFullWidth(by: w)
        let (h1, l1) = a.w1.multipliedFullWidth(by: w)
        let (h2, l2) = a.w2.multipliedFullWidth(by: w)
        let (h3, l3) = a.w3.multipliedFullWidth(by: w)
        var carry: UInt64 = 0
        let s1 = addCarrying(h0, l1, &carry)
        let s2 = addCarrying(h1, l2, &carry)
        let s3 = addCarrying(h2, l3, &carry)
        return (l0, s1, s2, s3, h3 &+ carry)  // a·w < 2^320: no carry out
    }

    /// The accumulator plus a row, for an accumulator below 2^257 and a row of a < p: the sum stays
    /// below 2^320, so the last word takes the carry without one of its own.
    @inline(__always)
    static func addRow(
        _ row: (UInt64, UInt64, UInt64, UInt64, UInt64),
        _ r0: UInt64, _ r1: UInt64, _ r2: UInt64, _ r3: UInt64, _ r4: UInt64
    ) -> (UInt64, UInt64, UInt64, UInt64, UInt64) {
        var carry: UInt64 = 0
        let s0 = addCarrying(r0, row.0, &carry)
        let s1 = addCarrying(r1, row.1, &carry)
        let s2 = addCarrying(r2, row.2, &carry)
        let s3 = addCarrying(r3, row.3, &carry)
        return (s0, s1, s2, s3, r4 &+ row.4 &+ carry)
    }

    /// (r + m·p)/2^64 with m = r0, for a five-word r below 2^320: the result is below 2^257.
    ///
    /// P-256's prime makes the step nearly free. −p⁻¹ ≡ 1 (mod 2^64), so the multiplier m is the low
    /// word itself, and with p = 2^256 − 2^224 + 2^192 + 2^96 − 1: r0 − m is zero, m·2^96 adds m·2^32
    /// to words 1–2 (two shifts), and m·(2^192 − 2^224 + 2^256) is m·(2^64 − 2^32 + 1) at word 3:
    /// one multiplication.
    @inline(__always)
    static func montgomeryStep(
        _ r0: UInt64, _ r1: UInt64, _ r2: UInt64, _ r3: UInt64, _ r4: UInt64
    ) -> (UInt64, UInt64, UInt64, UInt64, UInt64) {
        let m = r0
        let (high, low) = m.multipliedFullWidth(by: 0xffff_ffff_0000_0001)
        var carry: UInt64 = 0
        let s1 = addCarrying(r1, m << 32, &carry)
        let s2 = addCarrying(r2, m >> 32, &carry)
        let s3 = addCarrying(r3, low, &carry)
        let s4 = addCarrying(r4, high, &carry)
        return (s1, s2, s3, s4, carry)
    }

    /// (x + m·p)/2^64 with m = x0 for a four-word x: below 2^192 + p, so still four words, and the
    /// top word m·(2^64 − 2^32 + 1)'s high half plus the carry cannot overflow.
    @inline(__always)
    static func montgomeryStep(_ x: (UInt64, UInt64, UInt64, UInt64)) -> (UInt64, UInt64, UInt64, UInt64) {
        let m = x.0
        let (high, low) = m.multipliedFullWidth(by: 0xffff_ffff_0000_0001)
        var carry: UInt64 = 0
        let s1 = addCarrying(x.1, m << 32, &carry)
        let s2 = addCarrying(x.2, m >> 32, &carry)
        let s3 = addCarrying(x.3, low, &carry)
        return (s1, s2, s3, high &+ carry)
    }

    /// a²·R⁻¹ mod p: the six cross products once (three rows, each one carry chain), doubled by
    /// shifts, plus the four squares in one chain, then ``reduce``. 153 instructions on its own,
    /// against 198 for the `multiplyAdd` form it replaces.
    #if VOUCH_OPTIMIZE_SIZE
    @inline(never)
    #else
    @inline(__always)
    #endif
    func square(_ a: Element) -> Element {
        // a0·(a1, a2, a3) at words 1–4.
        let (h01, l01) = a.w0.multipliedFullWidth(by: a.w1)
        let (h02, l02) = a.w0.multipliedFullWidth(by: a.w2)
        let (h03, l03) = a.w0.multipliedFullWidth(by: a.w3)
        var carry: UInt64 = 0
        let t1 = l01
        let t2 = addCarrying(h01, l02, &carry)
        var t3 = addCarrying(h02, l03, &carry)
        var t4 = h03 &+ carry
        // a1·(a2, a3) at words 3–5.
        let (h12, l12) = a.w1.multipliedFullWidth(by: a.w2)
        let (h13, l13) = a.w1.multipliedFullWidth(by: a.w3)
        carry = 0
        let u4 = addCarrying(h12, l13, &carry)
        let u5 = h13 &+ carry
        carry = 0
        t3 = addCarrying(t3, l12, &carry)
        t4 = addCarrying(t4, u4, &carry)
        var t5 = u5 &+ carry
        // a2·a3 at words 5–6.
        let (h23, l23) = a.w2.multipliedFullWidth(by: a.w3)
        carry = 0
        t5 = addCarrying(t5, l23, &carry)
        let t6 = h23 &+ carry
        // Twice the cross products (below 2^512), plus the squares.
        let (h0, l0) = a.w0.multipliedFullWidth(by: a.w0)
        let (h1, l1) = a.w1.multipliedFullWidth(by: a.w1)
        let (h2, l2) = a.w2.multipliedFullWidth(by: a.w2)
        let (h3, l3) = a.w3.multipliedFullWidth(by: a.w3)
        carry = 0
        let r1 = addCarrying(t1 << 1, h0, &carry)
        let r2 = addCarrying(t2 << 1 | t1 >> 63, l1, &carry)
        let r3 = addCarrying(t3 << 1 | t2 >> 63, h1, &carry)
        let r4 = addCarrying(t4 << 1 | t3 >> 63, l2, &carry)
        let r5 = addCarrying(t5 << 1 | t4 >> 63, h2, &carry)
        let r6 = addCarrying(t6 << 1 | t5 >> 63, l3, &carry)
        let r7 = (t6 >> 63) &+ h3 &+ carry  // a² < 2^512: no carry out
        return Self.reduce(l0, r1, r2, r3, r4, r5, r6, r7)
    }

    /// Montgomery reduction of a 512-bit t = t_high·2^256 + t_low: t·2^−256 mod p, for t < p·2^256.
    ///
    /// Four ``montgomeryStep(_:)``s on the low half alone give u = (t_low + M·p)/2^256 ≤ p, with no
    /// word above the four; then u + t_high < 2p in one carry chain, and one conditional
    /// subtraction.
    #if VOUCH_OPTIMIZE_SIZE
    @inline(never)
    #else
    @inline(__always)
    #endif
    static func reduce(
        _ t0: UInt64, _ t1: UInt64, _ t2: UInt64, _ t3: UInt64,
        _ t4: UInt64, _ t5: UInt64, _ t6: UInt64, _ t7: UInt64
    ) -> Element {
        let u = montgomeryStep(montgomeryStep(montgomeryStep(montgomeryStep((t0, t1, t2, t3)))))
        var carry: UInt64 = 0
        let r0 = addCarrying(u.0, t4, &carry)
        let r1 = addCarrying(u.1, t5, &carry)
        let r2 = addCarrying(u.2, t6, &carry)
        let r3 = addCarrying(u.3, t7, &carry)
        return subtractModulusIfNeeded(r0, r1, r2, r3, high: carry)
    }

    @inline(__always)
    func isZero(_ a: Element) -> Bool { (a.w0 | a.w1 | a.w2 | a.w3) == 0 }

    @inline(__always)
    func areEqual(_ a: Element, _ b: Element) -> Bool {
        ((a.w0 ^ b.w0) | (a.w1 ^ b.w1) | (a.w2 ^ b.w2) | (a.w3 ^ b.w3)) == 0
    }

    /// The value minus p when high·2^256 + value ≥ p, else the value; for values below 2p.
    @inline(__always)
    static func subtractModulusIfNeeded(
        _ v0: UInt64, _ v1: UInt64, _ v2: UInt64, _ v3: UInt64, high: UInt64
    ) -> Element {
        var borrow: UInt64 = 0
        let d0 = subtractWithBorrow(v0, 0xffff_ffff_ffff_ffff, &borrow)
        let d1 = subtractWithBorrow(v1, 0x0000_0000_ffff_ffff, &borrow)
        let d2 = subtractWithBorrow(v2, 0x0000_0000_0000_0000, &borrow)
        let d3 = subtractWithBorrow(v3, 0xffff_ffff_0000_0001, &borrow)
        // Keep the value exactly when subtracting p borrowed past the high word. Selects (cmov),
        // not masks: three instructions fewer a word.
        let keep = borrow & ~high & 1 != 0
        return Element(w0: keep ? v0 : d0, w1: keep ? v1 : d1, w2: keep ? v2 : d2, w3: keep ? v3 : d3)
    }
}
