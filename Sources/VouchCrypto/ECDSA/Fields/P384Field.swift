/// GF(p) for P-384, p = 2^384 − 2^128 − 2^96 + 2^32 − 1, in Montgomery form a·2^384 mod p, in 6 words.
///
/// Straight-line code with the prime's words as literals, so the optimiser folds the
/// multiplications by 0 and by 2^64 − 1 in the reduction. Multiplication is CIOS
/// (Koç–Acar–Kaliski 1996); squaring computes the cross products once, doubles them, adds the
/// squares and reduces word by word (SOS). Elements are always fully reduced (< p).
struct P384Field: PrimeField {
    /// 6 little-endian words of a·R mod p.
    struct Element: Sendable {
        var w0, w1, w2, w3, w4, w5: UInt64
    }

    /// −p⁻¹ mod 2^64.
    static let inverseWord: UInt64 = 0x0000_0001_0000_0001
    /// R² mod p, to bring integers into Montgomery form.
    static let rSquared = Element(w0: 0xffff_fffe_0000_0001, w1: 0x0000_0002_0000_0000, w2: 0xffff_fffe_0000_0000, w3: 0x0000_0002_0000_0000, w4: 0x0000_0000_0000_0001, w5: 0x0000_0000_0000_0000)

    let modulusWords: [UInt64] = [0x0000_0000_ffff_ffff, 0xffff_ffff_0000_0000, 0xffff_ffff_ffff_fffe, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff]
    let byteCount = 48
    var zero: Element { Element(w0: 0, w1: 0, w2: 0, w3: 0, w4: 0, w5: 0) }
    /// R mod p.
    var one: Element { Element(w0: 0xffff_ffff_0000_0001, w1: 0x0000_0000_ffff_ffff, w2: 0x0000_0000_0000_0001, w3: 0x0000_0000_0000_0000, w4: 0x0000_0000_0000_0000, w5: 0x0000_0000_0000_0000) }

    func element(fromBigEndian bytes: ArraySlice<UInt8>) -> Element? {
        element(fromWords: WordArithmetic.words(fromBigEndian: bytes, count: 6))
    }

    func element(fromWords words: [UInt64]) -> Element? {
        guard words.count >= 6, WordArithmetic.compare(words, modulusWords) < 0 else { return nil }
        let plain = Element(w0: words[0], w1: words[1], w2: words[2], w3: words[3], w4: words[4], w5: words[5])
        return multiply(plain, Self.rSquared)
    }

    func words(_ element: Element) -> [UInt64] {
        let plain = multiply(element, Element(w0: 1, w1: 0, w2: 0, w3: 0, w4: 0, w5: 0))
        return [plain.w0, plain.w1, plain.w2, plain.w3, plain.w4, plain.w5]
    }

    @inline(__always)
    func add(_ a: Element, _ b: Element) -> Element {
        var carry: UInt64 = 0
        let s0 = addCarrying(a.w0, b.w0, &carry)
        let s1 = addCarrying(a.w1, b.w1, &carry)
        let s2 = addCarrying(a.w2, b.w2, &carry)
        let s3 = addCarrying(a.w3, b.w3, &carry)
        let s4 = addCarrying(a.w4, b.w4, &carry)
        let s5 = addCarrying(a.w5, b.w5, &carry)
        return Self.subtractModulusIfNeeded(s0, s1, s2, s3, s4, s5, high: carry)
    }

