import Testing
@testable import VouchCrypto

/// The allocation-free one-shot SHA-256 (``SHA256/digest(_:)``) against the streaming hasher,
/// at every length around the padding boundaries, on slices, and on non-contiguous input. (The
/// NIST vectors of SHATests run through it too: `HashAlgorithm.sha256.digest` uses it.)
@Suite struct SHA256DigestTests {
    static let message: [UInt8] = (0..<1_100).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) }

    @Test("one shot = streaming, every length 0 ... 300 and block multiples to 1,100")
    func everyLength() {
        for length in Array(0...300) + [511, 512, 513, 1_023, 1_024, 1_025, 1_100] {
            let input = Self.message.prefix(length)
            var streaming = SHA256()
            streaming.update(input)
            let expected = streaming.finalize()
            let digest = SHA256.digest(input)
            #expect(Array(digest) == expected, "length \(length)")
            #expect(digest.count == 32)
        }
    }

    @Test func slicesAndNonContiguousInput() {
        let slice = Self.message[37..<900]
        var streaming = SHA256()
        streaming.update(slice)
        let expected = streaming.finalize()
        #expect(Array(SHA256.digest(slice)) == expected)
        #expect(Array(SHA256.digest(slice.lazy.map { $0 })) == expected, "the streaming fallback")
        #expect(SHA256.digest(slice) == SHA256.digest(Array(slice)))
        #expect(SHA256.digest(slice) != SHA256.digest(Self.message[38..<900]))
    }

    @Test func knownAnswers() {
        #expect("\(SHA256.digest([UInt8]()))" == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect("\(SHA256.digest(Array("abc".utf8)))" == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let digest = SHA256.digest(Array("abc".utf8))
        #expect(digest[0] == 0xBA && digest[31] == 0xAD)
        #expect(digest[32] == digest[0], "positions wrap modulo 32 rather than read outside the digest")
        var seen: Set<SHA256Digest> = [digest]
        seen.insert(SHA256.digest(Array("abc".utf8)))
        #expect(seen.count == 1)
    }
}
