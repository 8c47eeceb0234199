/// The five curves, built once on first use (Swift initialises `static let` lazily and
/// thread-safely), with the field implementation each one uses.
///
/// | curve | field | scalars |
/// |---|---|---|
/// | P-192 | 3-word Montgomery | 3-word Montgomery |
/// | P-224 | 4-word Montgomery | 4-word Montgomery |
/// | P-256 | 4-word Montgomery | 4-word Montgomery |
/// | P-384 | 6-word Montgomery | 6-word Montgomery |
/// | P-521 | 58-bit Mersenne limbs (``P521Field``) | 9-word Montgomery |
enum NISTCurves {
    typealias P192 = WeierstrassCurve<MontgomeryField<3>, MontgomeryField<3>>
    typealias P224 = WeierstrassCurve<MontgomeryField<4>, MontgomeryField<4>>
    typealias P256 = WeierstrassCurve<MontgomeryField<4>, MontgomeryField<4>>
    typealias P384 = WeierstrassCurve<MontgomeryField<6>, MontgomeryField<6>>
    typealias P521 = WeierstrassCurve<P521Field, MontgomeryField<9>>

    static let p192: P192? = make(.p192)
    static let p224: P224? = make(.p224)
    static let p256: P256? = make(.p256)
    static let p384: P384? = make(.p384)
    static let p521: P521? = WeierstrassCurve(
        parameters: .p521, field: P521Field(),
        scalars: MontgomeryField<9>(modulus: WordArithmetic.words(hex: CurveParameters.p521.order)))

    private static func make<let N: Int>(
        _ parameters: CurveParameters
    ) -> WeierstrassCurve<MontgomeryField<N>, MontgomeryField<N>>? {
        WeierstrassCurve(
            parameters: parameters,
            field: MontgomeryField<N>(modulus: WordArithmetic.words(hex: parameters.prime)),
            scalars: MontgomeryField<N>(modulus: WordArithmetic.words(hex: parameters.order)))
    }
}
