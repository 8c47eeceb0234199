/// Why bytes are not an acceptable X9.62 / SEC 1 public point (SEC 1 §2.3.4, §3.2.2.1).
public enum ECPublicKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No bytes at all.
    case emptyEncoding
    /// The single octet 00: the point at infinity, never a valid public key (SEC 1 §3.2.2.1).
    case pointAtInfinity
    /// A first octet other than 02, 03 (compressed) or 04 (uncompressed); hybrid forms 06/07
    /// are refused as RFC 5480 §2.2 permits only those two.
    case unsupportedPointFormat(UInt8)
    /// The encoding has the wrong length for the curve and its format octet.
    case wrongLength(expected: Int, found: Int)
    /// A coordinate is not below the field prime p.
    case coordinateOutOfRange
    /// The coordinates do not satisfy the curve equation (or a compressed x has no y).
    case notOnCurve
    /// A compressed point on a curve whose square roots this engine does not compute: P-224,
    /// whose prime is 1 mod 4 (Tonelli–Shanks would be needed). Compressed keys are rare, and
    /// Apple's SecKeyCreateWithData refuses them too.
    case compressedPointUnsupported(ECCurve)

    /// A one-line reason.
    public var description: String {
        switch self {
        case .emptyEncoding: return "empty EC point"
        case .pointAtInfinity: return "EC point is the point at infinity (SEC 1 §3.2.2.1)"
        case .unsupportedPointFormat(let octet):
            return "EC point format 0x\(String(octet, radix: 16)) is not 02, 03 or 04 (RFC 5480 §2.2)"
        case .wrongLength(let expected, let found):
            return "EC point is \(found) bytes, expected \(expected)"
        case .coordinateOutOfRange: return "EC point coordinate not below the field prime"
        case .notOnCurve: return "EC point is not on the curve (SEC 1 §3.2.2.1)"
        case .compressedPointUnsupported(let curve): return "compressed points on \(curve) are not supported"
        }
    }
}
