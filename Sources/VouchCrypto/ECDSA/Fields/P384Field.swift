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
        let s0 = addWithCarry(a.w0, b.w0, &carry)
        let s1 = addWithCarry(a.w1, b.w1, &carry)
        let s2 = addWithCarry(a.w2, b.w2, &carry)
        let s3 = addWithCarry(a.w3, b.w3, &carry)
        let s4 = addWithCarry(a.w4, b.w4, &carry)
        let s5 = addWithCarry(a.w5, b.w5, &carry)
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
            w0: addWithCarry(d0, 0x0000_0000_ffff_ffff & mask, &carry),
            w1: addWithCarry(d1, 0xffff_ffff_0000_0000 & mask, &carry),
            w2: addWithCarry(d2, 0xffff_ffff_ffff_fffe & mask, &carry),
            w3: addWithCarry(d3, 0xffff_ffff_ffff_ffff & mask, &carry),
            w4: addWithCarry(d4, 0xffff_ffff_ffff_ffff & mask, &carry),
            w5: addWithCarry(d5, 0xffff_ffff_ffff_ffff & mask, &carry))
    }

    @inline(__always)
    func negate(_ a: Element) -> Element { subtract(zero, a) }

    /// a/2: a + p when a is odd (making it even), then one bit to the right; below p.
    @inline(__always)
    func halve(_ a: Element) -> Element {
        let mask = 0 &- (a.w0 & 1)
        var carry: UInt64 = 0
        let s0 = addWithCarry(a.w0, 0x0000_0000_ffff_ffff & mask, &carry)
        let s1 = addWithCarry(a.w1, 0xffff_ffff_0000_0000 & mask, &carry)
        let s2 = addWithCarry(a.w2, 0xffff_ffff_ffff_fffe & mask, &carry)
        let s3 = addWithCarry(a.w3, 0xffff_ffff_ffff_ffff & mask, &carry)
        let s4 = addWithCarry(a.w4, 0xffff_ffff_ffff_ffff & mask, &carry)
        let s5 = addWithCarry(a.w5, 0xffff_ffff_ffff_ffff & mask, &carry)
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

    /// a·b·R⁻¹ mod p.
    // Not inlined: a call costs nothing measurable against the unrolled product, and inlining
    // it into every point operation made the static binary 320 KB larger (P-192 to P-521).
    @inline(never)
    func multiply(_ a: Element, _ b: Element) -> Element {
        var carry: UInt64 = 0
        var top: UInt64 = 0
        var m: UInt64 = 0
        var high: UInt64 = 0
        var t0: UInt64 = 0, t1: UInt64 = 0, t2: UInt64 = 0, t3: UInt64 = 0, t4: UInt64 = 0, t5: UInt64 = 0, t6: UInt64 = 0
        // Word 0 of b, then one reduction step.
        carry = 0
        t0 = multiplyAdd(a.w0, b.w0, t0, &carry)
        t1 = multiplyAdd(a.w1, b.w0, t1, &carry)
        t2 = multiplyAdd(a.w2, b.w0, t2, &carry)
        t3 = multiplyAdd(a.w3, b.w0, t3, &carry)
        t4 = multiplyAdd(a.w4, b.w0, t4, &carry)
        t5 = multiplyAdd(a.w5, b.w0, t5, &carry)
        t6 = addWithCarry(t6, carry, &top)
        m = t0 &* Self.inverseWord
        carry = 0
        _ = multiplyAdd(m, 0x0000_0000_ffff_ffff, t0, &carry)
        t0 = multiplyAdd(m, 0xffff_ffff_0000_0000, t1, &carry)
        t1 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, t2, &carry)
        t2 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t3, &carry)
        t3 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t4, &carry)
        t4 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t5, &carry)
        high = 0
        t5 = addWithCarry(t6, carry, &high)
        t6 = top &+ high
        top = 0
        // Word 1 of b, then one reduction step.
        carry = 0
        t0 = multiplyAdd(a.w0, b.w1, t0, &carry)
        t1 = multiplyAdd(a.w1, b.w1, t1, &carry)
        t2 = multiplyAdd(a.w2, b.w1, t2, &carry)
        t3 = multiplyAdd(a.w3, b.w1, t3, &carry)
        t4 = multiplyAdd(a.w4, b.w1, t4, &carry)
        t5 = multiplyAdd(a.w5, b.w1, t5, &carry)
        t6 = addWithCarry(t6, carry, &top)
        m = t0 &* Self.inverseWord
        carry = 0
        _ = multiplyAdd(m, 0x0000_0000_ffff_ffff, t0, &carry)
        t0 = multiplyAdd(m, 0xffff_ffff_0000_0000, t1, &carry)
        t1 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, t2, &carry)
        t2 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t3, &carry)
        t3 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t4, &carry)
        t4 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t5, &carry)
        high = 0
        t5 = addWithCarry(t6, carry, &high)
        t6 = top &+ high
        top = 0
        // Word 2 of b, then one reduction step.
        carry = 0
        t0 = multiplyAdd(a.w0, b.w2, t0, &carry)
        t1 = multiplyAdd(a.w1, b.w2, t1, &carry)
        t2 = multiplyAdd(a.w2, b.w2, t2, &carry)
        t3 = multiplyAdd(a.w3, b.w2, t3, &carry)
        t4 = multiplyAdd(a.w4, b.w2, t4, &carry)
        t5 = multiplyAdd(a.w5, b.w2, t5, &carry)
        t6 = addWithCarry(t6, carry, &top)
        m = t0 &* Self.inverseWord
        carry = 0
        _ = multiplyAdd(m, 0x0000_0000_ffff_ffff, t0, &carry)
        t0 = multiplyAdd(m, 0xffff_ffff_0000_0000, t1, &carry)
        t1 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, t2, &carry)
        t2 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t3, &carry)
        t3 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t4, &carry)
        t4 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t5, &carry)
        high = 0
        t5 = addWithCarry(t6, carry, &high)
        t6 = top &+ high
        top = 0
        // Word 3 of b, then one reduction step.
        carry = 0
        t0 = multiplyAdd(a.w0, b.w3, t0, &carry)
        t1 = multiplyAdd(a.w1, b.w3, t1, &carry)
        t2 = multiplyAdd(a.w2, b.w3, t2, &carry)
        t3 = multiplyAdd(a.w3, b.w3, t3, &carry)
        t4 = multiplyAdd(a.w4, b.w3, t4, &carry)
        t5 = multiplyAdd(a.w5, b.w3, t5, &carry)
        t6 = addWithCarry(t6, carry, &top)
        m = t0 &* Self.inverseWord
        carry = 0
        _ = multiplyAdd(m, 0x0000_0000_ffff_ffff, t0, &carry)
        t0 = multiplyAdd(m, 0xffff_ffff_0000_0000, t1, &carry)
        t1 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, t2, &carry)
        t2 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t3, &carry)
        t3 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t4, &carry)
        t4 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t5, &carry)
        high = 0
        t5 = addWithCarry(t6, carry, &high)
        t6 = top &+ high
        top = 0
        // Word 4 of b, then one reduction step.
        carry = 0
        t0 = multiplyAdd(a.w0, b.w4, t0, &carry)
        t1 = multiplyAdd(a.w1, b.w4, t1, &carry)
        t2 = multiplyAdd(a.w2, b.w4, t2, &carry)
        t3 = multiplyAdd(a.w3, b.w4, t3, &carry)
        t4 = multiplyAdd(a.w4, b.w4, t4, &carry)
        t5 = multiplyAdd(a.w5, b.w4, t5, &carry)
        t6 = addWithCarry(t6, carry, &top)
        m = t0 &* Self.inverseWord
        carry = 0
        _ = multiplyAdd(m, 0x0000_0000_ffff_ffff, t0, &carry)
        t0 = multiplyAdd(m, 0xffff_ffff_0000_0000, t1, &carry)
        t1 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, t2, &carry)
        t2 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t3, &carry)
        t3 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t4, &carry)
        t4 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t5, &carry)
        high = 0
        t5 = addWithCarry(t6, carry, &high)
        t6 = top &+ high
        top = 0
        // Word 5 of b, then one reduction step.
        carry = 0
        t0 = multiplyAdd(a.w0, b.w5, t0, &carry)
        t1 = multiplyAdd(a.w1, b.w5, t1, &carry)
        t2 = multiplyAdd(a.w2, b.w5, t2, &carry)
        t3 = multiplyAdd(a.w3, b.w5, t3, &carry)
        t4 = multiplyAdd(a.w4, b.w5, t4, &carry)
        t5 = multiplyAdd(a.w5, b.w5, t5, &carry)
        t6 = addWithCarry(t6, carry, &top)
        m = t0 &* Self.inverseWord
        carry = 0
        _ = multiplyAdd(m, 0x0000_0000_ffff_ffff, t0, &carry)
        t0 = multiplyAdd(m, 0xffff_ffff_0000_0000, t1, &carry)
        t1 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, t2, &carry)
        t2 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t3, &carry)
        t3 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t4, &carry)
        t4 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t5, &carry)
        high = 0
        t5 = addWithCarry(t6, carry, &high)
        t6 = top &+ high
        top = 0
        return Self.subtractModulusIfNeeded(t0, t1, t2, t3, t4, t5, high: t6)
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
