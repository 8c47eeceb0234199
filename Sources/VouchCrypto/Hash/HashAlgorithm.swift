/// The hash functions of the SHA family that certificate signatures use (FIPS 180-4).
///
/// Each case has a streaming counterpart (``SHA1``, ``SHA224``, ``SHA256``, ``SHA384``,
/// ``SHA512``) for input that arrives in pieces; ``digest(_:)`` hashes a whole message at once.
public enum HashAlgorithm: Sendable, Hashable, CaseIterable {
    /// SHA-1: 20-byte digests. Broken for collisions; still met in old certificates.
    case sha1
    /// SHA-224: SHA-256 with other initial values, truncated to 28 bytes.
    case sha224
    /// SHA-256: 32-byte digests.
    case sha256
    /// SHA-384: SHA-512 with other initial values, truncated to 48 bytes.
    case sha384
    /// SHA-512: 64-byte digests.
    case sha512

    /// The number of bytes in a digest.
    public var digestLength: Int {
        switch self {
        case .sha1: return SHA1.digestLength
        case .sha224: return SHA224.digestLength
        case .sha256: return SHA256.digestLength
        case .sha384: return SHA384.digestLength
        case .sha512: return SHA512.digestLength
        }
    }

    /// The number of bytes the compression function consumes at a time (64 or 128); HMAC and
    /// similar constructions need it.
    public var blockLength: Int {
        switch self {
        case .sha1: return SHA1.blockLength
        case .sha224: return SHA224.blockLength
        case .sha256: return SHA256.blockLength
        case .sha384: return SHA384.blockLength
        case .sha512: return SHA512.blockLength
        }
    }

    /// The digest of `bytes`, ``digestLength`` bytes long.
    public func digest<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        switch self {
        case .sha1: return SHA1.hash(bytes)
        case .sha224: return SHA224.hash(bytes)
        case .sha256: return Array(SHA256.digest(bytes))
        case .sha384: return SHA384.hash(bytes)
        case .sha512: return SHA512.hash(bytes)
        }
    }

    /// A streaming hasher for this algorithm, for code that picks the hash at run time.
    func makeHasher() -> any StreamingHash {
        switch self {
        case .sha1: return SHA1()
        case .sha224: return SHA224()
        case .sha256: return SHA256()
        case .sha384: return SHA384()
        case .sha512: return SHA512()
        }
    }
}
