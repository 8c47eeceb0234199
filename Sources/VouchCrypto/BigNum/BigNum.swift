import CGMP

/// A non-negative arbitrary-precision integer on libgmp's `mpz_t`, with exactly the operations
/// signature verifiers need.
///
/// This is the one file of Vouch that touches `mpz_t` and unsafe memory: each value owns one
/// heap-allocated `__mpz_struct`, initialised in `init` and released in `deinit`. Values are
/// immutable once made (every operation returns a new one), which is why sharing them between
/// threads is safe: libgmp only reads its source operands.
///
/// No operation can trap on input. Division by zero, which libgmp answers with `SIGFPE`, is ruled
/// out by ``Modulus``, a type that can only hold a positive number; no value is ever negative,
/// because bytes are read as unsigned and every subtraction is reduced modulo a ``Modulus``.
/// libgmp aborts when memory runs out; the callers bound their inputs (RSA moduli, curve sizes)
/// far below that.
///
/// **Not constant-time.** libgmp's `mpz_*` functions branch and allocate by value. That is fine
/// here: verification handles only public data (keys, signatures, messages). Never use this type
/// with a secret.
final class BigNum: @unchecked Sendable {
    // @unchecked: the only stored state is a pointer that no method writes after init.
    fileprivate let value: UnsafeMutablePointer<__mpz_struct>

    /// Zero, freshly initialised; the designated initialiser every other one builds on.
    fileprivate init() {
        value = .allocate(capacity: 1)
        __gmpz_init(value)
    }

    deinit {
        __gmpz_clear(value)
        value.deallocate()
    }

    /// The number whose big-endian unsigned encoding is `bytes` (leading zeros allowed; empty is 0).
    convenience init<Bytes: Collection>(bigEndian bytes: Bytes) where Bytes.Element == UInt8 {
        self.init()
        let imported: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            importBytes(UnsafeRawBufferPointer(buffer))
        }
        if imported == nil {
            Array(bytes).withUnsafeBytes { importBytes($0) }
        }
    }

    /// The number `small`.
    convenience init(_ small: UInt) {
        self.init()
        __gmpz_set_ui(value, small)
    }

    private func importBytes(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
        // order 1 = most significant word first, size 1 = bytes, endian 0 = native (moot for bytes).
        __gmpz_import(value, buffer.count, 1, 1, 0, 0, base)
    }

    /// Whether the number is zero.
    var isZero: Bool { value.pointee._mp_size == 0 }

    /// The number of significant bits: 0 for zero, otherwise the position of the top set bit plus one.
    var bitLength: Int { isZero ? 0 : Int(__gmpz_sizeinbase(value, 2)) }

    /// The number of bytes of the minimal big-endian encoding (0 for zero).
    var byteLength: Int { (bitLength + 7) / 8 }

    /// The big-endian encoding left-padded with zeros to exactly `length` bytes (I2OSP, RFC 8017
    /// §4.1), or `nil` when the number needs more than `length` bytes.
    func bigEndianBytes(length: Int) -> [UInt8]? {
        let needed = byteLength
        guard length >= 0, needed <= length else { return nil }
        var bytes = [UInt8](repeating: 0, count: length)
        guard needed > 0 else { return bytes }
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var written = 0
            __gmpz_export(base + (length - needed), &written, 1, 1, 0, 0, value)
        }
        return bytes
    }

    /// The minimal big-endian encoding (empty for zero).
    var bigEndianBytes: [UInt8] { bigEndianBytes(length: byteLength) ?? [] }

    /// `self` raised to `exponent`, modulo `modulus` (libgmp's `mpz_powm`).
    ///
    /// Not constant-time, and not meant to be: verifiers raise to *public* exponents only.
    func power(_ exponent: BigNum, modulo modulus: Modulus) -> BigNum {
        let result = BigNum()
        __gmpz_powm(result.value, value, exponent.value, modulus.value.value)
        return result
    }

    /// The inverse of `self` modulo `modulus`, or `nil` when there is none (gcd ≠ 1).
    func inverse(modulo modulus: Modulus) -> BigNum? {
        let result = BigNum()
        guard __gmpz_invert(result.value, value, modulus.value.value) != 0 else { return nil }
        return result
    }

    /// `self` reduced into `0 ..< modulus`.
    func reduced(modulo modulus: Modulus) -> BigNum {
        let result = BigNum()
        __gmpz_mod(result.value, value, modulus.value.value)
        return result
    }

    /// `(self + other) mod modulus`.
    func adding(_ other: BigNum, modulo modulus: Modulus) -> BigNum {
        combined(with: other, modulo: modulus, __gmpz_add)
    }

    /// `(self − other) mod modulus`, always in `0 ..< modulus`.
    func subtracting(_ other: BigNum, modulo modulus: Modulus) -> BigNum {
        combined(with: other, modulo: modulus, __gmpz_sub)
    }

    /// `(self · other) mod modulus`.
    func multiplying(_ other: BigNum, modulo modulus: Modulus) -> BigNum {
        combined(with: other, modulo: modulus, __gmpz_mul)
    }

    /// Applies a libgmp binary operation, then reduces; `mpz_mod` returns a non-negative result.
    private func combined(
        with other: BigNum, modulo modulus: Modulus,
        _ operation: (mpz_ptr?, mpz_srcptr?, mpz_srcptr?) -> Void
    ) -> BigNum {
        let result = BigNum()
        operation(result.value, value, other.value)
        __gmpz_mod(result.value, result.value, modulus.value.value)
        return result
    }

    /// -1, 0 or 1 as `self` is below, equal to or above `other`.
    private func compare(_ other: BigNum) -> Int32 { __gmpz_cmp(value, other.value) }

    /// A positive modulus: the only thing libgmp may divide by, so division by zero cannot happen.
    struct Modulus: Sendable {
        /// The modulus, greater than zero.
        let value: BigNum

        /// Wraps `value`; `nil` when it is zero.
        init?(_ value: BigNum) {
            guard !value.isZero else { return nil }
            self.value = value
        }
    }
}

