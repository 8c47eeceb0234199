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
    borrow = UInt64(o1 ? 1 : 0) | UInt64(o2 ? 1 : 0)
    return d2
}
