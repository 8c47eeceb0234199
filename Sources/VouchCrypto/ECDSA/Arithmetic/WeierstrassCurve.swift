/// One NIST prime curve ready for arithmetic: its field, the group order n, the coefficient b and
/// a table of multiples of the base point.
///
/// `Field` is concrete per curve (see ``NISTCurves``), so every generic function below is
/// specialised by the optimiser into straight-line code for that curve's field.
struct WeierstrassCurve<Field: PrimeField>: Sendable {
    typealias Element = Field.Element

    /// Width of the wNAF digits of u1, the multiplier of the base point G: 2^(8−2) = 64 affine
    /// odd multiples of G are precomputed once, so u1·G costs about bits/9 mixed additions.
    static var generatorWindow: Int { 8 }
    /// Width of the wNAF digits of u2, the multiplier of the public key Q: its 8 odd multiples
    /// are built per verification (1 doubling + 7 additions), the best trade-off for 256–521-bit
    /// scalars (width 4 costs more additions, width 6 more table building).
    static var publicKeyWindow: Int { 5 }

    let field: Field
    /// Arithmetic modulo n (libgmp's `mpn` functions on the stack).
    let order: OrderArithmetic
    let points: PointArithmetic<Field>
    let b: Element
    let generator: AffinePoint<Element>
    /// G, 3G, 5G, …, 127G in affine coordinates.
    let generatorTable: [AffinePoint<Element>]
    /// n as little-endian words.
    let orderWords: [UInt64]
    /// The number of bits of n: digests are truncated to it (FIPS 186-4 §6.4).
    let orderBits: Int
    /// p − n when n < p: an x-coordinate x ≥ n reduces to x − n, so r may stand for r + n as long
    /// as r + n < p, i.e. r < p − n.
    let primeMinusOrder: [UInt64]

    /// Builds the curve from its parameters; `nil` only if the constants are inconsistent
    /// (b or G not reduced, G not on the curve, n zero), which the tests rule out.
    init?(parameters: CurveParameters, field: Field) {
        self.field = field
        let orderWords = WordArithmetic.words(hex: parameters.order)
        guard let order = OrderArithmetic(words: orderWords) else { return nil }
        self.order = order
        self.points = PointArithmetic(field: field)
        guard let b = field.element(fromWords: WordArithmetic.words(hex: parameters.b)),
            let x = field.element(fromWords: WordArithmetic.words(hex: parameters.generatorX)),
            let y = field.element(fromWords: WordArithmetic.words(hex: parameters.generatorY))
        else { return nil }
        self.b = b
        self.generator = AffinePoint(x: x, y: y)
        self.orderWords = orderWords
        self.orderBits = WordArithmetic.bitLength(orderWords)
        self.primeMinusOrder = WordArithmetic.subtract(field.modulusWords, orderWords)
        let points = self.points
        guard Self.isOnCurve(generator, field: field, b: b) else { return nil }
        // Odd multiples (2i+1)·G: G, then repeatedly + 2G, brought to affine form together.
        let twice = points.double(points.jacobian(generator))
        var current = points.jacobian(generator)
        var multiples: [JacobianPoint<Element>] = []
        let tableSize = 1 << (Self.generatorWindow - 2)
        multiples.reserveCapacity(tableSize)
        for _ in 0..<tableSize {
            multiples.append(current)
            current = points.add(current, twice)
        }
        guard let table = multiples.withUnsafeBufferPointer({ points.affine($0) }) else { return nil }
        self.generatorTable = table
    }

    /// Whether the affine `point` satisfies y² = x³ − 3x + b.
    func isOnCurve(_ point: AffinePoint<Element>) -> Bool {
        Self.isOnCurve(point, field: field, b: b)
    }

    static func isOnCurve(_ point: AffinePoint<Element>, field f: Field, b: Element) -> Bool {
        let x2 = f.square(point.x)
        let x3 = f.multiply(x2, point.x)
        let threeX = f.add(f.double(point.x), point.x)
        let rightSide = f.add(f.subtract(x3, threeX), b)
        return f.areEqual(f.square(point.y), rightSide)
    }

    /// The y with y² = x³ − 3x + b whose parity is `odd`, or `nil` when x is not the
    /// x-coordinate of a point (or the field has no cheap square root).
    func decompress(x: Element, odd: Bool) -> Element? {
        let f = field
        let threeX = f.add(f.double(x), x)
        let rightSide = f.add(f.subtract(f.multiply(f.square(x), x), threeX), b)
        guard let root = f.squareRoot(rightSide) else { return nil }
        let isOdd = (f.words(root).first ?? 0) & 1 == 1
        return isOdd == odd ? root : f.negate(root)
    }
}
