import Testing
@testable import VouchCrypto

/// PKCS #1 v1.5 cases the vector files do not spell out: MD5, and malformed inputs that must
/// give `false` rather than a trap.
@Suite("PKCS1 signature")
struct PKCS1SignatureTests {
    /// `openssl genrsa 1024` public key, and `openssl dgst -md5 -sign` of ``md5Message``.
    static let md5KeyDER = "3081890281810097d580859ba602acb5ca7b9c6c9a4ff8633f5a4cc920538b28ecdaa344d6cdd4965952ea1b4cab54f5d4f6f45cecdf91ee21f4109c01b35f4a52a8fe44340d2c57e9fb630f8fa66a138941ae5701039de172aac7aa404a9bf7babec729423c9d4f69956f3fdcc52b575aea9602680102c4ee1525a704eb95b449eddbaaf413390203010001"
    static let md5Signature = "5e45a2ea0384aad684395cfbec2e4e08eafb968eb323c4aca76ae2cbc79e1c7a4211154cd62592bc2ecd2014742b0b7352ad5a4a85655a37537b32b37c6c39355e8c56455ec2e22e4dbbb833dc8bea90103a1a29b41d6d0c7457514ce43b5f85dd934cbbeeac27dd400cfcb7a82e35a6dc730c2eafd1bdf2a52b65307c18df29"
    static let md5Message = Array("an MD5-signed tbsCertificate stand-in".utf8)

    static func md5Key() throws -> RSAPublicKey {
        try RSAPublicKey(pkcs1DER: try #require(CryptoTestData.hex(md5KeyDER))[...])
    }

    @Test("an MD5 signature made by OpenSSL verifies, and only as MD5")
    func md5() throws {
        let key = try Self.md5Key()
        let signature = try #require(CryptoTestData.hex(Self.md5Signature))
        #expect(key.isValidPKCS1v15MD5Signature(signature[...], message: Self.md5Message[...]))
        #expect(!key.isValidPKCS1v15MD5Signature(signature[...], message: Self.md5Message.dropLast()))
        for hash in HashAlgorithm.allCases {
            #expect(!key.isValidPKCS1v15Signature(signature[...], digest: hash.digest(Self.md5Message), hash: hash))
        }
    }

    @Test("malformed inputs are rejected, not trapped on")
    func malformed() throws {
        let key = try Self.md5Key()
        let signature = try #require(CryptoTestData.hex(Self.md5Signature))
        let message = Self.md5Message[...]
        // Length k − 1 and k + 1 (with a leading zero, the same number), and empty.
        #expect(!key.isValidPKCS1v15MD5Signature(signature.dropFirst(), message: message))
        #expect(!key.isValidPKCS1v15MD5Signature(([0] + signature)[...], message: message))
        #expect(!key.isValidPKCS1v15MD5Signature([], message: message))
        // s = n and s = n + small: out of range (the malleable twin of a valid signature).
        #expect(!key.isValidPKCS1v15MD5Signature(key.modulus[...], message: message))
        #expect(!key.isValidPKCS1v15MD5Signature([UInt8](repeating: 0xFF, count: 128)[...], message: message))
        // s = 0 and s = 1.
        #expect(!key.isValidPKCS1v15MD5Signature([UInt8](repeating: 0, count: 128)[...], message: message))
        #expect(!key.isValidPKCS1v15MD5Signature(([UInt8](repeating: 0, count: 127) + [1])[...], message: message))
        // A digest of the wrong length for the hash named.
        #expect(!key.isValidPKCS1v15Signature(signature[...], digest: [UInt8](repeating: 0, count: 31), hash: .sha256))
        #expect(!key.isValidPKCS1v15Signature(signature[...], digest: [], hash: .sha1))
    }

    @Test("a modulus too small for the encoding gives false (512 bits cannot hold SHA-512's)")
    func modulusTooSmallForEncoding() throws {
        // 64-byte modulus: SHA-512 needs 19 + 64 + 11 = 94 bytes.
        let key = try RSAPublicKey(modulus: RSAPublicKeyTests.oddNumber(bits: 512), exponent: [0x03])
        let signature = [UInt8](repeating: 0x01, count: 64)
        #expect(!key.isValidPKCS1v15Signature(signature[...], digest: SHA512.hash([UInt8]()), hash: .sha512))
    }

    @Test("DigestInfo prefixes are the DER of RFC 8017 §9.2 note 1")
    func prefixes() {
        let expected: [HashAlgorithm: String] = [
            .sha1: "3021300906052b0e03021a05000414",
            .sha224: "302d300d06096086480165030402040500041c",
            .sha256: "3031300d060960864801650304020105000420",
            .sha384: "3041300d060960864801650304020205000430",
            .sha512: "3051300d060960864801650304020305000440",
        ]
        for hash in HashAlgorithm.allCases {
            #expect(PKCS1DigestInfo.prefix(for: hash) == CryptoTestData.hex(expected[hash] ?? ""), "\(hash)")
        }
        #expect(PKCS1DigestInfo.md5 == CryptoTestData.hex("3020300c06082a864886f70d020505000410"))
    }
}
