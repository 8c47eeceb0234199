import CGMP
import CVouchMontgomery

/// Exponentiation modulo one fixed odd modulus by Montgomery multiplication (REDC, Montgomery
/// 1985; Handbook of Applied Cryptography Alg. 14.32), set up once and reused: what an RSA key
/// does on every verification.
///
/// `mpz_powm` redoes its set-up (converting the base by a long division, a table of powers) on
/// every call; with n shifted to set its top bit and −n⁻¹ mod 2⁶⁴ kept here, a verification with
/// e = 65537 is one long division (the base into Montgomery form), 16 squarings with their
/// reductions, and one multiplication by the plain base whose reduction leaves Montgomery form,
/// all on libgmp's assembly `mpn` kernels. Numbers are arrays of 64-bit limbs, least significant
/// first, as `mpn` functions take them.
///
/// The squarings and multiplications run on one of two kernels (``MontgomeryKernel``): on an
/// x86-64 CPU with BMI2 and ADX, `CVouchMontgomery`'s MULX/ADCX/ADOX product and REDC; elsewhere
/// libgmp's schoolbook kernels (`mpn_sec_sqr`, `mpn_sec_mul`, `mpn_addmul_1`, and the linear
/// ones): `mpn_sqr`, `mpn_mul_n` and `mpn_tdiv_qr` would link libgmp's Toom and FFT code (about
/// 140 KB of static binary). On that path, squarings of 32 limbs and more go through Karatsuba
/// (``square(_:_:count:scratch:)``), which is what `mpn_sqr`'s Toom-2 would have given. The long
/// division into Montgomery form uses libgmp's `mpn_submul_1` on both.
///
/// Not constant-time, on either kernel: public exponents and public bases only.
struct MontgomeryModulus: Sendable {
    /// n, `limbCount` limbs.
    private let modulus: [UInt]
    /// −n⁻¹ mod 2⁶⁴.
    private let inverseNegated: UInt
    /// n shifted left by ``normalizationShift`` bits so that its top bit is set: the divisor of
    /// Algorithm D, which enters Montgomery form.
    private let normalizedModulus: [UInt]
    /// The leading zero bits of n's top limb.
    private let normalizationShift: Int

    private var limbCount: Int { modulus.count }

    /// The context for `value`; `nil` unless it is odd (REDC needs n coprime to 2⁶⁴).
    init?(_ value: BigNum) {
        self.init(bigEndian: value.bigEndianBytes[...])
    }

    /// The context for the big-endian magnitude `bytes` (leading zero bytes ignored); `nil`
    /// unless it is odd. Works on limbs throughout: no libgmp integer is made for a key.
    init?(bigEndian bytes: ArraySlice<UInt8>) {
        let significant = bytes.drop { $0 == 0 }
        guard let last = significant.last, last & 1 == 1 else { return nil }
        let count = (significant.count + 7) / 8
        guard let modulus = Self.limbs(bigEndian: significant, count: count),
              let inverseNegated = Self.inverseNegated(modulus),
              let top = modulus.last, top != 0 else { return nil }
        let shift = top.leadingZeroBitCount
        var normalized = modulus
        if shift > 0 {
            normalized.withUnsafeMutableBufferPointer { output in
                modulus.withUnsafeBufferPointer { input in
                    _ = __gmpn_lshift(output.baseAddress, input.baseAddress, count, UInt32(shift))
                }
            }
        }
        self.modulus = modulus
        self.inverseNegated = inverseNegated
        self.normalizedModulus = normalized
        self.normalizationShift = shift
    }

    /// −n⁻¹ mod 2⁶⁴ by Newton's iteration: each step doubles the correct low bits (3 → 96);
    /// `nil` for an even n.
    static func inverseNegated(_ modulus: [UInt]) -> UInt? {
        guard let low = modulus.first, low & 1 == 1 else { return nil }
        return inverseNegated(ofOddLimb: low)
    }

