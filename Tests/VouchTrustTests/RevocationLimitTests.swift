import Testing
import VouchDER
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// ``RevocationLimits`` at N and N + 1 (issue 38 item 2): maximumSignerDepth and
/// maximumOCSPResponses. maximumCRLs is RevocationTests.crlCountLimit, maximumSignatureChecks
/// RevocationTests.signatureLimit, maximumOCSPSignerEvaluations BudgetLimitTests.ocspSignerEvaluations.
@Suite struct RevocationLimitTests {
    @Test("the limits are the documented ones")
    func values() {
        #expect(RevocationLimits.maximumSignerDepth == 3)
        #expect(RevocationLimits.maximumOCSPResponses == 64)
        #expect(RevocationLimits.maximumCRLs == 1_024)
    }

    // MARK: maximumSignerDepth

    struct BuildError: Error {}

    static func time(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// An RSA certificate of `subjectKey` signed by `issuerKey`.
    static func certificate(_ subject: String, issuedBy issuer: String, serial: UInt8, key subjectKey: TestRSAKey,
                            signedBy issuerKey: TestRSAKey, isCA: Bool) throws -> Certificate {
        try TestRSAKey.certificate(subject, issuedBy: issuer, serial: serial, key: subjectKey, signedBy: issuerKey,
                                   extensions: isCA ? [TestRSAKey.basicConstraintsCA] : [])
    }

    /// A complete v1 CRL issued under `issuer`'s name, signed by `key`, listing `revoked` serials,
    /// current at the verify date (2026-01-01 to 2027-01-01).
    static func crl(_ issuer: String, signedBy key: TestRSAKey, revoked: [UInt8] = []) throws -> CertificateRevocationList {
        var tbs = DERWriter()
        tbs.writeElement(.sequence) { tbs in
            tbs.writeEncoded(TestRSAKey.algorithm)
            tbs.writeName(commonName: issuer)
            tbs.writeElement(.utcTime, content: time("260101000000Z"))
            tbs.writeElement(.utcTime, content: time("270101000000Z"))
            if !revoked.isEmpty {
                tbs.writeElement(.sequence) { list in
                    for serial in revoked {
                        list.writeElement(.sequence) { entry in
                            entry.writeElement(.integer, content: [serial])
                            entry.writeElement(.utcTime, content: time("260101000000Z"))
                        }
                    }
                }
            }
        }
        guard let signed = key.signed(tbs.bytes) else { throw BuildError() }
        return try CertificateRevocationList(derEncoded: signed)
    }

    /// Leaf ← CA 1 ← CA 2 ← CA 3 ← Root (anchor), every CA with the first key. The leaf's CRL
    /// (listing it) is signed by signer 1 (named "CA 1", second key, issued by CA 2), whose own
    /// status comes from a CRL signed by signer 2 (named "CA 2", issued by CA 3), whose status
    /// comes from CA 3's CRL: signed by CA 3 itself when `signersBelowRoot` is 2 (depth 3: leaf,
    /// signer 1, signer 2), by signer 3 (named "CA 3", issued by the root) when it is 3 (depth 4).
    static func delegatedRevocation(signers signerCount: Int) throws -> TrustEvaluation {
        let caKey = TestRSAKey.first, signerKey = TestRSAKey.second
        let root = try certificate("Root", issuedBy: "Root", serial: 1, key: caKey, signedBy: caKey, isCA: true)
        var path = [try certificate("Leaf", issuedBy: "CA 1", serial: 0x10, key: caKey, signedBy: caKey, isCA: false)]
        for level in 1...3 {
            path.append(try certificate("CA \(level)", issuedBy: level == 3 ? "Root" : "CA \(level + 1)", serial: UInt8(1 + level),
                                        key: caKey, signedBy: caKey, isCA: true))
        }
        var signers: [Certificate] = []
        for level in 1...signerCount {
            signers.append(try certificate("CA \(level)", issuedBy: level == 3 ? "Root" : "CA \(level + 1)", serial: UInt8(0x20 + level),
                                           key: signerKey, signedBy: caKey, isCA: false))
        }
        var crls = [
            try crl("CA 1", signedBy: signerKey, revoked: [0x10]),
            try crl("CA 2", signedBy: signerKey),
            try crl("Root", signedBy: caKey),
        ]
        crls.append(try crl("CA 3", signedBy: signerCount == 3 ? signerKey : caKey))
        var trust = try Trust(certificates: path + signers, policies: [.basicX509], systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates([root])
        trust.setVerifyDate(LimitPKI.verifyDate)
        trust.setCRLs(crls)
        trust.setRevocationResponseRequired(true)
        return trust.evaluate()
    }

    @Test("maximumSignerDepth: a CRL reached through two separate signers (depth 3) revokes; through three (depth 4) it is unusable")
    func signerDepth() throws {
        let limit = RevocationLimits.maximumSignerDepth
        let within = try Self.delegatedRevocation(signers: limit - 1)
        #expect(within.status == .certificateRevoked)
        #expect(within.failures == [TrustFailure(index: 0, check: .revocation)])
        let past = try Self.delegatedRevocation(signers: limit)
        #expect(past.failures == [TrustFailure(index: 0, check: .revocationResponseRequired)], "the leaf's status is undetermined")
        #expect(past.chain.count == 5 && past.isAnchored)
    }

    // MARK: maximumOCSPResponses

    static func ocsp(_ file: String) throws -> [UInt8] {
        let path = TestData.projectRoot.appendingPathComponent("TestVectors/ocsp/\(file)").path
        return try #require(TestData.bytes(path), "\(file) is missing")
    }

    /// The OCSP leaf under its CA, given `fillers` unsuccessful responses and then one that revokes it.
    static func revokedAfter(fillers: Int) throws -> (evaluation: TrustEvaluation, answers: [(index: Int, response: Int, status: OCSPCertStatus)]) {
        var trust = try Trust(certificates: [Certificate(derEncoded: try ocsp("leaf.der"))], policies: [.basicX509])
        trust.setAnchorCertificates([try Certificate(derEncoded: try ocsp("ca.der"))])
        let june2 = DERTime(secondsSince1970: 1_780_358_400)  // 2026-06-02T00:00:00Z, as OCSPVerificationTests
        trust.setVerifyDate(june2)
        trust.setCurrentTime(june2)
        trust.setOCSPResponses(Array(repeating: try ocsp("try-later.der"), count: fillers) + [try ocsp("revoked-by-name.der")])
        return (trust.evaluate(), trust.ocspAnswers())
    }

    @Test("maximumOCSPResponses: the 64th response is used; the 65th is ignored")
    func ocspResponses() throws {
        let limit = RevocationLimits.maximumOCSPResponses
        let within = try Self.revokedAfter(fillers: limit - 1)
        #expect(within.evaluation.failures == [TrustFailure(index: 0, check: .revocation)])
        #expect(within.answers.map { $0.response } == [limit - 1])
        let past = try Self.revokedAfter(fillers: limit)
        #expect(past.evaluation.isTrusted)
        #expect(past.answers.isEmpty)
    }
}
