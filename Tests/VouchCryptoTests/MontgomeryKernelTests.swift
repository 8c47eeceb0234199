import CVouchMontgomery
import Testing
import VouchTestSupport
@testable import VouchCrypto

/// The MULX/ADX kernel (`CVouchMontgomery`) against libgmp's `mpz` arithmetic, and
/// ``MontgomeryModulus/power(bigEndianBase:exponent:length:kernel:)`` on both kernels: the fast
/// path and the libgmp fallback must give the same numbers on every input.
@Suite("Montgomery kernel")
struct MontgomeryKernelTests {
    typealias Random = MontgomeryFormTests.Random

    /// The limb counts tested: every size up to 70 (each remainder of the kernel's 8-limb
    /// blocks, RSA-2048's 32, RSA-3072's 48, RSA-4096's 64) and larger RSA sizes up to the
    /// 16384-bit limit.
    static let limbCounts = Array(1...70) + [96, 127, 128, 192, 255, 256]

    static func bigNum(_ limbs: [UInt]) -> BigNum {
        BigNum(bigEndian: limbs.reversed().flatMap { limb in (0..<8).reversed().map { UInt8(truncatingIfNeeded: limb >> (8 * $0)) } })
    }

    static func limbs(_ value: BigNum, count: Int) -> [UInt] {
        let bytes = value.bigEndianBytes(length: 8 * count) ?? []
        return MontgomeryModulus.limbs(bigEndian: bytes[...], count: count) ?? []
    }

    /// Odd moduli of `count` limbs: random with the top bit set, all ones, and one whose top
    /// limb is short (a modulus that is not a whole number of limbs, as a 2047-bit key).
    static func moduli(_ count: Int, random: inout Random) -> [[UInt]] {
        var full = (0..<count).map { _ in random.next() }
        full[count - 1] |= 1 << 63
        full[0] |= 1
        var short = (0..<count).map { _ in random.next() }
        short[count - 1] = max(short[count - 1] >> 37, 1)
        short[0] |= 1
        return [full, [UInt](repeating: .max, count: count), short]
    }

    /// The kernel's product, or its square when `b` is nil; `inPlace` writes the result over a.
    static func kernel(_ a: [UInt], _ b: [UInt]?, modulus: [UInt], inPlace: Bool = false) -> [UInt] {
        let count = modulus.count
        let inverse = MontgomeryModulus.inverseNegated(ofOddLimb: modulus[0])
        var result = [UInt](repeating: 0, count: count)
        var operand = a
        var scratch = [UInt](repeating: 0, count: 2 * count)
        let second = b ?? a
        operand.withUnsafeMutableBufferPointer { x in
            result.withUnsafeMutableBufferPointer { r in
                let output = inPlace ? x.baseAddress : r.baseAddress
                if b == nil {
                    vouch_montgomery_square(output, x.baseAddress, modulus, inverse, count, &scratch)
                } else {
                    vouch_montgomery_multiply(output, x.baseAddress, second, modulus, inverse, count, &scratch)
                }
            }
        }
        return inPlace ? operand : result
    }

    @Test("a·b·R⁻¹ mod n and a²·R⁻¹ mod n agree with mpz, edge values included",
          .enabled(if: MontgomeryKernel.isMulxADXAvailable, "this CPU has no BMI2 and ADX"), arguments: limbCounts)
    func agreesWithMPZ(_ count: Int) throws {
        var random = Random(state: UInt64(count) &* 977)
        for modulus in Self.moduli(count, random: &random) {
            let n = Self.bigNum(modulus)
            let positive = try #require(BigNum.Modulus(n))
            let r = BigNum(bigEndian: [1] + [UInt8](repeating: 0, count: 8 * count)).reduced(modulo: positive)
            let rInverse = try #require(r.inverse(modulo: positive))
            let minusOne = n.subtracting(BigNum(1), modulo: positive)
            let randoms = (0..<3).map { _ in Self.bigNum((0..<count).map { _ in random.next() }).reduced(modulo: positive) }
            // 0, 1, n − 1, R mod n (the Montgomery form of 1), and random values below n.
            let values = [BigNum(0), BigNum(1), minusOne, r] + randoms
            for (i, x) in values.enumerated() {
                let a = Self.limbs(x, count: count)
                let square = Self.limbs(x.multiplying(x, modulo: positive).multiplying(rInverse, modulo: positive), count: count)
                #expect(Self.kernel(a, nil, modulus: modulus) == square, "\(count) limbs, square of value \(i)")
                #expect(Self.kernel(a, nil, modulus: modulus, inPlace: true) == square, "\(count) limbs, square in place, value \(i)")
                for (j, y) in values.enumerated() where (i + j) % 2 == 0 || count <= 8 {
                    let b = Self.limbs(y, count: count)
                    let product = Self.limbs(x.multiplying(y, modulo: positive).multiplying(rInverse, modulo: positive), count: count)
                    #expect(Self.kernel(a, b, modulus: modulus) == product, "\(count) limbs, values \(i)·\(j)")
                    #expect(Self.kernel(a, b, modulus: modulus, inPlace: true) == product, "\(count) limbs, in place, values \(i)·\(j)")
                }
            }
        }
    }

