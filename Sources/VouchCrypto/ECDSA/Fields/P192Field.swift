/// GF(p) for P-192, p = 2^192 − 2^64 − 1, in Montgomery form a·2^192 mod p, in 3 words.
///
/// Straight-line code with the prime's words as literals, so the optimiser folds the
/// multiplications by 0 and by 2^64 − 1 in the reduction. Multiplication is CIOS
/// (Koç–Acar–Kaliski 1996); squaring computes the cross products once, doubles them, adds the
/// squares and reduces word by word (SOS). Elements are always fully reduced (< p).
struct P192Field: PrimeField {
    /// 3 little-endian words of a·R mod p.
    struct Element: Sendable {
        var w0, w1, w2: UInt64
    }

    /// −p⁻¹ mod 2^64.
    static let inverseWord: UInt64 = 0x0000_0000_0000_0001
    /// R² mod p, to bring integers into Montgomery form.
    static let rSquared = Element(w0: 0x0000_0000_0000_0001, w1: 0x0000_0000_0000_0002, w2: 0x0000_0000_0000_0001)

    let modulusWords: [UInt64] = [0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_fffe, 0xffff_ffff_ffff_ffff]
    let byteCount = 24
    var zero: Element { Element(w0: 0, w1: 0, w2: 0) }
    /// R mod p.
    var one: Element { Element(w0: 0x0000_0000_0000_0001, w1: 0x0000_0000_0000_0001, w2: 0x0000_0000_0000_0000) }

    func element(fromBigEndian bytes: ArraySlice<UInt8>) -> Element? {
        element(fromWords: WordArithmetic.words(fromBigEndian: bytes, count: 3))
    }

    func element(fromWords words: [UInt64]) -> Element? {
        guard words.count >= 3, WordArithmetic.compare(words, modulusWords) < 0 else { return nil }
        let plain = Element(w0: words[0], w1: words[1], w2: words[2])
        return multiply(plain, Self.rSquared)
    }

    func words(_ element: Element) -> [UInt64] {
        let plain = multiply(element, Element(w0: 1, w1: 0, w2: 0))
        return [plain.w0, plain.w1, plain.w2]
    }

    @inline(__always)
    func add(_ a: Element, _ b: Element) -> Element {
        var carry: UInt64 = 0
        let s0 = addWithCarry(a.w0, b.w0, &carry)
        let s1 = addWithCarry(a.w1, b.w1, &carry)
        let s2 = addWithCarry(a.w2, b.w2, &carry)
        return Self.subtractModulusIfNeeded(s0, s1, s2, high: carry)
    }

    @inline(__always)
    func subtract(_ a: Element, _ b: Element) -> Element {
        var borrow: UInt64 = 0
        let d0 = subtractWithBorrow(a.w0, b.w0, &borrow)
        let d1 = subtractWithBorrow(a.w1, b.w1, &borrow)
        let d2 = subtractWithBorrow(a.w2, b.w2, &borrow)
        // Add p back exactly when the subtraction borrowed.
        let mask = 0 &- borrow
        var carry: UInt64 = 0
        return Element(
            w0: addWithCarry(d0, 0xffff_ffff_ffff_ffff & mask, &carry),
            w1: addWithCarry(d1, 0xffff_ffff_ffff_fffe & mask, &carry),
            w2: addWithCarry(d2, 0xffff_ffff_ffff_ffff & mask, &carry))
    }

    @inline(__always)
    func negate(_ a: Element) -> Element { subtract(zero, a) }

