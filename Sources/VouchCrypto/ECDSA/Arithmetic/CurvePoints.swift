/// A point in Jacobian coordinates (X : Y : Z) standing for the affine (X/Z², Y/Z³);
/// Z = 0 is the point at infinity.
struct JacobianPoint<Element: Sendable>: Sendable {
    var x: Element
    var y: Element
    var z: Element
}

/// A finite point in affine coordinates.
struct AffinePoint<Element: Sendable>: Sendable {
    var x: Element
    var y: Element
}

/// Group law on y² = x³ − 3x + b over `Field`, the short Weierstrass form of every NIST prime
/// curve. Formulas are from the Explicit-Formulas Database (Bernstein–Lange): `dbl-2001-b`
/// (rearranged, 4M + 4S), `add-1998-cmo-2` (12M + 4S) and `madd-2004-hmv` (8M + 3S), with the exceptional cases
/// (an input at infinity, equal inputs, opposite inputs) handled by branches: verification works
/// on public data only, so nothing here tries to be constant-time.
struct PointArithmetic<Field: PrimeField>: Sendable {
    typealias Element = Field.Element

    let field: Field

    var infinity: JacobianPoint<Element> { JacobianPoint(x: field.one, y: field.one, z: field.zero) }

    @inline(__always)
    func isInfinity(_ point: JacobianPoint<Element>) -> Bool { field.isZero(point.z) }

    @inline(__always)
    func jacobian(_ point: AffinePoint<Element>) -> JacobianPoint<Element> {
        JacobianPoint(x: point.x, y: point.y, z: field.one)
    }

    @inline(__always)
    func negated(_ point: JacobianPoint<Element>) -> JacobianPoint<Element> {
        JacobianPoint(x: point.x, y: field.negate(point.y), z: point.z)
    }

    @inline(__always)
    func negated(_ point: AffinePoint<Element>) -> AffinePoint<Element> {
        AffinePoint(x: point.x, y: field.negate(point.y))
    }

    /// 2P for a = −3. Infinity doubles to infinity (Z3 = 2·Y·Z = 0); no point of order two exists
    /// on a curve of odd prime order, so no other exceptional case arises.
    ///
    /// `dbl-2001-b` rearranged as BoringSSL's `ecp_nistz256_point_double` does it (4M + 4S): with
    /// T = 2Y, T² = 4Y² gives 4β = X·T² directly, Z3 = T·Z, and 8Y⁴ = (T²)²/2 is one halving, so
    /// the seven doublings of the textbook order become two plus a halving and a tripling. A
    /// squaring costs most of a multiplication in these fields (153 against 193 instructions for
    /// P-256, each alone in a function) while an addition costs about 25: trading additions for one
    /// multiplication pays.
    ///
    /// The three group operations are kept out of line (`@inline(never)`): inlined into the
    /// scalar-multiplication loop they made it some 50 KB of code, more than the instruction cache.
    @inline(__always)
    func double(_ point: JacobianPoint<Element>) -> JacobianPoint<Element> { double(point, times: 1) }

    /// 2^times·P: `times` doublings in one call, so a run of doublings between two additions pays
    /// for one call and one load and store of the point, not one each (about 40 instructions a
    /// doubling for P-256).
    @inline(never)
    func double(_ point: JacobianPoint<Element>, times: Int) -> JacobianPoint<Element> {
        var result = point
        for _ in 0..<times { result = doubled(result) }
        return result
    }

