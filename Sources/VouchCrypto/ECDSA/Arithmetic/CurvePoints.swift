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
/// (3M + 5S), `add-2007-bl` (11M + 5S) and `madd-2007-bl` (7M + 4S), with the exceptional cases
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
    /// The three group operations are kept out of line (`@inline(never)`): inlined into the
    /// scalar-multiplication loop they made it some 50 KB of code, more than the instruction cache.
    @inline(never)
    func double(_ point: JacobianPoint<Element>) -> JacobianPoint<Element> {
        let f = field
        let delta = f.square(point.z)
        let gamma = f.square(point.y)
        let beta = f.multiply(point.x, gamma)
        let difference = f.subtract(point.x, delta)
        let sum = f.add(point.x, delta)
        let product = f.multiply(difference, sum)
        let alpha = f.add(f.double(product), product)
        let beta4 = f.double(f.double(beta))
        let x3 = f.subtract(f.square(alpha), f.double(beta4))
        let yz = f.add(point.y, point.z)
        let z3 = f.subtract(f.subtract(f.square(yz), gamma), delta)
        let gamma2 = f.square(gamma)
        let gamma8 = f.double(f.double(f.double(gamma2)))
        let y3 = f.subtract(f.multiply(alpha, f.subtract(beta4, x3)), gamma8)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// P + Q for Jacobian P and Q.
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
        let rHalf = f.subtract(s2, s1)
        if f.isZero(h) {
            return f.isZero(rHalf) ? double(p) : infinity
        }
        let i = f.square(f.double(h))
        let j = f.multiply(h, i)
        let r = f.double(rHalf)
        let v = f.multiply(u1, i)
        let x3 = f.subtract(f.subtract(f.square(r), j), f.double(v))
        let y3 = f.subtract(f.multiply(r, f.subtract(v, x3)), f.double(f.multiply(s1, j)))
        let zSum = f.add(p.z, q.z)
        let z3 = f.multiply(f.subtract(f.subtract(f.square(zSum), z1z1), z2z2), h)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// P + Q for Jacobian P and affine Q.
    @inline(never)
    func add(_ p: JacobianPoint<Element>, _ q: AffinePoint<Element>) -> JacobianPoint<Element> {
        let f = field
        if isInfinity(p) { return jacobian(q) }
        let z1z1 = f.square(p.z)
        let u2 = f.multiply(q.x, z1z1)
        let s2 = f.multiply(q.y, f.multiply(p.z, z1z1))
        let h = f.subtract(u2, p.x)
        let rHalf = f.subtract(s2, p.y)
        if f.isZero(h) {
            return f.isZero(rHalf) ? double(p) : infinity
        }
        let hh = f.square(h)
        let i = f.double(f.double(hh))
        let j = f.multiply(h, i)
        let r = f.double(rHalf)
        let v = f.multiply(p.x, i)
        let x3 = f.subtract(f.subtract(f.square(r), j), f.double(v))
        let y3 = f.subtract(f.multiply(r, f.subtract(v, x3)), f.double(f.multiply(p.y, j)))
        let zh = f.add(p.z, h)
        let z3 = f.subtract(f.subtract(f.square(zh), z1z1), hh)
        return JacobianPoint(x: x3, y: y3, z: z3)
    }

    /// The affine form of a finite point (one field inversion); `nil` at infinity.
    func affine(_ point: JacobianPoint<Element>) -> AffinePoint<Element>? {
        guard !isInfinity(point) else { return nil }
        let zInverse = field.inverse(point.z)
        let zInverse2 = field.square(zInverse)
        return AffinePoint(
            x: field.multiply(point.x, zInverse2),
            y: field.multiply(point.y, field.multiply(zInverse2, zInverse)))
    }
}
