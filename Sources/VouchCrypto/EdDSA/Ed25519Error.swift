/// Why bytes are not an Ed25519 public key (RFC 8032 §5.1.3).
public enum Ed25519Error: Error, Equatable, Sendable {
    /// The encoding is not exactly 32 bytes; carries the count received.
    case wrongLength(Int)
    /// The y-coordinate is encoded as a value ≥ p = 2^255 − 19. Each such value aliases the canonical
    /// encoding of y − p; RFC 8032 §5.1.3 says decoding fails, and so does Vouch.
    case nonCanonicalEncoding
    /// x = 0 with the sign bit set: RFC 8032 §5.1.3 step 4 says decoding fails (it would alias the
    /// canonical encoding of the same point).
    case negativeZero
    /// No point of edwards25519 has this y-coordinate.
    case notOnCurve
}
