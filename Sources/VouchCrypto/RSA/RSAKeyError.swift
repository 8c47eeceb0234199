import VouchDER

/// Why bytes were not accepted as an RSA public key.
public enum RSAKeyError: Error, Equatable, Sendable {
    /// The PKCS #1 `RSAPublicKey` DER is malformed (wrong tags, non-minimal INTEGERs, trailing data…).
    case malformed(DERError)
    /// The modulus is zero or negative.
    case nonPositiveModulus
    /// The modulus is even, so it cannot be a product of two odd primes.
    case evenModulus
    /// The modulus has fewer than ``RSALimits/minimumModulusBits`` bits.
    case modulusTooShort(bits: Int)
    /// The modulus has more than ``RSALimits/maximumModulusBits`` bits.
    case modulusTooLong(bits: Int)
    /// The public exponent is 1 or less (negative and zero included): RFC 8017 §3.1 requires 3 ≤ e.
    case exponentTooSmall
    /// The public exponent is even, so it cannot be coprime to φ(n) (RFC 8017 §3.1).
    case evenExponent
    /// The public exponent has more than ``RSALimits/maximumExponentBits`` bits.
    case exponentTooLong(bits: Int)
}
