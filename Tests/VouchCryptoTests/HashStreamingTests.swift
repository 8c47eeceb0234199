import Testing
@testable import VouchCrypto

/// Streaming in odd-sized pieces, from slices and from non-contiguous collections, must give the
/// one-shot digest; ``finalize()`` starts a new message.
@Suite("Hash streaming")
struct HashStreamingTests {
    /// A deterministic message long enough to cross many blocks of either size.
    static let message: [UInt8] = (0..<1500).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ $0 >> 3) }

    /// Piece sizes around the 64- and 128-byte block boundaries.
    static let pieceSizes = [1, 3, 7, 55, 56, 63, 64, 65, 111, 112, 127, 128, 129, 200, 1499]

    /// Streams `pieces` through a fresh hasher of `algorithm` and returns the digest.
    static func stream(_ algorithm: HashAlgorithm, pieces: [ArraySlice<UInt8>]) -> [UInt8] {
        var hasher = algorithm.makeHasher()
        for piece in pieces { hasher.update(piece) }
        return hasher.finalize()
    }

    @Test("each algorithm's streaming type", arguments: HashAlgorithm.allCases)
    func streamingTypes(_ algorithm: HashAlgorithm) {
        let types: [HashAlgorithm: any StreamingHash.Type] = [
            .sha1: SHA1.self, .sha224: SHA224.self, .sha256: SHA256.self, .sha384: SHA384.self, .sha512: SHA512.self,
        ]
        #expect(type(of: algorithm.makeHasher()) == types[algorithm])
        let lengths: [HashAlgorithm: (Int, Int)] = [
            .sha1: (SHA1.digestLength, SHA1.blockLength), .sha224: (SHA224.digestLength, SHA224.blockLength),
            .sha256: (SHA256.digestLength, SHA256.blockLength), .sha384: (SHA384.digestLength, SHA384.blockLength),
            .sha512: (SHA512.digestLength, SHA512.blockLength),
        ]
        #expect(lengths[algorithm].map { $0 == (algorithm.digestLength, algorithm.blockLength) } == true)
    }

    @Test("odd-sized pieces equal one shot", arguments: HashAlgorithm.allCases)
    func pieces(_ algorithm: HashAlgorithm) {
        for length in [0, 1, 55, 56, 64, 111, 112, 128, 1000, 1500] {
            let whole = Self.message[..<length]
            let expected = algorithm.digest(whole)
            for size in Self.pieceSizes {
                let pieces = stride(from: 0, to: length, by: size).map {
                    whole[$0..<min($0 + size, length)]
                }
                #expect(Self.stream(algorithm, pieces: pieces) == expected, "\(algorithm) length \(length) pieces of \(size)")
            }
        }
    }

    @Test("non-contiguous collections take the copying path", arguments: HashAlgorithm.allCases)
    func nonContiguous(_ algorithm: HashAlgorithm) {
        let lazy = Self.message.lazy.map { $0 }
        #expect(algorithm.digest(lazy) == algorithm.digest(Self.message))
        let repeated = repeatElement(UInt8(0x61), count: 1_000_000)
        let expected: [UInt8]? = switch algorithm {
        // FIPS 180-4 examples: one million "a".
        case .sha1: CryptoTestData.hex("34aa973cd4c4daa4f61eeb2bdbad27316534016f")
        case .sha224: CryptoTestData.hex("20794655980c91d8bbb4c1ea97618a4bf03f42581948b2ee4ee7ad67")
        case .sha256: CryptoTestData.hex("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        case .sha384: CryptoTestData.hex("9d0e1809716474cb086e834e310a4a1ced149e9c00f248527972cec5704c2a5b07b8b3dc38ecc4ebae97ddd87f3d8985")
        case .sha512: CryptoTestData.hex("e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b")
        }
        #expect(algorithm.digest(repeated) == expected)
    }

    @Test("finalize starts a new message")
    func finalizeResets() {
        var hasher = SHA256()
        hasher.update(Array("junk".utf8))
        _ = hasher.finalize()
        hasher.update(Array("abc".utf8))
        #expect(hasher.finalize() == SHA256.hash(Array("abc".utf8)))
    }
}
