import CGMP
import Testing
@testable import VouchCrypto

/// ``MontgomeryModulus/square(_:_:count:scratch:)`` (Karatsuba from 32 limbs) against libgmp's
/// `mpn_sec_mul` of a by itself, on every size from 1 to 70 limbs and the RSA sizes up to 16384
/// bits, with halves chosen to take each branch of |a₀ − a₁|.
@Suite("Montgomery squaring")
struct MontgomerySquaringTests {
    static func squareByMultiplication(_ a: [UInt]) -> [UInt] {
        let count = a.count
        var product = [UInt](repeating: 0, count: 2 * count)
        let scratchCount = max(1, Int(__gmpn_sec_mul_itch(count, count)))
        withUnsafeTemporaryAllocation(of: UInt.self, capacity: scratchCount) { scratch in
            product.withUnsafeMutableBufferPointer { p in
                a.withUnsafeBufferPointer { x in
                    __gmpn_sec_mul(p.baseAddress, x.baseAddress, count, x.baseAddress, count, scratch.baseAddress)
                }
            }
        }
        return product
    }

    static func square(_ a: [UInt]) -> [UInt] {
        let count = a.count
        var product = [UInt](repeating: 0, count: 2 * count)
        withUnsafeTemporaryAllocation(of: UInt.self, capacity: MontgomeryModulus.squareScratchCount(count)) { scratch in
            product.withUnsafeMutableBufferPointer { p in
                a.withUnsafeBufferPointer { x in
                    guard let output = p.baseAddress, let input = x.baseAddress, let work = scratch.baseAddress else { return }
                    MontgomeryModulus.square(output, input, count: count, scratch: work)
                }
            }
        }
        return product
    }

    /// Operands of `count` limbs: pseudo-random; a₀ = a₁; a₀ < a₁; a₀ > a₁ by one; the top limb
    /// of a₀ zero (which decides the comparison when a₁ is a limb shorter); all ones; a top limb of 0.
    static func operands(_ count: Int, random: inout MontgomeryFormTests.Random) -> [[UInt]] {
        let low = (count + 1) / 2, high = count - low
        let randomLimbs = (0..<count).map { _ in random.next() }
        var equalHalves = randomLimbs
        var smallerLow = randomLimbs
        var largerLowByOne = randomLimbs
        var zeroTopOfLow = randomLimbs
        for index in 0..<high {
            equalHalves[index] = equalHalves[low + index]
            smallerLow[index] = smallerLow[low + index]
            largerLowByOne[index] = largerLowByOne[low + index]
        }
        if high < low { equalHalves[low - 1] = 0; smallerLow[low - 1] = 0; largerLowByOne[low - 1] = 0 }
        if high > 0 {
            smallerLow[high - 1] = 0
            smallerLow[count - 1] = max(smallerLow[count - 1], 1)
            largerLowByOne[0] = largerLowByOne[low] &+ 1
        }
        zeroTopOfLow[low - 1] = 0
        var topZero = randomLimbs
        topZero[count - 1] = 0
        return [randomLimbs, equalHalves, smallerLow, largerLowByOne, zeroTopOfLow,
                [UInt](repeating: .max, count: count), topZero]
    }

    @Test("agrees with mpn_sec_mul(a, a)", arguments: Array(1...70) + [96, 127, 128, 192, 255, 256])
    func agreesWithMultiplication(_ count: Int) {
        var random = MontgomeryFormTests.Random(state: UInt64(count))
        for (index, a) in Self.operands(count, random: &random).enumerated() {
            #expect(Self.square(a) == Self.squareByMultiplication(a), "\(count) limbs, operand \(index)")
        }
    }
}
