/// MD5 (RFC 1321), for one job only: verifying the signatures of old MD5-signed certificates so
/// that the trust layer can then reject them as weak (SECTRUST.md §7). It is deliberately not a
/// ``HashAlgorithm`` case and not public: nothing should choose MD5.
struct MD5: StreamingHash {
    /// Bytes in a digest.
    static let digestLength = 16

    private var hasher = BlockHasher(MD5Compression(), digestLength: Self.digestLength)

    /// A hasher at the start of a message.
    init() {}

    /// Absorbs the next bytes of the message.
    mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        hasher.update(bytes)
    }

    /// The digest of everything absorbed; the hasher then starts a new message.
    mutating func finalize() -> [UInt8] { hasher.finalize() }
}

/// The MD5 compression function (RFC 1321 §3.4): four rounds of sixteen steps, little-endian.
struct MD5Compression: BlockCompressor {
    static let blockLength = 64
    static let lengthFieldLength = 8
    static let isLengthLittleEndian = true

    /// RFC 1321 §3.3.
    private var a0: UInt32 = 0x6745_2301, b0: UInt32 = 0xefcd_ab89
    private var c0: UInt32 = 0x98ba_dcfe, d0: UInt32 = 0x1032_5476

    func stateBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16)
        for word in [a0, b0, c0, d0] {
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        return bytes
    }

    mutating func compress(_ blocks: UnsafeRawBufferPointer) {
        var offset = 0
        while blocks.count - offset >= Self.blockLength {
            var (a, b, c, d) = (a0, b0, c0, d0)
            for step in 0..<64 {
                let f: UInt32, wordIndex: Int
                switch step {
                case 0..<16: (f, wordIndex) = ((b & c) | (~b & d), step)
                case 16..<32: (f, wordIndex) = ((d & b) | (~d & c), (5 * step + 1) & 15)
                case 32..<48: (f, wordIndex) = (b ^ c ^ d, (3 * step + 5) & 15)
                default: (f, wordIndex) = (c ^ (b | ~d), (7 * step) & 15)
                }
                let word = blocks.littleEndianWord32(at: offset + 4 * wordIndex)
                let sum = a &+ f &+ Self.sines[step] &+ word
                (a, d, c) = (d, c, b)
                b = b &+ rotateLeft(sum, Self.shifts[step])
            }
            a0 &+= a; b0 &+= b; c0 &+= c; d0 &+= d
            offset += Self.blockLength
        }
    }

    /// Per-step rotation amounts (§3.4).
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// T[i] = floor(2^32 · |sin(i + 1)|) (§3.4).
    private static let sines: [UInt32] = [
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
        0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
        0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
        0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
        0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
        0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
        0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
    ]
}