extension BigNum: Comparable {
    static func == (lhs: BigNum, rhs: BigNum) -> Bool { lhs.compare(rhs) == 0 }
    static func < (lhs: BigNum, rhs: BigNum) -> Bool { lhs.compare(rhs) < 0 }
}

/// Exponentiation modulo one fixed odd modulus by Montgomery multiplication (REDC, Montgomery
/// 1985; Handbook of Applied Cryptography Alg. 14.32), set up once and reused: what an RSA key
/// does on every verification.
///
/// `mpz_powm` redoes its set-up (converting the base by a long division, a table of powers) on
/// every call; with R² mod n and −n⁻¹ mod 2⁶⁴ kept here, a verification with e = 65537 is 16
/// squarings and 18 reductions on libgmp's assembly `mpn` kernels and nothing else. Numbers are
/// arrays of 64-bit limbs, least significant first, as `mpn` functions take them.
///
/// Not constant-time: public exponents and public bases only.
struct MontgomeryModulus: Sendable {
    /// n, `limbCount` limbs.
    private let modulus: [UInt]
    /// −n⁻¹ mod 2⁶⁴.
    private let inverseNegated: UInt
    /// R² mod n with R = 2^(64·limbCount): multiplying by it (then reducing) enters Montgomery form.
    private let rSquared: [UInt]

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
              let rSquared = Self.rSquared(modulus) else { return nil }
        self.modulus = modulus
        self.inverseNegated = inverseNegated
        self.rSquared = rSquared
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

