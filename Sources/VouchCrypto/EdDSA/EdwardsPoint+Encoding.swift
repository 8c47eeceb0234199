// Point compression (RFC 8032 §5.1.2) and strict decompression (§5.1.3).

extension EdwardsPoint {
    /// Decodes a point per RFC 8032 §5.1.3, strictly: `nil` when y ≥ p (a non-canonical encoding), when
    /// no x satisfies the curve equation, or when x = 0 but the sign bit is set (the encoding of 0 with
    /// a “negative” sign, which would alias the canonical one).
    init?(decoding words: Words256) {
        guard FieldElement25519.isCanonicalEncoding(words) else { return nil }
        let y = FieldElement25519(lowBitsOf: words)
        let yy = y.squared()
        let u = yy.subtracting(.one)                                   // y² − 1
        let v = yy.multiplied(by: Ed25519Constants.d).adding(.one)     // d·y² + 1, never 0 (d is not a square)
        guard var x = FieldElement25519.squareRootOfRatio(u, v) else { return nil }
        let wantsNegative = words.topBit == 1
        if x.isZero && wantsNegative { return nil }
        if x.isNegative != wantsNegative { x = x.negated() }
        self.init(x: x, y: y, z: .one, t: x.multiplied(by: y))
    }

    /// The 32-byte encoding: y in canonical form with the parity of x in bit 255 (one inversion).
    var encoded: Words256 {
        let zInverse = z.inverted()
        let affineX = x.multiplied(by: zInverse)
        var words = y.multiplied(by: zInverse).canonicalWords
        if affineX.isNegative { words.w3 |= 1 << 63 }
        return words
    }
}
