// [s]B − [k]A in variable time, for signature verification (every input is public).
//
// Straus/Shamir interleaving: one shared chain of 256 doublings; S is recoded in width-8 wNAF against
// the precomputed odd multiples of B (about 28 additions), k in width-5 wNAF against eight odd
// multiples of A computed per call (about 43 additions). Between additions the doubling result is
// kept without T, which the doubling formula does not read.

extension EdwardsPoint {
    /// The wNAF width used for k·A: eight odd multiples A, 3A, …, 15A.
    static let variableBaseWidth = 5

    /// [s]B − [k]A for scalars s, k < 2^255.
    static func doubleScalarMultiplication(s: Words256, k: Words256, a: EdwardsPoint) -> EdwardsPoint {
        let sDigits = NonAdjacentForm(s, width: Ed25519BasePointTable.width)
        let kDigits = NonAdjacentForm(k, width: variableBaseWidth)

        // Odd multiples of A: A, 3A, …, 15A.
        let twiceA = a.doubled().extended.cached
        var multiplesOfA = InlineArray<8, CachedPoint>(repeating: a.cached)
        var current = a
        for index in 1..<8 {
            current = current.adding(twiceA).extended
            multiplesOfA[index] = current.cached
        }
        let multiplesOfB = Ed25519BasePointTable.oddMultiples

        var index = max(sDigits.topIndex, kDigits.topIndex)
        var result = EdwardsPoint.identity
        while index >= 0 {
            var sum = result.doubled()
            let kDigit = Int(kDigits.digits[index])
            if kDigit > 0 {
                sum = sum.extended.subtracting(multiplesOfA[kDigit / 2])
            } else if kDigit < 0 {
                sum = sum.extended.adding(multiplesOfA[-kDigit / 2])
            }
            let sDigit = Int(sDigits.digits[index])
            if sDigit > 0 {
                sum = sum.extended.adding(multiplesOfB[sDigit / 2])
            } else if sDigit < 0 {
                sum = sum.extended.subtracting(multiplesOfB[-sDigit / 2])
            }
            result = sum.extendedWithoutT
            index -= 1
        }
        return result
    }
}
