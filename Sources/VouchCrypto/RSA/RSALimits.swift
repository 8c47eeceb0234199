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
    /// BoringSSL's verification limit (`kMaxExponentBits`) and ring's (e < 2^33): every exponent
    /// in use (3, 17, 65537, and the at most 17-bit ones of the NIST and Wycheproof vectors) fits
    /// with room. FIPS 186-5 allows up to 256 bits, but each exponent bit costs a modular squaring
    /// (and up to a multiplication): measured here, one RSA-16384 verification takes 2.2 ms with
    /// e = 65537, 4.2 ms at 33 bits and 32 ms at 256 bits, and a path search may verify up to
    /// `TrustLimits`' 150 signatures: a 256-bit exponent would turn a hostile chain into seconds
    /// of work.
    public static let maximumExponentBits = 33

    /// The smallest modulus, in **bytes**, that the trust policy should not call weak.
    ///
    /// SECTRUST.md §7: Apple measures RSA keys by the byte length of the modulus and fails keys
    /// below 128 bytes (1024 bits) as WeakKeySize for every policy; a 1017-bit modulus is 128
    /// bytes and passes. VouchCrypto does not enforce this: it verifies weak keys correctly and
    /// leaves the judgement to the trust layer, which compares ``RSAPublicKey/modulusByteLength``.
    public static let minimumPolicyModulusBytes = 128
}
