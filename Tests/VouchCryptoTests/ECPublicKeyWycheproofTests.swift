import Foundation
import Testing
import VouchTestSupport
import VouchCrypto
import VouchDER

/// Wycheproof's ECDH files used as public-key parsing cases: `ecdh_secp{256,384,521}r1_test.json`
/// hold a SubjectPublicKeyInfo in `public`, `ecdh_secp256r1_ecpoint_test.json` a bare X9.62 point.
/// A case counts as *accepted* when the SPKI is strict DER with id-ecPublicKey and the file's
/// named curve, and ``ECPublicKey`` accepts the point.
///
/// `valid` must be accepted and `invalid` refused. `acceptable` cases are answered by flag:
/// `CompressedPublic` is accepted (points are decompressed on these curves); `InvalidAsn` (BER
/// lengths and other non-DER) and `UnnamedCurve` (explicit parameters, which SECTRUST.md §7
/// treats as no key) are refused.
@Suite("EC public keys: Wycheproof ECDH files")
struct ECPublicKeyWycheproofTests {
    struct Group: Decodable {
        let curve: String
        let tests: [Test]
    }
    struct Test: Decodable {
        let tcId: Int
        let comment: String
        let flags: [String]
        let `public`: String
        let result: String
    }

    static let spkiFiles = ["ecdh_secp256r1_test.json", "ecdh_secp384r1_test.json", "ecdh_secp521r1_test.json"]

    /// Reads `SEQUENCE { SEQUENCE { OID ecPublicKey, OID namedCurve }, BIT STRING }` strictly
    /// and returns the curve and the point octets.
    static func parseSubjectPublicKeyInfo(_ der: [UInt8]) throws(DERError) -> (ECCurve?, ArraySlice<UInt8>) {
        try DERReader.readAll(der[...]) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (reader) throws(DERError) in
                let curveOID = try reader.nested(.sequence) { (reader) throws(DERError) -> OID? in
                    let algorithm = try reader.readOID()
                    guard algorithm == ECCurve.ecPublicKeyOID, try reader.peekTag() == .objectIdentifier else {
                        _ = try reader.readElement()
                        return nil
                    }
                    return try reader.readOID()
                }
                let bits = try reader.readBitString()
                let curve = curveOID.flatMap(ECCurve.init(oid:))
                return (bits.unusedBits == 0 ? curve : nil, bits.bytes)
            }
        }
    }

    static func expectedAcceptance(_ test: Test) -> Bool {
        switch test.result {
        case "valid": return true
        case "acceptable": return test.flags.contains("CompressedPublic")
        default: return false
        }
    }

    @Test("SubjectPublicKeyInfo cases", .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof), arguments: spkiFiles)
    func subjectPublicKeyInfo(_ name: String) throws {
        let path = CryptoTestData.wycheproof + "/" + name
        let file = try CryptoTestData.json(WycheproofFile<Group>.self, at: path)
        for group in file.testGroups {
            let expectedCurve = try #require(ECTestSupport.curve(named: group.curve))
            for test in group.tests {
                let der = try #require(CryptoTestData.hex(test.public))
                var accepted = false
                if let (curve, point) = try? Self.parseSubjectPublicKeyInfo(der), curve == expectedCurve,
                    let key = try? ECPublicKey(curve: expectedCurve, x962Representation: point)
                {
                    accepted = true
                    #expect(key.x962Representation.count == expectedCurve.uncompressedPointLength)
                    if point.first == 0x04 { #expect(key.x962Representation == Array(point)) }
                }
                #expect(accepted == Self.expectedAcceptance(test), "\(name) tcId \(test.tcId) \(test.comment) \(test.flags)")
            }
        }
    }

    @Test("bare X9.62 point cases", .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof))
    func barePoints() throws {
        let path = CryptoTestData.wycheproof + "/ecdh_secp256r1_ecpoint_test.json"
        let file = try CryptoTestData.json(WycheproofFile<Group>.self, at: path)
        for group in file.testGroups {
            for test in group.tests {
                let point = try #require(CryptoTestData.hex(test.public))
                let accepted = (try? ECPublicKey(curve: .p256, x962Representation: point)) != nil
                #expect(accepted == Self.expectedAcceptance(test), "tcId \(test.tcId) \(test.comment) \(test.flags)")
            }
        }
    }
}
