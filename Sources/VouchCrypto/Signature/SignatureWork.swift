/// What one signature verification costs, in *work units*: the currency of an evaluation's
/// budget (VouchTrust's `TrustLimits.maximumSignatureWork`), so that a hostile peer's choice of
/// keys, not only the number of its signatures, is bounded.
///
/// One unit is about 5 µs of this engine's arithmetic on the reference machine (2 vCPUs of an
/// AMD EPYC, the release build): an RSA-2048 verification with e = 65537 is 4 units (about 22 µs),
/// hashing 1 KiB is 1 (SHA-256 runs at about 200 MB/s). The figures come from `vouch speed` on
/// that machine (BENCHMARKS.md, "Worst cost"); each estimate rounds up, so that the budget
/// overestimates rather than underestimates a hostile input's price.
public enum SignatureWork {
    /// Units for hashing `byteCount` signed bytes: one per KiB begun.
    public static func hashing(byteCount: Int) -> Int {
        max(1, (byteCount + 1_023) / 1_024)
    }

    /// The units of the arithmetic of one verification with `key` (the hashing excluded).
    ///
    /// - RSA: the exponentiation is (bits of e − 1) squarings plus (ones of e − 1)
    ///   multiplications of the modulus's size, each quadratic in its length: 4 units for
    ///   RSA-2048 with e = 65537 (17 such steps), 16 for RSA-4096, 1,024 for RSA-16384 with a
    ///   33-bit exponent. GMP multiplies large numbers faster than quadratically, so the estimate
    ///   is an upper bound (an RSA-16384 verification measures about 110 units, not 256).
    /// - ECDSA: measured per curve: P-256 9, P-384 55, P-521 80; P-192 and P-224, which run on
    ///   the generic arithmetic, are charged as P-384.
    /// - Ed25519: 9.
    /// - A key Vouch does not verify with: 1 (the attempt fails without arithmetic).
    public static func arithmetic(_ key: SignatureVerifier.IssuerKey) -> Int {
        switch key.prepared {
        case .rsa(let rsa, _): return rsaUnits(modulusBits: rsa.modulusBitLength, exponent: rsa.publicExponent)
        case .ec(let ec):
            switch ec.curve {
            case .p256: return 9
            case .p384: return 55
            case .p521: return 80
            case .p192, .p224: return 55
            }
        case .ed25519(let ed): return ed == nil ? 1 : 9
        case .none: return 1
        }
    }

    /// The units of one verification with `key` over `signedByteCount` bytes: the arithmetic and
    /// the hashing (charged every time, though a certificate's digest is often reused: an upper
    /// bound again).
    public static func verification(_ key: SignatureVerifier.IssuerKey, signedByteCount: Int) -> Int {
        arithmetic(key) + hashing(byteCount: signedByteCount)
    }

    /// Steps of e = 65537's exponentiation, the unit RSA costs are scaled from.
    private static let referenceExponentSteps = 17

    /// `ceil(4 × (bits / 2048)² × steps / 17)`.
    static func rsaUnits(modulusBits: Int, exponent: [UInt8]) -> Int {
        var bits = 0, ones = 0
        for (index, byte) in exponent.enumerated() {
            if byte != 0 && bits == 0 { bits = (exponent.count - index) * 8 - byte.leadingZeroBitCount }
            ones += byte.nonzeroBitCount
        }
        let steps = max(1, (bits - 1) + (ones - 1))
        // 2048² × 17 / 4: the divisor that makes RSA-2048 with e = 65537 four units.
        let divisor = 2_048 * 2_048 * referenceExponentSteps / 4
        let product = modulusBits * modulusBits * steps
        return max(1, (product + divisor - 1) / divisor)
    }
}