    @inline(__always)
    private func doubled(_ point: JacobianPoint<Element>) -> JacobianPoint<Element> {
        let f = field
        let twoY = f.double(point.y)
        let delta = f.square(point.z)
        let fourYY = f.square(twoY)
        let alpha = f.triple(f.multiply(f.subtract(point.x, delta), f.add(point.x, delta)))
        let fourBeta = f.multiply(point.x, fourYY)
        let x3 = f.subtract(f.square(alpha), f.double(fourBeta))
        let z3 = f.multiply(twoY, point.z)
        let eightY4 = f.halve(f.square(fourYY))
        let y3 = f.subtract(f.multiply(alpha, f.subtract(fourBeta, x3)), eightY4)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// P + Q for Jacobian P and Q: `add-1998-cmo-2` (12M + 4S), which beats `add-2007-bl`
    /// (11M + 5S and four more additions) here for the reason given at ``double(_:)``.
    @inline(never)
    func add(_ p: JacobianPoint<Element>, _ q: JacobianPoint<Element>) -> JacobianPoint<Element> {
        let f = field
        if isInfinity(p) { return q }
        if isInfinity(q) { return p }
        let z1z1 = f.square(p.z)
        let z2z2 = f.square(q.z)
        let u1 = f.multiply(p.x, z2z2)
        let u2 = f.multiply(q.x, z1z1)
        let s1 = f.multiply(p.y, f.multiply(q.z, z2z2))
        let s2 = f.multiply(q.y, f.multiply(p.z, z1z1))
        let h = f.subtract(u2, u1)
        let r = f.subtract(s2, s1)
        if f.isZero(h) {
            return f.isZero(r) ? double(p) : infinity
        }
        let hh = f.square(h)
        let hhh = f.multiply(h, hh)
        let v = f.multiply(u1, hh)
        let x3 = f.subtract(f.subtract(f.square(r), hhh), f.double(v))
        let y3 = f.subtract(f.multiply(r, f.subtract(v, x3)), f.multiply(s1, hhh))
        let z3 = f.multiply(f.multiply(p.z, q.z), h)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// P + Q for Jacobian P and affine Q: `madd-2004-hmv` (8M + 3S), which beats `madd-2007-bl`
    /// (7M + 4S and six more additions) here for the reason given at ``double(_:)``.
    @inline(never)
    func add(_ p: JacobianPoint<Element>, _ q: AffinePoint<Element>) -> JacobianPoint<Element> {
        let f = field
        if isInfinity(p) { return jacobian(q) }
        let z1z1 = f.square(p.z)
        let u2 = f.multiply(q.x, z1z1)
        let s2 = f.multiply(q.y, f.multiply(p.z, z1z1))
        let h = f.subtract(u2, p.x)
        let r = f.subtract(s2, p.y)
        if f.isZero(h) {
            return f.isZero(r) ? double(p) : infinity
        }
        let hh = f.square(h)
        let hhh = f.multiply(h, hh)
        let v = f.multiply(p.x, hh)
        let x3 = f.subtract(f.subtract(f.square(r), hhh), f.double(v))
        let y3 = f.subtract(f.multiply(r, f.subtract(v, x3)), f.multiply(p.y, hhh))
        let z3 = f.multiply(p.z, h)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// P, 3P, 5P, …, (2·count − 1)P for the affine P, in affine form: Longa and Miri's co-Z
    /// precomputation (2008) with Meloni's `ZADDU`, then one inversion.
    ///
    /// One doubling that also returns P on the doubled point's Z (`DBLU`, 2M + 4S with Z = 1), then
    /// each odd multiple is the previous one plus 2P by `ZADDU` (5M + 2S with the running Z), which
    /// leaves 2P on the sum's Z for the next step: every Z is the one before times the step's
    /// x-difference h, so after inverting the last Z each earlier inverse is one multiplication by h
    /// away. Against Jacobian additions and Montgomery's trick (12M + 4S an entry, plus 5M to bring it
    /// to affine form) this is 9M + 3S an entry. `nil` when a Z is zero: P of order 2 or a multiple
    /// meeting ±2P, which no point of a curve of large prime order does.
    func oddMultiples(of point: AffinePoint<Element>, count: Int) -> [AffinePoint<Element>]? {
        let f = field
        guard count > 1 else { return count == 1 ? [point] : [] }
        // DBLU: 2P = (M² − 2S, M(S − X2) − 8y⁴, 2y) with M = 3x² − 3, S = 4xy²; P ≅ (S, 8y⁴, 2y).
        let yy = f.square(point.y)
        let s = f.double(f.double(f.multiply(point.x, yy)))
        let m = f.triple(f.subtract(f.square(point.x), f.one))
        let eightYYYY = f.double(f.double(f.double(f.square(yy))))
        var twiceX = f.subtract(f.square(m), f.double(s))
        var twiceY = f.subtract(f.multiply(m, f.subtract(s, twiceX)), eightYYYY)
        var z = f.double(point.y)
        var result: [AffinePoint<Element>] = []
        result.reserveCapacity(count)
        result.append(AffinePoint(x: s, y: eightYYYY))
        return withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { steps -> [AffinePoint<Element>]? in
            guard let h = steps.baseAddress else { return nil }
            var previous = result[0]
            for index in 1..<count {
                // ZADDU(2P, previous): the sum (2·index + 1)P and 2P again, both on Z·hᵢ.
                let difference = f.subtract(previous.x, twiceX)
                let differenceSquared = f.square(difference)
                let b = f.multiply(twiceX, differenceSquared)
                let c = f.multiply(previous.x, differenceSquared)
                let dy = f.subtract(previous.y, twiceY)
                let e = f.multiply(twiceY, f.subtract(c, b))
                let x3 = f.subtract(f.subtract(f.square(dy), b), c)
                let y3 = f.subtract(f.multiply(dy, f.subtract(b, x3)), e)
                (h + index).initialize(to: difference)
                z = f.multiply(z, difference)
                twiceX = b
                twiceY = e
                previous = AffinePoint(x: x3, y: y3)
                result.append(previous)
            }
            defer { (h + 1).deinitialize(count: count - 1) }
            guard var zInverse = f.inverse(z) else { return nil }
            for index in stride(from: count - 1, through: 0, by: -1) {
                let zInverse2 = f.square(zInverse)
                let entry = result[index]
                result[index] = AffinePoint(
                    x: f.multiply(entry.x, zInverse2), y: f.multiply(entry.y, f.multiply(zInverse2, zInverse)))
                if index > 0 { zInverse = f.multiply(zInverse, h[index]) }
            }
            return result
        }
    }

    /// The affine forms of finite points with one inversion for all of them (Montgomery's trick):
    /// the running products z0, z0·z1, …, z0⋯zk, one inverse, then each zi⁻¹ peeled off the end
    /// with two multiplications; `nil` when a point is at infinity (its z makes the product zero).
    func affine(_ points: UnsafeBufferPointer<JacobianPoint<Element>>) -> [AffinePoint<Element>]? {
        let f = field
        guard let first = points.first else { return [] }
        // The running products, kept in the x-coordinates of the result until they are used.
        var result: [AffinePoint<Element>] = []
        result.reserveCapacity(points.count)
        var running = first.z
        result.append(AffinePoint(x: running, y: f.zero))
        for point in points.dropFirst() {
            running = f.multiply(running, point.z)
            result.append(AffinePoint(x: running, y: f.zero))
        }
        guard var inverse = f.inverse(running) else { return nil }
        for index in stride(from: points.count - 1, through: 0, by: -1) {
            let point = points[index]
            var zInverse = inverse
            if index > 0 {
                zInverse = f.multiply(inverse, result[index - 1].x)
                inverse = f.multiply(inverse, point.z)
            }
            let zInverse2 = f.square(zInverse)
            result[index] = AffinePoint(
                x: f.multiply(point.x, zInverse2), y: f.multiply(point.y, f.multiply(zInverse2, zInverse)))
        }
        return result
    }
}
