import Testing
import VouchTestSupport
import VouchCrypto

/// Every case of Wycheproof's `ed25519_test.json`: `valid` must verify, `invalid` must not.
///
/// The file has no `acceptable` case. Were one to appear, it would fail this test on purpose: an
/// acceptable case is one where strict and lenient verifiers may differ, and this verifier's answer
/// (strict decoding, S < L, cofactorless) should then be decided and recorded here by hand.
@Suite("Ed25519 Wycheproof")
struct Ed25519WycheproofTests {
    static let path = CryptoTestData.wycheproof + "/ed25519_test.json"

    @Test("ed25519_test.json: all valid accepted, all invalid rejected",
          .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof))
    func wycheproof() throws {
        let file = try CryptoTestData.json(WycheproofFile<WycheproofEdDSAGroup>.self, at: Self.path)
        #expect(file.algorithm == "EDDSA")
        var counts: [String: Int] = [:]
        for group in file.testGroups {
            #expect(group.publicKey.curve == "edwards25519")
            let keyBytes = try #require(CryptoTestData.hex(group.publicKey.pk))
            let key = try Ed25519PublicKey(rawRepresentation: keyBytes)
            #expect(key.rawRepresentation == keyBytes)
            for test in group.tests {
                let message = try #require(CryptoTestData.hex(test.msg))
                let signature = try #require(CryptoTestData.hex(test.sig))
                let verified = key.isValidSignature(signature, message: message)
                switch test.result {
                case "valid":
                    #expect(verified, "tcId \(test.tcId) \(test.comment) rejected")
                case "invalid":
                    #expect(!verified, "tcId \(test.tcId) \(test.comment) \(test.flags) accepted")
                default:
                    Issue.record("tcId \(test.tcId): result \(test.result) has no recorded answer")
                }
                counts[test.result, default: 0] += 1
            }
        }
        #expect(counts.values.reduce(0, +) == file.numberOfTests)
        #expect(counts == ["valid": 88, "invalid": 63], "the vector file changed: \(counts)")
    }
}