    @inline(__always)
    func subtract(_ a: Element, _ b: Element) -> Element {
        var borrow: UInt64 = 0
        let d0 = subtractWithBorrow(a.w0, b.w0, &borrow)
        let d1 = subtractWithBorrow(a.w1, b.w1, &borrow)
        let d2 = subtractWithBorrow(a.w2, b.w2, &borrow)
        let d3 = subtractWithBorrow(a.w3, b.w3, &borrow)
        let d4 = subtractWithBorrow(a.w4, b.w4, &borrow)
        let d5 = subtractWithBorrow(a.w5, b.w5, &borrow)
        // Add p back exactly when the subtraction borrowed.
        let mask = 0 &- borrow
        var carry: UInt64 = 0
        return Element(
            w0: addCarrying(d0, 0x0000_0000_ffff_ffff & mask, &carry),
            w1: addCarrying(d1, 0xffff_ffff_0000_0000 & mask, &carry),
            w2: addCarrying(d2, 0xffff_ffff_ffff_fffe & mask, &carry),
            w3: addCarrying(d3, 0xffff_ffff_ffff_ffff & mask, &carry),
            w4: addCarrying(d4, 0xffff_ffff_ffff_ffff & mask, &carry),
            w5: addCarrying(d5, 0xffff_ffff_ffff_ffff & mask, &carry))
    }

    @inline(__always)
    func negate(_ a: Element) -> Element { subtract(zero, a) }

    /// a/2: a + p when a is odd (making it even), then one bit to the right; below p.
    @inline(__always)
    func halve(_ a: Element) -> Element {
        let mask = 0 &- (a.w0 & 1)
        var carry: UInt64 = 0
        let s0 = addCarrying(a.w0, 0x0000_0000_ffff_ffff & mask, &carry)
        let s1 = addCarrying(a.w1, 0xffff_ffff_0000_0000 & mask, &carry)
        let s2 = addCarrying(a.w2, 0xffff_ffff_ffff_fffe & mask, &carry)
        let s3 = addCarrying(a.w3, 0xffff_ffff_ffff_ffff & mask, &carry)
        let s4 = addCarrying(a.w4, 0xffff_ffff_ffff_ffff & mask, &carry)
        let s5 = addCarrying(a.w5, 0xffff_ffff_ffff_ffff & mask, &carry)
        return Element(w0: s0 >> 1 | s1 << 63, w1: s1 >> 1 | s2 << 63, w2: s2 >> 1 | s3 << 63, w3: s3 >> 1 | s4 << 63, w4: s4 >> 1 | s5 << 63, w5: s5 >> 1 | carry << 63)
    }

    /// 3·a in one pass: the 386-bit product 3a, its top word t (at most 2) folded back as
    /// t·(2^384 − p), since 2^384 ≡ 2^384 − p < 2^129; the sum is below 2^384 + 2^131 < 2p, so one
    /// conditional subtraction finishes.
    @inline(__always)
    func triple(_ a: Element) -> Element {
        var carry: UInt64 = 0
        let t0 = multiplyAdd(a.w0, 3, 0, &carry)
        let t1 = multiplyAdd(a.w1, 3, 0, &carry)
        let t2 = multiplyAdd(a.w2, 3, 0, &carry)
        let t3 = multiplyAdd(a.w3, 3, 0, &carry)
        let t4 = multiplyAdd(a.w4, 3, 0, &carry)
        let t5 = multiplyAdd(a.w5, 3, 0, &carry)
        let top = carry
        carry = 0
        let s0 = multiplyAdd(top, 0xffff_ffff_0000_0001, t0, &carry)
        let s1 = multiplyAdd(top, 0x0000_0000_ffff_ffff, t1, &carry)
        let s2 = multiplyAdd(top, 0x0000_0000_0000_0001, t2, &carry)
        let s3 = addWithCarry(t3, 0, &carry)
        let s4 = addWithCarry(t4, 0, &carry)
        let s5 = addWithCarry(t5, 0, &carry)
        return Self.subtractModulusIfNeeded(s0, s1, s2, s3, s4, s5, high: carry)
    }