    /// R² mod n = 2^(128·count) mod n, by schoolbook long division (Knuth, TAOCP vol. 2, §4.3.1,
    /// Algorithm D) on libgmp's `mpn_submul_1` and `mpn_add_n`; `nil` for an empty modulus or one
    /// with a zero top limb.
    ///
    /// Not constant-time, and it need not be: n is an RSA *public* modulus, so the branches and
    /// quotient digits it leaks reveal nothing. (`mpn_sec_div_r`, used before, costs five times as
    /// much for 2048 bits; `mpn_tdiv_qr` would be as quick but brings libgmp's subquadratic
    /// division and multiplication, about 100 KB, into a static binary.)
    static func rSquared(_ modulus: [UInt]) -> [UInt]? {
        let count = modulus.count
        guard let top = modulus.last, top != 0 else { return nil }
        let shift = top.leadingZeroBitCount
        // 2^(128·count) has 2·count + 1 limbs; one more, zero, as D1 prescribes, keeps the first
        // window's top limbs below the divisor even for n = 1.
        let width = 2 * count + 2
        // divisor: n shifted to set its top bit (count) | numerator 2^(128·count) shifted alike (width)
        return withUnsafeTemporaryAllocation(of: UInt.self, capacity: count + width) { buffer -> [UInt]? in
            guard let divisor = buffer.baseAddress else { return nil }
            let numerator = divisor + count
            modulus.withUnsafeBufferPointer { n in
                guard let nBase = n.baseAddress else { return }
                if shift == 0 {
                    divisor.update(from: nBase, count: count)
                } else {
                    _ = __gmpn_lshift(divisor, nBase, count, UInt32(shift))
                }
            }
            numerator.initialize(repeating: 0, count: width)
            numerator[2 * count] = 1 &<< UInt(shift)
            Self.remainderInPlace(numerator, width, dividedBy: divisor, count)
            if shift > 0 { _ = __gmpn_rshift(numerator, numerator, count, UInt32(shift)) }
            return Array(UnsafeBufferPointer(start: numerator, count: count))
        }
    }

    /// x ← x mod d by Algorithm D: `x` has `width` > `count` limbs, its top limb zero (D1's extra
    /// digit); `d` has `count` with its top bit set. The remainder is left in x's low `count` limbs,
    /// the others become zero.
    ///
    /// Each step divides the top `count` + 1 limbs of the window by d: the quotient digit is
    /// estimated from the top two limbs and d's top limb, corrected with d's second limb (D3: then
    /// it is exact or one too large), multiplied out and subtracted (`mpn_submul_1`), and d is
    /// added back once if the subtraction went below zero (D6).
    static func remainderInPlace(_ x: UnsafeMutablePointer<UInt>, _ width: Int, dividedBy d: UnsafePointer<UInt>, _ count: Int) {
        let dTop = d[count - 1]
        let dNext: UInt = count > 1 ? d[count - 2] : 0
        var j = width - count - 1
        while j >= 0 {
            let high = x[j + count], low = x[j + count - 1]
            let next: UInt = count > 1 ? x[j + count - 2] : 0
            // high ≤ dTop: the window's top count limbs are below d.
            var quotient: UInt, remainder: UInt
            var remainderOverflowed = false
            if high >= dTop {
                quotient = UInt.max
                (remainder, remainderOverflowed) = low.addingReportingOverflow(high)
            } else {
                (quotient, remainder) = dTop.dividingFullWidth((high: high, low: low))
            }
            while !remainderOverflowed,
                  UInt128(quotient) &* UInt128(dNext) > UInt128(remainder) &<< 64 | UInt128(next) {
                quotient &-= 1
                (remainder, remainderOverflowed) = remainder.addingReportingOverflow(dTop)
            }
            let borrow = __gmpn_submul_1(x + j, d, count, quotient)
            if borrow > high {
                _ = __gmpn_add_n(x + j, x + j, d, count)
            }
            x[j + count] = 0
            j -= 1
        }
    }

