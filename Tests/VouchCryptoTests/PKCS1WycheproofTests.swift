import Testing
import VouchTestSupport
@testable import VouchCrypto

/// Wycheproof RSASSA-PKCS1-v1_5: every `rsa_signature_*` (verify) and `rsa_pkcs1_*_sig_gen_*`
/// (signatures made by a reference signer) file. Valid cases must verify, invalid ones must not,
/// acceptable ones get the answer of ``RSAWycheproofVectors/acceptableAnswers`` (see the comments there).
@Suite("PKCS1 Wycheproof")
struct PKCS1WycheproofTests {
    static let verifyFiles = RSAWycheproofVectors.files("rsa_signature_")
    static let generateFiles = RSAWycheproofVectors.files("rsa_pkcs1_")

    @Test("the vector files are there", .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof))
    func filesPresent() {
        #expect(Self.verifyFiles.count == 10)
        #expect(Self.generateFiles.count == 4)
    }

    @Test("rsa_signature_*", .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof), arguments: verifyFiles)
    func verify(_ name: String) throws {
        let file = try CryptoTestData.json(
            WycheproofFile<RSAWycheproofVectors.PKCS1VerifyGroup>.self, at: RSAWycheproofVectors.path(name))
        var tally = RSAWycheproofVectors.Tally()
        for group in file.testGroups {
            try Self.run(group.tests, keyDER: group.publicKeyAsn, sha: group.sha, file: name, tally: &tally)
        }
        #expect(tally.total == file.numberOfTests)
        print("\(name): \(tally)")
    }

    @Test("rsa_pkcs1_*_sig_gen_*", .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof), arguments: generateFiles)
    func generated(_ name: String) throws {
        let file = try CryptoTestData.json(
            WycheproofFile<RSAWycheproofVectors.PKCS1GenerateGroup>.self, at: RSAWycheproofVectors.path(name))
        var tally = RSAWycheproofVectors.Tally()
        for group in file.testGroups {
            try Self.run(group.tests, keyDER: group.keyAsn, sha: group.sha, file: name, tally: &tally)
        }
        #expect(tally.total == file.numberOfTests)
        print("\(name): \(tally)")
    }

    static func run(
        _ tests: [WycheproofSignatureTest], keyDER: String, sha: String, file: String,
        tally: inout RSAWycheproofVectors.Tally
    ) throws {
        let hash = try #require(RSAWycheproofVectors.hash(sha), "\(file): hash \(sha)")
        let key = try RSAPublicKey(pkcs1DER: try #require(CryptoTestData.hex(keyDER))[...])
        #expect(key.canonicalPKCS1DER == CryptoTestData.hex(keyDER), "\(file): canonical re-encoding")
        for test in tests {
            let message = try #require(CryptoTestData.hex(test.msg))
            let signature = try #require(CryptoTestData.hex(test.sig))
            let accepted = key.isValidPKCS1v15Signature(signature[...], digest: hash.digest(message), hash: hash)
            let expected = RSAWycheproofVectors.expectedAnswer(test)
            #expect(expected != nil, "\(file) #\(test.tcId): acceptable with unknown flags \(test.flags)")
            #expect(accepted == expected, "\(file) #\(test.tcId) \(test.result) \(test.flags): \(test.comment)")
            tally.add(test, accepted: accepted)
        }
    }
}
