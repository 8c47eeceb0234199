/// Arithmetic in a prime field GF(p), as the point formulas of ``WeierstrassCurve`` need it.
///
/// Each conforming type picks its own representation of an element (Montgomery form, unsaturated
/// limbs, …); callers only convert at the edges with ``element(fromBigEndian:)`` and
/// ``bigEndianBytes(_:)``. Nothing here is constant-time: signature verification handles public
/// data only.
protocol PrimeField: Sendable {
    /// An element in the field's internal representation.
    associatedtype Element: Sendable

    /// The additive identity.
    var zero: Element { get }
    /// The multiplicative identity.
    var one: Element { get }
    /// The modulus as little-endian 64-bit words.
    var modulusWords: [UInt64] { get }
    /// The number of bytes in the big-endian encoding of an element (⌈bits(p)/8⌉).
    var byteCount: Int { get }

    /// The element with the value of `bytes` (big-endian, any length); `nil` when that value is ≥ p.
    func element(fromBigEndian bytes: ArraySlice<UInt8>) -> Element?
    /// The element with the value of `words` (little-endian); `nil` when that value is ≥ p.
    func element(fromWords words: [UInt64]) -> Element?
    /// The canonical value of `element` as little-endian 64-bit words (as many as the modulus has).
    func words(_ element: Element) -> [UInt64]

    /// a + b.
    func add(_ a: Element, _ b: Element) -> Element
    /// a − b.
    func subtract(_ a: Element, _ b: Element) -> Element
    /// a · b.
    func multiply(_ a: Element, _ b: Element) -> Element
    /// a².
    func square(_ a: Element) -> Element
    /// −a.
    func negate(_ a: Element) -> Element
    /// a/2 (a·2⁻¹): cheaper than a multiplication by 2⁻¹, as point doubling uses it.
    func halve(_ a: Element) -> Element
    /// 3·a; the default is a + a + a.
    func triple(_ a: Element) -> Element
    /// Whether `a` is zero.
    func isZero(_ a: Element) -> Bool
    /// Whether `a` and `b` are the same element.
    func areEqual(_ a: Element, _ b: Element) -> Bool
}

extension PrimeField {
    /// The canonical big-endian encoding of `element`, ``byteCount`` bytes long.
    func bigEndianBytes(_ element: Element) -> [UInt8] {
        WordArithmetic.bigEndianBytes(words(element), count: byteCount)
    }

    /// 2·a.
    @inline(__always)
    func double(_ a: Element) -> Element { add(a, a) }

    @inline(__always)
    func triple(_ a: Element) -> Element { add(add(a, a), a) }

    /// `base` raised to the integer `exponent` (little-endian words), by square-and-multiply.
    func power(_ base: Element, _ exponent: [UInt64]) -> Element {
        var result = one
        var started = false
        for word in exponent.reversed() {
            for shift in stride(from: 63, through: 0, by: -1) {
                if started { result = square(result) }
                if (word >> UInt64(shift)) & 1 == 1 {
                    result = started ? multiply(result, base) : base
                    started = true
                }
            }
        }
        return result
    }

    /// a⁻¹ by the binary GCD of ``OrderArithmetic/invert(_:modulo:count:into:scratch:)`` on the
    /// canonical value: about 17 k instructions for P-256, a quarter of Fermat's a^(p−2); `nil` for zero.
    func inverse(_ a: Element) -> Element? {
        // One array: the value's words, overwritten by its inverse's.
        var words = words(a)
        let modulus = modulusWords
        let count = modulus.count
        guard words.count == count else { return nil }
        // y (count) | m (count) | y⁻¹ (count) | the inversion's scratch (9·(count + 1))
        let inverted = withUnsafeTemporaryAllocation(of: UInt.self, capacity: 12 * count + 9) { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            buffer.initialize(repeating: 0)
            let y = base, m = base + count, result = base + 2 * count, scratch = base + 3 * count
            for index in 0..<count {
                y[index] = UInt(truncatingIfNeeded: words[index])
                m[index] = UInt(truncatingIfNeeded: modulus[index])
            }
            guard OrderArithmetic.invert(y, modulo: m, count: count, into: result, scratch: scratch) else { return false }
            for index in 0..<count { words[index] = UInt64(truncatingIfNeeded: result[index]) }
            return true
        }
        return inverted ? element(fromWords: words) : nil
    }

    /// A square root of `a`, or `nil` when `a` is not a square. Only for p ≡ 3 (mod 4), where the
    /// root is a^((p+1)/4); `nil` for other moduli (P-224).
    func squareRoot(_ a: Element) -> Element? {
        guard let low = modulusWords.first, low & 3 == 3 else { return nil }
        let exponent = WordArithmetic.shiftedRight(WordArithmetic.adding(1, to: modulusWords), by: 2)
        let root = power(a, exponent)
        return areEqual(square(root), a) ? root : nil
    }
}
