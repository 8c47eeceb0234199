import Testing
import VouchTestSupport
@testable import VouchCrypto

/// RSA verification against NIST CAVS (FIPS 186-2/186-3 SigVer and SigGen, PKCS #1 v1.5 and PSS)
/// and the RSA Laboratories PKCS #1 v2.1 examples. The X9.31 files (`SigVerRSA`, `SigGenRSA*`)
/// use another padding scheme and are not read.
@Suite("RSA NIST and RSA Labs vectors")
struct RSANISTTests {
    static let present = CryptoTestData.exists(RSANISTVectors.directory)

    /// Every case: key from (n, e) bytes, then PKCS #1 v1.5 or PSS (salt length from the file;
    /// MGF1 with the message hash, as CAVS and RSA Labs use). A key the parser rejects counts as
    /// a rejected signature (CAVS "e changed" cases may have an even e).
    static func verify(_ testCase: RSANISTVectors.SignatureCase) -> Bool {
        guard let key = try? RSAPublicKey(modulus: testCase.modulus, exponent: testCase.exponent) else { return false }
        let signature = testCase.signature[...]
        if let saltLength = testCase.saltLength {
            let parameters = RSAPSSParameters(hash: testCase.hash, mgf1Hash: testCase.hash, saltLength: saltLength)
            return key.isValidPSSSignature(signature, message: testCase.message[...], parameters: parameters)
        }
        return key.isValidPKCS1v15Signature(signature, digest: testCase.hash.digest(testCase.message), hash: testCase.hash)
    }

    /// File, number of cases, number of valid ones.
    @Test("CAVS", .enabled(if: present, MissingData.cryptographyVectors), arguments: [
        ("FIPS_186-2/SigVer15_186-3.rsp", 450, 75),
        ("FIPS_186-2/SigVerPSS_186-3.rsp", 450, 75),
        ("SigVer15EMTest.txt", 150, 0),
        ("FIPS_186-2/SigGen15_186-2.rsp", 250, 250),
        ("FIPS_186-2/SigGen15_186-3.rsp", 250, 250),
        ("FIPS_186-2/SigGenPSS_186-2.rsp", 250, 250),
        ("FIPS_186-2/SigGenPSS_186-3.rsp", 250, 250),
    ])
    func cavs(_ name: String, _ count: Int, _ validCount: Int) throws {
        let cases = try RSANISTVectors.cavs(name)
        #expect(cases.count == count)
        #expect(cases.filter(\.isValid).count == validCount)
        #expect((cases.first?.saltLength != nil) == name.contains("PSS"))
        for testCase in cases {
            #expect(Self.verify(testCase) == testCase.isValid, "\(testCase.label)")
        }
    }

    @Test("RSA Laboratories examples", .enabled(if: present, MissingData.cryptographyVectors), arguments: [
        ("pkcs-1v2-1d2-vec/pss-vect.txt", 60),
        ("pkcs1v15sign-vectors.txt", 300),
    ])
    func rsaLaboratories(_ name: String, _ count: Int) throws {
        let cases = try RSANISTVectors.rsaLaboratories(name)
        #expect(cases.count == count)
        #expect(cases.allSatisfy { ($0.saltLength == 20) == name.contains("pss") })
        for testCase in cases {
            #expect(Self.verify(testCase), "\(testCase.label)")
            // The same signature with its last bit flipped must not verify.
            var flipped = testCase.signature
            flipped[flipped.count - 1] ^= 1
            let tampered = RSANISTVectors.SignatureCase(
                label: testCase.label, modulus: testCase.modulus, exponent: testCase.exponent, hash: testCase.hash,
                message: testCase.message, signature: flipped, saltLength: testCase.saltLength, isValid: false)
            #expect(!Self.verify(tampered), "\(testCase.label) with a flipped bit")
        }
    }
}