    /// a·b·R⁻¹ mod p: the product row by row (each row a·bᵢ formed on its own, its six products
    /// summed in one carry chain, then added in a second; see P256Field's `multiply`), then
    /// ``reduce(_:_:)``. 522 instructions on its own, against 603 for the CIOS by `multiplyAdd`
    /// it replaces. Each partial sum a·(b mod 2^(64(i+1))) fits words 0…i + 6, so no row carries
    /// out of its top word.
    // Not inlined: a call costs nothing measurable against the unrolled product, and inlining
    // it into every point operation made the static binary 320 KB larger (P-192 to P-521).
    @inline(never)
    func multiply(_ a: Element, _ b: Element) -> Element {
        let r0 = Self.row(a, b.w0)
        var t0 = r0.0, t1 = r0.1, t2 = r0.2, t3 = r0.3, t4 = r0.4, t5 = r0.5, t6 = r0.6
        var t7: UInt64, t8: UInt64, t9: UInt64, t10: UInt64, t11: UInt64
        var carry: UInt64 = 0
        let r1 = Self.row(a, b.w1)
        t1 = addCarrying(t1, r1.0, &carry); t2 = addCarrying(t2, r1.1, &carry); t3 = addCarrying(t3, r1.2, &carry)
        t4 = addCarrying(t4, r1.3, &carry); t5 = addCarrying(t5, r1.4, &carry); t6 = addCarrying(t6, r1.5, &carry)
        t7 = r1.6 &+ carry
        let r2 = Self.row(a, b.w2)
        carry = 0
        t2 = addCarrying(t2, r2.0, &carry); t3 = addCarrying(t3, r2.1, &carry); t4 = addCarrying(t4, r2.2, &carry)
        t5 = addCarrying(t5, r2.3, &carry); t6 = addCarrying(t6, r2.4, &carry); t7 = addCarrying(t7, r2.5, &carry)
        t8 = r2.6 &+ carry
        let r3 = Self.row(a, b.w3)
        carry = 0
        t3 = addCarrying(t3, r3.0, &carry); t4 = addCarrying(t4, r3.1, &carry); t5 = addCarrying(t5, r3.2, &carry)
        t6 = addCarrying(t6, r3.3, &carry); t7 = addCarrying(t7, r3.4, &carry); t8 = addCarrying(t8, r3.5, &carry)
        t9 = r3.6 &+ carry
        let r4 = Self.row(a, b.w4)
        carry = 0
        t4 = addCarrying(t4, r4.0, &carry); t5 = addCarrying(t5, r4.1, &carry); t6 = addCarrying(t6, r4.2, &carry)
        t7 = addCarrying(t7, r4.3, &carry); t8 = addCarrying(t8, r4.4, &carry); t9 = addCarrying(t9, r4.5, &carry)
        t10 = r4.6 &+ carry
        let r5 = Self.row(a, b.w5)
        carry = 0
        t5 = addCarrying(t5, r5.0, &carry); t6 = addCarrying(t6, r5.1, &carry); t7 = addCarrying(t7, r5.2, &carry)
        t8 = addCarrying(t8, r5.3, &carry); t9 = addCarrying(t9, r5.4, &carry); t10 = addCarrying(t10, r5.5, &carry)
        t11 = r5.6 &+ carry
        return Self.reduce((t0, t1, t2, t3, t4, t5), (t6, t7, t8, t9, t10, t11))
    }