    /// base^exponent mod n as exactly `length` big-endian bytes; `nil` when base ≥ n, when the
    /// exponent is zero, or when the result does not fit `length` bytes.
    func power(bigEndianBase base: ArraySlice<UInt8>, exponent: [UInt8], length: Int) -> [UInt8]? {
        guard let firstSet = exponent.firstIndex(where: { $0 != 0 }) else { return nil }
        let count = limbCount
        let productScratch = max(Int(__gmpn_sec_mul_itch(count, count)), Int(__gmpn_sec_sqr_itch(count)))
        // product (2·count) | base in Montgomery form | accumulator | base, then result | libgmp's scratch
        return withUnsafeTemporaryAllocation(of: UInt.self, capacity: 5 * count + productScratch) { scratch -> [UInt8]? in
            guard let scratchBase = scratch.baseAddress else { return nil }
            let product = scratchBase, montgomeryBase = scratchBase + 2 * count, accumulator = scratchBase + 3 * count
            let plain = scratchBase + 4 * count, workspace = scratchBase + 5 * count
            guard Self.load(bigEndian: base, into: UnsafeMutableBufferPointer(start: plain, count: count)),
                  modulus.withUnsafeBufferPointer({ n in __gmpn_cmp(plain, n.baseAddress, count) < 0 }) else { return nil }
            rSquared.withUnsafeBufferPointer { r2 in
                __gmpn_sec_mul(product, plain, count, r2.baseAddress, count, workspace)
            }
            reduce(product, into: montgomeryBase)
            accumulator.update(from: montgomeryBase, count: count)
            // Left to right over the exponent's bits, after its top set bit.
            let top = exponent[firstSet]
            var bit = UInt8(7 - top.leadingZeroBitCount)
            for index in firstSet..<exponent.count {
                let byte = exponent[index]
                while bit > 0 {
                    bit -= 1
                    __gmpn_sec_sqr(product, accumulator, count, workspace)
                    reduce(product, into: accumulator)
                    if byte >> bit & 1 == 1 {
                        __gmpn_sec_mul(product, accumulator, count, montgomeryBase, count, workspace)
                        reduce(product, into: accumulator)
                    }
                }
                bit = 8
            }
            // Leave Montgomery form: REDC(x · 1).
            product.update(from: accumulator, count: count)
            (product + count).update(repeating: 0, count: count)
            reduce(product, into: plain)
            return Self.bigEndianBytes(UnsafeBufferPointer(start: plain, count: count), length: length)
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

    /// `count` little-endian limbs of the big-endian `bytes`; `nil` if the number needs more.
    static func limbs(bigEndian bytes: ArraySlice<UInt8>, count: Int) -> [UInt]? {
        var limbs = [UInt](zeros: count)
        let fits = limbs.withUnsafeMutableBufferPointer { load(bigEndian: bytes, into: $0) }
        return fits ? limbs : nil
    }

    /// Fills `limbs` with the little-endian limbs of the big-endian `bytes` (zeros above the
    /// number); `false` if the number needs more limbs than `limbs` holds.
    ///
    /// Whole limbs are loaded eight bytes at a time from the least significant end (one
    /// unaligned big-endian load each, offsets within the buffer by construction); only the most
    /// significant partial limb goes byte by byte.
    static func load(bigEndian bytes: ArraySlice<UInt8>, into limbs: UnsafeMutableBufferPointer<UInt>) -> Bool {
        limbs.update(repeating: 0)
        let count = limbs.count
        return bytes.withUnsafeBytes { raw in
            var end = raw.count
            var index = 0
            while end > 0 {
                var limb: UInt = 0
                if end >= 8 {
                    limb = UInt(UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)))
                    end &-= 8
                } else {
                    for position in 0..<end { limb = limb << 8 | UInt(raw[position]) }
                    end = 0
                }
                if index < count {
                    limbs[index] = limb
                } else if limb != 0 {
                    return false
                }
                index += 1
            }
            return true
        }
    }

    /// The big-endian bytes of little-endian `limbs`, exactly `length` long; `nil` if they do not fit.
    ///
    /// A limb with eight bytes of room below it is stored whole (one big-endian store); only
    /// the bytes of the limb that reaches the front go one at a time.
    static func bigEndianBytes(_ limbs: UnsafeBufferPointer<UInt>, length: Int) -> [UInt8]? {
        guard length >= 0 else { return nil }
        var bytes = [UInt8](zeros: length)
        let fits = bytes.withUnsafeMutableBytes { raw -> Bool in
            var end = length  // one past the byte that receives the limb's lowest octet
            for limb in limbs {
                if end >= 8 {
                    end &-= 8
                    raw.storeBytes(of: UInt64(limb).bigEndian, toByteOffset: end, as: UInt64.self)
                    continue
                }
                var rest = limb
                for _ in 0..<8 {
                    if end > 0 {
                        end -= 1
                        raw[end] = UInt8(truncatingIfNeeded: rest)
                    } else if rest & 0xff != 0 {
                        return false
                    }
                    rest >>= 8
                }
            }
            return true
        }
        return fits ? bytes : nil
    }
}

