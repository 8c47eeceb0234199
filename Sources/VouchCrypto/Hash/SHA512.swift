/// SHA-512 (FIPS 180-4 §6.4), streaming: ``update(_:)`` as often as needed, then ``finalize()``.
public struct SHA512: Sendable, StreamingHash {
    /// Bytes in a digest.
    public static let digestLength = 64
    /// Bytes per compression block.
    public static let blockLength = SHA512Compression.blockLength

    private var hasher: BlockHasher<SHA512Compression>

    /// A hasher at the start of a message.
    public init() {
        // §5.3.5: the first 64 bits of the fractional parts of the square roots of the first 8 primes.
        hasher = BlockHasher(
            SHA512Compression(0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
                              0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179),
            digestLength: Self.digestLength)
    }

    /// Absorbs the next bytes of the message; contiguous collections are hashed in place.
    public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        hasher.update(bytes)
    }

    /// The digest of everything absorbed; the hasher then starts a new message.
    public mutating func finalize() -> [UInt8] { hasher.finalize() }
}

/// SHA-384 (FIPS 180-4 §6.5): SHA-512 from other initial values, truncated to 48 bytes.
public struct SHA384: Sendable, StreamingHash {
    /// Bytes in a digest.
    public static let digestLength = 48
    /// Bytes per compression block.
    public static let blockLength = SHA512Compression.blockLength

    private var hasher: BlockHasher<SHA512Compression>

    /// A hasher at the start of a message.
    public init() {
        // §5.3.4: the first 64 bits of the fractional parts of the square roots of primes 9 to 16.
        hasher = BlockHasher(
            SHA512Compression(0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
                              0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4),
            digestLength: Self.digestLength)
    }

    /// Absorbs the next bytes of the message; contiguous collections are hashed in place.
    public mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        hasher.update(bytes)
    }

    /// The digest of everything absorbed; the hasher then starts a new message.
    public mutating func finalize() -> [UInt8] { hasher.finalize() }
}