    @Test("power agrees with mpz_powm on both kernels, at every RSA size",
          arguments: [64, 65, 128, 129, 192, 255, 256, 257, 384, 511, 512, 1024, 2048])
    func powerOnBothKernels(_ modulusBytes: Int) throws {
        var random = BigNumMontgomeryTests.Bytes(state: UInt64(modulusBytes) &+ 39)
        for round in 0..<6 {
            var modulusValue = random.next(modulusBytes)
            modulusValue[0] |= round % 2 == 0 ? 0x80 : 0x01
            modulusValue[modulusBytes - 1] |= 1
            let n = BigNum(bigEndian: modulusValue)
            let context = try #require(MontgomeryModulus(n))
            let positive = try #require(BigNum.Modulus(n))
            let minusOne = n.subtracting(BigNum(1), modulo: positive)
            let bases = [BigNum(0), BigNum(1), BigNum(2), minusOne,
                         BigNum(bigEndian: random.next(modulusBytes + 1)).reduced(modulo: positive)]
            for exponent: [UInt8] in [[0x03], [0x01, 0x00, 0x01], [0x01], [0x02], random.next(1 + round)] {
                guard exponent.contains(where: { $0 != 0 }) else { continue }
                for (index, base) in bases.enumerated() {
                    let expected = base.power(BigNum(bigEndian: exponent), modulo: positive).bigEndianBytes(length: modulusBytes)
                    let baseBytes = try #require(base.bigEndianBytes(length: modulusBytes))
                    for kernel in [MontgomeryKernel.mulxADX, .libgmp] {
                        #expect(context.power(bigEndianBase: baseBytes[...], exponent: exponent, length: modulusBytes, kernel: kernel) == expected,
                                "\(modulusBytes) bytes, round \(round), e = \(exponent), base \(index), \(kernel)")
                    }
                }
            }
            // s ≥ n is refused on both paths.
            for kernel in [MontgomeryKernel.mulxADX, .libgmp] {
                #expect(context.power(bigEndianBase: (n.bigEndianBytes(length: modulusBytes) ?? [])[...], exponent: [3], length: modulusBytes, kernel: kernel) == nil)
            }
        }
    }

    @Test("the preferred kernel is MULX/ADX exactly when the CPU has BMI2 and ADX")
    func preferredKernel() {
        #expect(MontgomeryKernel.preferred == (MontgomeryKernel.isMulxADXAvailable ? .mulxADX : .libgmp))
        #expect(MontgomeryKernel.maximumMulxADXLimbs * 64 == RSALimits.maximumModulusBits)
        #expect((vouch_montgomery_is_available() != 0) == MontgomeryKernel.isMulxADXAvailable)
    }

    /// Every signature of Wycheproof's PKCS #1 v1.5 files raised to e on both kernels: the same
    /// bytes, and the bytes of `mpz_powm` (nil for both when s ≥ n).
    @Test("Wycheproof PKCS #1 signatures: both kernels and mpz_powm agree",
          .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof), arguments: PKCS1WycheproofTests.verifyFiles)
    func wycheproofOnBothKernels(_ name: String) throws {
        let file = try CryptoTestData.json(
            WycheproofFile<RSAWycheproofVectors.PKCS1VerifyGroup>.self, at: RSAWycheproofVectors.path(name))
        var compared = 0
        for group in file.testGroups {
            let key = try RSAPublicKey(pkcs1DER: try #require(CryptoTestData.hex(group.publicKeyAsn))[...])
            let positive = try #require(BigNum.Modulus(BigNum(bigEndian: key.modulus)))
            let k = key.modulusByteLength
            for test in group.tests {
                let signature = try #require(CryptoTestData.hex(test.sig))
                guard signature.count == k else { continue }
                let s = BigNum(bigEndian: signature)
                let expected = s < BigNum(bigEndian: key.modulus)
                    ? s.power(BigNum(bigEndian: key.publicExponent), modulo: positive).bigEndianBytes(length: k) : nil
                for kernel in [MontgomeryKernel.mulxADX, .libgmp] {
                    let result = key.montgomery.power(bigEndianBase: signature[...], exponent: key.publicExponent, length: k, kernel: kernel)
                    #expect(result == expected, "\(name) #\(test.tcId), \(kernel)")
                }
                compared += 1
            }
        }
        #expect(compared > 0)
    }
}
