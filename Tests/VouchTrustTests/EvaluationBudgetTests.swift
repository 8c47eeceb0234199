import Testing
import VouchCrypto
import VouchDER
import VouchX509

@testable import VouchTrust

/// The evaluation budget (``EvaluationBudget``): every stage that verifies a signature pays from
/// one total of ``TrustLimits/maximumSignatureWork`` units. Each test leaves a budget exactly
/// enough for an evaluation (N) and one unit less (N − 1 left, so the last verification is the
/// one past it), so that moving the price of any verification or the limit fails it.
@Suite struct EvaluationBudgetTests {
    /// A budget with `left` units still to spend.
    static func budget(leaving left: Int) -> EvaluationBudget {
        let budget = EvaluationBudget()
        _ = budget.spend(TrustLimits.maximumSignatureWork - left)
        return budget
    }

    /// What `trust`'s evaluation spends from a full budget.
    static func cost(of trust: Trust) -> Int {
        let budget = EvaluationBudget()
        _ = trust.evaluate(paidFrom: budget)
        return budget.workSpent
    }

    static func checks(_ evaluation: TrustEvaluation) -> [String] {
        evaluation.failures.map { "\($0.check.rawValue)@\($0.index)" }
    }

    @Test("the budget pays up to maximumSignatureWork units and not one more")
    func limit() {
        let budget = EvaluationBudget()
        #expect(budget.spend(TrustLimits.maximumSignatureWork - 1))
        #expect(budget.spend(1))
        #expect(!budget.spend(1))
        #expect(budget.workSpent == TrustLimits.maximumSignatureWork)
        #expect(!EvaluationBudget().spend(TrustLimits.maximumSignatureWork + 1))
        #expect(EvaluationBudget().spend(TrustLimits.maximumSignatureWork))
    }

    @Test("the search stops on a verification the budget cannot pay: fatal pathBuildingBudget")
    func search() throws {
        var trust = try Trust(certificates: [RevocationTests.certificate("leaf"), RevocationTests.certificate("ca")], policies: [.basicX509])
        trust.setAnchorCertificates([try RevocationTests.certificate("root")])
        trust.setVerifyDate(try #require(DERTime(rfc3339: "2025-06-01T00:00:00Z")))
        let cost = Self.cost(of: trust)
        // Two links of P-256 (9 units each) and their TBS hashes (1 unit per KiB begun).
        #expect(cost == 2 * (9 + 1))
        #expect(trust.evaluate(paidFrom: Self.budget(leaving: cost)).isTrusted)
        let starved = trust.evaluate(paidFrom: Self.budget(leaving: cost - 1))
        #expect(!starved.isTrusted)
        #expect(Self.checks(starved).contains("PathBuildingBudget@0"))
        #expect(starved.result == .fatalTrustFailure)
    }

    /// The CRL checker's answer for the leaf under `crls`, paid from `budget`.
    static func crlStatus(_ crls: [CertificateRevocationList], budget: EvaluationBudget) throws -> RevocationStatus {
        let ca = try RevocationTests.certificate("ca"), root = try RevocationTests.certificate("root")
        var checker = RevocationChecker(crls: crls, signers: [], responseRequired: false, verifyTime: 1_748_736_000)
        checker.budget = budget
        return checker.status(of: try RevocationTests.certificate("leaf"), issuers: [ca, root], depth: 1)
    }

    static func isRevoked(_ status: RevocationStatus) -> Bool {
        if case .revoked = status { return true } else { return false }
    }

    @Test("a CRL the budget cannot pay for is unusable: the leaf's status is undetermined")
    func crl() throws {
        let revoking = [try RevocationTests.crl("caRevokesLeaf")]
        let full = EvaluationBudget()
        #expect(Self.isRevoked(try Self.crlStatus(revoking, budget: full)))
        let cost = full.workSpent
        #expect(cost == 9 + 1)
        #expect(Self.isRevoked(try Self.crlStatus(revoking, budget: Self.budget(leaving: cost))))
        #expect(try Self.crlStatus(revoking, budget: Self.budget(leaving: cost - 1)) == .undetermined)
    }

    /// The OCSP checker's answer for the leaf under the response `file`, paid from `budget`.
    static func ocspStatus(_ file: String, budget: EvaluationBudget) throws -> OCSPStatus {
        let leaf = try OCSPVerificationTests.certificate("leaf.der"), ca = try OCSPVerificationTests.certificate("ca.der")
        let request = TrustRequest(certificates: [leaf], policies: [.basicX509], systemStore: SystemTrustStore(certificates: []))
        var checker = OCSPChecker(
            responses: [try OCSPResponse(derEncoded: OCSPVerificationTests.bytes(file))],
            currentTime: OCSPVerificationTests.june2.secondsSince1970,
            evaluatesResponder: TrustEvaluator.responderEvaluation(for: request))
        checker.budget = budget
        return checker.answer(for: leaf, issuers: [ca]).status
    }

    @Test("an OCSP response the budget cannot pay for is ignored, a delegated responder's evaluation included",
          arguments: [("revoked-by-name.der", OCSPStatus.revoked(.keyCompromise)), ("good-delegated.der", .good)])
    func ocsp(_ file: String, _ status: OCSPStatus) throws {
        let full = EvaluationBudget()
        #expect(try Self.ocspStatus(file, budget: full) == status)
        let cost = full.workSpent
        if file.hasPrefix("good-delegated") {
            // The response's signature, the responder's certificate, and the responder's own
            // evaluation (its path to the CA), all from this budget.
            #expect(cost > 2 * (9 + 1))
        } else {
            #expect(cost == 9 + 1)
        }
        #expect(try Self.ocspStatus(file, budget: Self.budget(leaving: cost)) == status)
        #expect(try Self.ocspStatus(file, budget: Self.budget(leaving: cost - 1)) == OCSPStatus.none)
    }

    @Test("each verification is priced by its key and the bytes it hashes")
    func prices() throws {
        let p256 = try RevocationTests.certificate("ca").subjectPublicKeyInfo
        let key = SignatureVerifier.IssuerKey(p256)
        #expect(SignatureWork.arithmetic(key) == 9)
        #expect(SignatureWork.verification(key, signedByteCount: 1_024) == 10)
        #expect(SignatureWork.verification(key, signedByteCount: 1_025) == 11)
        #expect(SignatureWork.hashing(byteCount: 0) == 1)
        #expect(SignatureWork.hashing(byteCount: 16 << 20) == 16_384)
    }
}

