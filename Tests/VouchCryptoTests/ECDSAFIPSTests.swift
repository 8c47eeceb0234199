import Testing
import VouchTestSupport
import VouchCrypto

/// NIST CAVS vectors from the cryptography-vectors package: FIPS 186-3 and 186-2 ECDSA SigVer
/// (every P-curve, SHA-1 to SHA-512; the K- and B- binary curves are skipped) and FIPS 186-3 PKV
/// (public-key validation). Expected results are the files' P/F.
@Suite("ECDSA FIPS 186")
struct ECDSAFIPSTests {
    static let directory = CryptoTestData.cryptographyVectors + "/asymmetric/ECDSA"

    @Test("SigVer: P accepted, F rejected", .enabled(if: CryptoTestData.exists(directory), MissingData.cryptographyVectors),
          arguments: ["FIPS_186-3/SigVer.rsp", "FIPS_186-2/SigVer.rsp"])
    func signatureVerification(_ file: String) throws {
        let vectors = try #require(ECDSAFIPSVectors(path: Self.directory + "/" + file))
        var checked = 0
        for record in vectors.records {
            guard let curve = record.section.first.flatMap(ECTestSupport.curve(named:)) else { continue }
            // FIPS 186-2's file has no hash in its headers: SHA-1 throughout.
            let hashName = record.section.count > 1 ? record.section[1] : "SHA-1"
            let hash = try #require(ECTestSupport.hash(named: hashName))
            let length = curve.fieldBytes
            let fields = record.fields
            let message = try #require(CryptoTestData.hex(fields["Msg"] ?? ""))
            let x = try #require(ECDSAFIPSVectors.bytes(fields["Qx"] ?? "", length: length))
            let y = try #require(ECDSAFIPSVectors.bytes(fields["Qy"] ?? "", length: length))
            let r = try #require(ECDSAFIPSVectors.bytes(fields["R"] ?? "", length: length))
            let s = try #require(ECDSAFIPSVectors.bytes(fields["S"] ?? "", length: length))
            let signature = ECTestSupport.derSignature(r: r, s: s)
            let verified: Bool
            if let key = try? ECPublicKey(curve: curve, x962Representation: [0x04] + x + y) {
                verified = key.isValidSignature(derSignature: signature[...], digest: hash.digest(message))
            } else {
                verified = false
            }
            #expect(verified == record.passes, "\(file) \(record.section) R=\(fields["R"] ?? "") \(fields["Result"] ?? "")")
            checked += 1
        }
        #expect(checked >= 60)
    }

    @Test("PKV: P keys parse, F keys are refused", .enabled(if: CryptoTestData.exists(directory), MissingData.cryptographyVectors))
    func publicKeyValidation() throws {
        let vectors = try #require(ECDSAFIPSVectors(path: Self.directory + "/FIPS_186-3/PKV.rsp"))
        var checked = 0
        for record in vectors.records {
            guard let curve = record.section.first.flatMap(ECTestSupport.curve(named:)) else { continue }
            let x = ECDSAFIPSVectors.bytes(record.fields["Qx"] ?? "", length: curve.fieldBytes)
            let y = ECDSAFIPSVectors.bytes(record.fields["Qy"] ?? "", length: curve.fieldBytes)
            var accepted = false
            if let x, let y {
                accepted = (try? ECPublicKey(curve: curve, x962Representation: [0x04] + x + y)) != nil
            }
            #expect(accepted == record.passes, "\(record.section) \(record.fields["Qx"] ?? "") \(record.fields["Result"] ?? "")")
            checked += 1
        }
        #expect(checked >= 60)
    }
}
