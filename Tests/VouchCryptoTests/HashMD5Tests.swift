import Testing
import VouchTestSupport
@testable import VouchCrypto

/// MD5 against the RFC 1321 §A.5 test suite (cryptography-vectors `hashes/MD5/rfc-1321.txt`).
@Suite("MD5")
struct MD5Tests {
    static let path = CryptoTestData.cryptographyVectors + "/hashes/MD5/rfc-1321.txt"

    @Test("RFC 1321 test suite", .enabled(if: CryptoTestData.exists(path), MissingData.cryptographyVectors))
    func rfc1321() throws {
        let cases = try SHAVSVectors.messages(Self.path)
        #expect(cases.count == 7)
        for testCase in cases {
            #expect(MD5.hash(testCase.message) == testCase.digest, "\(testCase)")
        }
    }

    @Test("streaming in pieces equals one shot")
    func pieces() {
        let message = HashStreamingTests.message
        var hasher = MD5()
        for start in stride(from: 0, to: message.count, by: 61) {
            hasher.update(message[start..<min(start + 61, message.count)])
        }
        #expect(hasher.finalize() == MD5.hash(message))
    }
}
