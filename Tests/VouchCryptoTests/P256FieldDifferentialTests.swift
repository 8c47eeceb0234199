import Testing
@testable import VouchCrypto

/// P-256's field routines on raw internal words against libgmp (``BigNum``): the Montgomery
/// product x·y·2^−256, the square, sum, difference, negation and half, each mod p, for every pair
/// of edge values and for random ones. The edges are where carries and the final conditional
/// subtraction matter: 0, 1, 2, p − 1, p − 2, (p ± 1)/2, values at and around 2^256 − p (so sums
/// and products pass 2^256 before reduction), words of all ones, single high bits, and p's own
/// words shifted. Internal words are used directly, so the routines see the values themselves,
/// not their Montgomery forms.
@Suite("P-256 field against libgmp")
struct P256FieldDifferentialTests {
    typealias Element = P256Field.Element

    static let p: [UInt64] = [0xffff_ffff_ffff_ffff, 0x0000_0000_ffff_ffff, 0, 0xffff_ffff_0000_0001]

    static func big(_ words: [UInt64]) -> BigNum {
        BigNum(bigEndian: WordArithmetic.bigEndianBytes(words, count: 32))
    }

    static func words(_ element: Element) -> [UInt64] { [element.w0, element.w1, element.w2, element.w3] }

    static func element(_ words: [UInt64]) -> Element { Element(w0: words[0], w1: words[1], w2: words[2], w3: words[3]) }

    /// Edge values, all below p.
    static var edges: [[UInt64]] {
        let p = Self.p
        let twoTo256MinusP: [UInt64] = [1, 0xffff_ffff_0000_0000, 0xffff_ffff_ffff_ffff, 0x0000_0000_ffff_fffe]
        var values: [[UInt64]] = [
            [0, 0, 0, 0], [1, 0, 0, 0], [2, 0, 0, 0], [3, 0, 0, 0],
            WordArithmetic.subtracting(1, from: p), WordArithmetic.subtracting(2, from: p),
            WordArithmetic.subtracting(3, from: p),
            WordArithmetic.shiftedRight(WordArithmetic.subtracting(1, from: p), by: 1),  // (p − 1)/2
            WordArithmetic.shiftedRight(Array(WordArithmetic.adding(1, to: p).prefix(4)), by: 1),  // (p + 1)/2
            twoTo256MinusP, WordArithmetic.subtracting(1, from: twoTo256MinusP),
            Array(WordArithmetic.adding(1, to: twoTo256MinusP).prefix(4)),
            [UInt64.max, 0, 0, 0], [UInt64.max, UInt64.max, 0, 0], [UInt64.max, UInt64.max, UInt64.max, 0],
            [0, 0, 0, 1 << 63], [0, 0, 0, 0xffff_ffff_0000_0000], [0, 0, UInt64.max, 0xffff_ffff_0000_0000],
            [0xffff_ffff_0000_0000, 0, 0, 0], [0, 0xffff_ffff_0000_0000, 0, 0], [0, 0, 0, 0xffff_fffe_ffff_ffff],
            [1 << 32, 1 << 32, 1 << 32, 1 << 32], [0xffff_ffff, 0xffff_ffff, 0xffff_ffff, 0xffff_ffff],
        ]
        // 2^256 − p + k·2^224 for small k, and p − 2^k.
        for k in [1, 2, 3] as [UInt64] {
            values.append(Array(WordArithmetic.add(twoTo256MinusP, [0, 0, 0, k << 32]).prefix(4)))
        }
        for shift in [0, 31, 32, 63, 64, 96, 127, 128, 191, 192, 223, 224, 254] {
            var power = [UInt64](repeating: 0, count: 4)
            power[shift / 64] = 1 << UInt64(shift % 64)
            values.append(WordArithmetic.subtract(p, power))
            values.append(power)
        }
        return values.filter { WordArithmetic.compare($0, p) < 0 }
    }

    @Test("multiply, square, add, subtract, negate, halve")
    func differential() throws {
        let modulus = try #require(BigNum.Modulus(Self.big(Self.p)))
        let field = P256Field()
        // 2^−256 mod p.
        let rInverse = try #require(Self.big([0, 0, 0, 1 << 63]).multiplying(BigNum(2), modulo: modulus).inverse(modulo: modulus))
        let twoInverse = try #require(BigNum(2).inverse(modulo: modulus))
        var random = ECPointArithmeticTests.Random(state: 0x2560_f1e1_d000)
        var values = Self.edges
        while values.count < Self.edges.count + 40 {
            let candidate = (0..<4).map { _ in random.next() }
            if WordArithmetic.compare(candidate, Self.p) < 0 { values.append(candidate) }
        }
        func same(_ element: Element, _ expected: BigNum, _ what: @autoclosure () -> String) {
            #expect(WordArithmetic.compare(Self.words(element), Self.p) < 0, "\(what()) not below p")
            #expect(Self.big(Self.words(element)).bigEndianBytes == expected.bigEndianBytes, "\(what())")
        }
        for a in values {
            let x = Self.element(a), bigA = Self.big(a)
            same(field.square(x), bigA.multiplying(bigA, modulo: modulus).multiplying(rInverse, modulo: modulus), "\(a)²")
            same(field.negate(x), Self.big([0, 0, 0, 0]).subtracting(bigA, modulo: modulus), "−\(a)")
            same(field.halve(x), bigA.multiplying(twoInverse, modulo: modulus), "\(a)/2")
            for b in values {
                let y = Self.element(b), bigB = Self.big(b)
                same(field.multiply(x, y), bigA.multiplying(bigB, modulo: modulus).multiplying(rInverse, modulo: modulus), "\(a)·\(b)")
                same(field.add(x, y), bigA.adding(bigB, modulo: modulus), "\(a)+\(b)")
                same(field.subtract(x, y), bigA.subtracting(bigB, modulo: modulus), "\(a)−\(b)")
            }
        }
    }

    @Test("long chains of operations agree with libgmp")
    func chains() throws {
        let modulus = try #require(BigNum.Modulus(Self.big(Self.p)))
        let field = P256Field()
        let rInverse = try #require(Self.big([0, 0, 0, 1 << 63]).multiplying(BigNum(2), modulo: modulus).inverse(modulo: modulus))
        var random = ECPointArithmeticTests.Random(state: 0xc4a1_0256)
        var x = Self.element([random.next(), random.next(), random.next(), random.next() >> 1])
        var y = Self.element(WordArithmetic.subtracting(1, from: Self.p))
        var bigX = Self.big(Self.words(x)), bigY = Self.big(Self.words(y))
        for step in 0..<3000 {
            switch random.next() % 4 {
            case 0:
                x = field.multiply(x, y)
                bigX = bigX.multiplying(bigY, modulo: modulus).multiplying(rInverse, modulo: modulus)
            case 1:
                y = field.square(y)
                bigY = bigY.multiplying(bigY, modulo: modulus).multiplying(rInverse, modulo: modulus)
            case 2:
                x = field.add(x, y)
                bigX = bigX.adding(bigY, modulo: modulus)
            default:
                y = field.subtract(y, x)
                bigY = bigY.subtracting(bigX, modulo: modulus)
            }
            if Self.big(Self.words(x)).bigEndianBytes != bigX.bigEndianBytes
                || Self.big(Self.words(y)).bigEndianBytes != bigY.bigEndianBytes {
                Issue.record("diverged at step \(step)")
                return
            }
        }
    }
}
