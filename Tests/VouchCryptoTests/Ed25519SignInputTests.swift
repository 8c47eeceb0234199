import Foundation
import Testing
import VouchTestSupport
import VouchCrypto

/// The Ed25519 vectors of cryptography-vectors, `asymmetric/Ed25519/sign.input` (the file of
/// ed25519.cr.yp.to, also in draft-josefsson-eddsa-ed25519): one line per case,
/// `secret‖public : public : message : signature‖message`, all hex. Every line is verified.
@Suite("Ed25519 sign.input")
struct Ed25519SignInputTests {
    static let path = CryptoTestData.cryptographyVectors + "/asymmetric/Ed25519/sign.input"

    /// The number of lines of the published file.
    static let expectedLineCount = 1024

    @Test("every sign.input signature verifies, and fails with its last byte changed",
          .enabled(if: CryptoTestData.exists(path), MissingData.cryptographyVectors))
    func signInput() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        var lineCount = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            try #require(fields.count >= 4, "line \(lineCount + 1): \(fields.count) fields")
            let secretAndPublic = try #require(CryptoTestData.hex(fields[0]))
            let publicKey = try #require(CryptoTestData.hex(fields[1]))
            let message = try #require(CryptoTestData.hex(fields[2]))
            let signedMessage = try #require(CryptoTestData.hex(fields[3]))
            #expect(Array(secretAndPublic[32...]) == publicKey)
            #expect(Array(signedMessage[64...]) == message)
            let signature = Array(signedMessage[..<64])
            let key = try Ed25519PublicKey(rawRepresentation: publicKey)
            #expect(key.isValidSignature(signature, message: message), "line \(lineCount + 1)")
            var altered = signature
            altered[63] ^= 0x01
            #expect(!key.isValidSignature(altered, message: message), "line \(lineCount + 1) altered")
            lineCount += 1
        }
        #expect(lineCount == Self.expectedLineCount)
    }
}