    /// a/2: a + p when a is odd (making it even), then one bit to the right; below p.
    @inline(__always)
    func halve(_ a: Element) -> Element {
        let mask = 0 &- (a.w0 & 1)
        var carry: UInt64 = 0
        let s0 = addWithCarry(a.w0, 0xffff_ffff_ffff_ffff & mask, &carry)
        let s1 = addWithCarry(a.w1, 0xffff_ffff_ffff_fffe & mask, &carry)
        let s2 = addWithCarry(a.w2, 0xffff_ffff_ffff_ffff & mask, &carry)
        return Element(w0: s0 >> 1 | s1 << 63, w1: s1 >> 1 | s2 << 63, w2: s2 >> 1 | carry << 63)
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
        var t0: UInt64 = 0, t1: UInt64 = 0, t2: UInt64 = 0, t3: UInt64 = 0
        // Word 0 of b, then one reduction step.
        carry = 0
        t0 = multiplyAdd(a.w0, b.w0, t0, &carry)
        t1 = multiplyAdd(a.w1, b.w0, t1, &carry)
        t2 = multiplyAdd(a.w2, b.w0, t2, &carry)
        t3 = addWithCarry(t3, carry, &top)
        m = t0 &* Self.inverseWord
        carry = 0
        _ = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t0, &carry)
        t0 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, t1, &carry)
        t1 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t2, &carry)
        high = 0
        t2 = addWithCarry(t3, carry, &high)
        t3 = top &+ high
        top = 0
        // Word 1 of b, then one reduction step.
        carry = 0
        t0 = multiplyAdd(a.w0, b.w1, t0, &carry)
        t1 = multiplyAdd(a.w1, b.w1, t1, &carry)
        t2 = multiplyAdd(a.w2, b.w1, t2, &carry)
        t3 = addWithCarry(t3, carry, &top)
        m = t0 &* Self.inverseWord
        carry = 0
        _ = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t0, &carry)
        t0 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, t1, &carry)
        t1 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t2, &carry)
        high = 0
        t2 = addWithCarry(t3, carry, &high)
        t3 = top &+ high
        top = 0
        // Word 2 of b, then one reduction step.
        carry = 0
        t0 = multiplyAdd(a.w0, b.w2, t0, &carry)
        t1 = multiplyAdd(a.w1, b.w2, t1, &carry)
        t2 = multiplyAdd(a.w2, b.w2, t2, &carry)
        t3 = addWithCarry(t3, carry, &top)
        m = t0 &* Self.inverseWord
        carry = 0
        _ = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t0, &carry)
        t0 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, t1, &carry)
        t1 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, t2, &carry)
        high = 0
        t2 = addWithCarry(t3, carry, &high)
        t3 = top &+ high
        top = 0
        return Self.subtractModulusIfNeeded(t0, t1, t2, high: t3)
    }

    /// a²·R⁻¹ mod p.
    // Not inlined: a call costs nothing measurable against the unrolled product, and inlining
    // it into every point operation made the static binary 320 KB larger (P-192 to P-521).
    @inline(never)
    func square(_ a: Element) -> Element {
        var r0: UInt64 = 0, r1: UInt64 = 0, r2: UInt64 = 0, r3: UInt64 = 0, r4: UInt64 = 0, r5: UInt64 = 0
        var carry: UInt64 = 0
        // Cross products a_i·a_j, i < j.
        carry = 0
        r1 = multiplyAdd(a.w0, a.w1, r1, &carry)
        r2 = multiplyAdd(a.w0, a.w2, r2, &carry)
        r3 = carry
        carry = 0
        r3 = multiplyAdd(a.w1, a.w2, r3, &carry)
        r4 = carry
        // Doubled, plus the squares a_i².
        r5 = r4 >> 63
        r4 = r4 << 1 | r3 >> 63
        r3 = r3 << 1 | r2 >> 63
        r2 = r2 << 1 | r1 >> 63
        r1 = r1 << 1 | r0 >> 63
        r0 = r0 << 1
        carry = 0
        let (high0, low0) = a.w0.multipliedFullWidth(by: a.w0)
        r0 = addWithCarry(r0, low0, &carry)
        r1 = addWithCarry(r1, high0, &carry)
        let (high1, low1) = a.w1.multipliedFullWidth(by: a.w1)
        r2 = addWithCarry(r2, low1, &carry)
        r3 = addWithCarry(r3, high1, &carry)
        let (high2, low2) = a.w2.multipliedFullWidth(by: a.w2)
        r4 = addWithCarry(r4, low2, &carry)
        r5 = addWithCarry(r5, high2, &carry)
        // Montgomery reduction, one word at a time.
        var top: UInt64 = 0
        var m: UInt64 = 0
        m = r0 &* Self.inverseWord
        carry = 0
        r0 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r0, &carry)
        r1 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, r1, &carry)
        r2 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r2, &carry)
        r3 = addWithCarry(r3, carry, &top)
        m = r1 &* Self.inverseWord
        carry = 0
        r1 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r1, &carry)
        r2 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, r2, &carry)
        r3 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r3, &carry)
        r4 = addWithCarry(r4, carry, &top)
        m = r2 &* Self.inverseWord
        carry = 0
        r2 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r2, &carry)
        r3 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, r3, &carry)
        r4 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r4, &carry)
        r5 = addWithCarry(r5, carry, &top)
        return Self.subtractModulusIfNeeded(r3, r4, r5, high: top)
    }

    @inline(__always)
    func isZero(_ a: Element) -> Bool { (a.w0 | a.w1 | a.w2) == 0 }

    @inline(__always)
    func areEqual(_ a: Element, _ b: Element) -> Bool {
        ((a.w0 ^ b.w0) | (a.w1 ^ b.w1) | (a.w2 ^ b.w2)) == 0
    }

    /// The value minus p when high·2^192 + value ≥ p, else the value; for values below 2p.
    @inline(__always)
    static func subtractModulusIfNeeded(
        _ v0: UInt64, _ v1: UInt64, _ v2: UInt64, high: UInt64
    ) -> Element {
        var borrow: UInt64 = 0
        let d0 = subtractWithBorrow(v0, 0xffff_ffff_ffff_ffff, &borrow)
        let d1 = subtractWithBorrow(v1, 0xffff_ffff_ffff_fffe, &borrow)
        let d2 = subtractWithBorrow(v2, 0xffff_ffff_ffff_ffff, &borrow)
        // Keep the value exactly when subtracting p borrowed past the high word.
        let keep = borrow & ~high & 1 != 0
        return Element(w0: keep ? v0 : d0, w1: keep ? v1 : d1, w2: keep ? v2 : d2)
    }
}
