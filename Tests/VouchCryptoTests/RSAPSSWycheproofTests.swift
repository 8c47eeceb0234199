import Testing
import VouchTestSupport
import VouchDER
@testable import VouchCrypto

/// Wycheproof RSASSA-PSS: every `rsa_pss_*` file. The `_params` files also carry the parameters
/// in the SubjectPublicKeyInfo's id-RSASSA-PSS AlgorithmIdentifier; those are read with
/// ``RSAPSSParameters/init(der:)`` and must agree with the group's fields before they are used.
@Suite("RSA PSS Wycheproof")
struct RSAPSSWycheproofTests {
    static let files = RSAWycheproofVectors.files("rsa_pss_")

    @Test("the vector files are there", .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof))
    func filesPresent() {
        #expect(Self.files.count == 19)
        #expect(Self.files.filter { $0.contains("_params") }.count == 8)
    }

    @Test("rsa_pss_*", .enabled(if: CryptoTestData.hasWycheproof, MissingData.wycheproof), arguments: files)
    func verify(_ name: String) throws {
        let file = try CryptoTestData.json(
            WycheproofFile<RSAWycheproofVectors.PSSVerifyGroup>.self, at: RSAWycheproofVectors.path(name))
        var tally = RSAWycheproofVectors.Tally()
        for group in file.testGroups {
            let hash = try #require(RSAWycheproofVectors.hash(group.sha))
            let mgf1Hash = try #require(RSAWycheproofVectors.hash(group.mgfSha))
            #expect(group.mgf == "MGF1")
            var parameters = RSAPSSParameters(hash: hash, mgf1Hash: mgf1Hash, saltLength: group.sLen)
            if name.contains("_params") {
                let fromDER = try Self.parametersInSPKI(try #require(CryptoTestData.hex(group.publicKeyDer)))
                #expect(fromDER == parameters, "\(name): parameters in the SPKI")
                parameters = fromDER
            }
            let key = try RSAPublicKey(pkcs1DER: try #require(CryptoTestData.hex(group.publicKeyAsn))[...])
            for test in group.tests {
                let message = try #require(CryptoTestData.hex(test.msg))
                let signature = try #require(CryptoTestData.hex(test.sig))
                let accepted = key.isValidPSSSignature(signature[...], message: message[...], parameters: parameters)
                #expect(accepted == RSAWycheproofVectors.expectedAnswer(test),
                        "\(name) #\(test.tcId) \(test.result) \(test.flags): \(test.comment)")
                tally.add(test, accepted: accepted)
            }
        }
        #expect(tally.total == file.numberOfTests)
        print("\(name): \(tally)")
    }

    /// The RSASSA-PSS-params of `SubjectPublicKeyInfo ::= SEQUENCE { AlgorithmIdentifier, BIT STRING }`
    /// with algorithm id-RSASSA-PSS; the RFC 4055 defaults when the parameters are absent.
    static func parametersInSPKI(_ spki: [UInt8]) throws -> RSAPSSParameters {
        let parameters: ArraySlice<UInt8>? = try DERReader.readAll(spki[...]) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (reader) throws(DERError) in
                let parameters = try reader.nested(.sequence) { (reader) throws(DERError) in
                    let oid = try reader.readOID()
                    #expect(oid == OID(dotted: "1.2.840.113549.1.1.10"))
                    return reader.isAtEnd ? nil : try reader.readElement().encoded
                }
                _ = try reader.readBitString()
                return parameters
            }
        }
        guard let parameters else { return .rfc4055Defaults }
        return try RSAPSSParameters(der: parameters)
    }
}
