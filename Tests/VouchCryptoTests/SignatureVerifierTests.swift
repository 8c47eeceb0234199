import Foundation
import Testing
import VouchCrypto
import VouchDER
import VouchX509

/// The single verification entry point, on real chains: the example chain (ECDSA P-256 under
/// RSA-2048) and the self-signatures of every root of the system bundle.
@Suite("SignatureVerifier")
struct SignatureVerifierTests {
    static func certificate(_ name: String) throws -> Certificate {
        let path = CryptoTestData.projectRoot.appendingPathComponent("TestVectors/example/\(name).der").path
        let der = try #require(FileManager.default.contents(atPath: path))
        return try Certificate(derEncoded: [UInt8](der))
    }

    @Test("the example chain verifies link by link, and not across links")
    func exampleChain() throws {
        let root = try Self.certificate("root"), intermediate = try Self.certificate("intermediate")
        let leaf = try Self.certificate("leaf")
        #expect(SignatureVerifier.verify(leaf, issuerKey: intermediate.subjectPublicKeyInfo) == .valid)
        #expect(SignatureVerifier.verify(intermediate, issuerKey: root.subjectPublicKeyInfo) == .valid)
        #expect(SignatureVerifier.verify(root, issuerKey: root.subjectPublicKeyInfo) == .valid)
        #expect(SignatureVerifier.verify(leaf, issuerKey: root.subjectPublicKeyInfo) == .invalid)
        #expect(SignatureVerifier.verify(intermediate, issuerKey: intermediate.subjectPublicKeyInfo) == .invalid)
    }

    @Test("a flipped bit anywhere in the signed bytes or the signature fails")
    func tampering() throws {
        let intermediate = try Self.certificate("intermediate"), leaf = try Self.certificate("leaf")
        let key = intermediate.subjectPublicKeyInfo
        for index in stride(from: leaf.tbsCertificateBytes.startIndex, to: leaf.tbsCertificateBytes.endIndex, by: 37) {
            var tbs = Array(leaf.tbsCertificateBytes)
            tbs[index - leaf.tbsCertificateBytes.startIndex] ^= 0x01
            #expect(SignatureVerifier.verify(algorithm: leaf.signatureAlgorithm, issuerKey: key, signedBytes: tbs[...],
                                             signature: leaf.signature) == .invalid)
        }
        var signature = Array(leaf.signature.bytes)
        signature[signature.count / 2] ^= 0x80
        let element = try bitString(signature)
        #expect(SignatureVerifier.verify(algorithm: leaf.signatureAlgorithm, issuerKey: key,
                                         signedBytes: leaf.tbsCertificateBytes, signature: element) == .invalid)
    }

    @Test("every self-signed root of the system bundle verifies its own signature",
          .enabled(if: FileManager.default.fileExists(atPath: "/etc/ssl/certs/ca-certificates.crt"), "no system bundle"))
    func systemRoots() throws {
        let text = try #require(FileManager.default.contents(atPath: "/etc/ssl/certs/ca-certificates.crt"))
        let roots = try PEM.certificates(in: [UInt8](text)[...]).map { try Certificate(derEncoded: $0) }
        #expect(roots.count > 100)
        var verified = 0
        for root in roots where root.isSelfIssued {
            let answer = SignatureVerifier.verify(root, issuerKey: root.subjectPublicKeyInfo)
            #expect(answer == .valid, "\(root.subject.rfc4514): \(answer)")
            if answer == .valid { verified += 1 }
        }
        #expect(verified > 100)
    }
}

/// A BIT STRING with no unused bits holding `bytes`, for building test signatures.
func bitString(_ bytes: [UInt8]) throws -> DERBitString {
    var writer = DERWriter()
    writer.writeElement(.bitString, content: [0] + bytes)
    let encoded = writer.bytes
    return try DERReader.readAll(encoded[...]) { (reader) throws(DERError) in try reader.readBitString() }
}