/// Arithmetic modulo an elliptic-curve group order n (a few limbs) for ECDSA verification, with
/// its operands on the stack: nothing allocated but the two results (the same three operations on
/// `BigNum`s allocated about fifteen times).
///
/// Products and remainders use libgmp's schoolbook `mpn_sec_mul` and `mpn_sec_div_r`, and the
/// inverse is computed here: `mpn_mul_n`, `mpn_tdiv_qr` and `mpn_gcdext` would bring libgmp's
/// subquadratic code (Toom, FFT, half-GCD: about 140 KB) into a static binary for operands of at
/// most nine limbs, where it never runs.
struct OrderArithmetic: Sendable {
    /// n as limbs, least significant first; the most significant limb is not zero.
    private let modulus: [UInt]

    /// The arithmetic modulo `words` (little-endian); `nil` when n is even, below 3 or has a zero
    /// top word.
    init?(words: [UInt64]) {
        guard let top = words.last, top != 0, let low = words.first, low & 1 == 1, words.count > 1 || low > 1 else { return nil }
        modulus = words.map { UInt(truncatingIfNeeded: $0) }
    }

    /// (e·s⁻¹ mod n, r·s⁻¹ mod n) for `e`, `r` and `s` of exactly as many words as n, with
    /// 1 ≤ s < n; `nil` when the sizes differ or s has no inverse.
    func signatureScalars(e: [UInt64], r: [UInt64], s: [UInt64]) -> (u1: [UInt64], u2: [UInt64])? {
        let n = modulus.count
        guard n > 0, e.count == n, r.count == n, s.count == n else { return nil }
        let gmpScratch = max(1, Int(__gmpn_sec_mul_itch(n, n)), Int(__gmpn_sec_div_r_itch(2 * n, n)))
        // inverse (n) | factor (n) | product (2n) | inversion (9n + 9) | libgmp's scratch
        return withUnsafeTemporaryAllocation(of: UInt.self, capacity: 13 * n + 9 + gmpScratch) { buffer -> (u1: [UInt64], u2: [UInt64])? in
            guard let base = buffer.baseAddress else { return nil }
            buffer.initialize(repeating: 0)
            let inverse = base, factor = base + n, product = base + 2 * n
            let inversion = base + 4 * n, workspace = base + 13 * n + 9
            return modulus.withUnsafeBufferPointer { m -> (u1: [UInt64], u2: [UInt64])? in
                guard let nLimbs = m.baseAddress else { return nil }
                for index in 0..<n { factor[index] = UInt(truncatingIfNeeded: s[index]) }
                guard Self.invert(factor, modulo: nLimbs, count: n, into: inverse, scratch: inversion) else { return nil }
                /// value · s⁻¹ mod n: the 2n-limb product, then its remainder by n (in place).
                func timesInverse(_ value: [UInt64]) -> [UInt64] {
                    for index in 0..<n { factor[index] = UInt(truncatingIfNeeded: value[index]) }
                    __gmpn_sec_mul(product, factor, n, inverse, n, workspace)
                    __gmpn_sec_div_r(product, 2 * n, nLimbs, n, workspace)
                    return (0..<n).map { UInt64(product[$0]) }
                }
                return (timesInverse(e), timesInverse(r))
            }
        }
    }

    /// The inner steps of one round of ``invert(_:modulo:count:into:scratch:)``: k − 1 with k = 31
    /// in Pornin's notation, so that the approximations fit 62 bits and the factors 2^30.
    static let inversionSteps = 30

