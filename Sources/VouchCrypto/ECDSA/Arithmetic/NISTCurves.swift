/// The five curves, built once on first use (Swift initialises `static let` lazily and
/// thread-safely), each on its own field implementation:
///
/// | curve | field |
/// |---|---|
/// | P-192 | ``P192Field``: 3-word Montgomery |
/// | P-224 | ``P224Field``: 4-word Montgomery |
/// | P-256 | ``P256Field``: 4-word Montgomery |
/// | P-384 | ``P384Field``: 6-word Montgomery |
/// | P-521 | ``P521Field``: nine 58-bit limbs, Mersenne reduction |
///
/// Arithmetic modulo the group order n (one inversion and two products per signature) goes
/// through libgmp (``BigNum``).
enum NISTCurves {
    static let p192 = WeierstrassCurve(parameters: .p192, field: P192Field())
    static let p224 = WeierstrassCurve(parameters: .p224, field: P224Field())
    static let p256 = WeierstrassCurve(parameters: .p256, field: P256Field())
    static let p384 = WeierstrassCurve(parameters: .p384, field: P384Field())
    static let p521 = WeierstrassCurve(parameters: .p521, field: P521Field())
}
