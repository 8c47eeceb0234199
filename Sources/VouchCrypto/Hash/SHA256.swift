/// SHA-256 (FIPS 180-4 §6.2), streaming: ``update(_:)`` as often as needed, then ``finalize()``.
public struct SHA256: Sendable, StreamingHash {
    /// Bytes in a digest.
    public static let digestLength = 32
    /// Bytes per compression block.
    public static let blockLength = SHA256Compression.blockLength

    private var hasher: BlockHasher<SHA256Compression>

    /// §5.3.3: the first 32 bits of the fractional parts of the square roots of the first 8 primes.
    static let initialState = SHA256Compression(0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a,
                                                0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19)

    /// A hasher at the start of a message.
    public init() {
        hasher = BlockHasher(Self.initialState, digestLength: Self.digestLength)
    }

    /// Absorbs the next bytes of the message; contiguous collections are hashed in place.
    public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        hasher.update(bytes)
    }

    /// The digest of everything absorbed; the hasher then starts a new message.
    public mutating func finalize() -> [UInt8] { hasher.finalize() }
}

/// SHA-224 (FIPS 180-4 §6.3): SHA-256 from other initial values, truncated to 28 bytes.
public struct SHA224: Sendable, StreamingHash {
    /// Bytes in a digest.
    public static let digestLength = 28
    /// Bytes per compression block.
    public static let blockLength = SHA256Compression.blockLength

    private var hasher: BlockHasher<SHA256Compression>

    /// A hasher at the start of a message.
    public init() {
        // §5.3.2: the second 32 bits of the fractional parts of the square roots of primes 9 to 16.
        hasher = BlockHasher(
            SHA256Compression(0xc105_9ed8, 0x367c_d507, 0x3070_dd17, 0xf70e_5939,
                              0xffc0_0b31, 0x6858_1511, 0x64f9_8fa7, 0xbefa_4fa4),
            digestLength: Self.digestLength)
    }

    /// Absorbs the next bytes of the message; contiguous collections are hashed in place.
    public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        hasher.update(bytes)
    }

    /// The digest of everything absorbed; the hasher then starts a new message.
    public mutating func finalize() -> [UInt8] { hasher.finalize() }
}
