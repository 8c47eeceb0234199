// Exponentiations in GF(2^255 − 19): the inverse z^(p−2) and the square-root helper z^((p−5)/8), with
// the addition chain of ref10 (254 squarings and 11 multiplications each).

extension FieldElement25519 {
    /// (z^(2^250 − 1), z^11): the shared prefix of both chains.
    private func power2To250Minus1() -> (FieldElement25519, FieldElement25519) {
        let z2 = squared()                                   // 2
        let z8 = z2.squared(times: 2)                        // 8
        let z9 = multiplied(by: z8)                          // 9
        let z11 = z2.multiplied(by: z9)                      // 11
        let z22 = z11.squared()                              // 22
        let z5 = z9.multiplied(by: z22)                      // 2^5 − 1
        let z10 = z5.squared(times: 5).multiplied(by: z5)    // 2^10 − 1
        let z20 = z10.squared(times: 10).multiplied(by: z10) // 2^20 − 1
        let z40 = z20.squared(times: 20).multiplied(by: z20) // 2^40 − 1
        let z50 = z40.squared(times: 10).multiplied(by: z10) // 2^50 − 1
        let z100 = z50.squared(times: 50).multiplied(by: z50)   // 2^100 − 1
        let z200 = z100.squared(times: 100).multiplied(by: z100) // 2^200 − 1
        let z250 = z200.squared(times: 50).multiplied(by: z50)   // 2^250 − 1
        return (z250, z11)
    }

    /// The multiplicative inverse z^(p − 2) (0 maps to 0).
    func inverted() -> FieldElement25519 {
        let (z250, z11) = power2To250Minus1()
        return z250.squared(times: 5).multiplied(by: z11)    // 2^255 − 32 + 11 = p − 2
    }

    /// z^((p − 5)/8) = z^(2^252 − 3), the exponent of RFC 8032 §5.1.3 step 2.
    func powerPMinus5Over8() -> FieldElement25519 {
        let (z250, _) = power2To250Minus1()
        return z250.squared(times: 2).multiplied(by: self)   // 2^252 − 4 + 1
    }

    /// A square root of u/v per RFC 8032 §5.1.3 steps 2–3, or `nil` when u/v is not a square (v ≠ 0).
    /// For v = 0 the candidate is 0, which is returned only when u = 0 too.
    static func squareRootOfRatio(_ u: FieldElement25519, _ v: FieldElement25519) -> FieldElement25519? {
        let v3 = v.squared().multiplied(by: v)
        let v7 = v3.squared().multiplied(by: v)
        // x = u·v^3·(u·v^7)^((p−5)/8)
        var x = u.multiplied(by: v3).multiplied(by: u.multiplied(by: v7).powerPMinus5Over8())
        let vxx = v.multiplied(by: x.squared())
        if vxx.isEqual(to: u) { return x }
        if vxx.isEqual(to: u.negated()) {
            x = x.multiplied(by: Ed25519Constants.sqrtMinusOne)
            return x
        }
        return nil
    }
}
