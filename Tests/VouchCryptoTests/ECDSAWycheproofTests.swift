import Foundation
import Testing
import VouchTestSupport
import VouchCrypto

/// Every Wycheproof ECDSA file with DER signatures on P-256, P-384 and P-521
/// (`ecdsa_secp{256,384,521}r1_sha*_test.json`). `valid` must verify and `invalid` must not. The
/// files in this snapshot have no `acceptable` cases; should one appear, the driver expects it
/// rejected, since every relaxation Wycheproof marks acceptable for DER signatures (BER
/// encodings, missing sign octets) is one the strict default refuses.
@Suite("ECDSA Wycheproof")
struct ECDSAWycheproofTests {
    struct Group: Decodable {
        struct Key: Decodable {
            let curve: String
            let uncompressed: String
        }
        let publicKey: Key
        let sha: String
        let tests: [WycheproofSignatureTest]
    }

    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CryptoTestData.wycheproof)) ?? []
        return names.filter { name in
            ["secp256r1", "secp384r1", "secp521r1"].contains { name.hasPrefix("ecdsa_\($0)_sha") }
                && name.hasSuffix("_test.json") && !name.contains("p1363")
        }.sorted()
    }()

    @Test("the six DER files are present", .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof))
    func filesPresent() {
        #expect(Self.files.count >= 6, "\(Self.files)")
    }

    @Test("valid accepted, invalid rejected", .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof), arguments: files)
    func file(_ name: String) throws {
        let file = try CryptoTestData.json(
            WycheproofFile<Group>.self, at: CryptoTestData.wycheproof + "/" + name)
        var checked = 0
        for group in file.testGroups {
            let curve = try #require(ECTestSupport.curve(named: group.publicKey.curve))
            let hash = try #require(ECTestSupport.hash(named: group.sha))
            let point = try #require(CryptoTestData.hex(group.publicKey.uncompressed))
            let key = try ECPublicKey(curve: curve, x962Representation: point)
            for test in group.tests {
                let message = try #require(CryptoTestData.hex(test.msg))
                let signature = try #require(CryptoTestData.hex(test.sig))
                let verified = key.isValidSignature(derSignature: signature[...], digest: hash.digest(message))
                #expect(verified == (test.result == "valid"), "\(name) tcId \(test.tcId) \(test.comment) \(test.flags)")
                checked += 1
            }
        }
        #expect(checked == file.numberOfTests)
    }
}

extension ECDSAWycheproofTests {
    /// The P-256 files again with the repair on: the verdicts are the same except the
    /// `MissingZero` cases, which now verify; nothing else flips.
    @Test("P-256 with allowingMissingZeroPadding: only MissingZero cases change", .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof),
          arguments: files.filter { $0.contains("secp256r1") })
    func repair(_ name: String) throws {
        let file = try CryptoTestData.json(
            WycheproofFile<Group>.self, at: CryptoTestData.wycheproof + "/" + name)
        var repaired = 0
        for group in file.testGroups {
            let hash = try #require(ECTestSupport.hash(named: group.sha))
            let key = try ECPublicKey(curve: .p256, x962Representation: try #require(CryptoTestData.hex(group.publicKey.uncompressed)))
            for test in group.tests {
                let message = try #require(CryptoTestData.hex(test.msg))
                let signature = try #require(CryptoTestData.hex(test.sig))
                let verified = key.isValidSignature(
                    derSignature: signature[...], digest: hash.digest(message), allowingMissingZeroPadding: true)
                let expected = test.result == "valid" || test.flags.contains("MissingZero")
                #expect(verified == expected, "\(name) tcId \(test.tcId) \(test.comment) \(test.flags)")
                if test.flags.contains("MissingZero") { repaired += 1 }
            }
        }
        #expect(repaired >= 1)
    }
}
