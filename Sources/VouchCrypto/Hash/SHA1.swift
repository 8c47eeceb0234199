/// SHA-1 (FIPS 180-4 §6.1), streaming. Collision-broken: kept because old certificates are
/// signed with it and the trust layer must verify them before it can judge them.
public struct SHA1: Sendable, StreamingHash {
    /// Bytes in a digest.
    public static let digestLength = 20
    /// Bytes per compression block.
    public static let blockLength = SHA1Compression.blockLength

    private var hasher = BlockHasher(SHA1Compression(), digestLength: Self.digestLength)

    /// A hasher at the start of a message.
    public init() {}

    /// Absorbs the next bytes of the message; contiguous collections are hashed in place.
    public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        hasher.update(bytes)
    }

    /// The digest of everything absorbed; the hasher then starts a new message.
    public mutating func finalize() -> [UInt8] { hasher.finalize() }
}

/// The SHA-1 compression function (FIPS 180-4 §6.1.2): 80 rounds over a 16-word rolling schedule.
struct SHA1Compression: BlockCompressor {
    static let blockLength = 64
    static let lengthFieldLength = 8
    static let isLengthLittleEndian = false

    /// §5.3.1.
    private var h0: UInt32 = 0x6745_2301, h1: UInt32 = 0xefcd_ab89, h2: UInt32 = 0x98ba_dcfe
    private var h3: UInt32 = 0x1032_5476, h4: UInt32 = 0xc3d2_e1f0

    func stateBytes() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        bytes.appendBigEndian(h0, h1, h2, h3, h4)
        return bytes
    }

    mutating func compress(_ blocks: UnsafeRawBufferPointer) {
        // The schedule window: sixteen words on the stack, indexed modulo 16.
        var w: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32,
                UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &w) { raw in
            let window = raw.bindMemory(to: UInt32.self)
            var offset = 0
            while blocks.count - offset >= Self.blockLength {
                for index in 0..<16 {
                    window[index] = blocks.bigEndianWord32(at: offset + 4 * index)
                }
                var (a, b, c, d, e) = (h0, h1, h2, h3, h4)
                for t in 0..<80 {
                    let slot = t & 15
                    if t >= 16 {
                        let mixed = window[(t - 3) & 15] ^ window[(t - 8) & 15] ^ window[(t - 14) & 15] ^ window[slot]
                        window[slot] = rotateLeft(mixed, 1)
                    }
                    let f: UInt32, k: UInt32
                    switch t {
                    case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5a82_7999)
                    case 20..<40: (f, k) = (b ^ c ^ d, 0x6ed9_eba1)
                    case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8f1b_bcdc)
                    default: (f, k) = (b ^ c ^ d, 0xca62_c1d6)
                    }
                    let temp = rotateLeft(a, 5) &+ f &+ e &+ k &+ window[slot]
                    (e, d, c, b, a) = (d, c, rotateLeft(b, 30), a, temp)
                }
                h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e
                offset += Self.blockLength
            }
        }
    }
}

/// `x` rotated left by `n` bits (`n` below 32).
@inline(__always)
func rotateLeft(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &<< n) | (x &>> (32 &- n)) }
