import CGMP

/// Squaring for ``MontgomeryModulus``: libgmp's schoolbook `mpn_sec_sqr` below
/// ``karatsubaThreshold`` limbs, Karatsuba above it (its halves split again while they are at
/// least as long).
extension MontgomeryModulus {
    /// The operand size, in limbs, from which a squaring splits in two halves.
    ///
    /// Measured here (libgmp 6.2.1, x86-64): at 32 limbs (RSA-2048) three 16-limb `mpn_sec_sqr`
    /// and the linear passes take 369 ns against 404 ns for one 32-limb `mpn_sec_sqr`; at 24 limbs
    /// they tie (233 against 232 ns); at 48 and 64 limbs (RSA-3072, RSA-4096) 757 against 893 and
    /// 1,323 against 1,595 ns, the figures of `mpn_sqr`'s own Toom-2 (757, 1,317).
    static let karatsubaThreshold = 32

    /// The scratch limbs ``square(_:_:count:scratch:)`` needs for `count`-limb operands.
    static func squareScratchCount(_ count: Int) -> Int {
        guard count >= karatsubaThreshold else { return max(1, Int(__gmpn_sec_sqr_itch(count))) }
        let low = (count + 1) / 2
        return 5 * low + 1 + squareScratchCount(low)
    }

    /// `output` (2·count limbs) ← a² for `a` of `count` limbs.
    ///
    /// Karatsuba: with a = a₁·B + a₀ (a₀ the low ⌈count/2⌉ limbs, B its limb base),
    /// a² = a₁²·B² + (a₀² + a₁² − (a₀ − a₁)²)·B + a₀²: three half-size squarings instead of
    /// one full one, whose cost grows with the square of the size. The halves are squared the same
    /// way (RSA-4096's 64 limbs: three 32-limb Karatsuba squarings, nine 16-limb `mpn_sec_sqr`);
    /// the depth is log₂ of the size over the threshold, 3 at the 16384-bit limit.
    static func square(_ output: UnsafeMutablePointer<UInt>, _ a: UnsafePointer<UInt>, count: Int, scratch: UnsafeMutablePointer<UInt>) {
        guard count >= karatsubaThreshold else {
            __gmpn_sec_sqr(output, a, count, scratch)
            return
        }
        let low = (count + 1) / 2, high = count - low
        // |a₀ − a₁| (low limbs) | (a₀ − a₁)² (2·low) | a₀² + a₁² − (a₀ − a₁)² (2·low + 1) | libgmp's
        let difference = scratch, differenceSquared = scratch + low, middle = scratch + 3 * low
        let workspace = scratch + 5 * low + 1
        absoluteDifference(a, low: low, high: high, into: difference)
        square(output, a, count: low, scratch: workspace)                   // a₀² in the low 2·low limbs
        square(output + 2 * low, a + low, count: high, scratch: workspace)  // a₁² in the high 2·high limbs
        square(differenceSquared, difference, count: low, scratch: workspace)
        // middle = a₀² + a₁² − (a₀ − a₁)² = 2·a₀·a₁ ≥ 0, below 2^(128·low + 1).
        middle[2 * low] = __gmpn_add(middle, output, 2 * low, output + 2 * low, 2 * high)
        middle[2 * low] &-= __gmpn_sub_n(middle, middle, differenceSquared, 2 * low)
        // output += middle·B; a² < B^(2·count), so nothing carries out.
        _ = __gmpn_add(output + low, output + low, 2 * count - low, middle, 2 * low + 1)
    }

    /// |a₀ − a₁| into `output` (`low` limbs), a₀ the low `low` limbs of a, a₁ the `high` ≤ `low`
    /// limbs above them.
    private static func absoluteDifference(
        _ a: UnsafePointer<UInt>, low: Int, high: Int, into output: UnsafeMutablePointer<UInt>
    ) {
        let a0 = a, a1 = a + low
        // a₁ has at most `low` limbs; when it has fewer, a₀ is the larger unless its extra top limb is 0.
        let a1IsLarger = (high == low || a0[low - 1] == 0) && __gmpn_cmp(a0, a1, high) < 0
        if a1IsLarger {
            _ = __gmpn_sub_n(output, a1, a0, high)
            if high < low { output[low - 1] = 0 }
        } else {
            let borrow = __gmpn_sub_n(output, a0, a1, high)
            if high < low { output[low - 1] = a0[low - 1] &- borrow }
        }
    }
}
