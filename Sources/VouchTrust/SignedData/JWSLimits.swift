/// How much a compact JWS may hold. Each bound keeps hostile input from costing more than the
/// largest real document does many times over; a value past one is refused with
/// ``JWSError/Kind/tooLarge(_:limit:)`` before it is decoded.
public enum JWSLimits {
    /// The whole compact text, in bytes: 1 MiB. The largest JWS Apple sends is an App Store Server
    /// Notification's `signedPayload`, which nests a `signedTransactionInfo` and a
    /// `signedRenewalInfo` (each about 3 KB, their `x5c` chains included) in its payload: some
    /// 10 KB in all. A hundred times that still refuses a mistaken file (an image, a log) before
    /// memory grows with it.
    public static let maximumTextSize = 1 << 20

    /// The decoded protected header, in bytes: 64 KiB. Apple's headers hold `alg` and an `x5c`
    /// of three certificates, about 3 KB; ``maximumCertificateCount`` certificates of 3 KB each
    /// (base64 makes them 4 KB) still fit.
    public static let maximumHeaderSize = 64 << 10

    /// The nesting depth of the header's JSON: 8 levels. A header is one object whose values are
    /// strings and arrays of strings (depth 2, `x5c` and `crit`); the bound only keeps an
    /// extension parameter from nesting as deep as the JSON reader's default allows.
    public static let maximumHeaderDepth = 8

    /// The certificates `x5c` may carry: 16, ``TrustLimits/maximumChainLength``, the longest path
    /// the path builder makes, so that a longer chain could never be judged as a whole. Apple's
    /// App Store chains have 3 (leaf, Apple Worldwide Developer Relations G6, Apple Root CA G3).
    public static let maximumCertificateCount = TrustLimits.maximumChainLength

    /// Names the `crit` header may list: 16. RFC 7515 §4.1.11 allows only extension parameters
    /// that the header itself carries, and the registered extensions number a handful (`b64`,
    /// `ppt`, `url`, `nonce`…); the bound keeps the duplicate and presence checks small.
    public static let maximumCriticalParameterCount = 16

    /// The shortest RSA modulus RS* and PS* accept, in bits: 2048 (RFC 7518 §3.3 and §3.5: "A
    /// key of size 2048 bits or larger MUST be used with these algorithms"). A shorter key is
    /// refused with ``JWSError/Kind/rsaKeyTooSmall(bits:)`` before any arithmetic.
    public static let minimumRSAModulusBits = 2048
}
