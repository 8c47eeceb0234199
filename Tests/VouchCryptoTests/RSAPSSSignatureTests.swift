import Testing
import VouchTestSupport
@testable import VouchCrypto

/// RSASSA-PSS verification edges on RSA Labs example 1.1 (1024-bit key, SHA-1, 20-byte salt).
@Suite("RSA PSS signature")
struct RSAPSSSignatureTests {
    static func example() throws -> (RSAPublicKey, [UInt8], [UInt8]) {
        let cases = try RSANISTVectors.rsaLaboratories("pkcs-1v2-1d2-vec/pss-vect.txt")
        let first = try #require(cases.first)
        return (try RSAPublicKey(modulus: first.modulus, exponent: first.exponent), first.message, first.signature)
    }

    @Test("parameters must match exactly", .enabled(if: RSANISTTests.present, MissingData.cryptographyVectors))
    func parameters() throws {
        let (key, message, signature) = try Self.example()
        let good = RSAPSSParameters.rfc4055Defaults
        #expect(key.isValidPSSSignature(signature[...], message: message[...], parameters: good))
        #expect(key.isValidPSSSignature(signature[...], digest: SHA1.hash(message), parameters: good))
        var variants: [RSAPSSParameters] = []
        for salt in [0, 19, 21, -1, Int.max, Int.min] {
            variants.append(RSAPSSParameters(hash: .sha1, mgf1Hash: .sha1, saltLength: salt))
        }
        variants.append(RSAPSSParameters(hash: .sha1, mgf1Hash: .sha1, saltLength: 20, trailerField: 2))
        variants.append(RSAPSSParameters(hash: .sha1, mgf1Hash: .sha256, saltLength: 20))
        variants.append(RSAPSSParameters(hash: .sha256, mgf1Hash: .sha1, saltLength: 20))
        for parameters in variants {
            #expect(!key.isValidPSSSignature(signature[...], message: message[...], parameters: parameters), "\(parameters)")
        }
        // Digest of the wrong length, signature of the wrong length, signature ≥ n.
        #expect(!key.isValidPSSSignature(signature[...], digest: SHA256.hash(message), parameters: good))
        #expect(!key.isValidPSSSignature(signature.dropLast(), message: message[...], parameters: good))
        #expect(!key.isValidPSSSignature(([0] + signature)[...], message: message[...], parameters: good))
        #expect(!key.isValidPSSSignature(key.modulus[...], message: message[...], parameters: good))
        // Not a PKCS #1 v1.5 signature.
        #expect(!key.isValidPKCS1v15Signature(signature[...], digest: SHA1.hash(message), hash: .sha1))
    }

    @Test("MGF1 against RFC 8017 example values")
    func mgf1() {
        // MGF1-SHA-1("foo", 3) = 1ac907 and ("bar", 5) = bc0c655e01 (pyca/cryptography's test values).
        var foo: [UInt8] = [0, 0, 0]
        RSAPublicKey.applyMGF1Mask(to: &foo, seed: Array("foo".utf8)[...], hash: .sha1)
        #expect(foo == CryptoTestData.hex("1ac907"))
        var bar = [UInt8](repeating: 0, count: 50)
        RSAPublicKey.applyMGF1Mask(to: &bar, seed: Array("bar".utf8)[...], hash: .sha1)
        #expect(bar.prefix(5).elementsEqual(CryptoTestData.hex("bc0c655e01") ?? []))
        // Across a counter boundary: bytes 20… come from Hash(seed ‖ 00000001).
        #expect(bar[20..<40].elementsEqual(SHA1.hash(Array("bar".utf8) + [0, 0, 0, 1])))
    }
}
