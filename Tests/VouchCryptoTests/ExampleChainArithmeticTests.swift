import Foundation
import Testing
import VouchDER
import VouchX509

@testable import VouchCrypto

/// The intermediate values that the article "How a signature is checked"
/// (Sources/VouchCrypto/VouchCrypto.docc/HowASignatureIsChecked.md) quotes for the example chain,
/// recomputed with VouchCrypto's own arithmetic: if the code or the chain changes, this fails and
/// the article must be brought up to date.
@Suite("Example chain arithmetic (the signature article)")
struct ExampleChainArithmeticTests {
    static let example = String(#filePath.dropLast("Tests/VouchCryptoTests/ExampleChainArithmeticTests.swift".count))
        + "TestVectors/example/"

    static func certificate(_ name: String) throws -> Certificate {
        let data = try #require(FileManager.default.contents(atPath: example + name), "TestVectors/example/\(name) is missing")
        let bytes = [UInt8](data)
        return try Certificate(derEncoded: bytes)
    }

    static func hex<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test("RSA PKCS #1 v1.5: the root's key over the intermediate gives 00 01 ff×202 00 DigestInfo H")
    func rsa() throws {
        let root = try Self.certificate("root.der"), intermediate = try Self.certificate("intermediate.der")
        let key = try #require(SignatureVerifier.rsaKey(root.subjectPublicKeyInfo))
        #expect(key.modulusBitLength == 2048)
        #expect(key.publicExponent == [0x01, 0x00, 0x01])
        #expect(intermediate.tbsCertificateBytes.startIndex == 4 && intermediate.tbsCertificateBytes.endIndex == 427)
        let digest = HashAlgorithm.sha256.digest(intermediate.tbsCertificateBytes)
        #expect(Self.hex(digest) == "0642dfa51addfe8ff706f6c0c5bf0fb579c1c9e8dcfcaea991b807272f2e3a15")
        let signature = intermediate.signature.bytes
        #expect(Self.hex(signature.prefix(4)) == "247b110b" && Self.hex(signature.suffix(4)) == "5b1dc75c")
        let encoded = try #require(key.encodedMessage(signature: signature, length: 256))
        let prefix = "3031300d060960864801650304020105000420"
        #expect(Self.hex(encoded) == "0001" + String(repeating: "ff", count: 202) + "00" + prefix + Self.hex(digest))
    }

    @Test("ECDSA P-256: w, u1, u2 and R.x of the intermediate's key over the leaf")
    func ecdsa() throws {
        let intermediate = try Self.certificate("intermediate.der"), leaf = try Self.certificate("leaf.der")
        let key = try #require(SignatureVerifier.ecKey(intermediate.subjectPublicKeyInfo))
        #expect(Self.hex(key.x) == "bd465c0ed422b576a680aca2606d0ce84c2e7130003b2a5c20f2e1d569a56bac")
        #expect(Self.hex(key.y) == "2191eb24e0269dd6bc22d1fcdd4edc09db539ec48bc26fa45bb39f0e641e5b1e")
        let signature = try #require(ECDSASignature(der: leaf.signature.bytes, allowingMissingZeroPadding: false))
        let r = "a07fb8c10bdb3ab0ce6a568387d4d79e42635734467dd1f246c20bd1cd71c052"
        #expect(Self.hex(signature.r) == r)
        #expect(Self.hex(signature.s) == "969ff74a6135c961f7a8b2ac3cd9a009fc52bf9c6b099c5aea32305954166479")
        let e = HashAlgorithm.sha256.digest(leaf.tbsCertificateBytes)
        #expect(Self.hex(e) == "0c60bf07ee995933eb42ab7fb57c812db8c38dd10244f691605477207e02fd35")

        let order = try #require(CryptoTestData.hex("ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551"))
        let n = try #require(BigNum.Modulus(BigNum(bigEndian: order)))
        let w = try #require(BigNum(bigEndian: signature.s).inverse(modulo: n))
        let u1 = BigNum(bigEndian: e).multiplying(w, modulo: n)
        let u2 = BigNum(bigEndian: signature.r).multiplying(w, modulo: n)
        #expect(Self.hex(w.bigEndianBytes(length: 32) ?? []) == "c158bc1ba3077c09bc9e91a7e0546209d069e406120ade2f33431d5f2d83875a")
        #expect(Self.hex(u1.bigEndianBytes(length: 32) ?? []) == "c028a36b54ac304c767dbcfb10961183f88799fc0a750d7973fe56e5c2d734c3")
        #expect(Self.hex(u2.bigEndianBytes(length: 32) ?? []) == "fc180d188536be972dd24f2f124e552a798db614b19896ecb0b7b2763d179652")
        // R = u1·G + u2·Q has R.x ≡ r (mod n): the verifier's own answer.
        #expect(key.isValidSignature(derSignature: leaf.signature.bytes, digest: e))
    }
}
