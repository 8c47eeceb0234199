/// Squaring for ``P384Field``, kept apart only to keep each file short: the cross products
/// a_i·a_j (i < j) once, doubled, plus the squares a_i², then word-by-word Montgomery reduction.
extension P384Field {
    /// a²·R⁻¹ mod p.
    // Not inlined: a call costs nothing measurable against the unrolled product, and inlining
    // it into every point operation made the static binary 320 KB larger (P-192 to P-521).
    @inline(never)
    func square(_ a: Element) -> Element {
        var r0: UInt64 = 0, r1: UInt64 = 0, r2: UInt64 = 0, r3: UInt64 = 0, r4: UInt64 = 0, r5: UInt64 = 0, r6: UInt64 = 0, r7: UInt64 = 0, r8: UInt64 = 0, r9: UInt64 = 0, r10: UInt64 = 0, r11: UInt64 = 0
        var carry: UInt64 = 0
        // Cross products a_i·a_j, i < j.
        carry = 0
        r1 = multiplyAdd(a.w0, a.w1, r1, &carry)
        r2 = multiplyAdd(a.w0, a.w2, r2, &carry)
        r3 = multiplyAdd(a.w0, a.w3, r3, &carry)
        r4 = multiplyAdd(a.w0, a.w4, r4, &carry)
        r5 = multiplyAdd(a.w0, a.w5, r5, &carry)
        r6 = carry
        carry = 0
        r3 = multiplyAdd(a.w1, a.w2, r3, &carry)
        r4 = multiplyAdd(a.w1, a.w3, r4, &carry)
        r5 = multiplyAdd(a.w1, a.w4, r5, &carry)
        r6 = multiplyAdd(a.w1, a.w5, r6, &carry)
        r7 = carry
        carry = 0
        r5 = multiplyAdd(a.w2, a.w3, r5, &carry)
        r6 = multiplyAdd(a.w2, a.w4, r6, &carry)
        r7 = multiplyAdd(a.w2, a.w5, r7, &carry)
        r8 = carry
        carry = 0
        r7 = multiplyAdd(a.w3, a.w4, r7, &carry)
        r8 = multiplyAdd(a.w3, a.w5, r8, &carry)
        r9 = carry
        carry = 0
        r9 = multiplyAdd(a.w4, a.w5, r9, &carry)
        r10 = carry
        // Doubled, plus the squares a_i².
        r11 = r10 >> 63
        r10 = r10 << 1 | r9 >> 63
        r9 = r9 << 1 | r8 >> 63
        r8 = r8 << 1 | r7 >> 63
        r7 = r7 << 1 | r6 >> 63
        r6 = r6 << 1 | r5 >> 63
        r5 = r5 << 1 | r4 >> 63
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
        let (high3, low3) = a.w3.multipliedFullWidth(by: a.w3)
        r6 = addWithCarry(r6, low3, &carry)
        r7 = addWithCarry(r7, high3, &carry)
        let (high4, low4) = a.w4.multipliedFullWidth(by: a.w4)
        r8 = addWithCarry(r8, low4, &carry)
        r9 = addWithCarry(r9, high4, &carry)
        let (high5, low5) = a.w5.multipliedFullWidth(by: a.w5)
        r10 = addWithCarry(r10, low5, &carry)
        r11 = addWithCarry(r11, high5, &carry)
        // Montgomery reduction, one word at a time.
        var top: UInt64 = 0
        var m: UInt64 = 0
        m = r0 &* Self.inverseWord
        carry = 0
        r0 = multiplyAdd(m, 0x0000_0000_ffff_ffff, r0, &carry)
        r1 = multiplyAdd(m, 0xffff_ffff_0000_0000, r1, &carry)
        r2 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, r2, &carry)
        r3 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r3, &carry)
        r4 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r4, &carry)
        r5 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r5, &carry)
        r6 = addWithCarry(r6, carry, &top)
        m = r1 &* Self.inverseWord
        carry = 0
        r1 = multiplyAdd(m, 0x0000_0000_ffff_ffff, r1, &carry)
        r2 = multiplyAdd(m, 0xffff_ffff_0000_0000, r2, &carry)
        r3 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, r3, &carry)
        r4 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r4, &carry)
        r5 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r5, &carry)
        r6 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r6, &carry)
        r7 = addWithCarry(r7, carry, &top)
        m = r2 &* Self.inverseWord
        carry = 0
        r2 = multiplyAdd(m, 0x0000_0000_ffff_ffff, r2, &carry)
        r3 = multiplyAdd(m, 0xffff_ffff_0000_0000, r3, &carry)
        r4 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, r4, &carry)
        r5 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r5, &carry)
        r6 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r6, &carry)
        r7 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r7, &carry)
        r8 = addWithCarry(r8, carry, &top)
        m = r3 &* Self.inverseWord
        carry = 0
        r3 = multiplyAdd(m, 0x0000_0000_ffff_ffff, r3, &carry)
        r4 = multiplyAdd(m, 0xffff_ffff_0000_0000, r4, &carry)
        r5 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, r5, &carry)
        r6 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r6, &carry)
        r7 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r7, &carry)
        r8 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r8, &carry)
        r9 = addWithCarry(r9, carry, &top)
        m = r4 &* Self.inverseWord
        carry = 0
        r4 = multiplyAdd(m, 0x0000_0000_ffff_ffff, r4, &carry)
        r5 = multiplyAdd(m, 0xffff_ffff_0000_0000, r5, &carry)
        r6 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, r6, &carry)
        r7 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r7, &carry)
        r8 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r8, &carry)
        r9 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r9, &carry)
        r10 = addWithCarry(r10, carry, &top)
        m = r5 &* Self.inverseWord
        carry = 0
        r5 = multiplyAdd(m, 0x0000_0000_ffff_ffff, r5, &carry)
        r6 = multiplyAdd(m, 0xffff_ffff_0000_0000, r6, &carry)
        r7 = multiplyAdd(m, 0xffff_ffff_ffff_fffe, r7, &carry)
        r8 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r8, &carry)
        r9 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r9, &carry)
        r10 = multiplyAdd(m, 0xffff_ffff_ffff_ffff, r10, &carry)
        r11 = addWithCarry(r11, carry, &top)
        return Self.subtractModulusIfNeeded(r6, r7, r8, r9, r10, r11, high: top)
    }
}
