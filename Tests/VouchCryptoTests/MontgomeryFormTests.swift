import CGMP
import Testing
@testable import VouchCrypto

/// ``MontgomeryModulus/montgomeryForm(_:)`` (x·R mod n by schoolbook division) against `mpz`:
/// R² mod n, made by applying it twice, against the `mpn_sec_div_r` remainder and `mpz_powm`, and
/// random x·R mod n against `mpz_mod`, on pseudo-random moduli of 1024 to 4096 bits and on the
/// edges; and its division step against `mpz_mod` on limbs chosen to reach the quotient corrections.
@Suite("Montgomery form by long division")
struct MontgomeryFormTests {
    /// A deterministic 64-bit LCG, so failures reproduce.
    struct Random {
        var state: UInt64
        /// 64 bits: the top halves of two steps.
        mutating func next() -> UInt {
            var limb: UInt = 0
            for _ in 0..<2 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                limb = limb << 32 | UInt(state >> 32)
            }
            return limb
        }
    }

    /// The previous implementation, kept as the reference: one constant-time `mpn_sec_div_r`.
    static func rSquaredBySecDivR(_ modulus: [UInt]) -> [UInt]? {
        let count = modulus.count
        guard let top = modulus.last, top != 0 else { return nil }
        var power = [UInt](repeating: 0, count: 2 * count + 1)
        power[2 * count] = 1
        let scratchCount = max(1, Int(__gmpn_sec_div_r_itch(2 * count + 1, count)))
        withUnsafeTemporaryAllocation(of: UInt.self, capacity: scratchCount) { scratch in
            power.withUnsafeMutableBufferPointer { numerator in
                modulus.withUnsafeBufferPointer { divisor in
                    __gmpn_sec_div_r(numerator.baseAddress, 2 * count + 1, divisor.baseAddress, count, scratch.baseAddress)
                }
            }
        }
        return Array(power[0..<count])
    }

    /// Little-endian limbs as a `BigNum`.
    static func big(_ limbs: [UInt]) -> BigNum {
        var bytes: [UInt8] = []
        for limb in limbs.reversed() {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: limb >> UInt(shift))) }
        }
        return BigNum(bigEndian: bytes)
    }

    /// 2^(128·count) mod n by `mpz_powm`, as `count` limbs.
    static func rSquaredByPowm(_ modulus: [UInt]) throws -> [UInt] {
        let n = try #require(BigNum.Modulus(big(modulus)))
        let value = BigNum(2).power(BigNum(UInt(128 * modulus.count)), modulo: n)
        return try #require(MontgomeryModulus.limbs(bigEndian: value.bigEndianBytes[...], count: modulus.count))
    }

    /// The context for odd `modulus` (little-endian limbs, top limb not zero).
    static func context(_ modulus: [UInt]) throws -> MontgomeryModulus {
        try #require(MontgomeryModulus(bigEndian: big(modulus).bigEndianBytes(length: 8 * modulus.count)?[...] ?? []))
    }

    /// R² mod n as montgomeryForm(montgomeryForm(1)) against both references, and x·R mod n for
    /// x = 0, n − 1 and a pseudo-random x against `mpz_mod`.
    static func check(_ modulus: [UInt], _ comment: Comment, random: inout Random) throws {
        let context = try Self.context(modulus)
        let count = modulus.count
        let one = [1] + [UInt](repeating: 0, count: count - 1)
        if modulus != one {
            let rModN = try #require(context.montgomeryForm(one), comment)
            #expect(context.montgomeryForm(rModN) == rSquaredBySecDivR(modulus), comment)
            #expect(context.montgomeryForm(rModN) == (try rSquaredByPowm(modulus)), comment)
        }
        let n = try #require(BigNum.Modulus(big(modulus)))
        let r = BigNum(2).power(BigNum(UInt(64 * count)), modulo: n)
        var minusOne = modulus
        minusOne[0] -= 1  // odd: no borrow
        let randomX = MontgomeryModulus.limbs(
            bigEndian: big((0..<count).map { _ in random.next() }).reduced(modulo: n).bigEndianBytes[...], count: count)
        for x in [[UInt](repeating: 0, count: count), minusOne, try #require(randomX)] {
            let expected = big(x).multiplying(r, modulo: n)
            #expect(context.montgomeryForm(x).map(big) == expected, comment)
        }
        #expect(context.montgomeryForm(modulus) == nil, comment)  // x = n is not below n
    }

    @Test("R² and x·R mod n agree with mpn_sec_div_r, mpz_powm and mpz_mod on 1024- to 4096-bit moduli")
    func randomModuli() throws {
        var random = Random(state: 0x5253_5155)
        // Every residue of the top limb's length (all normalisation shifts), odd and even moduli.
        for bits in stride(from: 1024, through: 4096, by: 37) + [1024, 1025, 1087, 2047, 2048, 2049, 3072, 4095, 4096] {
            for round in 0..<3 {
                let count = (bits + 63) / 64
                var limbs = (0..<count).map { _ in random.next() }
                let topBits = bits - 64 * (count - 1)
                limbs[count - 1] = limbs[count - 1] >> UInt(64 - topBits) | 1 << UInt(topBits - 1)
                limbs[0] |= 1
                try Self.check(limbs, "\(bits) bits, round \(round)", random: &random)
            }
        }
    }

    @Test("edges: one-limb moduli, extreme limbs, powers of the limb base plus one")
    func edges() throws {
        let high: UInt = 1 << 63
        var cases: [[UInt]] = [
            [1], [2], [3], [5], [UInt.max], [UInt.max - 1], [high], [high + 1], [high - 1],
            [1, 1], [UInt.max, 1], [0, 1], [1, high], [UInt.max, UInt.max], [0, high], [1, UInt.max],
        ]
        for count in [2, 3, 16, 32, 33, 64] {
            cases.append([UInt](repeating: UInt.max, count: count))                  // 2^(64k) − 1
            cases.append([1] + [UInt](repeating: 0, count: count - 2) + [1])         // 2^(64(k−1)) + 1
            cases.append([1] + [UInt](repeating: 0, count: count - 2) + [high])      // 2^(64k−1) + 1
            cases.append([UInt.max] + [UInt](repeating: 0, count: count - 2) + [1])  // top limb 1: shift 63
            cases.append([UInt](repeating: high - 1, count: count))
        }
        // Odd moduli of each shape (the low bit set where it was not).
        var random = Random(state: 0xED6E)
        for modulus in cases {
            var odd = modulus
            odd[0] |= 1
            try Self.check(odd, "\(odd)", random: &random)
        }
        #expect(MontgomeryModulus(bigEndian: [][...]) == nil)
        #expect(MontgomeryModulus(bigEndian: [5, 0][...]) == nil)
        #expect(MontgomeryModulus(bigEndian: [0][...]) == nil)
    }

    /// The division step on operands whose limbs are mostly 0, 1, 2^63 − 1, 2^63, 2^64 − 2 and
    /// 2^64 − 1: the quotient estimate is then often too large, by one (D3 corrects it) or after
    /// the correction (D6 adds the divisor back; about 1 case in 150 here).
    @Test("remainderInPlace agrees with mpz_mod on limbs that reach D3 and D6")
    func division() throws {
        var random = Random(state: 0xD6)
        let special: [UInt] = [0, 1, (1 << 63) - 1, 1 << 63, UInt.max - 1, UInt.max]
        func limb() -> UInt {
            let pick = random.next()
            return pick % 10 < 7 ? special[Int(pick >> 32) % special.count] : random.next()
        }
        for round in 0..<5000 {
            let count = 1 + round % 6
            let width = count + 1 + (round / 6) % 5
            var divisor = (0..<count).map { _ in limb() }
            divisor[count - 1] |= 1 << 63
            let dividend = (0..<(width - 1)).map { _ in limb() } + [0]
            var remainder = dividend
            remainder.withUnsafeMutableBufferPointer { x in
                divisor.withUnsafeBufferPointer { d in
                    guard let xBase = x.baseAddress, let dBase = d.baseAddress else { return }
                    MontgomeryModulus.remainderInPlace(xBase, width, dividedBy: dBase, count)
                }
            }
            let expected = Self.big(dividend).reduced(modulo: try #require(BigNum.Modulus(Self.big(divisor))))
            #expect(Self.big(remainder) == expected, "round \(round): \(dividend) mod \(divisor)")
            #expect(remainder[count...].allSatisfy { $0 == 0 }, "round \(round)")
        }
    }
}
