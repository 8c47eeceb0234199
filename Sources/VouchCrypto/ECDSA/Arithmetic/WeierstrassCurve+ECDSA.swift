/// The arithmetic core of ECDSA verification (FIPS 186-4 §6.4.2, SEC 1 §4.1.4).
extension WeierstrassCurve {
    /// Whether (r, s) is a signature of the truncated digest `e` under the public key `q`.
    ///
    /// r and s are big-endian magnitudes that must lie in [1, n − 1]; `e` holds the leftmost
    /// ``orderBits`` bits of the digest. R = u1·G + u2·Q with u1 = e·s⁻¹, u2 = r·s⁻¹, computed by
    /// one interleaved wNAF pass (Shamir's trick: the doublings are shared); the signature is
    /// valid iff R ≠ ∞ and x(R) ≡ r (mod n). x(R) = X/Z² is never computed: X = r·Z² is compared
    /// instead (and X = (r + n)·Z² when r + n < p), so verification needs no field inversion.
    ///
    /// The scalar arithmetic (s⁻¹, e·s⁻¹, r·s⁻¹ mod n) runs on libgmp's `mpn` functions
    /// (``OrderArithmetic``): an extended GCD costs less than a Fermat inversion on the
    /// fixed-size fields, and it is 3 operations per verification, none allocating.
    func verify(
        publicKey q: AffinePoint<Element>, r rBytes: ArraySlice<UInt8>, s sBytes: ArraySlice<UInt8>,
        truncatedDigest e: [UInt64]
    ) -> Bool {
        let rWords = WordArithmetic.words(fromBigEndian: rBytes, count: orderWords.count)
        let sWords = WordArithmetic.words(fromBigEndian: sBytes, count: orderWords.count)
        guard !WordArithmetic.isZero(rWords), WordArithmetic.compare(rWords, orderWords) < 0,
            !WordArithmetic.isZero(sWords), WordArithmetic.compare(sWords, orderWords) < 0,
            let (u1, u2) = order.signatureScalars(e: e, r: rWords, s: sWords)
        else { return false }
        guard let sum = linearCombination(u1, u2, q), !points.isInfinity(sum) else { return false }

        let f = field
        let z2 = f.square(sum.z)
        guard let rField = f.element(fromWords: rWords) else { return false }
        if f.areEqual(sum.x, f.multiply(rField, z2)) { return true }
        guard WordArithmetic.compare(rWords, primeMinusOrder) < 0,
            let rPlusN = f.element(fromWords: WordArithmetic.add(rWords, orderWords))
        else { return false }
        return f.areEqual(sum.x, f.multiply(rPlusN, z2))
    }

    /// u1·G + u2·Q, with both wNAF expansions consumed in one pass of shared doublings; `nil`
    /// only when Q's table cannot be made affine (Q of small order, which a key on the curve
    /// of prime order n is not).
    func linearCombination(_ u1: [UInt64], _ u2: [UInt64], _ q: AffinePoint<Element>) -> JacobianPoint<Element>? {
        guard let publicKeyTable = oddMultiples(of: q) else { return nil }
        return WNAF.withDigits(u1, width: Self.generatorWindow) { generatorDigits in
            WNAF.withDigits(u2, width: Self.publicKeyWindow) { publicKeyDigits in
                linearCombination(generatorDigits, publicKeyDigits, publicKeyTable)
            }
        }
    }

    /// Σ over the digits, from the most significant: the doublings shared, each non-zero digit an
    /// addition of ±(its odd multiple of G) from ``generatorTable`` or of Q from `publicKeyTable`.
    private func linearCombination(
        _ generatorDigits: UnsafeBufferPointer<Int16>, _ publicKeyDigits: UnsafeBufferPointer<Int16>,
        _ publicKeyTable: [AffinePoint<Element>]
    ) -> JacobianPoint<Element> {
        let p = points
        var result = p.infinity
        var started = false
        // Doublings owed since the last addition, done in one call before the next one.
        var pending = 0
        var index = max(generatorDigits.count, publicKeyDigits.count) - 1
        while index >= 0 {
            if started { pending += 1 }
            let generatorDigit = index < generatorDigits.count ? generatorDigits[index] : 0
            let publicKeyDigit = index < publicKeyDigits.count ? publicKeyDigits[index] : 0
            if generatorDigit != 0 || publicKeyDigit != 0 {
                if pending > 0 {
                    result = p.double(result, times: pending)
                    pending = 0
                }
                if generatorDigit != 0 {
                    let entry = generatorTable[Int(generatorDigit.magnitude) >> 1]
                    result = p.add(result, generatorDigit > 0 ? entry : p.negated(entry))
                }
                if publicKeyDigit != 0 {
                    let entry = publicKeyTable[Int(publicKeyDigit.magnitude) >> 1]
                    result = p.add(result, publicKeyDigit > 0 ? entry : p.negated(entry))
                }
                started = true
            }
            index -= 1
        }
        if pending > 0 { result = p.double(result, times: pending) }
        return result
    }

    /// Q, 3Q, 5Q, …, (2^(w−1) − 1)Q for the public-key window w in affine form
    /// (``PointArithmetic/oddMultiples(of:count:)``: co-Z additions, one inversion), so that each of
    /// the some 43 additions of the table's entries is a mixed one (8M + 3S instead of 12M + 4S).
    func oddMultiples(of q: AffinePoint<Element>) -> [AffinePoint<Element>]? {
        points.oddMultiples(of: q, count: 1 << (Self.publicKeyWindow - 2))
    }
}
