/// The three word operations the field code is written in. Each maps to one or two x86-64 / ARM64
/// instructions (mul + add/adc, add/adc, sub/sbb) once inlined; 128-bit intermediates keep them
/// free of branches.

/// a·b + t + carry, returning the low word and leaving the high word in `carry`.
/// Cannot overflow: (2^64 − 1)² + 2·(2^64 − 1) = 2^128 − 1.
@inline(__always)
func multiplyAdd(_ a: UInt64, _ b: UInt64, _ t: UInt64, _ carry: inout UInt64) -> UInt64 {
    let wide = UInt128(a) &* UInt128(b) &+ UInt128(t) &+ UInt128(carry)
    carry = UInt64(truncatingIfNeeded: wide >> 64)
    return UInt64(truncatingIfNeeded: wide)
}

/// a + b + carry (carry 0 or 1, or any word), returning the low word and the carry out in `carry`.
@inline(__always)
func addWithCarry(_ a: UInt64, _ b: UInt64, _ carry: inout UInt64) -> UInt64 {
    let wide = UInt128(a) &+ UInt128(b) &+ UInt128(carry)
    carry = UInt64(truncatingIfNeeded: wide >> 64)
    return UInt64(truncatingIfNeeded: wide)
}

/// a − b − borrow (borrow 0 or 1), returning the low word and the borrow out (0 or 1) in `borrow`.
///
/// Written as two overflow-reporting subtractions, which LLVM fuses into one `sbb`; the 128-bit
/// form (`UInt128(a) &- UInt128(b) &- UInt128(borrow)`, high word & 1) compiled to five
/// instructions a word.
@inline(__always)
func subtractWithBorrow(_ a: UInt64, _ b: UInt64, _ borrow: inout UInt64) -> UInt64 {
    let (d1, o1) = a.subtractingReportingOverflow(b)
    let (d2, o2) = d1.subtractingReportingOverflow(borrow)
    borrow = UInt64(unsafeBitCast(o1, to: UInt8.self) | unsafeBitCast(o2, to: UInt8.self))
    return d2
}

/// a + b + carry (carry 0 or 1), returning the low word and the carry out (0 or 1) in `carry`.
///
/// The mirror of ``subtractWithBorrow(_:_:_:)``: two overflow-reporting additions, which LLVM
/// fuses into one `adc` in a chain, where ``addWithCarry(_:_:_:)``'s 128-bit sum often becomes an
/// add, a `setb` and a `movzbl`. The flags become words by `unsafeBitCast` of `Bool` (one byte, 0 or
/// 1) rather than `? 1 : 0`, whose branches, however short-lived, made the SIL inliner stop
/// inlining P-256's multiplications into the point formulas.
@inline(__always)
func addCarrying(_ a: UInt64, _ b: UInt64, _ carry: inout UInt64) -> UInt64 {
    let (s1, o1) = a.addingReportingOverflow(b)
    let (s2, o2) = s1.addingReportingOverflow(carry)
    carry = UInt64(unsafeBitCast(o1, to: UInt8.self) | unsafeBitCast(o2, to: UInt8.self))
    return s2
}
