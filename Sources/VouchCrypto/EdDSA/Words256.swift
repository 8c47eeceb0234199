/// 32 bytes held as four little-endian 64-bit words: the wire form of a field element, a point or a
/// scalar in Ed25519 (RFC 8032 §5.1.2), compared and converted without allocating.
struct Words256: Equatable, Sendable {
    var w0: UInt64
    var w1: UInt64
    var w2: UInt64
    var w3: UInt64

    /// The number of bytes of the encoding.
    static let byteCount = 32

    init(_ w0: UInt64, _ w1: UInt64, _ w2: UInt64, _ w3: UInt64) {
        self.w0 = w0
        self.w1 = w1
        self.w2 = w2
        self.w3 = w3
    }

    /// Reads exactly 32 bytes, little-endian; `nil` for any other count.
    init?<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var count = 0
        for byte in bytes {
            guard count < Self.byteCount else { return nil }
            let shifted = UInt64(byte) << UInt64((count & 7) * 8)
            switch count >> 3 {
            case 0: words.0 |= shifted
            case 1: words.1 |= shifted
            case 2: words.2 |= shifted
            default: words.3 |= shifted
            }
            count += 1
        }
        guard count == Self.byteCount else { return nil }
        self.init(words.0, words.1, words.2, words.3)
    }

    /// The 32 bytes, little-endian.
    var bytes: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(Self.byteCount)
        for word in [w0, w1, w2, w3] {
            for shift in stride(from: UInt64(0), to: 64, by: 8) {
                result.append(UInt8(truncatingIfNeeded: word >> shift))
            }
        }
        return result
    }

    /// Bit 255, the top bit of the last byte (the sign of x in a point encoding).
    var topBit: UInt64 { w3 >> 63 }

    /// The same words with bit 255 cleared.
    var clearingTopBit: Words256 { Words256(w0, w1, w2, w3 & (UInt64.max >> 1)) }

    /// The word at `index` (0...3); 0 outside that range.
    @inline(__always)
    subscript(index: Int) -> UInt64 {
        switch index {
        case 0: return w0
        case 1: return w1
        case 2: return w2
        case 3: return w3
        default: return 0
        }
    }
}
