import CGMP

/// A non-negative arbitrary-precision integer on libgmp's `mpz_t`, with exactly the operations
/// signature verifiers need.
///
/// This is the one file of Vouch that touches `mpz_t` (the limb-level `mpn` code of RSA,
/// ``MontgomeryModulus``, lives beside it in `BigNum/`): each value owns one heap-allocated
/// `__mpz_struct`, initialised in `init` and released in `deinit`. Values are
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
