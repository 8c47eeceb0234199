import Testing
@testable import VouchCrypto

/// The field operations and point formulas the scalar multiplication is built from, checked
/// against independent computations: halving and tripling against additions, the Jacobian
/// formulas against the affine chord-and-tangent law (with Fermat inverses), the GCD inverse
/// against the Fermat one, and the affine table of odd multiples against the Jacobian one.
@Suite("EC point arithmetic")
struct ECPointArithmeticTests {
    /// A deterministic generator (SplitMix64), so a failure reproduces.
    struct Random {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A field element below 2^(bits(p) − 1), i.e. below p.
        mutating func element<Field: PrimeField>(_ field: Field) -> Field.Element? {
            let bits = WordArithmetic.bitLength(field.modulusWords) - 1
            var words = field.modulusWords.map { _ in next() }
            for index in words.indices {
                let low = index * 64
                if low >= bits { words[index] = 0 } else if bits - low < 64 { words[index] &= (1 << UInt64(bits - low)) - 1 }
            }
            return field.element(fromWords: words)
        }
    }

    static let curves = ["p192", "p224", "p256", "p384", "p521"]

    @Test("halve, triple and the GCD inverse agree with additions and Fermat", arguments: curves)
    func fieldOperations(_ name: String) throws {
        switch name {
        case "p192": try checkField(try #require(NISTCurves.p192).field)
        case "p224": try checkField(try #require(NISTCurves.p224).field)
        case "p256": try checkField(try #require(NISTCurves.p256).field)
        case "p384": try checkField(try #require(NISTCurves.p384).field)
        default: try checkField(try #require(NISTCurves.p521).field)
        }
    }

    @Test("Jacobian doubling and additions agree with the affine group law; the affine table with the Jacobian one", arguments: curves)
    func pointOperations(_ name: String) throws {
        switch name {
        case "p192": try checkPoints(try #require(NISTCurves.p192))
        case "p224": try checkPoints(try #require(NISTCurves.p224))
        case "p256": try checkPoints(try #require(NISTCurves.p256))
        case "p384": try checkPoints(try #require(NISTCurves.p384))
        default: try checkPoints(try #require(NISTCurves.p521))
        }
    }

    /// 0, 1, 2, p − 2, p − 1 and random values.
    private func samples<Field: PrimeField>(_ f: Field, count: Int) throws -> [Field.Element] {
        var random = Random(state: 0x5EED_EC00 &+ UInt64(f.byteCount))
        var values = [f.zero, f.one, f.double(f.one)]
        for small: UInt64 in [1, 2] {
            values.append(try #require(f.element(fromWords: WordArithmetic.subtracting(small, from: f.modulusWords))))
        }
        for _ in 0..<count {
            let value = random.element(f)
            values.append(try #require(value))
        }
        return values
    }

    private func checkField<Field: PrimeField>(_ f: Field) throws {
        for a in try samples(f, count: 200) {
            #expect(f.areEqual(f.double(f.halve(a)), a))
            #expect(f.areEqual(f.halve(f.double(a)), a))
            #expect(f.areEqual(f.triple(a), f.add(f.add(a, a), a)))
            // Canonical results: the words of a result read back as the same element.
            #expect(f.element(fromWords: f.words(f.halve(a))).map { f.areEqual($0, f.halve(a)) } == true)
            #expect(f.element(fromWords: f.words(f.triple(a))).map { f.areEqual($0, f.triple(a)) } == true)
            if f.isZero(a) {
                #expect(f.inverse(a) == nil)
            } else {
                let inverse = try #require(f.inverse(a))
                #expect(f.areEqual(inverse, fermatInverse(f, a)))
                #expect(f.areEqual(f.multiply(inverse, a), f.one))
            }
        }
    }

    /// a⁻¹ by Fermat's a^(p−2), independent of the GCD inverse.
    private func fermatInverse<Field: PrimeField>(_ f: Field, _ a: Field.Element) -> Field.Element {
        f.power(a, WordArithmetic.subtracting(2, from: f.modulusWords))
    }

    /// The affine form of one Jacobian point through Fermat's inverse; `nil` at infinity.
    private func affine<Field: PrimeField>(_ f: Field, _ point: JacobianPoint<Field.Element>) -> AffinePoint<Field.Element>? {
        guard !f.isZero(point.z) else { return nil }
        let zInverse = fermatInverse(f, point.z)
        let zInverse2 = f.square(zInverse)
        return AffinePoint(x: f.multiply(point.x, zInverse2), y: f.multiply(point.y, f.multiply(zInverse2, zInverse)))
    }

    /// The affine chord-and-tangent law with Fermat inverses; `nil` for the point at infinity.
    private func affineSum<Field: PrimeField>(
        _ f: Field, _ p: AffinePoint<Field.Element>, _ q: AffinePoint<Field.Element>
    ) -> AffinePoint<Field.Element>? {
        let slope: Field.Element
        if f.areEqual(p.x, q.x) {
            guard f.areEqual(p.y, q.y), !f.isZero(p.y) else { return nil }
            let numerator = f.subtract(f.triple(f.square(p.x)), f.triple(f.one))
            slope = f.multiply(numerator, fermatInverse(f, f.double(p.y)))
        } else {
            slope = f.multiply(f.subtract(q.y, p.y), fermatInverse(f, f.subtract(q.x, p.x)))
        }
        let x = f.subtract(f.subtract(f.square(slope), p.x), q.x)
        let y = f.subtract(f.multiply(slope, f.subtract(p.x, x)), p.y)
        return AffinePoint(x: x, y: y)
    }

    private func same<Field: PrimeField>(
        _ f: Field, _ a: AffinePoint<Field.Element>?, _ b: AffinePoint<Field.Element>?
    ) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return f.areEqual(a.x, b.x) && f.areEqual(a.y, b.y)
    }

    private func checkPoints<Field: PrimeField>(_ curve: WeierstrassCurve<Field>) throws {
        let f = curve.field
        let points = curve.points
        let g = curve.generator
        // Affine multiples of G by the affine law: G, 2G, …, 40G.
        var multiples: [AffinePoint<Field.Element>] = [g]
        for _ in 1..<40 {
            let last = try #require(multiples.last)
            multiples.append(try #require(affineSum(f, last, g)))
        }
        for point in multiples { #expect(curve.isOnCurve(point)) }
        // A Jacobian input with Z ≠ 1: 2P computed by the Jacobian doubling.
        for (index, point) in multiples.enumerated() {
            let doubled = points.double(points.jacobian(point))
            #expect(same(f, affine(f, doubled), affineSum(f, point, point)), "2·\(index + 1)G")
            // Jacobian + affine and Jacobian + Jacobian (Z ≠ 1 on both sides), including P + P and P − P.
            for other in [multiples[(index * 7 + 3) % multiples.count], point, points.negated(point)] {
                let expected = affineSum(f, point, other)
                let doubledOther = points.double(points.jacobian(other))
                let otherDoubledBack = try #require(affine(f, doubledOther))
                let expectedWithDouble = affineSum(f, point, otherDoubledBack)
                #expect(same(f, affine(f, points.add(points.jacobian(point), other)), expected))
                let doubledAffine = try #require(affine(f, doubled))
                #expect(same(f, affine(f, points.add(doubled, other)), affineSum(f, doubledAffine, other)))
                #expect(same(f, affine(f, points.add(points.jacobian(point), doubledOther)), expectedWithDouble))
            }
        }
        // The public key's table: affine odd multiples against the Jacobian ones, for a few keys.
        for key in [multiples[0], multiples[4], multiples[38]] {
            let table = try #require(curve.oddMultiples(of: key))
            let count = 1 << (WeierstrassCurve<Field>.publicKeyWindow - 2)
            #expect(table.count == count)
            let twice = points.double(points.jacobian(key))
            var current = points.jacobian(key)
            for entry in table {
                #expect(same(f, entry, affine(f, current)))
                current = points.add(current, twice)
            }
        }
        // The generator's table: (2i + 1)·G.
        for (index, entry) in curve.generatorTable.prefix(20).enumerated() {
            #expect(same(f, entry, multiples[2 * index]))
        }
    }
}