    /// a·w as seven words: the six products, their halves summed in one carry chain.
    @inline(__always)
    static func row(_ a: Element, _ w: UInt64) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
        let (h0, l0) = a.w0.multipliedFullWidth(by: w)
        let (h1, l1) = a.w1.multipliedFullWidth(by: w)
        let (h2, l2) = a.w2.multipliedFullWidth(by: w)
        let (h3, l3) = a.w3.multipliedFullWidth(by: w)
        let (h4, l4) = a.w4.multipliedFullWidth(by: w)
        let (h5, l5) = a.w5.multipliedFullWidth(by: w)
        var carry: UInt64 = 0
        let s1 = addCarrying(h0, l1, &carry)
        let s2 = addCarrying(h1, l2, &carry)
        let s3 = addCarrying(h2, l3, &carry)
        let s4 = addCarrying(h3, l4, &carry)
        let s5 = addCarrying(h4, l5, &carry)
        return (l0, s1, s2, s3, s4, s5, h5 &+ carry)  // a·w < 2^448: no carry out
    }

    /// (x + m·p)/2^64 with m = x0·(−p⁻¹ mod 2^64), for a six-word x: at most (2^384 − 1 +
    /// (2^64 − 1)·p)/2^64 < 2^384, so still six words, and the top word cannot overflow.
    @inline(__always)
    static func montgomeryStep(
        _ x: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    ) -> (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) {
        let m = x.0 &* inverseWord
        // m·p with p's words as literals: the optimiser folds the products by 2^64 − 1.
        let r = row(
            Element(w0: 0x0000_0000_ffff_ffff, w1: 0xffff_ffff_0000_0000, w2: 0xffff_ffff_ffff_fffe,
                    w3: 0xffff_ffff_ffff_ffff, w4: 0xffff_ffff_ffff_ffff, w5: 0xffff_ffff_ffff_ffff), m)
        var carry: UInt64 = 0
        _ = addCarrying(x.0, r.0, &carry)  // zero by the choice of m
        let s1 = addCarrying(x.1, r.1, &carry)
        let s2 = addCarrying(x.2, r.2, &carry)
        let s3 = addCarrying(x.3, r.3, &carry)
        let s4 = addCarrying(x.4, r.4, &carry)
        let s5 = addCarrying(x.5, r.5, &carry)
        return (s1, s2, s3, s4, s5, r.6 &+ carry)
    }

    /// Montgomery reduction of a 768-bit t = high·2^384 + low, for t < p·2^384: six
    /// ``montgomeryStep(_:)``s on the low half alone give u = (low + M·p)/2^384 ≤ p; then u + high
    /// < 2p in one carry chain, and one conditional subtraction.
    @inline(__always)
    static func reduce(
        _ low: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64),
        _ high: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    ) -> Element {
        let u = montgomeryStep(montgomeryStep(montgomeryStep(montgomeryStep(montgomeryStep(montgomeryStep(low))))))
        var carry: UInt64 = 0
        let r0 = addCarrying(u.0, high.0, &carry)
        let r1 = addCarrying(u.1, high.1, &carry)
        let r2 = addCarrying(u.2, high.2, &carry)
        let r3 = addCarrying(u.3, high.3, &carry)
        let r4 = addCarrying(u.4, high.4, &carry)
        let r5 = addCarrying(u.5, high.5, &carry)
        return subtractModulusIfNeeded(r0, r1, r2, r3, r4, r5, high: carry)
    }

    @inline(__always)
    func isZero(_ a: Element) -> Bool { (a.w0 | a.w1 | a.w2 | a.w3 | a.w4 | a.w5) == 0 }

    @inline(__always)
    func areEqual(_ a: Element, _ b: Element) -> Bool {
        ((a.w0 ^ b.w0) | (a.w1 ^ b.w1) | (a.w2 ^ b.w2) | (a.w3 ^ b.w3) | (a.w4 ^ b.w4) | (a.w5 ^ b.w5)) == 0
    }

    /// The value minus p when high·2^384 + value ≥ p, else the value; for values below 2p.
    @inline(__always)
    static func subtractModulusIfNeeded(
        _ v0: UInt64, _ v1: UInt64, _ v2: UInt64, _ v3: UInt64, _ v4: UInt64, _ v5: UInt64, high: UInt64
    ) -> Element {
        var borrow: UInt64 = 0
        let d0 = subtractWithBorrow(v0, 0x0000_0000_ffff_ffff, &borrow)
        let d1 = subtractWithBorrow(v1, 0xffff_ffff_0000_0000, &borrow)
        let d2 = subtractWithBorrow(v2, 0xffff_ffff_ffff_fffe, &borrow)
        let d3 = subtractWithBorrow(v3, 0xffff_ffff_ffff_ffff, &borrow)
        let d4 = subtractWithBorrow(v4, 0xffff_ffff_ffff_ffff, &borrow)
        let d5 = subtractWithBorrow(v5, 0xffff_ffff_ffff_ffff, &borrow)
        // Keep the value exactly when subtracting p borrowed past the high word.
        let keep = borrow & ~high & 1 != 0
        return Element(
            w0: keep ? v0 : d0, w1: keep ? v1 : d1, w2: keep ? v2 : d2,
            w3: keep ? v3 : d3, w4: keep ? v4 : d4, w5: keep ? v5 : d5)
    }
}
