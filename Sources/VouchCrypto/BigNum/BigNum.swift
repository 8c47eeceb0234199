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
        var inverse: UInt = low  // correct to 3 bits for odd n
        for _ in 0..<5 { inverse = inverse &* (2 &- low &* inverse) }
        return 0 &- inverse
    }

    /// R² mod n = 2^(128·count) mod n, by one `mpn_tdiv_qr` (the divisor's top limb must be
    /// non-zero: `modulus` has no leading zero limb).
    static func rSquared(_ modulus: [UInt]) -> [UInt]? {
        let count = modulus.count
        guard let top = modulus.last, top != 0 else { return nil }
        var power = [UInt](repeating: 0, count: 2 * count + 1)
        power[2 * count] = 1
        var quotient = [UInt](repeating: 0, count: count + 2)
        var remainder = [UInt](repeating: 0, count: count)
        quotient.withUnsafeMutableBufferPointer { q in
            remainder.withUnsafeMutableBufferPointer { r in
                power.withUnsafeBufferPointer { numerator in
                    modulus.withUnsafeBufferPointer { divisor in
                        __gmpn_tdiv_qr(q.baseAddress, r.baseAddress, 0, numerator.baseAddress, 2 * count + 1,
                                       divisor.baseAddress, count)
                    }
                }
            }
        }
        return remainder
    }

    /// base^exponent mod n as exactly `length` big-endian bytes; `nil` when base ≥ n, when the
    /// exponent is zero, or when the result does not fit `length` bytes.
    func power(bigEndianBase base: ArraySlice<UInt8>, exponent: [UInt8], length: Int) -> [UInt8]? {
        guard let baseLimbs = Self.limbs(bigEndian: base, count: limbCount),
              baseLimbs.withUnsafeBufferPointer({ b in modulus.withUnsafeBufferPointer { n in
                  __gmpn_cmp(b.baseAddress, n.baseAddress, limbCount) < 0 } }),
              let firstSet = exponent.firstIndex(where: { $0 != 0 }) else { return nil }
        let count = limbCount
        var result = [UInt](repeating: 0, count: count)
        withUnsafeTemporaryAllocation(of: UInt.self, capacity: 4 * count) { scratch in
            guard let scratchBase = scratch.baseAddress else { return }
            let product = scratchBase, montgomeryBase = scratchBase + 2 * count, accumulator = scratchBase + 3 * count
            baseLimbs.withUnsafeBufferPointer { b in
                rSquared.withUnsafeBufferPointer { r2 in
                    __gmpn_mul_n(product, b.baseAddress, r2.baseAddress, count)
                }
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
                    __gmpn_sqr(product, accumulator, count)
                    reduce(product, into: accumulator)
                    if byte >> bit & 1 == 1 {
                        __gmpn_mul_n(product, accumulator, montgomeryBase, count)
                        reduce(product, into: accumulator)
                    }
                }
                bit = 8
            }
            // Leave Montgomery form: REDC(x · 1).
            product.update(from: accumulator, count: count)
            (product + count).update(repeating: 0, count: count)
            result.withUnsafeMutableBufferPointer { out in
                if let outBase = out.baseAddress { reduce(product, into: outBase) }
            }
        }
        return Self.bigEndianBytes(result, length: length)
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
        var limbs = [UInt](repeating: 0, count: count)
        var end = bytes.endIndex
        var index = 0
        // Eight bytes to a limb, from the least significant end.
        while end > bytes.startIndex {
            let start = max(bytes.startIndex, end - 8)
            var limb: UInt = 0
            for position in start..<end { limb = limb << 8 | UInt(bytes[position]) }
            if index < count {
                limbs[index] = limb
            } else if limb != 0 {
                return nil
            }
            index += 1
            end = start
        }
        return limbs
    }

    /// The big-endian bytes of little-endian `limbs`, exactly `length` long; `nil` if they do not fit.
    static func bigEndianBytes(_ limbs: [UInt], length: Int) -> [UInt8]? {
        guard length >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: length)
        var end = length  // one past the byte that receives the limb's lowest octet
        for limb in limbs {
            var rest = limb
            for _ in 0..<8 {
                if end > 0 {
                    end -= 1
                    bytes[end] = UInt8(truncatingIfNeeded: rest)
                } else if rest & 0xff != 0 {
                    return nil
                }
                rest >>= 8
            }
        }
        return bytes
    }
}

/// Arithmetic modulo an elliptic-curve group order n (a few limbs) for ECDSA verification, on
/// libgmp's documented `mpn` functions with their operands on the stack: nothing allocated but
/// the two results (the same three operations on `BigNum`s allocated about fifteen times).
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
    ///
    /// s⁻¹ by `mpn_gcdext` as `mpz_invert` does it: with U = s + n (so that U ≥ n and its top limb
    /// is not zero) and V = n, it returns G = gcd and S with G = U·S + V·T, so S·s ≡ G (mod n);
    /// G = 1 makes S (or n − |S| when S < 0; |S| < n/2) the inverse.
    func signatureScalars(e: [UInt64], r: [UInt64], s: [UInt64]) -> (u1: [UInt64], u2: [UInt64])? {
        let n = modulus.count
        guard n > 0, e.count == n, r.count == n, s.count == n else { return nil }
        // u (n + 1) | v (n) | g (n) | cofactor (n + 1) | inverse (n) | product (2n) | quotient (n + 1)
        return withUnsafeTemporaryAllocation(of: UInt.self, capacity: 8 * n + 3) { buffer -> (u1: [UInt64], u2: [UInt64])? in
            guard let base = buffer.baseAddress else { return nil }
            buffer.initialize(repeating: 0)
            let u = base, v = base + n + 1, g = base + 2 * n + 1, cofactor = base + 3 * n + 1
            let inverse = base + 4 * n + 2, product = base + 5 * n + 2, quotient = base + 7 * n + 2
            return modulus.withUnsafeBufferPointer { m -> (u1: [UInt64], u2: [UInt64])? in
                guard let nLimbs = m.baseAddress else { return nil }
                for index in 0..<n { inverse[index] = UInt(truncatingIfNeeded: s[index]) }  // s, for now
                u[n] = __gmpn_add_n(u, inverse, nLimbs, n)
                let uLimbs = u[n] == 0 ? n : n + 1
                v.update(from: nLimbs, count: n)
                var cofactorSize: mp_size_t = 0
                let gcdSize = __gmpn_gcdext(g, cofactor, &cofactorSize, u, uLimbs, v, n)
                guard gcdSize == 1, g[0] == 1 else { return nil }
                let magnitude = Int(cofactorSize.magnitude)
                guard magnitude >= 1, magnitude <= n else { return nil }
                // inverse = S, or n − |S| for a negative S.
                for index in 0..<n { inverse[index] = index < magnitude ? cofactor[index] : 0 }
                if cofactorSize < 0 { _ = __gmpn_sub_n(inverse, nLimbs, inverse, n) }
                /// factor · s⁻¹ mod n: the 2n-limb product, then its remainder by n (in `u`).
                func timesInverse(_ factor: [UInt64]) -> [UInt64] {
                    for index in 0..<n { u[index] = UInt(truncatingIfNeeded: factor[index]) }
                    __gmpn_mul_n(product, u, inverse, n)
                    __gmpn_tdiv_qr(quotient, u, 0, product, 2 * n, nLimbs, n)
                    return (0..<n).map { UInt64(u[$0]) }
                }
                return (timesInverse(e), timesInverse(r))
            }
        }
    }
}
