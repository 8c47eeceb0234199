/// The bounds on RSA public keys, each with the reason for its value.
///
/// Parsing bounds (what ``RSAPublicKey`` accepts at all) are kept apart from the policy bound
/// (what the trust layer later calls weak): a 768-bit key must parse so that the trust layer can
/// report it as a weak key rather than as garbage.
public enum RSALimits {
    /// Smallest modulus ``RSAPublicKey`` parses, in bits.
    ///
    /// 512 bits is the smallest size ever issued in X.509 (export-grade keys of the 1990s).
    /// SECTRUST.md §13 case 25 expects an RSA-512 leaf to fail as WeakKeySize; parsing it lets the
    /// trust layer report exactly that, with the key's size. Nothing smaller has been a real RSA key.
    public static let minimumModulusBits = 512

    /// Largest modulus ``RSAPublicKey`` parses, in bits.
    ///
    /// 16384 bits is OpenSSL's `OPENSSL_RSA_MAX_MODULUS_BITS` and BoringSSL's verification limit;
    /// no CA issues larger keys, and the bound keeps one verification below a few milliseconds.
    public static let maximumModulusBits = 16384

    /// Largest public exponent ``RSAPublicKey`` parses, in bits.
    ///
    /// FIPS 186-5 §A.1.1 requires 2^16 < e < 2^256; old keys use 3 or 17, and no standard
    /// generator makes larger ones. The bound caps the cost of a verification at 256 modular
    /// squarings, where an exponent as long as the modulus would cost as much as a private-key
    /// operation — a cheap denial of service in path building.
    public static let maximumExponentBits = 256

    /// The smallest modulus, in **bytes**, that the trust policy should not call weak.
    ///
    /// SECTRUST.md §7: Apple measures RSA keys by the byte length of the modulus and fails keys
    /// below 128 bytes (1024 bits) as WeakKeySize for every policy; a 1017-bit modulus is 128
    /// bytes and passes. VouchCrypto does not enforce this: it verifies weak keys correctly and
    /// leaves the judgement to the trust layer, which compares ``RSAPublicKey/modulusByteLength``.
    public static let minimumPolicyModulusBytes = 128
}
