import VouchDER
import VouchX509

@testable import VouchCrypto

/// A test-only RSA signer (PKCS #1 v1.5, SHA-256) with two fixed 2048-bit keys made once by
/// `openssl genrsa 2048`, for limit tests whose signatures must really verify (CRLs, which no
/// cache vouches for). Not constant-time, and never part of the engine.
struct TestRSAKey: Sendable {
    let modulus: [UInt8]
    let privateExponent: [UInt8]

    static let first = TestRSAKey(
        modulus: hex(
            "a39e5a0e0416a456c2f1ec349394a8b5dcd7994e2603c6967b22cf0b3fe3dd15cf325d7caae978120e67a6510c6e3dcb1e36438fccfab339bef0a3fae9efa3a6" +
            "7a2b778f626ec09a69b72c7edf8aa95c82f62aa670f42dca90a259b682de5c6a96647281ef841dbdfe4f70e5991b0794478d947c56712c0ab657b07987c03e89" +
            "9f00e66a325fa84a6c565fce84d24e55e0b331b7dde7197840a8c1fc9a002f84ce34de9a22fbc5d11a7c4e1b88ae0fd28701cb270f0d849cfa2718bdaefcb49f" +
            "771adfdd3a68a51d1b77d3abc72709c36e62e7dc3b5e375b23a0c099bda68c47c793565d11d88ab7f71a170af0cef1d8e9c1f3b16428d4d4691cb8fdc3a10a8f"),
        privateExponent: hex(
            "512a481524dd108803abdc1756d08b82affb79cee517c1673bcd50350dec1cebe93d5c57f036e1fbdf0e76d844d8d9298e22b01041486a292eb99436efde9369" +
            "8db84b56a3273abf3ecb01b52c724e4298aac20c9002e9464fca61c3a296e8f46d07863043df5f9bb4f0b69a0701fc180808c94c86db1c547210fcf7c4aa4eba" +
            "cd622f008cfc4563e49f3b37e27ccb7c19d583ea0071f58c24acb8b6e0037e3f1d632462ac1592a4c95de79179a25550b7355dd8fb23f5bc8823c5a08eac3a2f" +
            "d2832aff4d0c7c07db87c2e2e167b6f41ceb447f5a0366383ce11accf0a88c15777aed84b5297a52b7f3273ab7a6f1514df28c755dfbb09b8bbd78f6ba783a2d"))

    static let second = TestRSAKey(
        modulus: hex(
            "aba3234d69c7cafc9c3bd666549dc8ae4c800e31429be6317c2b3cfd253cd720dd2e671137e3f8e0922de792a327a457bb039fa28a195a08de740a4d5f3ae0be" +
            "6442c24d0e2b7342b59c168ffdafc6439851da555536a2fb1b5e97024f6298ed3e563dcd039ce9aff2c91fa61207c0c9eb5dc52a142eae878d68397533d5f27d" +
            "26c27d30b481f1698711f92577d422a9fba1474440239cd8bd6560743933c92e38b3d0ddeed57fcd609664c01bbcf7c5661743fee513946ac8886d487b0a1a15" +
            "9109cde5fa369b74a1a2f6a055061a527ab765ae5f12891c582c579cd017ff6518f1e9638b7457a5e630ef3740d17b46b0f8f4a4ccc9b2a3dbc8474b92a98cfb"),
        privateExponent: hex(
            "54baa9a43f1a769de280759439a4549b9abf428255d801389f8bf6c51efb5c55e86a4e4e0531c0bc17dd9a6a5ca9a6aafa72ccfcdfc0a91e24b6d31923f03c5f" +
            "30be760db4f7852442e4058d5a9649c137b1fc9ed07cb2d3544d0b2e04436fabfa70777cbc125b9854b9adaa7d4f1f806e74f16e96dcfea2830f9701c12f964f" +
            "1ba979902db11f14e0be673521812bf0b91bbd6c28a05c5cb1471889850765a9111cce0b17a12d6757c3ea7635267d1bb623f6bbaffa9786e63da0069187faee" +
            "e9123411359919982876916898d8da1a1dc0ff2822e121864688b747bbaa374dd29bad9395a33a8d232889a73707303e562de90262ec802c76f5de1763979ead"))

