// Points of edwards25519, −x² + y² = 1 + d·x²·y², in the coordinate systems of Hisil–Wong–Carter–Dawson
// (“Twisted Edwards curves revisited”, 2008) as named by ref10 and curve25519-dalek:
//
// * `EdwardsPoint`        extended (X : Y : Z : T), x = X/Z, y = Y/Z, x·y = T/Z — the working form.
// * `CompletedPoint`      ((X : Z), (Y : T)), x = X/Z, y = Y/T — what an addition or doubling yields
//                         before the multiplications that bring it back to extended form.
// * `CachedPoint`         (Y + X, Y − X, Z, 2d·T) — a point prepared to be added many times.
// * `AffineCachedPoint`   (y + x, y − x, 2d·x·y) with Z = 1 — a precomputed table entry.
//
// The formulas are the complete unified ones for a = −1 (add-2008-hwcd-3, dbl-2008-hwcd): no special
// cases for the identity, doubling or inverses, and no branches on secret or public values.

/// A point in extended twisted Edwards coordinates.
struct EdwardsPoint: Sendable {
    var x: FieldElement25519
    var y: FieldElement25519
    var z: FieldElement25519
    var t: FieldElement25519

    /// The neutral element (0, 1).
    static let identity = EdwardsPoint(x: .zero, y: .one, z: .one, t: .zero)

    /// 2·self (dbl-2008-hwcd; T is not read).
    ///
    /// The five group operations are inlined into the double-scalar loop (61 KB of code): out of
    /// line they saved only 4 KB of the static binary (9,263,696 → 9,259,600 bytes) and cost 6 %
    /// more instructions and 9 % more time per verification (Benchmarks: 42.6 → 46.3 µs).
    @inline(__always)
    func doubled() -> CompletedPoint {
        let xx = x.squared()
        let yy = y.squared()
        let zz2 = z.squaredDoubled()
        let xPlusYSquared = x.adding(y).squared()
        let yyPlusXX = yy.adding(xx)
        let yyMinusXX = yy.subtracting(xx)
        return CompletedPoint(
            x: xPlusYSquared.subtracting(yyPlusXX), y: yyPlusXX, z: yyMinusXX, t: zz2.subtracting(yyMinusXX))
    }

    /// self + other (add-2008-hwcd-3).
    @inline(__always)
    func adding(_ other: CachedPoint) -> CompletedPoint {
        let a = y.adding(x).multiplied(by: other.yPlusX)
        let b = y.subtracting(x).multiplied(by: other.yMinusX)
        let c = t.multiplied(by: other.doubleDT)
        let zz = z.multiplied(by: other.z)
        let zz2 = zz.adding(zz)
        return CompletedPoint(x: a.subtracting(b), y: a.adding(b), z: zz2.adding(c), t: zz2.subtracting(c))
    }

    /// self − other: adding the negation (−x, y) swaps Y+X with Y−X and negates 2d·T.
    @inline(__always)
    func subtracting(_ other: CachedPoint) -> CompletedPoint {
        let a = y.adding(x).multiplied(by: other.yMinusX)
        let b = y.subtracting(x).multiplied(by: other.yPlusX)
        let c = t.multiplied(by: other.doubleDT)
        let zz = z.multiplied(by: other.z)
        let zz2 = zz.adding(zz)
        return CompletedPoint(x: a.subtracting(b), y: a.adding(b), z: zz2.subtracting(c), t: zz2.adding(c))
    }

    /// self + other for a table entry with Z = 1 (saves one multiplication).
    @inline(__always)
    func adding(_ other: AffineCachedPoint) -> CompletedPoint {
        let a = y.adding(x).multiplied(by: other.yPlusX)
        let b = y.subtracting(x).multiplied(by: other.yMinusX)
        let c = t.multiplied(by: other.doubleDXY)
        let z2 = z.adding(z)
        return CompletedPoint(x: a.subtracting(b), y: a.adding(b), z: z2.adding(c), t: z2.subtracting(c))
    }

    /// self − other for a table entry with Z = 1.
    @inline(__always)
    func subtracting(_ other: AffineCachedPoint) -> CompletedPoint {
        let a = y.adding(x).multiplied(by: other.yMinusX)
        let b = y.subtracting(x).multiplied(by: other.yPlusX)
        let c = t.multiplied(by: other.doubleDXY)
        let z2 = z.adding(z)
        return CompletedPoint(x: a.subtracting(b), y: a.adding(b), z: z2.subtracting(c), t: z2.adding(c))
    }

    /// The point prepared for repeated addition.
    var cached: CachedPoint {
        CachedPoint(
            yPlusX: y.adding(x), yMinusX: y.subtracting(x), z: z,
            doubleDT: t.multiplied(by: Ed25519Constants.doubleD))
    }

    /// The same point with Z = 1, for a precomputed table (one inversion).
    var affineCached: AffineCachedPoint {
        let zInverse = z.inverted()
        let affineX = x.multiplied(by: zInverse)
        let affineY = y.multiplied(by: zInverse)
        return AffineCachedPoint(
            yPlusX: affineY.adding(affineX).carried(), yMinusX: affineY.subtracting(affineX),
            doubleDXY: affineX.multiplied(by: affineY).multiplied(by: Ed25519Constants.doubleD))
    }

    /// Whether two points are equal: X1·Z2 = X2·Z1 and Y1·Z2 = Y2·Z1.
    func isEqual(to other: EdwardsPoint) -> Bool {
        x.multiplied(by: other.z).isEqual(to: other.x.multiplied(by: z))
            && y.multiplied(by: other.z).isEqual(to: other.y.multiplied(by: z))
    }
}

/// The result of an addition or doubling, ((X : Z), (Y : T)) with x = X/Z and y = Y/T.
struct CompletedPoint: Sendable {
    var x: FieldElement25519
    var y: FieldElement25519
    var z: FieldElement25519
    var t: FieldElement25519

    /// Extended coordinates (four multiplications).
    @inline(__always)
    var extended: EdwardsPoint {
        EdwardsPoint(x: x.multiplied(by: t), y: y.multiplied(by: z), z: z.multiplied(by: t), t: x.multiplied(by: y))
    }

    /// Extended coordinates without T (three multiplications), for a result that will only be doubled.
    @inline(__always)
    var extendedWithoutT: EdwardsPoint {
        EdwardsPoint(x: x.multiplied(by: t), y: y.multiplied(by: z), z: z.multiplied(by: t), t: .zero)
    }
}

/// A point prepared for repeated addition: (Y + X, Y − X, Z, 2d·T).
struct CachedPoint: Sendable {
    var yPlusX: FieldElement25519
    var yMinusX: FieldElement25519
    var z: FieldElement25519
    var doubleDT: FieldElement25519
}

/// A precomputed point with Z = 1: (y + x, y − x, 2d·x·y).
struct AffineCachedPoint: Sendable {
    var yPlusX: FieldElement25519
    var yMinusX: FieldElement25519
    var doubleDXY: FieldElement25519
}
