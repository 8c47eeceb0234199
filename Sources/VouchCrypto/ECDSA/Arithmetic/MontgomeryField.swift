/// GF(p) for an odd p below 2^(64·N), with elements in Montgomery form a·R mod p, R = 2^(64·N),
/// stored in `N` little-endian 64-bit words and always fully reduced (< p).
///
/// The multiplication is CIOS (coarsely integrated operand scanning, Koç–Acar–Kaliski 1996) over
/// fixed-count loops that the optimiser unrolls once `N` is known; 128-bit intermediates keep the
/// carries branch-free. Used for the fields of P-192, P-224, P-256 and P-384 and for arithmetic
/// modulo the group order of every curve.
struct MontgomeryField<let N: Int>: PrimeField {
    typealias Element = InlineArray<N, UInt64>

    /// p.
    let modulus: Element
    /// −p⁻¹ mod 2^64.
    let inverseWord: UInt64
    /// R² mod p, to bring integers into Montgomery form.
    let rSquared: Element
    /// R mod p: the element 1.
    let one: Element
    let modulusWords: [UInt64]
    let byteCount: Int

    var zero: Element { Element(repeating: 0) }

    /// The field modulo `modulus` (little-endian words, exactly `N` of them, odd).
    init(modulus words: [UInt64]) {
        var p = Element(repeating: 0)
        for index in 0..<N where index < words.count { p[index] = words[index] }
        modulus = p
        modulusWords = (0..<N).map { p[$0] }
        byteCount = (WordArithmetic.bitLength(modulusWords) + 7) / 8
        // Newton's iteration doubles the correct low bits each round: 1 → 2 → … → 64 after 6.
        var inverse: UInt64 = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- p[0] &* inverse) }
        inverseWord = 0 &- inverse
        // R mod p and R² mod p by doubling 1 modulo p, 64·N and then 64·N more times.
        var value = Element(repeating: 0)
        value[0] = 1
        for _ in 0..<(64 * N) { value = Self.add(value, value, modulus: p) }
        one = value
        for _ in 0..<(64 * N) { value = Self.add(value, value, modulus: p) }
        rSquared = value
    }

    func element(fromBigEndian bytes: ArraySlice<UInt8>) -> Element? {
        element(fromWords: WordArithmetic.words(fromBigEndian: bytes, count: N))
    }

    func element(fromWords words: [UInt64]) -> Element? {
        guard WordArithmetic.compare(words, modulusWords) < 0 else { return nil }
        var plain = Element(repeating: 0)
        for index in 0..<N where index < words.count { plain[index] = words[index] }
        return multiply(plain, rSquared)
    }

    func words(_ element: Element) -> [UInt64] {
        var unit = Element(repeating: 0)
        unit[0] = 1
        let plain = multiply(element, unit)
        return (0..<N).map { plain[$0] }
    }

    @inline(__always)
    func add(_ a: Element, _ b: Element) -> Element { Self.add(a, b, modulus: modulus) }

    @inline(__always)
    static func add(_ a: Element, _ b: Element, modulus p: Element) -> Element {
        var sum = Element(repeating: 0)
        var carry: UInt64 = 0
        for index in 0..<N {
            let wide = UInt128(a[index]) &+ UInt128(b[index]) &+ UInt128(carry)
            sum[index] = UInt64(truncatingIfNeeded: wide)
            carry = UInt64(truncatingIfNeeded: wide >> 64)
        }
        return subtractModulusIfNeeded(sum, high: carry, modulus: p)
    }

    @inline(__always)
    func subtract(_ a: Element, _ b: Element) -> Element {
        var difference = Element(repeating: 0)
        var borrow: UInt64 = 0
        for index in 0..<N {
            let wide = UInt128(a[index]) &- UInt128(b[index]) &- UInt128(borrow)
            difference[index] = UInt64(truncatingIfNeeded: wide)
            borrow = UInt64(truncatingIfNeeded: wide >> 64) & 1
        }
        // On borrow, add p back: the mask is all ones exactly then.
        let mask = 0 &- borrow
        var carry: UInt64 = 0
        for index in 0..<N {
            let wide = UInt128(difference[index]) &+ UInt128(modulus[index] & mask) &+ UInt128(carry)
            difference[index] = UInt64(truncatingIfNeeded: wide)
            carry = UInt64(truncatingIfNeeded: wide >> 64)
        }
        return difference
    }

    @inline(__always)
    func negate(_ a: Element) -> Element { subtract(zero, a) }

    /// a·b·R⁻¹ mod p.
    @inline(__always)
    func multiply(_ a: Element, _ b: Element) -> Element {
        var t = Element(repeating: 0)
        var top: UInt64 = 0
        for i in 0..<N {
            let bi = UInt128(b[i])
            var carry: UInt64 = 0
            for j in 0..<N {
                let wide = UInt128(a[j]) &* bi &+ UInt128(t[j]) &+ UInt128(carry)
                t[j] = UInt64(truncatingIfNeeded: wide)
                carry = UInt64(truncatingIfNeeded: wide >> 64)
            }
            let upper = UInt128(top) &+ UInt128(carry)
            top = UInt64(truncatingIfNeeded: upper)
            let overflow = UInt64(truncatingIfNeeded: upper >> 64)
            // Add m·p so that the lowest word becomes zero, and shift down one word.
            let m = UInt128(t[0] &* inverseWord)
            carry = UInt64(truncatingIfNeeded: (m &* UInt128(modulus[0]) &+ UInt128(t[0])) >> 64)
            for j in 1..<N {
                let wide = m &* UInt128(modulus[j]) &+ UInt128(t[j]) &+ UInt128(carry)
                t[j - 1] = UInt64(truncatingIfNeeded: wide)
                carry = UInt64(truncatingIfNeeded: wide >> 64)
            }
            let last = UInt128(top) &+ UInt128(carry)
            t[N - 1] = UInt64(truncatingIfNeeded: last)
            top = overflow &+ UInt64(truncatingIfNeeded: last >> 64)
        }
        return Self.subtractModulusIfNeeded(t, high: top, modulus: modulus)
    }

    @inline(__always)
    func square(_ a: Element) -> Element { multiply(a, a) }

    @inline(__always)
    func isZero(_ a: Element) -> Bool {
        var accumulated: UInt64 = 0
        for index in 0..<N { accumulated |= a[index] }
        return accumulated == 0
    }

    @inline(__always)
    func areEqual(_ a: Element, _ b: Element) -> Bool {
        var accumulated: UInt64 = 0
        for index in 0..<N { accumulated |= a[index] ^ b[index] }
        return accumulated == 0
    }

    /// value − p if `high`·2^(64N) + value ≥ p, else value; for inputs below 2p.
    @inline(__always)
    static func subtractModulusIfNeeded(_ value: Element, high: UInt64, modulus p: Element) -> Element {
        var reduced = Element(repeating: 0)
        var borrow: UInt64 = 0
        for index in 0..<N {
            let wide = UInt128(value[index]) &- UInt128(p[index]) &- UInt128(borrow)
            reduced[index] = UInt64(truncatingIfNeeded: wide)
            borrow = UInt64(truncatingIfNeeded: wide >> 64) & 1
        }
        // Keep `value` exactly when the subtraction borrowed past the high word.
        let keep = 0 &- (borrow & ~high & 1)
        var result = Element(repeating: 0)
        for index in 0..<N { result[index] = (value[index] & keep) | (reduced[index] & ~keep) }
        return result
    }
}