    static func hex(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(index, offsetBy: 2)
            bytes.append(UInt8(text[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }

    /// SubjectPublicKeyInfo: rsaEncryption with NULL parameters, e = 65537.
    var subjectPublicKeyInfo: [UInt8] {
        var writer = DERWriter()
        writer.writeElement(.sequence) { info in
            info.writeElement(.sequence) { algorithm in
                algorithm.writeElement(.objectIdentifier, content: OID.rsaEncryption.bytes)
                algorithm.writeElement(DERTag(.universal, 5, constructed: false), content: [])
            }
            var key = DERWriter()
            key.writeElement(.sequence) { sequence in
                sequence.writeElement(.integer, content: (modulus.first ?? 0) & 0x80 != 0 ? [0] + modulus : modulus)
                sequence.writeElement(.integer, content: [0x01, 0x00, 0x01])
            }
            info.writeElement(.bitString, content: [0] + key.bytes)
        }
        return writer.bytes
    }

    /// The sha256WithRSAEncryption AlgorithmIdentifier (NULL parameters).
    static var algorithm: [UInt8] {
        var writer = DERWriter()
        writer.writeElement(.sequence) { algorithm in
            algorithm.writeElement(.objectIdentifier, content: OID.sha256WithRSAEncryption.bytes)
            algorithm.writeElement(DERTag(.universal, 5, constructed: false), content: [])
        }
        return writer.bytes
    }

    /// The PKCS #1 v1.5 signature of `message` with SHA-256 (RFC 8017 §8.2.1), or `nil`.
    func sign(_ message: [UInt8]) -> [UInt8]? {
        let digestInfo: [UInt8] = [0x30, 0x31, 0x30, 0x0D, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01, 0x05, 0x00, 0x04, 0x20]
        let suffix = digestInfo + HashAlgorithm.sha256.digest(message)
        let encoded = [0x00, 0x01] + [UInt8](repeating: 0xFF, count: modulus.count - 3 - suffix.count) + [0x00] + suffix
        return MontgomeryModulus(bigEndian: modulus[...])?.power(bigEndianBase: encoded[...], exponent: privateExponent, length: modulus.count)
    }

    /// `SEQUENCE { tbs, sha256WithRSAEncryption, BIT STRING signature }`: a signed certificate or CRL.
    func signed(_ tbs: [UInt8]) -> [UInt8]? {
        guard let signature = sign(tbs) else { return nil }
        var writer = DERWriter()
        writer.writeElement(.sequence) { outer in
            outer.writeEncoded(tbs)
            outer.writeEncoded(Self.algorithm)
            outer.writeElement(.bitString, content: [0] + signature)
        }
        return writer.bytes
    }

    /// basicConstraints cA TRUE, critical.
    static let basicConstraintsCA = (OID.basicConstraints, true, [UInt8]([0x30, 0x03, 0x01, 0x01, 0xFF]))

    /// A v3 certificate of `subjectKey` signed by `issuerKey` (sha256WithRSAEncryption), valid
    /// 2025-01-01 to 2030-01-01, with `extensions` (type, critical, extnValue).
    static func certificate(
        _ subject: String, issuedBy issuer: String, serial: UInt8, key subjectKey: TestRSAKey, signedBy issuerKey: TestRSAKey,
        extensions: [(OID, Bool, [UInt8])]
    ) throws -> Certificate {
        var tbs = DERWriter()
        tbs.writeElement(.sequence) { tbs in
            tbs.writeElement(.contextSpecific(0, constructed: true)) { $0.writeElement(.integer, content: [2]) }
            tbs.writeElement(.integer, content: [serial])
            tbs.writeEncoded(algorithm)
            tbs.writeName(commonName: issuer)
            tbs.writeElement(.sequence) { validity in
                validity.writeElement(.utcTime, content: Array("250101000000Z".utf8))
                validity.writeElement(.utcTime, content: Array("300101000000Z".utf8))
            }
            tbs.writeName(commonName: subject)
            tbs.writeEncoded(subjectKey.subjectPublicKeyInfo)
            tbs.writeExtensions(extensions)
        }
        guard let signed = issuerKey.signed(tbs.bytes) else { throw RevocationLimitTests.BuildError() }
        return try Certificate(derEncoded: signed)
    }
}
