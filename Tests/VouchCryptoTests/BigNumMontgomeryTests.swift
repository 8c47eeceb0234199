import Testing
@testable import VouchCrypto

/// ``MontgomeryModulus`` against libgmp's `mpz_powm` (itself checked against Python in
/// ``BigNumTests``) on deterministic pseudo-random numbers of many sizes, plus the edges.
@Suite("BigNum Montgomery")
struct BigNumMontgomeryTests {
    /// A deterministic byte stream (64-bit LCG, top byte), so failures reproduce.
    struct Bytes {
        var state: UInt64
        mutating func next(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return UInt8(truncatingIfNeeded: state >> 56)
            }
        }
    }

    @Test("agrees with mpz_powm", arguments: [1, 7, 8, 9, 63, 64, 65, 128, 129, 256, 384, 512])
    func agreesWithPowm(_ modulusBytes: Int) throws {
        var random = Bytes(state: UInt64(modulusBytes))
        for round in 0..<20 {
            var modulusBytesValue = random.next(modulusBytes)
            modulusBytesValue[0] |= 0x80
            modulusBytesValue[modulusBytes - 1] |= 1
            let n = BigNum(bigEndian: modulusBytesValue)
            let context = try #require(MontgomeryModulus(n))
            let positive = try #require(BigNum.Modulus(n))
            let base = BigNum(bigEndian: random.next(modulusBytes + 1)).reduced(modulo: positive)
            let exponents: [[UInt8]] = [[0x01], [0x03], [0x01, 0x00, 0x01], random.next(1 + round % 40)]
            for exponent in exponents where exponent.contains(where: { $0 != 0 }) {
                let expected = base.power(BigNum(bigEndian: exponent), modulo: positive).bigEndianBytes(length: modulusBytes)
                let baseBytes = base.bigEndianBytes(length: modulusBytes) ?? []
                #expect(context.power(bigEndianBase: baseBytes[...], exponent: exponent, length: modulusBytes) == expected,
                        "\(modulusBytes) bytes, round \(round), e = \(exponent)")
            }
        }
    }

    @Test("edges: base 0, 1 and n − 1; base ≥ n; short output; even or zero modulus")
    func edges() throws {
        let n = BigNum(bigEndian: [0xC5, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2B])  // 10 bytes, 2 limbs
        let context = try #require(MontgomeryModulus(n))
        let e: [UInt8] = [0x01, 0x00, 0x01]
        let nBytes = n.bigEndianBytes
        #expect(context.power(bigEndianBase: [0][...], exponent: e, length: 10) == [UInt8](repeating: 0, count: 10))
        #expect(context.power(bigEndianBase: [1][...], exponent: e, length: 10) == [UInt8](repeating: 0, count: 9) + [1])
        // (n − 1)^odd = n − 1.
        var minusOne = nBytes
        minusOne[9] -= 1
        #expect(context.power(bigEndianBase: minusOne[...], exponent: e, length: 10) == minusOne)
        #expect(context.power(bigEndianBase: minusOne[...], exponent: [0x00, 0x01], length: 12) == [0, 0] + minusOne)
        // base = n, base > n, base longer than the modulus.
        #expect(context.power(bigEndianBase: nBytes[...], exponent: e, length: 10) == nil)
        #expect(context.power(bigEndianBase: [UInt8](repeating: 0xFF, count: 10)[...], exponent: e, length: 10) == nil)
        #expect(context.power(bigEndianBase: ([1] + [UInt8](repeating: 0, count: 16))[...], exponent: e, length: 10) == nil)
        // Leading zeros beyond the limbs are fine.
        #expect(context.power(bigEndianBase: ([UInt8](repeating: 0, count: 20) + [1])[...], exponent: e, length: 10)
                == [UInt8](repeating: 0, count: 9) + [1])
        // A zero exponent, and an output length that cannot hold the result.
        #expect(context.power(bigEndianBase: [2][...], exponent: [0, 0], length: 10) == nil)
        #expect(context.power(bigEndianBase: minusOne[...], exponent: e, length: 9) == nil)
        #expect(context.power(bigEndianBase: minusOne[...], exponent: e, length: -1) == nil)
        #expect(MontgomeryModulus(BigNum(bigEndian: [0x01, 0x00])) == nil)
        #expect(MontgomeryModulus(BigNum(0)) == nil)
        #expect(MontgomeryModulus(bigEndian: [0, 0, 0][...]) == nil)
        // Leading zero bytes of the modulus are not limbs: the same context as without them.
        let padded = try #require(MontgomeryModulus(bigEndian: ([0, 0, 0, 0, 0, 0, 0, 0, 0] + nBytes)[...]))
        #expect(padded.power(bigEndianBase: minusOne[...], exponent: e, length: 10) == minusOne)
        #expect(padded.power(bigEndianBase: [7][...], exponent: e, length: 10) == context.power(bigEndianBase: [7][...], exponent: e, length: 10))
    }

    /// The ECDSA scalars by ``OrderArithmetic`` (mpn, on the stack) against `BigNum` (mpz) for
    /// every NIST order, on pseudo-random r, s and e, with s at both ends of its range.
    @Test("OrderArithmetic agrees with mpz_invert and mpz multiplications")
    func orderArithmetic() throws {
        let orders = [CurveParameters.p192, .p224, .p256, .p384, .p521].map(\.order)
        var random = Bytes(state: 7)
        for hex in orders {
            let words = WordArithmetic.words(hex: hex)
            let n = words.count
            let arithmetic = try #require(OrderArithmetic(words: words))
            let orderBytes = WordArithmetic.bigEndianBytes(words, count: 8 * n)
            let modulus = try #require(BigNum.Modulus(BigNum(bigEndian: orderBytes)))
            let nMinusOne = WordArithmetic.subtracting(1, from: words)
            for round in 0..<200 {
                let reduce = { (bytes: [UInt8]) in
                    WordArithmetic.words(fromBigEndian: BigNum(bigEndian: bytes).reduced(modulo: modulus).bigEndianBytes[...], count: n)
                }
                var s = reduce(random.next(8 * n))
                if round == 0 { s = WordArithmetic.words(fromBigEndian: [1][...], count: n) }
                if round == 1 { s = nMinusOne }
                if WordArithmetic.isZero(s) { continue }
                let r = reduce(random.next(8 * n))
                let e = WordArithmetic.words(fromBigEndian: random.next(8 * n)[...], count: n)  // any n-word value
                let scalars = try #require(arithmetic.signatureScalars(e: e, r: r, s: s))
                let w = try #require(BigNum(bigEndian: WordArithmetic.bigEndianBytes(s, count: 8 * n)).inverse(modulo: modulus))
                for (value, expected) in [(e, scalars.u1), (r, scalars.u2)] {
                    let product = BigNum(bigEndian: WordArithmetic.bigEndianBytes(value, count: 8 * n)).multiplying(w, modulo: modulus)
                    #expect(WordArithmetic.words(fromBigEndian: product.bigEndianBytes[...], count: n) == expected, "\(hex) round \(round)")
                }
            }
            #expect(arithmetic.signatureScalars(e: [1], r: [1], s: [1]) == nil || n == 1, "sizes must match")
        }
        #expect(OrderArithmetic(words: [2]) == nil && OrderArithmetic(words: [3, 0]) == nil)
    }

    /// The binary inversion of ``OrderArithmetic`` on every a below small odd moduli, prime and
    /// composite, against a brute-force search: the inverse where gcd(a, n) = 1, `nil` otherwise.
    @Test("OrderArithmetic's inverse: every a modulo small odd n, nil exactly when gcd(a, n) > 1")
    func smallInverses() throws {
        func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 { b == 0 ? a : gcd(b, a % b) }
        for n: UInt64 in [3, 5, 7, 9, 15, 21, 97, 221, 255, 257, 1001] {
            let arithmetic = try #require(OrderArithmetic(words: [n]))
            for a in 1..<n {
                let scalars = arithmetic.signatureScalars(e: [1], r: [a], s: [a])
                if gcd(a, n) == 1 {
                    let expected = (1..<n).first { $0 * a % n == 1 }
                    #expect(scalars?.u1 == expected.map { [$0] }, "\(a)⁻¹ mod \(n)")
                    #expect(scalars?.u2 == [1], "\(a)·\(a)⁻¹ mod \(n)")
                } else {
                    #expect(scalars == nil, "gcd(\(a), \(n)) > 1")
                }
            }
        }
    }

    /// The inverse on random odd moduli of 1 to 9 limbs (mostly composite, so that many values
    /// share a factor with them) against `mpz_invert`: the same inverse, or `nil` for both.
    @Test("OrderArithmetic's inverse agrees with mpz_invert on random odd moduli of 1 to 9 limbs")
    func randomInverses() throws {
        var random = Bytes(state: 11)
        var invertible = 0, notInvertible = 0
        for limbs in 1...9 {
            for _ in 0..<12 {
                var modulusBytes = random.next(8 * limbs)
                modulusBytes[0] |= 0x80
                modulusBytes[modulusBytes.count - 1] |= 1
                let words = WordArithmetic.words(fromBigEndian: modulusBytes[...], count: limbs)
                let arithmetic = try #require(OrderArithmetic(words: words))
                let modulus = try #require(BigNum.Modulus(BigNum(bigEndian: modulusBytes)))
                let one = WordArithmetic.words(fromBigEndian: [1][...], count: limbs)
                for round in 0..<25 {
                    var value = BigNum(bigEndian: random.next(8 * limbs)).reduced(modulo: modulus)
                    if round == 0 { value = BigNum(bigEndian: WordArithmetic.bigEndianBytes(WordArithmetic.subtracting(1, from: words), count: 8 * limbs)) }
                    if round == 1 { value = BigNum(bigEndian: [3]) }
                    // Values sharing m's top bits (m − d for a d of about half m's length), where
                    // the one-word approximations lose the most and combinations turn negative.
                    if round >= 15 && limbs >= 2 {
                        let difference = BigNum(bigEndian: random.next(4 * limbs + round % 5))
                        value = BigNum(bigEndian: modulusBytes).subtracting(difference, modulo: modulus)
                    }
                    let y = WordArithmetic.words(fromBigEndian: value.bigEndianBytes[...], count: limbs)
                    let expected = value.inverse(modulo: modulus).map {
                        WordArithmetic.words(fromBigEndian: $0.bigEndianBytes[...], count: limbs)
                    }
                    let scalars = arithmetic.signatureScalars(e: one, r: one, s: y)
                    #expect(scalars?.u1 == expected, "\(limbs) limbs, round \(round)")
                    if expected == nil { notInvertible += 1 } else { invertible += 1 }
                }
            }
        }
        #expect(invertible > 1000 && notInvertible > 100, "\(invertible) invertible, \(notInvertible) not")
    }
}
