import VouchDER

/// A SHA-256 digest held inline: 32 octets in a value, no allocation. ``SHA256/digest(_:)``
/// makes one; it reads as a collection of octets and converts with `Array(digest)`.
public struct SHA256Digest: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible {
    /// The eight words, each big-endian, so that their memory is the digest's octets in order.
    private var words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    init(_ words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)) {
        self.words = words
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { SHA256.digestLength }

    /// The octet at `position`, one of `0 ..< 32`. The position is reduced modulo 32, so that no
    /// index reads outside the digest's memory.
    public subscript(position: Int) -> UInt8 {
        Swift.withUnsafeBytes(of: words) { $0[position & (SHA256.digestLength - 1)] }
    }

    /// Calls `body` with the 32 octets.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try Swift.withUnsafeBytes(of: words, body)
    }

    public static func == (left: SHA256Digest, right: SHA256Digest) -> Bool {
        left.withUnsafeBytes { first in right.withUnsafeBytes { second in first.elementsEqual(second) } }
    }

    public func hash(into hasher: inout Hasher) {
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    /// Lower-case hex, as `sha256sum` prints it.
    public var description: String { Hex.encode(self) }
}

extension SHA256 {
    /// The SHA-256 digest of `bytes` in one call, without an allocation when `bytes` is
    /// contiguous (an array, a slice of one, a buffer): whole blocks are compressed where they
    /// lie and the last partial block is padded on the stack
    /// (the same padding code as the streaming hasher).
    public static func digest<Bytes: Collection>(_ bytes: Bytes) -> SHA256Digest where Bytes.Element == UInt8 {
        let oneShot: SHA256Digest? = bytes.withContiguousStorageIfAvailable { buffer in
            digest(contiguous: UnsafeRawBufferPointer(buffer))
        }
        if let oneShot { return oneShot }
        // Rare path (lazy collections and the like): the streaming hasher, then the same value.
        var hasher = SHA256()
        hasher.update(bytes)
        let octets = hasher.finalize()
        var words: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0, 0, 0, 0, 0)
        Swift.withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: octets) }
        return SHA256Digest(words)
    }

    static func digest(contiguous input: UnsafeRawBufferPointer) -> SHA256Digest {
        var state = SHA256.initialState
        let blockLength = SHA256Compression.blockLength
        let whole = input.count - input.count % blockLength
        if whole > 0 { state.compress(UnsafeRawBufferPointer(rebasing: input[..<whole])) }
        BlockHasher<SHA256Compression>.compressFinalBlocks(
            UnsafeRawBufferPointer(rebasing: input[whole...]), messageLength: UInt64(input.count), into: &state)
        return SHA256Digest(state.bigEndianState)
    }
}
