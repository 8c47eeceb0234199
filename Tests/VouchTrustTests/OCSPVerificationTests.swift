import Foundation
import Testing
import VouchCrypto
import VouchDER
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// OCSP responses folded into the evaluation as Apple's trustd folds stapled responses
/// (`SecORVCConsumeOCSPResponse`, SecRevocationServer.c): TestVectors/ocsp, one rule per file
/// (its make.py). The leaf is valid in 2026; responses are dated 2026-06-01 and fresh for a week.
@Suite struct OCSPVerificationTests {
    static func bytes(_ file: String) throws -> [UInt8] {
        let path = TestData.projectRoot.appendingPathComponent("TestVectors/ocsp/\(file)").path
        return try #require(TestData.bytes(path), "\(file) is missing")
    }

    static func certificate(_ file: String) throws -> Certificate { try Certificate(derEncoded: bytes(file)) }

    static func time(_ text: String) throws -> DERTime { try #require(DERTime(rfc3339: text)) }

    static let june2 = DERTime(secondsSince1970: 1_780_358_400)  // 2026-06-02T00:00:00Z

    /// The leaf under the test CA, dated `verify`, judged at `now`, with `responses`.
    static func evaluate(
        _ responses: [[UInt8]], now: DERTime = june2, verify: DERTime = june2, required: Bool = false
    ) throws -> TrustEvaluation {
        var trust = try Trust(certificates: [certificate("leaf.der")], policies: [.basicX509])
        trust.setAnchorCertificates([try certificate("ca.der")])
        trust.setVerifyDate(verify)
        trust.setCurrentTime(now)
        trust.setRevocationResponseRequired(required)
        trust.setOCSPResponses(responses)
        return trust.evaluate()
    }

    static func checks(_ evaluation: TrustEvaluation) -> [String] {
        evaluation.failures.map { "\($0.check.rawValue)@\($0.index)" }
    }

    @Test("the dates used here")
    func dates() {
        #expect(Self.june2 == DERTime(rfc3339: "2026-06-02T00:00:00Z"))
    }

    @Test("without responses nothing changes; with a response required, the leaf fails")
    func baseline() throws {
        #expect(try Self.evaluate([]).result == .unspecified)
        #expect(Self.checks(try Self.evaluate([], required: true)) == ["RevocationResponseRequired@0"])
    }

    @Test("a verified revoked answer is fatal, with errSecCertificateRevoked")
    func revoked() throws {
        let evaluation = try Self.evaluate([Self.bytes("revoked-by-name.der")])
        #expect(evaluation.result == .fatalTrustFailure)
        #expect(Self.checks(evaluation) == ["Revocation@0"])
        #expect(evaluation.status == .certificateRevoked)
    }

    @Test("a revoked answer holds whatever its dates: stale, or before the verify date")
    func revokedHolds() throws {
        let stale = try Self.evaluate([Self.bytes("revoked-by-name.der")], now: try Self.time("2026-12-01T00:00:00Z"))
        #expect(Self.checks(stale) == ["Revocation@0"])
        let early = try Self.evaluate(
            [Self.bytes("revoked-by-name.der")], now: try Self.time("2026-12-01T00:00:00Z"),
            verify: try Self.time("2026-02-01T00:00:00Z"))
        #expect(Self.checks(early) == ["Revocation@0"])
    }

    @Test("a fresh good answer satisfies a required response, by key hash, by SHA-256 CertID, delegated")
    func goodSatisfiesRequired() throws {
        let files = [
            "good-by-key.der", "good-sha256.der", "good-delegated.der",
            "good-explicit-version.der", "good-empty-single-extensions.der", "good-trailing-octet.der",
        ]
        for file in files {
            let evaluation = try Self.evaluate([Self.bytes(file)], required: true)
            #expect(evaluation.result == .unspecified, "\(file): \(Self.checks(evaluation))")
        }
    }

    @Test("freshness is judged at the current time, not at the verify date, with Apple's 1 h 15 min leeway")
    func freshness() throws {
        let good = try Self.bytes("good-by-key.der")  // thisUpdate 2026-06-01, nextUpdate 2026-06-08
        // The verify date is long past the response; the current time is inside it: fresh.
        let replay = try Self.evaluate([good], verify: try Self.time("2026-03-01T00:00:00Z"), required: true)
        #expect(replay.result == .unspecified)
        // The verify date inside it, the current time after nextUpdate + leeway: stale, ignored.
        let stale = try Self.evaluate([good], now: try Self.time("2026-06-08T01:15:01Z"), required: true)
        #expect(Self.checks(stale) == ["RevocationResponseRequired@0"])
        #expect(try Self.evaluate([good], now: try Self.time("2026-06-08T01:15:00Z"), required: true).result == .unspecified)
        // thisUpdate in the future beyond the leeway: not yet valid.
        let early = try Self.evaluate([good], now: try Self.time("2026-05-31T22:44:59Z"), required: true)
        #expect(Self.checks(early) == ["RevocationResponseRequired@0"])
        #expect(try Self.evaluate([good], now: try Self.time("2026-05-31T22:45:00Z"), required: true).result == .unspecified)
    }

    @Test("without nextUpdate a good answer is fresh for a day after thisUpdate (kSecDefaultOCSPResponseTTL), plus the leeway")
    func defaultTimeToLive() throws {
        let good = try Self.bytes("good-no-next-update.der")  // thisUpdate 2026-06-01T00:00:00Z
        #expect(try Self.evaluate([good], now: try Self.time("2026-06-02T01:15:00Z"), required: true).result == .unspecified)
        let stale = try Self.evaluate([good], now: try Self.time("2026-06-02T01:15:01Z"), required: true)
        #expect(Self.checks(stale) == ["RevocationResponseRequired@0"])
    }

    @Test("a certificate with id-pkix-ocsp-nocheck is never checked: its revoked answer changes nothing")
    func noCheck() throws {
        var trust = try Trust(certificates: [Self.certificate("leaf-nocheck.der")], policies: [.basicX509])
        trust.setAnchorCertificates([try Self.certificate("ca.der")])
        trust.setVerifyDate(Self.june2)
        trust.setCurrentTime(Self.june2)
        trust.setOCSPResponses([try Self.bytes("revoked-nocheck.der")])
        #expect(trust.evaluate().result == .unspecified)
        #expect(trust.ocspAnswers().isEmpty)
        // The same response is one Vouch reads: about this certificate, revoked, signed by the CA.
        let basic = try #require(try OCSPResponse(derEncoded: Self.bytes("revoked-nocheck.der")).basic)
        #expect(basic.singleResponse(for: try Self.certificate("leaf-nocheck.der"), issuer: try Self.certificate("ca.der")) != nil)
    }

    @Test("without nextUpdate an answer is fresh for a day (kSecDefaultOCSPResponseTTL); unknown says nothing")
    func unknown() throws {
        let unknown = try Self.bytes("unknown.der")
        #expect(Self.checks(try Self.evaluate([unknown], required: true)) == ["RevocationResponseRequired@0"])
        #expect(try Self.evaluate([unknown]).result == .unspecified)
    }

    @Test("responses that do not apply are ignored, never errors")
    func ignored() throws {
        let cases = [
            "try-later.der",  // unsuccessful
            "revoked-other-serial.der",  // about another certificate
            "delegated-no-ku.der",  // responder without keyUsage
            "delegated-no-digital-signature.der",  // keyUsage without digitalSignature
            "delegated-no-eku.der",  // responder without extendedKeyUsage
            "delegated-server-eku.der",  // extendedKeyUsage without OCSPSigning
            "delegated-ca.der",  // the responder is a CA
            "delegated-foreign.der",  // the responder was certified by another CA
        ]
        for file in cases {
            let evaluation = try Self.evaluate([Self.bytes(file)], required: true)
            #expect(Self.checks(evaluation) == ["RevocationResponseRequired@0"], "\(file)")
        }
        // Bytes that are no OCSP response at all: kept aside, named, ignored.
        var trust = try Trust(certificates: [Self.certificate("leaf.der")], policies: [.basicX509])
        trust.setOCSPResponses([[0x30, 0x03, 0x0A, 0x01]])
        #expect(trust.ocspResponses.isEmpty)
        #expect(trust.unparseableOCSPResponses.map(\.index) == [0])
    }

    @Test("a signature that does not verify: ignored")
    func badSignature() throws {
        for file in ["revoked-by-name.der", "good-by-key.der"] {
            var bytes = try Self.bytes(file)
            let response = try OCSPResponse(derEncoded: bytes)
            let signature = try #require(response.basic?.signature)
            // The last octet of the signature value (inside the BIT STRING, before the end of the
            // basic response, which has no certificates here).
            let offset = signature.bytes.endIndex - 1
            bytes[offset] ^= 0x01
            #expect(try OCSPResponse(derEncoded: bytes).basic != nil)
            let evaluation = try Self.evaluate([bytes], required: true)
            #expect(Self.checks(evaluation) == ["RevocationResponseRequired@0"], "\(file)")
        }
    }

    @Test("a delegated responder is judged at the current time for good, at producedAt for revoked")
    func delegatedSignerTime() throws {
        let july = try Self.time("2026-08-01T00:00:00Z")  // the short responder expired on 2026-07-01
        let good = try Self.evaluate([Self.bytes("good-short-responder.der")], now: july, verify: july, required: true)
        #expect(Self.checks(good) == ["RevocationResponseRequired@0"])
        #expect(try Self.evaluate([Self.bytes("good-short-responder.der")], required: true).result == .unspecified)
        let revoked = try Self.evaluate([Self.bytes("revoked-short-responder.der")], now: july, verify: july)
        #expect(Self.checks(revoked) == ["Revocation@0"])
    }

    @Test("order: a later response replaces the one kept only with a newer thisUpdate")
    func order() throws {
        let good = try Self.bytes("good-by-key.der")  // thisUpdate 2026-06-01
        let older = try Self.bytes("revoked-older.der")  // revoked, thisUpdate 2026-05-15
        // Revoked first, then the newer good answer: Apple keeps the good one.
        #expect(try Self.evaluate([older, good]).result == .unspecified)
        // Good first: the older revoked answer does not replace it.
        #expect(try Self.evaluate([good, older]).result == .unspecified)
        // Alone, the older revoked answer revokes.
        #expect(Self.checks(try Self.evaluate([older])) == ["Revocation@0"])
        // A stale good answer is not kept, so an older revoked one after it still counts.
        let stale = try Self.time("2026-07-01T00:00:00Z")
        #expect(Self.checks(try Self.evaluate([good, older], now: stale)) == ["Revocation@0"])
    }

    @Test("a real response: Let's Encrypt X3's own answer (cryptography-vectors) verifies with X3's key, as the issuer signs it")
    func realResponse() throws {
        let path = TestData.cryptographyX509 + "/ocsp/resp-sha256.der"
        guard let bytes = TestData.bytes(path) else {
            print("OCSPVerificationTests: \(path) is absent (scripts/setup --tests installs cryptography-vectors); skipped")
            return
        }
        let basic = try #require(try OCSPResponse(derEncoded: bytes).basic)
        let x3 = try #require(TestData.bytes(TestData.projectRoot.appendingPathComponent("TestVectors/ct/letsencrypt-x3.spki.der").path))
        let key = try SubjectPublicKeyInfo(derEncoded: x3[...])
        guard case .byName(let name) = basic.responderID else { Issue.record("responder by key"); return }
        #expect(name.rfc4514 == "CN=Let's Encrypt Authority X3,O=Let's Encrypt,C=US")
        #expect(SignatureVerifier.verify(
            algorithm: basic.signatureAlgorithm, issuerKey: key, signedBytes: basic.tbsResponseDataBytes,
            signature: basic.signature, options: .apple) == .valid)
        // One changed octet of the signed data: invalid.
        var changed = Array(basic.tbsResponseDataBytes)
        changed[changed.count - 1] ^= 1
        #expect(SignatureVerifier.verify(
            algorithm: basic.signatureAlgorithm, issuerKey: key, signedBytes: changed[...],
            signature: basic.signature, options: .apple) != .valid)
    }

    @Test("the anchor is never checked")
    func scope() throws {
        // A response about the leaf given for a chain whose leaf is the CA itself: nothing to check.
        var trust = try Trust(certificates: [Self.certificate("ca.der")], policies: [.basicX509])
        trust.setAnchorCertificates([try Self.certificate("ca.der")])
        trust.setVerifyDate(Self.june2)
        trust.setCurrentTime(Self.june2)
        trust.setOCSPResponses([try Self.bytes("revoked-by-name.der")])
        #expect(trust.evaluate().result == .unspecified)
    }

    @Test("OCSP and CRLs together: either can revoke, either can answer")
    func withCRLs() throws {
        var trust = try Trust(certificates: [Self.certificate("leaf.der")], policies: [.basicX509])
        trust.setAnchorCertificates([try Self.certificate("ca.der")])
        trust.setVerifyDate(Self.june2)
        trust.setCurrentTime(Self.june2)
        trust.setRevocationResponseRequired(true)
        trust.setCRLs([])
        trust.setOCSPResponses([try Self.bytes("good-by-key.der")])
        #expect(trust.evaluate().result == .unspecified)
        trust.setOCSPResponses([try Self.bytes("good-by-key.der"), try Self.bytes("revoked-by-name.der")])
        // Same thisUpdate: the revoked answer does not replace the good one (Apple needs a newer one).
        #expect(trust.evaluate().result == .unspecified)
    }
}