    /// y⁻¹ mod m for an odd m ≥ 3 and 0 ≤ y < m, by Pornin's optimized binary GCD ("Optimized
    /// Binary GCD for Modular Inversion", 2020, Algorithm 2, without its constant-time form: in a
    /// verification y is public); `false` when gcd(y, m) ≠ 1. All operands are `count` limbs;
    /// `scratch` holds 9·(count + 1).
    ///
    /// The binary GCD of a = y and b = m keeps a ≡ u·y and b ≡ v·y (mod m). Each round runs 30
    /// of its steps on one-word approximations of a and b (their low 30 and top 32 bits, which
    /// decide the steps exactly), gathering them in factors f0, g0, f1, g1 with |f| + |g| ≤ 2^30;
    /// it then applies them to the full numbers at once: a ← (a·f0 + b·g0) / 2^30, and u ← (u·f0 +
    /// v·g0) / 2^30 mod m (a Montgomery halving, so the invariant holds with no correction at the
    /// end). Each round removes at least 30 bits of a·b, so a = 0 after at most ⌈(2·len(m) − 1) / 30⌉
    /// rounds; then b = gcd(y, m), and v = y⁻¹ when b = 1.
    static func invert(
        _ y: UnsafePointer<UInt>, modulo m: UnsafePointer<UInt>, count: Int,
        into inverse: UnsafeMutablePointer<UInt>, scratch: UnsafeMutablePointer<UInt>
    ) -> Bool {
        let width = count + 1  // one more limb for the signed combinations
        scratch.update(repeating: 0, count: 9 * width)
        let a = scratch, b = scratch + width, u = scratch + 2 * width, v = scratch + 3 * width
        let nextA = scratch + 4 * width, nextB = scratch + 5 * width
        let nextU = scratch + 6 * width, nextV = scratch + 7 * width, modulus = scratch + 8 * width
        a.update(from: y, count: count)
        b.update(from: m, count: count)
        modulus.update(from: m, count: count)
        u[0] = 1
        let inverseNegated = MontgomeryModulus.inverseNegated(ofOddLimb: m[0])
        let steps = inversionSteps
        let maximumRounds = (2 * UInt.bitWidth * count) / steps + 1
        var rounds = 0
        while !equals(a, width, low: 0) {
            rounds += 1
            guard rounds <= maximumRounds else { return false }  // unreachable by the bound above
            let length = max(bitLength(a, count), bitLength(b, count), 2 * (steps + 1))
            var approximateA = approximation(a, count, length: length)
            var approximateB = approximation(b, count, length: length)
            var f0: Int64 = 1, g0: Int64 = 0, f1: Int64 = 0, g1: Int64 = 1
            for _ in 0..<steps {
                if approximateA & 1 == 1 {
                    if approximateA < approximateB {
                        swap(&approximateA, &approximateB)
                        swap(&f0, &f1)
                        swap(&g0, &g1)
                    }
                    // |f|, |g| ≤ 2^30 throughout: the wrapping operations never wrap.
                    approximateA &-= approximateB
                    f0 &-= f1
                    g0 &-= g1
                }
                approximateA &>>= 1
                f1 &<<= 1
                g1 &<<= 1
            }
            combine(a, f0, b, g0, count, into: nextA)
            if isNegative(nextA, width) { negate(nextA, width); f0 = -f0; g0 = -g0 }
            combine(a, f1, b, g1, count, into: nextB)
            if isNegative(nextB, width) { negate(nextB, width); f1 = -f1; g1 = -g1 }
            combine(u, f0, v, g0, count, into: nextU, modulo: modulus, inverseNegated: inverseNegated)
            reduceOnce(nextU, modulo: modulus, width)
            combine(u, f1, v, g1, count, into: nextV, modulo: modulus, inverseNegated: inverseNegated)
            reduceOnce(nextV, modulo: modulus, width)
            a.update(from: nextA, count: width)
            b.update(from: nextB, count: width)
            u.update(from: nextU, count: width)
            v.update(from: nextV, count: width)
        }
        guard equals(b, width, low: 1) else { return false }
        inverse.update(from: v, count: count)
        return true
    }

    /// The number of significant bits of x (`count` limbs).
    private static func bitLength(_ x: UnsafePointer<UInt>, _ count: Int) -> Int {
        var index = count
        while index > 0 {
            index -= 1
            if x[index] != 0 { return index * UInt.bitWidth + UInt.bitWidth - x[index].leadingZeroBitCount }
        }
        return 0
    }

