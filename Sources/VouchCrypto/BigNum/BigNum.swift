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
    private let value: UnsafeMutablePointer<__mpz_struct>

    /// Zero, freshly initialised; the designated initialiser every other one builds on.
    private init() {
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

extension BigNum: CustomStringConvertible {
    /// Hexadecimal, lower case, without prefix (`0` for zero), for test failures and debugging.
    var description: String {
        let digits = Array("0123456789abcdef".utf8)
        let bytes = bigEndianBytes
        guard !bytes.isEmpty else { return "0" }
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        if text.first == UInt8(ascii: "0") { text.removeFirst() }
        return String(decoding: text, as: UTF8.self)
    }
}
