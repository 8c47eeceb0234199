/// The compression function of a Merkle–Damgård hash (MD5, SHA-1, SHA-2): its state and how it
/// absorbs whole blocks. ``BlockHasher`` does the buffering and padding around it.
protocol BlockCompressor: Sendable {
    /// Bytes per block: 64 for MD5, SHA-1 and SHA-256; 128 for SHA-512.
    static var blockLength: Int { get }
    /// Bytes of the message-length field that ends the padding: 8, or 16 for SHA-512.
    static var lengthFieldLength: Int { get }
    /// Whether the length field is little-endian (MD5) rather than big-endian (SHA).
    static var isLengthLittleEndian: Bool { get }

    /// Absorbs `blocks`, whose count is a whole multiple of ``blockLength``.
    mutating func compress(_ blocks: UnsafeRawBufferPointer)

    /// The state serialised as the hash defines it (before any truncation).
    func stateBytes() -> [UInt8]
}

/// Buffering, length counting and padding (FIPS 180-4 §5.1, RFC 1321 §3.1–3.2) around a
/// ``BlockCompressor``; the streaming hash types are thin wrappers over it.
///
/// Whole blocks of contiguous input are compressed straight from the caller's memory; only a
/// partial block is copied, into a buffer allocated once, so hashing allocates nothing per block.
struct BlockHasher<Compressor: BlockCompressor>: Sendable {
    private let initialState: Compressor
    private var state: Compressor
    /// Bytes of a partial block, waiting for the rest (fewer than a block; capacity one block).
    private var pending: [UInt8]
    /// Message bytes absorbed so far. It wraps after 2^64 bytes, which no caller can reach.
    private var byteCount: UInt64 = 0
    /// The digest length: the serialised state is truncated to it (SHA-224, SHA-384).
    private let digestLength: Int

    /// A hasher starting from `initialState` whose digests are `digestLength` bytes.
    init(_ initialState: Compressor, digestLength: Int) {
        self.initialState = initialState
        self.state = initialState
        self.digestLength = digestLength
        self.pending = []
        self.pending.reserveCapacity(Compressor.blockLength)
    }

    /// Absorbs `bytes`, copying them only when the collection has no contiguous storage.
    mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let handled: Void? = bytes.withContiguousStorageIfAvailable { buffer in
            update(contiguous: UnsafeRawBufferPointer(buffer))
        }
        guard handled == nil else { return }
        // Rare path (lazy collections, ranges of other types): feed it through a stack-sized chunk.
        var chunk: [UInt8] = []
        chunk.reserveCapacity(Compressor.blockLength * 4)
        for byte in bytes {
            chunk.append(byte)
            if chunk.count == chunk.capacity {
                chunk.withUnsafeBytes { update(contiguous: $0) }
                chunk.removeAll(keepingCapacity: true)
            }
        }
        chunk.withUnsafeBytes { update(contiguous: $0) }
    }

    /// Absorbs `input`: completes a pending block first, then compresses whole blocks in place.
    mutating func update(contiguous input: UnsafeRawBufferPointer) {
        let blockLength = Compressor.blockLength
        byteCount &+= UInt64(input.count)
        var rest = input[...]
        if !pending.isEmpty {
            let take = min(blockLength - pending.count, rest.count)
            pending.append(contentsOf: rest.prefix(take))
            rest = rest.dropFirst(take)
            guard pending.count == blockLength else { return }
            pending.withUnsafeBytes { state.compress($0) }
            pending.removeAll(keepingCapacity: true)
        }
        let wholeLength = rest.count - rest.count % blockLength
        if wholeLength > 0 {
            state.compress(UnsafeRawBufferPointer(rebasing: rest.prefix(wholeLength)))
        }
        pending.append(contentsOf: rest.dropFirst(wholeLength))
    }

    /// Pads the message, returns its digest and starts over from the initial state.
    mutating func finalize() -> [UInt8] {
        pending.withUnsafeBytes { Self.compressFinalBlocks($0, messageLength: byteCount, into: &state) }
        let digest = Array(state.stateBytes().prefix(digestLength))
        self = BlockHasher(initialState, digestLength: digestLength)
        return digest
    }

    /// Compresses the message's last octets, `rest` (fewer than a block), followed by its padding
    /// (FIPS 180-4 §5.1, RFC 1321 §3.1–3.2): 0x80, zeros, and the length in bits in the last
    /// ``BlockCompressor/lengthFieldLength`` octets (its high part, non-zero only for SHA-512,
    /// holds the three bits shifted out of 64); one block, or two when the rest leaves too little
    /// room. Everything is written in a buffer on the stack, as large as two SHA-512 blocks.
    static func compressFinalBlocks(_ rest: UnsafeRawBufferPointer, messageLength: UInt64, into state: inout Compressor) {
        let blockLength = Compressor.blockLength
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                     UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                     UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                     UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &buffer) { padded in
            guard rest.count < blockLength, 2 * blockLength <= padded.count else { return }
            if let source = rest.baseAddress, let destination = padded.baseAddress, rest.count > 0 {
                destination.copyMemory(from: source, byteCount: rest.count)
            }
            padded[rest.count] = 0x80
            let length = rest.count + 1 + Compressor.lengthFieldLength <= blockLength ? blockLength : 2 * blockLength
            let bitCount = messageLength &<< 3
            if Compressor.isLengthLittleEndian {
                padded.storeBytes(of: bitCount.littleEndian, toByteOffset: length - 8, as: UInt64.self)
            } else {
                padded.storeBytes(of: bitCount.bigEndian, toByteOffset: length - 8, as: UInt64.self)
                if Compressor.lengthFieldLength > 8 { padded[length - 9] = UInt8(truncatingIfNeeded: messageLength >> 61) }
            }
            state.compress(UnsafeRawBufferPointer(rebasing: padded[..<length]))
        }
    }
}

extension UnsafeRawBufferPointer {
    /// The big-endian 32-bit word at `offset` (no alignment needed).
    @inline(__always)
    func bigEndianWord32(at offset: Int) -> UInt32 {
        UInt32(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The big-endian 64-bit word at `offset` (no alignment needed).
    @inline(__always)
    func bigEndianWord64(at offset: Int) -> UInt64 {
        UInt64(bigEndian: loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The little-endian 32-bit word at `offset` (no alignment needed).
    @inline(__always)
    func littleEndianWord32(at offset: Int) -> UInt32 {
        UInt32(littleEndian: loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }
}

extension Array where Element == UInt8 {
    /// Appends `words` big-endian, as SHA serialises its state.
    mutating func appendBigEndian<Word: FixedWidthInteger>(_ words: Word...) {
        for word in words {
            for shift in stride(from: Word.bitWidth - 8, through: 0, by: -8) {
                append(UInt8(truncatingIfNeeded: word >> shift))
            }
        }
    }
}

/// What the streaming hash types share, so one-shot hashing is written once.
protocol StreamingHash {
    init()
    mutating func update<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8
    mutating func finalize() -> [UInt8]
}

extension StreamingHash {
    /// The digest of `bytes` in one call.
    static func hash<Bytes: Collection>(_ bytes: Bytes) -> [UInt8] where Bytes.Element == UInt8 {
        var hasher = Self()
        hasher.update(bytes)
        return hasher.finalize()
    }
}
