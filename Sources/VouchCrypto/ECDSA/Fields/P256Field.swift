/// GF(p) for P-256, p = 2^256 − 2^224 + 2^192 + 2^96 − 1, in Montgomery form a·2^256 mod p, in 4 words.
///
/// Straight-line code: the product (or square, with each cross product computed once) in eight
/// words, then a Montgomery reduction specialised to the shape of p (``reduce``), four
/// multiplications instead of sixteen. Elements are always fully reduced (< p).
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
        let s0 = addWithCarry(a.w0, b.w0, &carry)
        let s1 = addWithCarry(a.w1, b.w1, &carry)
        let s2 = addWithCarry(a.w2, b.w2, &carry)
        let s3 = addWithCarry(a.w3, b.w3, &carry)
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
            w0: addWithCarry(d0, 0xffff_ffff_ffff_ffff & mask, &carry),
            w1: addWithCarry(d1, 0x0000_0000_ffff_ffff & mask, &carry),
            w2: addWithCarry(d2, 0x0000_0000_0000_0000 & mask, &carry),
            w3: addWithCarry(d3, 0xffff_ffff_0000_0001 & mask, &carry))
    }

    @inline(__always)
    func negate(_ a: Element) -> Element { subtract(zero, a) }

    /// a/2: a + p when a is odd (making it even), then one bit to the right; below p.
    @inline(__always)
    func halve(_ a: Element) -> Element {
        let mask = 0 &- (a.w0 & 1)
        var carry: UInt64 = 0
        let s0 = addWithCarry(a.w0, 0xffff_ffff_ffff_ffff & mask, &carry)
        let s1 = addWithCarry(a.w1, 0x0000_0000_ffff_ffff & mask, &carry)
        let s2 = addWithCarry(a.w2, 0x0000_0000_0000_0000 & mask, &carry)
        let s3 = addWithCarry(a.w3, 0xffff_ffff_0000_0001 & mask, &carry)
        return Element(w0: s0 >> 1 | s1 << 63, w1: s1 >> 1 | s2 << 63, w2: s2 >> 1 | s3 << 63, w3: s3 >> 1 | carry << 63)
    }

    /// a·b·R⁻¹ mod p: the 512-bit product by rows, then ``reduce``.
    #if VOUCH_OPTIMIZE_SIZE
    @inline(never)
    #else
    @inline(__always)
    #endif
    func multiply(_ a: Element, _ b: Element) -> Element {
        var carry: UInt64 = 0
        let t0 = multiplyAdd(a.w0, b.w0, 0, &carry)
        var t1 = multiplyAdd(a.w1, b.w0, 0, &carry)
        var t2 = multiplyAdd(a.w2, b.w0, 0, &carry)
        var t3 = multiplyAdd(a.w3, b.w0, 0, &carry)
        var t4 = carry
        carry = 0
        t1 = multiplyAdd(a.w0, b.w1, t1, &carry)
        t2 = multiplyAdd(a.w1, b.w1, t2, &carry)
        t3 = multiplyAdd(a.w2, b.w1, t3, &carry)
        t4 = multiplyAdd(a.w3, b.w1, t4, &carry)
        var t5 = carry
        carry = 0
        t2 = multiplyAdd(a.w0, b.w2, t2, &carry)
        t3 = multiplyAdd(a.w1, b.w2, t3, &carry)
        t4 = multiplyAdd(a.w2, b.w2, t4, &carry)
        t5 = multiplyAdd(a.w3, b.w2, t5, &carry)
        var t6 = carry
        carry = 0
        t3 = multiplyAdd(a.w0, b.w3, t3, &carry)
        t4 = multiplyAdd(a.w1, b.w3, t4, &carry)
        t5 = multiplyAdd(a.w2, b.w3, t5, &carry)
        t6 = multiplyAdd(a.w3, b.w3, t6, &carry)
        return Self.reduce(t0, t1, t2, t3, t4, t5, t6, carry)
    }

    /// a²·R⁻¹ mod p: the cross products once, doubled, plus the squares, then ``reduce``.
    #if VOUCH_OPTIMIZE_SIZE
    @inline(never)
    #else
    @inline(__always)
    #endif
    func square(_ a: Element) -> Element {
        var carry: UInt64 = 0
        var t1 = multiplyAdd(a.w0, a.w1, 0, &carry)
        var t2 = multiplyAdd(a.w0, a.w2, 0, &carry)
        var t3 = multiplyAdd(a.w0, a.w3, 0, &carry)
        var t4 = carry
        carry = 0
        t3 = multiplyAdd(a.w1, a.w2, t3, &carry)
        t4 = multiplyAdd(a.w1, a.w3, t4, &carry)
        var t5 = carry
        carry = 0
        t5 = multiplyAdd(a.w2, a.w3, t5, &carry)
        var t6 = carry
        let t7 = t6 >> 63
        t6 = t6 << 1 | t5 >> 63
        t5 = t5 << 1 | t4 >> 63
        t4 = t4 << 1 | t3 >> 63
        t3 = t3 << 1 | t2 >> 63
        t2 = t2 << 1 | t1 >> 63
        t1 = t1 << 1
        let (high0, t0) = a.w0.multipliedFullWidth(by: a.w0)
        let (high1, low1) = a.w1.multipliedFullWidth(by: a.w1)
        let (high2, low2) = a.w2.multipliedFullWidth(by: a.w2)
        let (high3, low3) = a.w3.multipliedFullWidth(by: a.w3)
        carry = 0
        t1 = addWithCarry(t1, high0, &carry)
        t2 = addWithCarry(t2, low1, &carry)
        t3 = addWithCarry(t3, high1, &carry)
        t4 = addWithCarry(t4, low2, &carry)
        t5 = addWithCarry(t5, high2, &carry)
        t6 = addWithCarry(t6, low3, &carry)
        let t7Sum = addWithCarry(t7, high3, &carry)
        return Self.reduce(t0, t1, t2, t3, t4, t5, t6, t7Sum)
    }

    /// Montgomery reduction of a 512-bit t: t·2^−256 mod p, for t < p·2^256.
    ///
    /// P-256's prime makes each of the four word steps nearly free. −p⁻¹ ≡ 1 (mod 2^64), so the
    /// multiplier m is the low word itself, and with p = (2^64 − 1) + (2^32 − 1)·2^64 + 0·2^128 +
    /// (2^64 − 2^32 + 1)·2^192: the low word plus m·(2^64 − 1) is exactly m·2^64 (carry m); the next
    /// word gains m·(2^32 − 1) + m = m·2^32, a shift; the third gains nothing; only the fourth needs
    /// a multiplication.
    #if VOUCH_OPTIMIZE_SIZE
    @inline(never)
    #else
    @inline(__always)
    #endif
    static func reduce(
        _ t0: UInt64, _ t1: UInt64, _ t2: UInt64, _ t3: UInt64,
        _ t4: UInt64, _ t5: UInt64, _ t6: UInt64, _ t7: UInt64
    ) -> Element {
        var r1 = t1, r2 = t2, r3 = t3, r4 = t4, r5 = t5, r6 = t6, r7 = t7
        var top: UInt64 = 0
        var carry: UInt64 = 0
        // Step 0: m = t0.
        carry = 0
        r1 = addWithCarry(r1, t0 << 32, &carry)
        carry &+= t0 >> 32
        r2 = addWithCarry(r2, 0, &carry)
        r3 = multiplyAdd(t0, 0xffff_ffff_0000_0001, r3, &carry)
        r4 = addWithCarry(r4, carry, &top)
        // Step 1: m = r1.
        carry = 0
        r2 = addWithCarry(r2, r1 << 32, &carry)
        carry &+= r1 >> 32
        r3 = addWithCarry(r3, 0, &carry)
        r4 = multiplyAdd(r1, 0xffff_ffff_0000_0001, r4, &carry)
        r5 = addWithCarry(r5, carry, &top)
        // Step 2: m = r2.
        carry = 0
        r3 = addWithCarry(r3, r2 << 32, &carry)
        carry &+= r2 >> 32
        r4 = addWithCarry(r4, 0, &carry)
        r5 = multiplyAdd(r2, 0xffff_ffff_0000_0001, r5, &carry)
        r6 = addWithCarry(r6, carry, &top)
        // Step 3: m = r3.
        carry = 0
        r4 = addWithCarry(r4, r3 << 32, &carry)
        carry &+= r3 >> 32
        r5 = addWithCarry(r5, 0, &carry)
        r6 = multiplyAdd(r3, 0xffff_ffff_0000_0001, r6, &carry)
        r7 = addWithCarry(r7, carry, &top)
        return subtractModulusIfNeeded(r4, r5, r6, r7, high: top)
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
