import Testing
import VouchCrypto
import VouchX509

@testable import VouchTrust

/// ``CompactJWS/verifySignature(with:)`` with keys chosen here: the key must fit the algorithm
/// (type, curve, RSA size), the signature its length, and the R ‖ S to DER conversion must give
/// the ECDSA verifier the integers it expects.
@Suite struct CompactJWSVerificationTests {
    static func jws(_ file: String) throws -> CompactJWS { try CompactJWS(bytes: try CompactJWSTests.bytes(file)) }

    static func key(_ certificate: Certificate?) throws -> PublicKey {
        try #require(certificate.flatMap { PublicKey($0.subjectPublicKeyInfo) })
    }

    static func error(_ jws: CompactJWS, _ key: PublicKey) -> JWSError.Kind? {
        do {
            try jws.verifySignature(with: key)
            return nil
        } catch { return error.kind }
    }

    @Test("each algorithm verifies with its own certificate key, given explicitly")
    func explicitKeys() throws {
        for file in ["es256.jws", "es384.jws", "es512.jws", "rs256.jws", "ps256.jws", "eddsa.jws"] {
            let jws = try Self.jws(file)
            #expect(Self.error(jws, try Self.key(jws.certificates.first)) == nil, "\(file)")
        }
    }

    @Test("a key of the right kind that did not sign: invalidSignature, at the signature part")
    func wrongKey() throws {
        let jws = try Self.jws("es256.jws")
        let intermediateKey = try Self.key(jws.certificates[1])  // P-256 too
        #expect(throws: JWSError(.invalidSignature, at: jws.signatureStart)) { try jws.verifySignature(with: intermediateKey) }
    }

    @Test("a key that cannot make the algorithm's signatures: keyDoesNotMatchAlgorithm")
    func mismatchedKeys() throws {
        let es256 = try Self.jws("es256.jws"), rs256 = try Self.jws("rs256.jws"), es384 = try Self.jws("es384.jws")
        let eddsa = try Self.jws("eddsa.jws"), ps256 = try Self.jws("ps256.jws")
        let p256 = try Self.key(es256.certificates.first), p384 = try Self.key(es384.certificates.first)
        let rsa = try Self.key(rs256.certificates.first), ed25519 = try Self.key(eddsa.certificates.first)
        #expect(Self.error(es256, rsa) == .keyDoesNotMatchAlgorithm(.es256))
        #expect(Self.error(es256, p384) == .keyDoesNotMatchAlgorithm(.es256))
        #expect(Self.error(es384, p256) == .keyDoesNotMatchAlgorithm(.es384))
        #expect(Self.error(es256, ed25519) == .keyDoesNotMatchAlgorithm(.es256))
        #expect(Self.error(rs256, p256) == .keyDoesNotMatchAlgorithm(.rs256))
        #expect(Self.error(ps256, ed25519) == .keyDoesNotMatchAlgorithm(.ps256))
        #expect(Self.error(eddsa, rsa) == .keyDoesNotMatchAlgorithm(.edDSA))
        // PKCS #1 v1.5 and PSS are not interchangeable with the same key.
        let swapped = try CompactJWS(
            CompactJWSErrorTests.part(#"{"alg":"PS256"}"#) + "." + String(decoding: rs256.text, as: UTF8.self).split(separator: ".")[1]
                + "." + Base64URL.encode(rs256.signature))
        #expect(Self.error(swapped, rsa) == .invalidSignature)
    }

    @Test("signatures of the wrong length: ECDSA 2 x coordinate, Ed25519 64, RSA the modulus")
    func lengths() throws {
        func truncated(_ jws: CompactJWS) throws -> CompactJWS {
            let text = String(decoding: jws.signingInput, as: UTF8.self) + "." + Base64URL.encode(jws.signature.dropLast())
            return try CompactJWS(text)
        }
        let es512 = try Self.jws("es512.jws"), eddsa = try Self.jws("eddsa.jws"), rs256 = try Self.jws("rs256.jws")
        #expect(es512.signature.count == 132)
        #expect(Self.error(try truncated(es512), try Self.key(es512.certificates.first)) == .wrongSignatureLength(expected: 132, found: 131))
        #expect(Self.error(try truncated(eddsa), try Self.key(eddsa.certificates.first)) == .wrongSignatureLength(expected: 64, found: 63))
        #expect(Self.error(try truncated(rs256), try Self.key(rs256.certificates.first)) == .wrongSignatureLength(expected: 256, found: 255))
    }

    @Test("an RSA key under 2048 bits is refused before any arithmetic")
    func smallRSA() throws {
        let jws = try Self.jws("rs256-1024.jws")
        #expect(throws: JWSError(.rsaKeyTooSmall(bits: 1024), at: jws.signatureStart)) { try jws.verifySignatureWithCertificateKey() }
    }

    @Test("R || S to DER: leading zeros dropped, a sign octet added, zero kept, long form past 127")
    func ecdsaDER() {
        let high = [UInt8](repeating: 0x80, count: 32), low = [UInt8](repeating: 0, count: 31) + [0x05]
        #expect(CompactJWS.ecdsaDER(r: high[...], s: low[...])
            == [0x30, 0x26, 0x02, 0x21, 0x00] + high + [0x02, 0x01, 0x05])
        let zero = [UInt8](repeating: 0, count: 32)
        #expect(CompactJWS.ecdsaDER(r: zero[...], s: zero[...]) == [0x30, 0x06, 0x02, 0x01, 0x00, 0x02, 0x01, 0x00])
        let big = [UInt8](repeating: 0xFF, count: 66)
        #expect(CompactJWS.ecdsaDER(r: big[...], s: big[...]).prefix(5) == [0x30, 0x81, 0x8A, 0x02, 0x43])
        // A zero R (or S) is carried as 0 and refused by the verifier, never a trap.
        let text = String(decoding: (try? Self.jws("es256.jws"))?.signingInput ?? [], as: UTF8.self)
            + "." + Base64URL.encode(zero + zero)
        if let jws = try? CompactJWS(text), let key = try? Self.key(jws.certificates.first) {
            #expect(Self.error(jws, key) == .invalidSignature)
        } else { Issue.record("es256.jws did not read") }
    }
}
