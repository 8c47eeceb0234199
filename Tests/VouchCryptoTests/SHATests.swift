import Testing
import VouchTestSupport
@testable import VouchCrypto

/// NIST SHAVS (CAVS 11) vectors for the five SHA functions, plus the streaming contract.
@Suite("SHA")
struct SHATests {
    /// The SHAVS file prefix of each algorithm, in cryptography-vectors' `hashes/`.
    static func filePrefix(_ algorithm: HashAlgorithm) -> String {
        switch algorithm {
        case .sha1: return "SHA1/SHA1"
        case .sha224: return "SHA2/SHA224"
        case .sha256: return "SHA2/SHA256"
        case .sha384: return "SHA2/SHA384"
        case .sha512: return "SHA2/SHA512"
        }
    }

    static func path(_ algorithm: HashAlgorithm, _ kind: String) -> String {
        CryptoTestData.cryptographyVectors + "/hashes/" + filePrefix(algorithm) + kind + ".rsp"
    }

    static let vectorsPresent = CryptoTestData.exists(CryptoTestData.cryptographyVectors + "/hashes/SHA2")

    @Test("ShortMsg and LongMsg", .enabled(if: vectorsPresent, MissingData.cryptographyVectors), arguments: HashAlgorithm.allCases)
    func messages(_ algorithm: HashAlgorithm) throws {
        var count = 0
        for kind in ["ShortMsg", "LongMsg"] {
            for testCase in try SHAVSVectors.messages(Self.path(algorithm, kind)) {
                #expect(algorithm.digest(testCase.message) == testCase.digest, "\(algorithm) \(kind) \(testCase)")
                count += 1
            }
        }
        // ShortMsg has one case per byte length up to a block; LongMsg 64 or 128 more.
        #expect(count == (algorithm.blockLength + 1) + algorithm.blockLength, "\(algorithm): \(count) cases")
    }

    /// SHAVS §6.4: 100 checkpoints, each 1000 hashes of the previous three digests chained.
    @Test("Monte Carlo", .enabled(if: vectorsPresent, MissingData.cryptographyVectors), arguments: HashAlgorithm.allCases)
    func monte(_ algorithm: HashAlgorithm) throws {
        let monte = try SHAVSVectors.monte(Self.path(algorithm, "Monte"))
        #expect(monte.checkpoints.count == 100)
        var seed = monte.seed
        for (index, expected) in monte.checkpoints.enumerated() {
            var (md0, md1, md2) = (seed, seed, seed)
            var message: [UInt8] = []
            message.reserveCapacity(3 * algorithm.digestLength)
            for _ in 3...1002 {
                message.removeAll(keepingCapacity: true)
                message += md0
                message += md1
                message += md2
                (md0, md1, md2) = (md1, md2, algorithm.digest(message))
            }
            seed = md2
            #expect(seed == expected, "\(algorithm) COUNT = \(index)")
            if seed != expected { return }
        }
    }

    @Test("digest and block lengths", arguments: HashAlgorithm.allCases)
    func lengths(_ algorithm: HashAlgorithm) {
        let expected: (Int, Int) = switch algorithm {
        case .sha1: (20, 64)
        case .sha224: (28, 64)
        case .sha256: (32, 64)
        case .sha384: (48, 128)
        case .sha512: (64, 128)
        }
        #expect((algorithm.digestLength, algorithm.blockLength) == expected)
        #expect(algorithm.digest([]).count == expected.0)
    }

    /// FIPS 180-4 appendix examples ("abc"), independent of the vector files.
    @Test("abc", arguments: [
        (HashAlgorithm.sha1, "a9993e364706816aba3e25717850c26c9cd0d89d"),
        (.sha224, "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"),
        (.sha256, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (.sha384, "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"),
        (.sha512, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
    ])
    func abc(_ algorithm: HashAlgorithm, _ hex: String) {
        #expect(algorithm.digest(Array("abc".utf8)) == CryptoTestData.hex(hex))
    }
}
