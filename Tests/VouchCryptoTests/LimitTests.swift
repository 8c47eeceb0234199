import Testing

@testable import VouchCrypto

/// VouchCrypto's limits not tested elsewhere at N and N + 1 (issue 38 item 2). RSALimits'
/// modulus and exponent sizes are RSAPublicKeyTests; maximumRepairedOrderBits is exercised by
/// ECDSASignatureEncodingTests on both sides (P-224 and P-256 repaired, P-384, the next order
/// size, not), its value pinned here.
@Suite struct LimitTests {
    @Test("the limits are the documented ones")
    func values() {
        #expect(ECPublicKey.maximumRepairedOrderBits == 256)
        #expect(ECCurve.p256.fieldBits == ECPublicKey.maximumRepairedOrderBits, "the largest curve repaired")
        #expect(NonAdjacentForm.maximumWidth == 8)
    }

    /// Σ d_i·2^i of `form`'s digits as four 64-bit words (wrapping), to compare with the scalar.
    static func value(_ form: NonAdjacentForm) -> [UInt64] {
        var words: [UInt64] = [0, 0, 0, 0]
        for position in (0..<NonAdjacentForm.digitCount).reversed() {
            // words = 2·words + digit, over 256 bits.
            var carry: UInt64 = 0
            for index in 0..<4 {
                let next = words[index] >> 63
                words[index] = words[index] << 1 | carry
                carry = next
            }
            let digit = Int64(form.digits[position])
            let addend: [UInt64] = digit >= 0 ? [UInt64(digit), 0, 0, 0] : [UInt64(bitPattern: digit), .max, .max, .max]
            var overflow: UInt64 = 0
            for index in 0..<4 {
                let (sum1, o1) = words[index].addingReportingOverflow(addend[index])
                let (sum2, o2) = sum1.addingReportingOverflow(overflow)
                words[index] = sum2
                overflow = (o1 ? 1 : 0) + (o2 ? 1 : 0)
            }
        }
        return words
    }

    @Test("NonAdjacentForm.maximumWidth: width 8 gives digits below 2^7 that sum to the scalar; 9 is clamped to 8")
    func nafWidth() {
        let limit = NonAdjacentForm.maximumWidth
        let scalar = Words256(0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210, 0x0F1E_2D3C_4B5A_6978, 0x0ABC_DEF0_1234_5678)
        let within = NonAdjacentForm(scalar, width: limit)
        #expect((0..<NonAdjacentForm.digitCount).allSatisfy { abs(Int(within.digits[$0])) < 1 << (limit - 1) })
        #expect((0..<NonAdjacentForm.digitCount).contains { abs(Int(within.digits[$0])) > 1 << (limit - 2) }, "the widest digits occur")
        #expect(Self.value(within) == [scalar[0], scalar[1], scalar[2], scalar[3]])
        let past = NonAdjacentForm(scalar, width: limit + 1)
        #expect((0..<NonAdjacentForm.digitCount).allSatisfy { past.digits[$0] == within.digits[$0] }, "clamped to the maximum")
    }
}
