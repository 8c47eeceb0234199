extension ECPublicKey {
    /// Whether `derSignature` is a valid ECDSA signature of `digest` under this key
    /// (FIPS 186-4 §6.4.2, SEC 1 §4.1.4).
    ///
    /// The signature must be a DER `SEQUENCE { r INTEGER, s INTEGER }` with nothing after it,
    /// both INTEGERs minimal and positive, 1 ≤ r, s < n. The digest may come from any hash: it is
    /// truncated to the bit length of the group order n, so SHA-512 works with P-256 and SHA-1
    /// with P-521.
    ///
    /// - Parameters:
    ///   - derSignature: the DER ECDSA-Sig-Value, e.g. a certificate's signatureValue bits.
    ///   - digest: the hash of the signed message.
    ///   - allowingMissingZeroPadding: also accept r or s encoded without the 0x00 octet a
    ///     positive INTEGER with its top bit set needs (so it reads as negative). Apple repairs
    ///     such signatures for keys whose order fits 256 bits (P-192, P-224, P-256); the option
    ///     has no effect on P-384 and P-521, as there. Off by default; the trust layer turns it on.
    public func isValidSignature(
        derSignature: ArraySlice<UInt8>, digest: [UInt8], allowingMissingZeroPadding: Bool = false
    ) -> Bool {
        let repair = allowingMissingZeroPadding && curve.fieldBits <= Self.maximumRepairedOrderBits
        guard let signature = ECDSASignature(der: derSignature, allowingMissingZeroPadding: repair),
            signature.r.count <= curve.fieldBytes, signature.s.count <= curve.fieldBytes
        else { return false }
        switch curve {
        case .p192: return verify(signature, digest, on: NISTCurves.p192)
        case .p224: return verify(signature, digest, on: NISTCurves.p224)
        case .p256: return verify(signature, digest, on: NISTCurves.p256)
        case .p384: return verify(signature, digest, on: NISTCurves.p384)
        case .p521: return verify(signature, digest, on: NISTCurves.p521)
        }
    }

    /// Apple reads the repaired integers into 256-bit numbers (`ccec_cp_256`), so only curves
    /// whose order has at most 256 bits can have a signature repaired.
    static let maximumRepairedOrderBits = 256

    private func verify<Field>(
        _ signature: ECDSASignature, _ digest: [UInt8], on arithmetic: WeierstrassCurve<Field>?
    ) -> Bool {
        guard let arithmetic,
            let x = arithmetic.field.element(fromBigEndian: x),
            let y = arithmetic.field.element(fromBigEndian: y)
        else { return false }
        let e = Self.truncatedDigest(digest, bits: arithmetic.orderBits, words: arithmetic.orderWords.count)
        return arithmetic.verify(
            publicKey: AffinePoint(x: x, y: y), r: signature.r, s: signature.s, truncatedDigest: e)
    }

    /// The leftmost `bits` bits of `digest` as an integer (FIPS 186-4 §6.4: "the leftmost
    /// min(N, outlen) bits of Hash(M)"), in at least `words` little-endian words.
    static func truncatedDigest(_ digest: [UInt8], bits: Int, words: Int) -> [UInt64] {
        let kept = digest.prefix((bits + 7) / 8)
        let value = WordArithmetic.words(fromBigEndian: kept, count: words)
        let excess = kept.count * 8 - bits
        return excess > 0 ? WordArithmetic.shiftedRight(value, by: excess) : value
    }
}