    /// x's low 30 bits below its bits [length − 32, length): Pornin's ā, exact for x < 2^62.
    private static func approximation(_ x: UnsafePointer<UInt>, _ count: Int, length: Int) -> UInt {
        let steps = inversionSteps
        let offset = length - steps - 2
        let index = offset / UInt.bitWidth, bit = offset % UInt.bitWidth
        var window = x[index] &>> bit
        if bit > 0 && index + 1 < count { window |= x[index + 1] &<< (UInt.bitWidth - bit) }
        let top = window & 0xffff_ffff
        let low = x[0] & (UInt.max &>> (UInt.bitWidth - steps))
        return low | top &<< steps
    }

    /// output (count + 1 limbs, two's complement) ← (x·f + y·g [+ c·m]) / 2^30, for x, y of
    /// `count` limbs. With a modulus, c < 2^30 is chosen to make the sum divisible by 2^30
    /// (c = sum·(−m⁻¹) mod 2^30); without, the caller knows the sum is.
    private static func combine(
        _ x: UnsafePointer<UInt>, _ f: Int64, _ y: UnsafePointer<UInt>, _ g: Int64, _ count: Int,
        into output: UnsafeMutablePointer<UInt>, modulo m: UnsafePointer<UInt>? = nil, inverseNegated: UInt = 0
    ) {
        let steps = inversionSteps
        var multiplier: Int128 = 0
        if m != nil {
            let low = UInt(bitPattern: Int(truncatingIfNeeded: f)) &* x[0] &+ UInt(bitPattern: Int(truncatingIfNeeded: g)) &* y[0]
            multiplier = Int128((low &* inverseNegated) & (UInt.max &>> (UInt.bitWidth - steps)))
        }
        var carry: Int128 = 0
        for index in 0..<count {
            // Each product is below 2^94 in magnitude, the sum below 2^96: no overflow, so wrapping
            // operations (no overflow checks) are exact.
            var term = Int128(x[index]) &* Int128(f) &+ Int128(y[index]) &* Int128(g) &+ carry
            if let m { term = term &+ Int128(m[index]) &* multiplier }
            output[index] = UInt(truncatingIfNeeded: term)
            carry = term >> UInt.bitWidth
        }
        output[count] = UInt(truncatingIfNeeded: carry)
        // Arithmetic shift right by 30 over count + 1 limbs.
        for index in 0..<count {
            output[index] = output[index] &>> steps | output[index + 1] &<< (UInt.bitWidth - steps)
        }
        output[count] = UInt(bitPattern: Int(bitPattern: output[count]) &>> steps)
    }

    private static func isNegative(_ x: UnsafePointer<UInt>, _ width: Int) -> Bool {
        Int(bitPattern: x[width - 1]) < 0
    }

    /// x ← −x (two's complement over `width` limbs).
    private static func negate(_ x: UnsafeMutablePointer<UInt>, _ width: Int) {
        var carry: UInt = 1
        for index in 0..<width {
            let (sum, overflow) = (~x[index]).addingReportingOverflow(carry)
            x[index] = sum
            carry = overflow ? 1 : 0
        }
    }

    /// x ← x mod m for −m < x < 2m (`width` limbs, two's complement; m has a zero top limb), with
    /// libgmp's `mpn_add_n`, `mpn_cmp` and `mpn_sub_n` as ``MontgomeryModulus`` uses them.
    private static func reduceOnce(_ x: UnsafeMutablePointer<UInt>, modulo m: UnsafePointer<UInt>, _ width: Int) {
        if isNegative(x, width) {
            _ = __gmpn_add_n(x, x, m, width)
        } else if __gmpn_cmp(x, m, width) >= 0 {
            _ = __gmpn_sub_n(x, x, m, width)
        }
    }

    /// Whether x = `low` (a one-limb value).
    @inline(__always)
    private static func equals(_ x: UnsafePointer<UInt>, _ count: Int, low: UInt) -> Bool {
        guard x[0] == low else { return false }
        for index in 1..<max(count, 1) where x[index] != 0 { return false }
        return true
    }
}
