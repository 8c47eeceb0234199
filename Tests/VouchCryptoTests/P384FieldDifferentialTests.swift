import Testing
@testable import VouchCrypto

/// P-384's field routines on raw internal words against libgmp (``BigNum``), as
/// ``P256FieldDifferentialTests`` does for P-256: the Montgomery product x·y·2^−384, the square,
/// sum, difference, negation, half and triple, each mod p, for every pair of edge values (0, 1, 2,
/// p − 1…, (p ± 1)/2, 2^384 − p ± 1, single bits and p minus them, words of ones) and random
/// ones, and long chains of operations.
@Suite("P-384 field against libgmp")
struct P384FieldDifferentialTests {
    typealias Element = P384Field.Element

    static let p: [UInt64] = [
        0x0000_0000_ffff_ffff, 0xffff_ffff_0000_0000, 0xffff_ffff_ffff_fffe,
        0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff, 0xffff_ffff_ffff_ffff,
    ]

    static func big(_ words: [UInt64]) -> BigNum { BigNum(bigEndian: WordArithmetic.bigEndianBytes(words, count: 48)) }

    static func words(_ e: Element) -> [UInt64] { [e.w0, e.w1, e.w2, e.w3, e.w4, e.w5] }

    static func element(_ w: [UInt64]) -> Element { Element(w0: w[0], w1: w[1], w2: w[2], w3: w[3], w4: w[4], w5: w[5]) }

    static var edges: [[UInt64]] {
        let p = Self.p
        let zero = [UInt64](repeating: 0, count: 6)
        // 2^384 − p = 2^128 + 2^96 − 2^32 + 1.
        let twoTo384MinusP: [UInt64] = [0xffff_ffff_0000_0001, 0x0000_0000_ffff_ffff, 1, 0, 0, 0]
        var values: [[UInt64]] = [
            zero, [1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0], [3, 0, 0, 0, 0, 0],
            WordArithmetic.subtracting(1, from: p), WordArithmetic.subtracting(2, from: p),
            WordArithmetic.subtracting(3, from: p),
            WordArithmetic.shiftedRight(WordArithmetic.subtracting(1, from: p), by: 1),
            WordArithmetic.shiftedRight(Array(WordArithmetic.adding(1, to: p).prefix(6)), by: 1),
            twoTo384MinusP, WordArithmetic.subtracting(1, from: twoTo384MinusP),
            Array(WordArithmetic.adding(1, to: twoTo384MinusP).prefix(6)),
            [UInt64.max, 0, 0, 0, 0, 0], [UInt64.max, UInt64.max, UInt64.max, 0, 0, 0],
            [UInt64.max, UInt64.max, UInt64.max, UInt64.max, UInt64.max, 0],
            [0, 0, 0, 0, 0, 1 << 63], [0xffff_ffff, 0xffff_ffff, 0xffff_ffff, 0xffff_ffff, 0xffff_ffff, 0xffff_ffff],
            [1 << 32, 1 << 32, 1 << 32, 1 << 32, 1 << 32, 1 << 32],
        ]
        for shift in [0, 31, 32, 63, 64, 96, 127, 128, 191, 192, 255, 256, 320, 383] {
            var power = zero
            power[shift / 64] = 1 << UInt64(shift % 64)
            values.append(WordArithmetic.subtract(p, power))
            values.append(power)
        }
        return values.filter { WordArithmetic.compare($0, p) < 0 }
    }

    @Test("multiply, square, add, subtract, negate, halve, triple")
    func differential() throws {
        let modulus = try #require(BigNum.Modulus(Self.big(Self.p)))
        let field = P384Field()
        let r = Self.big([0, 0, 0, 0, 0, 1 << 63]).multiplying(BigNum(2), modulo: modulus)  // 2^384 mod p
        let rInverse = try #require(r.inverse(modulo: modulus))
        let twoInverse = try #require(BigNum(2).inverse(modulo: modulus))
        var random = ECPointArithmeticTests.Random(state: 0x3840_f1e1_d000)
        var values = Self.edges
        while values.count < Self.edges.count + 30 {
            let candidate = (0..<6).map { _ in random.next() }
            if WordArithmetic.compare(candidate, Self.p) < 0 { values.append(candidate) }
        }
        func same(_ element: Element, _ expected: BigNum, _ what: @autoclosure () -> String) {
            #expect(WordArithmetic.compare(Self.words(element), Self.p) < 0, "\(what()) not below p")
            #expect(Self.big(Self.words(element)).bigEndianBytes == expected.bigEndianBytes, "\(what())")
        }
        let zero = Self.big([0, 0, 0, 0, 0, 0])
        for a in values {
            let x = Self.element(a), bigA = Self.big(a)
            same(field.square(x), bigA.multiplying(bigA, modulo: modulus).multiplying(rInverse, modulo: modulus), "\(a)²")
            same(field.negate(x), zero.subtracting(bigA, modulo: modulus), "−\(a)")
            same(field.halve(x), bigA.multiplying(twoInverse, modulo: modulus), "\(a)/2")
            same(field.triple(x), bigA.multiplying(BigNum(3), modulo: modulus), "3·\(a)")
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
        let field = P384Field()
        let rInverse = try #require(Self.big([0, 0, 0, 0, 0, 1 << 63]).multiplying(BigNum(2), modulo: modulus).inverse(modulo: modulus))
        var random = ECPointArithmeticTests.Random(state: 0xc4a1_0384)
        var x = Self.element([random.next(), random.next(), random.next(), random.next(), random.next(), random.next() >> 1])
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
