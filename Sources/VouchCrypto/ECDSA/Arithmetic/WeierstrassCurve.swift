/// One NIST prime curve ready for arithmetic: its field, the group order n, the coefficient b and
/// a table of multiples of the base point.
///
/// `Field` is concrete per curve (see ``NISTCurves``), so every generic function below is
/// specialised by the optimiser into straight-line code for that curve's field.
struct WeierstrassCurve<Field: PrimeField>: Sendable {
    typealias Element = Field.Element

    /// Width of the wNAF digits of u1, the multiplier of the base point G: 2^(9−2) = 128 affine
    /// odd multiples of G are precomputed once (co-Z additions, one inversion: about 0.3 M
    /// instructions for P-256, what 64 cost before), so u1·G costs about bits/10 mixed additions.
    /// Width 10 saved another 5 k instructions a P-256 verification but cost 0.35 M more once.
    static var generatorWindow: Int { 9 }
    /// Width of the wNAF digits of u2, the multiplier of the public key Q: its 2^(w−2) odd
    /// multiples are built per verification (``PointArithmetic/oddMultiples(of:count:)``). Width 6
    /// (16 entries) for P-256, where it saves 12 k instructions a verification against width 5;
    /// width 5 (8 entries) elsewhere: for P-384 width 6 cost 27 k more (callgrind, both measured
    /// with the co-Z table).
    static var publicKeyWindow: Int { Field.self == P256Field.self ? 6 : 5 }

    let field: Field
    /// Arithmetic modulo n (libgmp's `mpn` functions on the stack).
    let order: OrderArithmetic
    let points: PointArithmetic<Field>
    let b: Element
    let generator: AffinePoint<Element>
    /// G, 3G, 5G, …, 255G in affine coordinates.
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
        // Odd multiples (2i+1)·G in affine form: co-Z additions, one inversion.
        guard let table = points.oddMultiples(of: generator, count: 1 << (Self.generatorWindow - 2)) else { return nil }
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
