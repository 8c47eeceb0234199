/// GF(2^521 − 1), the field of P-521, in nine unsaturated 58-bit limbs (the last holds 57 bits).
///
/// p is a Mersenne prime, so no Montgomery form is needed: limb products with i + j ≥ 9 land at
/// 2^(58·(i+j)) = 2^522 · 2^(58·(i+j−9)) ≡ 2 · 2^(58·(i+j−9)), and bits above 2^521 fold back with
/// weight 1. With limbs below 2^59 every column sum stays below 2^125, so a product is 81 plain
/// 64×64→128 multiplications summed into nine 128-bit columns with no carry chains, then one
/// carry pass. (The same layout as OpenSSL's `ecp_nistp521.c`; measured about three times faster
/// than nine-word Montgomery multiplication here.)
///
/// Elements are kept *weakly* reduced: limbs 0–7 below 2^58 + 2^10, limb 8 below 2^57 + 2^10;
/// ``canonical(_:)`` gives the unique representative below p.
struct P521Field: PrimeField {
    typealias Element = InlineArray<9, UInt64>

    /// Bits per limb (limbs 0–7).
    static let limbBits: UInt64 = 58
    static let limbMask: UInt64 = (1 << 58) - 1
    /// The top limb holds bits 464…520.
    static let topMask: UInt64 = (1 << 57) - 1

    let modulusWords: [UInt64] = [UInt64](repeating: ~0, count: 8) + [0x1FF]
    let byteCount = 66

    var zero: Element { Element(repeating: 0) }
    var one: Element {
        var element = Element(repeating: 0)
        element[0] = 1
        return element
    }

    func element(fromBigEndian bytes: ArraySlice<UInt8>) -> Element? {
        element(fromWords: WordArithmetic.words(fromBigEndian: bytes, count: 9))
    }

    func element(fromWords words: [UInt64]) -> Element? {
        guard WordArithmetic.compare(words, modulusWords) < 0 else { return nil }
        var limbs = Element(repeating: 0)
        for limb in 0..<9 {
            let bit = limb * 58
            let word = bit / 64
            let shift = UInt64(bit % 64)
            var value = word < words.count ? words[word] >> shift : 0
            if shift > 6, word + 1 < words.count { value |= words[word + 1] << (64 - shift) }
            limbs[limb] = value & (limb == 8 ? Self.topMask : Self.limbMask)
        }
        return limbs
    }

    func words(_ element: Element) -> [UInt64] {
        let limbs = canonical(element)
        var words = [UInt64](repeating: 0, count: 9)
        for limb in 0..<9 {
            let bit = limb * 58
            let word = bit / 64
            let shift = UInt64(bit % 64)
            words[word] |= limbs[limb] << shift
            if shift > 6, word + 1 < 9 { words[word + 1] |= limbs[limb] >> (64 - shift) }
        }
        return words
    }

    @inline(__always)
    func add(_ a: Element, _ b: Element) -> Element {
        var sum = Element(repeating: 0)
        for index in 0..<9 { sum[index] = a[index] &+ b[index] }
        return Self.carry(sum)
    }

    /// a + 2p − b, limb by limb: 2p's limbs (2^59 − 2, and 2^58 − 2 on top) exceed any weakly
    /// reduced limb of b, so no limb goes negative.
    @inline(__always)
    func subtract(_ a: Element, _ b: Element) -> Element {
        var difference = Element(repeating: 0)
        for index in 0..<8 { difference[index] = a[index] &+ ((1 << 59) - 2) &- b[index] }
        difference[8] = a[8] &+ ((1 << 58) - 2) &- b[8]
        return Self.carry(difference)
    }

    @inline(__always)
    func negate(_ a: Element) -> Element { subtract(zero, a) }

