// Point compression (RFC 8032 §5.1.2) and strict decompression (§5.1.3).

extension EdwardsPoint {
    /// Decodes a point per RFC 8032 §5.1.3, strictly: y ≥ p (a non-canonical encoding) fails, as does
    /// x = 0 with the sign bit set (an alias of the canonical encoding of the same point), and any y for
    /// which no x satisfies the curve equation.
    /// - Throws: `PointDecodingError`.
    init(decoding words: Words256) throws(PointDecodingError) {
        guard FieldElement25519.isCanonicalEncoding(words) else { throw .nonCanonicalY }
        let y = FieldElement25519(lowBitsOf: words)
        let yy = y.squared()
        let u = yy.subtracting(.one)                                   // y² − 1
        let v = yy.multiplied(by: Ed25519Constants.d).adding(.one)     // d·y² + 1, never 0 (d is not a square)
        guard var x = FieldElement25519.squareRootOfRatio(u, v) else { throw .notOnCurve }
        let wantsNegative = words.topBit == 1
        if x.isZero && wantsNegative { throw .negativeZeroX }
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

/// Why 32 bytes are not the encoding of a point (RFC 8032 §5.1.3).
enum PointDecodingError: Error, Equatable {
    /// The low 255 bits are ≥ p.
    case nonCanonicalY
    /// (y² − 1)/(d·y² + 1) is not a square: no point has this y.
    case notOnCurve
    /// x = 0 but bit 255 asks for the odd (“negative”) root.
    case negativeZeroX
}