    /// −x⁻¹ mod 2⁶⁴ for an odd limb x (the low limb of an odd modulus), by Newton's iteration.
    static func inverseNegated(ofOddLimb low: UInt) -> UInt {
        var inverse: UInt = low  // correct to 3 bits for odd x
        for _ in 0..<5 { inverse = inverse &* (2 &- low &* inverse) }
        return 0 &- inverse
    }

    /// base^exponent mod n as exactly `length` big-endian bytes; `nil` when base ≥ n, when the
    /// exponent is zero, or when the result does not fit `length` bytes.
    ///
    /// Left to right over the exponent's bits. When the exponent is odd (every RSA exponent), its
    /// last step multiplies by the *plain* base: REDC(b^(e−1)·R · b) = b^e, already out of
    /// Montgomery form, which saves the final reduction.
    ///
    /// `kernel` chooses the limb arithmetic: ``MontgomeryKernel/preferred`` (the MULX/ADX kernel
    /// where the CPU has it) unless a test asks for one; a kernel this CPU cannot run, or one
    /// that does not take this many limbs, falls back to libgmp's.
    func power(
        bigEndianBase base: ArraySlice<UInt8>, exponent: [UInt8], length: Int,
        kernel: MontgomeryKernel = .preferred
    ) -> [UInt8]? {
        guard exponent.contains(where: { $0 != 0 }) else { return nil }
        let count = limbCount
        let useMulxADX = kernel == .mulxADX && MontgomeryKernel.isMulxADXAvailable
            && count <= MontgomeryKernel.maximumMulxADXLimbs
        let workspaceCount = useMulxADX
            ? 2 * count : max(Int(__gmpn_sec_mul_itch(count, count)), Self.squareScratchCount(count))
        // product (2·count + 1) | base in Montgomery form | accumulator | plain base | workspace
        return withUnsafeTemporaryAllocation(of: UInt.self, capacity: 5 * count + 1 + workspaceCount) { scratch -> [UInt8]? in
            guard let scratchBase = scratch.baseAddress else { return nil }
            let product = scratchBase, montgomeryBase = scratchBase + 2 * count + 1
            let accumulator = montgomeryBase + count, plain = accumulator + count, workspace = plain + count
            guard Self.load(bigEndian: base, into: UnsafeMutableBufferPointer(start: plain, count: count)),
                  modulus.withUnsafeBufferPointer({ n in __gmpn_cmp(plain, n.baseAddress, count) < 0 }) else { return nil }
            enterMontgomeryForm(plain, into: montgomeryBase, numerator: product)
            accumulator.update(from: montgomeryBase, count: count)
            let isPlain: Bool
            if useMulxADX {
                isPlain = modulus.withUnsafeBufferPointer { n -> Bool in
                    guard let nBase = n.baseAddress else { return false }
                    return Self.walk(exponent) {
                        vouch_montgomery_square(accumulator, accumulator, nBase, inverseNegated, count, workspace)
                    } multiply: { isLast in
                        vouch_montgomery_multiply(
                            accumulator, accumulator, isLast ? plain : montgomeryBase, nBase, inverseNegated, count, workspace)
                    }
                }
            } else {
                isPlain = Self.walk(exponent) {
                    Self.square(product, accumulator, count: count, scratch: workspace)
                    reduce(product, into: accumulator)
                } multiply: { isLast in
                    __gmpn_sec_mul(product, accumulator, count, isLast ? plain : montgomeryBase, count, workspace)
                    reduce(product, into: accumulator)
                }
            }
            if !isPlain {
                // Leave Montgomery form: REDC(x · 1). (An even exponent, or e = 1.)
                product.update(from: accumulator, count: count)
                (product + count).update(repeating: 0, count: count)
                reduce(product, into: accumulator)
            }
            return Self.bigEndianBytes(UnsafeBufferPointer(start: accumulator, count: count), length: length)
        }
    }