    @inline(__always)
    func multiply(_ a: Element, _ b: Element) -> Element {
        var doubled = Element(repeating: 0)
        for index in 0..<9 { doubled[index] = b[index] &<< 1 }
        var columns = InlineArray<9, UInt128>(repeating: 0)
        for k in 0..<9 {
            var column: UInt128 = 0
            for i in 0..<9 {
                let j = k - i
                if j >= 0 {
                    column &+= UInt128(a[i]) &* UInt128(b[j])
                } else {
                    column &+= UInt128(a[i]) &* UInt128(doubled[j + 9])
                }
            }
            columns[k] = column
        }
        return Self.carry(columns)
    }

    @inline(__always)
    func square(_ a: Element) -> Element {
        var doubled = Element(repeating: 0)
        var quadrupled = Element(repeating: 0)
        for index in 0..<9 {
            doubled[index] = a[index] &<< 1
            quadrupled[index] = a[index] &<< 2
        }
        var columns = InlineArray<9, UInt128>(repeating: 0)
        for k in 0..<9 {
            var column: UInt128 = 0
            // Pairs i < j with i + j = k count twice; with i + j = k + 9 they also wrap (×2).
            for i in 0..<9 {
                let j = k - i
                if j >= 0 {
                    if i < j { column &+= UInt128(a[i]) &* UInt128(doubled[j]) }
                    if i == j { column &+= UInt128(a[i]) &* UInt128(a[i]) }
                } else {
                    let wrapped = j + 9
                    if i < wrapped { column &+= UInt128(a[i]) &* UInt128(quadrupled[wrapped]) }
                    if i == wrapped { column &+= UInt128(a[i]) &* UInt128(doubled[i]) }
                }
            }
            columns[k] = column
        }
        return Self.carry(columns)
    }

    func isZero(_ a: Element) -> Bool {
        let limbs = canonical(a)
        var accumulated: UInt64 = 0
        for index in 0..<9 { accumulated |= limbs[index] }
        return accumulated == 0
    }

    func areEqual(_ a: Element, _ b: Element) -> Bool { isZero(subtract(a, b)) }

    /// The unique representative below p, with every limb in range.
    func canonical(_ a: Element) -> Element {
        var limbs = a
        // Three passes settle every carry: after the first the excess is at most a few bits.
        for _ in 0..<3 {
            for index in 0..<8 {
                limbs[index + 1] &+= limbs[index] >> Self.limbBits
                limbs[index] &= Self.limbMask
            }
            limbs[0] &+= limbs[8] >> 57
            limbs[8] &= Self.topMask
        }
        // Now the value is in [0, 2^521): only p itself (all limbs full) is not canonical.
        var isModulus = limbs[8] == Self.topMask
        for index in 0..<8 where limbs[index] != Self.limbMask { isModulus = false }
        return isModulus ? zero : limbs
    }

    /// One carry pass over 64-bit limbs below 2^61, folding 2^521 back to 1.
    @inline(__always)
    static func carry(_ input: Element) -> Element {
        var limbs = input
        for index in 0..<8 {
            limbs[index + 1] &+= limbs[index] >> limbBits
            limbs[index] &= limbMask
        }
        limbs[0] &+= limbs[8] >> 57
        limbs[8] &= topMask
        limbs[1] &+= limbs[0] >> limbBits
        limbs[0] &= limbMask
        return limbs
    }

    /// One carry pass over nine 128-bit column sums below 2^125, folding 2^521 back to 1.
    @inline(__always)
    static func carry(_ columns: InlineArray<9, UInt128>) -> Element {
        var sums = columns
        for index in 0..<8 {
            sums[index + 1] &+= sums[index] >> 58
            sums[index] &= UInt128(limbMask)
        }
        let overflow = sums[8] >> 57
        sums[8] &= UInt128(topMask)
        sums[0] &+= overflow
        sums[1] &+= sums[0] >> 58
        sums[0] &= UInt128(limbMask)
        var limbs = Element(repeating: 0)
        for index in 0..<9 { limbs[index] = UInt64(truncatingIfNeeded: sums[index]) }
        return limbs
    }
}