    /// Walks `exponent`'s bits from the one below its top set bit: `square` for each, then
    /// `multiply` for a set bit, told whether it is the exponent's last. Returns whether the
    /// last step was that multiplication, which leaves Montgomery form. `exponent` is not zero.
    @inline(__always)
    private static func walk(_ exponent: [UInt8], square: () -> Void, multiply: (_ isLast: Bool) -> Void) -> Bool {
        guard let firstSet = exponent.firstIndex(where: { $0 != 0 }) else { return false }
        var isPlain = false
        var bit = UInt8(7 - exponent[firstSet].leadingZeroBitCount)
        for index in firstSet..<exponent.count {
            let byte = exponent[index]
            while bit > 0 {
                bit -= 1
                square()
                guard byte >> bit & 1 == 1 else { continue }
                let isLast = index == exponent.count - 1 && bit == 0
                multiply(isLast)
                isPlain = isLast
            }
            bit = 8
        }
        return isPlain
    }

    /// x·R mod n (x < n, `count` limbs) into `output`: the remainder of x·2^(64·count) by n, by
    /// Algorithm D on the normalised modulus. `numerator` holds 2·count + 1 limbs.
    ///
    /// One long division instead of the product by R² mod n and its reduction: about as many
    /// `mpn_submul_1` steps as one REDC has `mpn_addmul_1` steps, and no R² kept per key.
    func enterMontgomeryForm(
        _ x: UnsafePointer<UInt>, into output: UnsafeMutablePointer<UInt>, numerator: UnsafeMutablePointer<UInt>
    ) {
        let count = limbCount
        numerator.initialize(repeating: 0, count: 2 * count + 1)
        // x < n, so x shifted as n was still fits count limbs (below the normalised n).
        if normalizationShift == 0 {
            (numerator + count).update(from: x, count: count)
        } else {
            _ = __gmpn_lshift(numerator + count, x, count, UInt32(normalizationShift))
        }
        normalizedModulus.withUnsafeBufferPointer { d in
            guard let dBase = d.baseAddress else { return }
            Self.remainderInPlace(numerator, 2 * count + 1, dividedBy: dBase, count)
        }
        if normalizationShift == 0 {
            output.update(from: numerator, count: count)
        } else {
            _ = __gmpn_rshift(output, numerator, count, UInt32(normalizationShift))
        }
    }

    /// x·R mod n for the limbs of x (`count` of them, x < n); `nil` otherwise. The array form of
    /// ``enterMontgomeryForm(_:into:numerator:)``, for tests.
    func montgomeryForm(_ x: [UInt]) -> [UInt]? {
        let count = limbCount
        guard x.count == count else { return nil }
        let below = x.withUnsafeBufferPointer { xs in
            modulus.withUnsafeBufferPointer { n in __gmpn_cmp(xs.baseAddress, n.baseAddress, count) < 0 }
        }
        guard below else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt.self, capacity: 3 * count + 1) { scratch -> [UInt]? in
            guard let base = scratch.baseAddress else { return nil }
            x.withUnsafeBufferPointer { xs in
                guard let xBase = xs.baseAddress else { return }
                enterMontgomeryForm(xBase, into: base, numerator: base + count)
            }
            return Array(UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// REDC (HAC 14.32, as libgmp's `redc_1`): `product` (2·count limbs, below n·R) times R⁻¹
    /// mod n into `output` (count limbs, fully reduced). Clobbers `product`.
    private func reduce(_ product: UnsafeMutablePointer<UInt>, into output: UnsafeMutablePointer<UInt>) {
        let count = limbCount
        modulus.withUnsafeBufferPointer { n in
            guard let nBase = n.baseAddress else { return }
            for index in 0..<count {
                // Adding m·n clears limb `index`; its carry belongs at index + count and is parked
                // in the cleared limb, to be added in one pass at the end.
                let multiplier = product[index] &* inverseNegated
                product[index] = __gmpn_addmul_1(product + index, nBase, count, multiplier)
            }
            let carry = __gmpn_add_n(output, product + count, product, count)
            if carry != 0 || __gmpn_cmp(output, nBase, count) >= 0 {
                _ = __gmpn_sub_n(output, output, nBase, count)
            }
        }
    }
}
