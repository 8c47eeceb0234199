import Testing
import VouchDER
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// The counted limits that sit beside the evaluation's work budget (``EvaluationBudget``), at N
/// and N + 1 (issue 38 item 2): ``TrustLimits/maximumSignatureChecks``,
/// ``CertificateTransparencyLimits/maximumSignatureChecks``, the TLS SCTs read
/// (``SignedCertificateTimestampLimits/maximumTimestampsPerList``) and, in
/// BudgetLimitTests+OCSP.swift, ``RevocationLimits/maximumOCSPSignerEvaluations``. Each case is
/// built so that the count, not the work units, is what stops it: the evaluation is paid from a
/// budget the test reads afterwards. (``RevocationLimits/maximumSignatureChecks`` is
/// RevocationTests.signatureLimit; ``TrustLimits/maximumNameConstraintComparisons``
/// NameConstraintsCheckTests.unjudgeable; ``TrustLimits/maximumSignatureWork`` EvaluationBudgetTests.)
@Suite struct BudgetLimitTests {
    @Test("the limits are the documented ones")
    func values() {
        #expect(TrustLimits.maximumSignatureChecks == 150)
        #expect(TrustLimits.maximumSignatureWork == 1_500)
        #expect(TrustLimits.maximumNameConstraintComparisons == 250_000)
        #expect(RevocationLimits.maximumSignatureChecks == 100)
        #expect(RevocationLimits.maximumOCSPSignerEvaluations == 16)
        #expect(CertificateTransparencyLimits.maximumSignatureChecks == 100)
        #expect(SignedCertificateTimestampLimits.maximumTimestampsPerList == 256)
    }

    // MARK: TrustLimits.maximumSignatureChecks

    /// What one search did: its evaluation, the signature checks it made, and the work it paid.
    struct Search {
        let evaluation: TrustEvaluation
        let checks: Int
        let workSpent: Int
    }

    /// Leaf (dNSName a.example) ← CA ← "Root", with anchors named "Root" in this order: `excluding`
    /// self-issued roots whose name constraints exclude a.example, then, when `refusing`, a root
    /// whose key does not verify the CA, then the root that accepts the path.
    ///
    /// Every answer is remembered in a ``SignatureVerificationCache``, so no check costs a work
    /// unit and each one is a lookup there: the cache's lookups are the search's checks. The
    /// search checks the link leaf–CA (1); each excluding root's link (anchored, judged: the
    /// NameConstraints failure) and then its self-signature (Apple's "a self-signed anchor ends
    /// the path"): 2 each; the refusing root's link (1, it fails); the accepting root's link (1).
    static func signatureCheckSearch(excluding: Int, refusing: Bool) throws -> Search {
        let san = TestCertificate.encodedGeneralNames([.dns("a.example")])
        let leaf = try LimitPKI.certificate("Leaf", issuedBy: "CA", serial: 1, isCA: false, extensions: [(.subjectAltName, false, san)])
        let ca = try LimitPKI.certificate("CA", issuedBy: "Root", serial: 3)
        let constraint = (OID.nameConstraints, true, LimitPKI.nameConstraints(excluded: [LimitPKI.dnsSubtree("a.example")]))
        var anchors = try (0..<excluding).map { try LimitPKI.certificate("Root", issuedBy: "Root", serial: 1_000 + $0, extensions: [constraint]) }
        let cache = SignatureVerificationCache(capacity: 1 << 16)
        if refusing {
            // A key's octets are its serial's, zero-padded: 5,000 (0x1388) is no other's key.
            let refuser = try LimitPKI.certificate("Root", issuedBy: "Root", serial: 5_000)
            // Recorded first: the cache keeps the first answer it is given for a pair.
            cache.record(.invalid, for: ca, issuerKey: refuser.subjectPublicKeyInfo)
            anchors.append(refuser)
        }
        anchors.append(try LimitPKI.certificate("Root", issuedBy: "Root", serial: 2))
        let all = [leaf, ca] + anchors
        for child in all {
            for issuer in all where issuer.subject.encoded.elementsEqual(child.issuer.encoded) {
                cache.record(.valid, for: child, issuerKey: issuer.subjectPublicKeyInfo)
            }
        }
        var trust = try LimitPKI.trust([leaf, ca], anchors: anchors)
        trust.setSignatureVerificationCache(cache)
        let budget = EvaluationBudget()
        let evaluation = trust.evaluate(paidFrom: budget)
        let lookups = cache.statistics
        return Search(evaluation: evaluation, checks: lookups.hits + lookups.misses, workSpent: budget.workSpent)
    }

    @Test("TrustLimits.maximumSignatureChecks: the 150th check reaches the accepted path; when it would be the 151st, the search stops, fatally")
    func searchSignatureChecks() throws {
        let limit = TrustLimits.maximumSignatureChecks
        let excluding = (limit - 2) / 2
        #expect(1 + 2 * excluding + 1 == limit, "the pool is built for the limit")
        #expect(1 + excluding + 2 < TrustLimits.maximumPathsBuilt, "the paths built stay below their own limit")

        let within = try Self.signatureCheckSearch(excluding: excluding, refusing: false)
        #expect(within.evaluation.isTrusted, "\(within.evaluation.failures)")
        #expect(within.evaluation.chain.count == 3 && within.evaluation.chain.last?.serialNumber.last == 2)
        #expect(within.checks == limit)
        #expect(within.workSpent == 0, "remembered answers: the work budget is untouched")

        // One more check (the refusing root's link) before the accepting root: its link would be
        // the 151st check, and the search stops before it.
        let past = try Self.signatureCheckSearch(excluding: excluding, refusing: true)
        #expect(!past.evaluation.isTrusted)
        #expect(past.evaluation.result == .fatalTrustFailure)
        #expect(past.evaluation.failures.contains { $0.check == .pathBuildingBudget })
        #expect(past.checks == limit)
        #expect(past.workSpent == 0, "the count stopped it, not the work budget")
    }

    // MARK: Certificate Transparency

    static func vector(_ file: String) throws -> [UInt8] { try CertificateTransparencyTests.vector(file) }

    /// The TLS SCTs of TestVectors/ct/tls-a-c.sctlist, for plain.der: log a's, then log c's.
    static func tlsTimestamps() throws -> (a: [UInt8], c: [UInt8]) {
        let entries = try SignedCertificateTimestampList(tlsEncoded: try vector("tls-a-c.sctlist")).entries.map { Array($0) }
        try #require(entries.count == 2)
        return (entries[0], entries[1])
    }

    /// plain.der under TestVectors/ct's CA and root (anchor), with `timestamps` as TLS SCTs and
    /// the logs a, b, c (or no list), paid from a budget whose spending is returned.
    static func evaluate(timestamps: [[UInt8]], logs: Bool) throws -> (report: CertificateTransparencyReport, workSpent: Int) {
        var trust = try Trust(
            certificates: [try CertificateTransparencyTests.certificate("plain.der"), try CertificateTransparencyTests.certificate("ca.der")],
            policies: [.basicX509], systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates([try CertificateTransparencyTests.certificate("root.der")])
        trust.setVerifyDate(CertificateTransparencyTests.verifyDate)
        trust.setTrustedLogs(logs ? try CertificateTransparencyTests.logs() : nil)
        trust.setSignedCertificateTimestamps(timestamps)
        let budget = EvaluationBudget()
        let evaluation = trust.evaluate(paidFrom: budget)
        #expect(evaluation.isTrusted)
        return (try #require(evaluation.certificateTransparency), budget.workSpent)
    }

    @Test("CertificateTransparencyLimits.maximumSignatureChecks: the 100th SCT is verified; the 101st is budgetExhausted")
    func sctSignatureChecks() throws {
        let limit = CertificateTransparencyLimits.maximumSignatureChecks
        let sct = try Self.tlsTimestamps().a
        // What one SCT verification costs (its key's arithmetic and the entry's hashing).
        let price = try Self.evaluate(timestamps: [sct], logs: true).workSpent - Self.evaluate(timestamps: [], logs: true).workSpent
        #expect(price > 0)

        let within = try Self.evaluate(timestamps: Array(repeating: sct, count: limit), logs: true)
        #expect(within.report.timestamps.count == limit)
        #expect(within.report.timestamps.allSatisfy { $0.verdict == .valid })

        let past = try Self.evaluate(timestamps: Array(repeating: sct, count: limit + 1), logs: true)
        #expect(past.report.timestamps.count == limit + 1)
        #expect(past.report.timestamps.prefix(limit).allSatisfy { $0.verdict == .valid })
        #expect(past.report.timestamps.last?.verdict == .budgetExhausted)
        #expect(past.workSpent == within.workSpent, "the 101st is not paid for")
        #expect(past.workSpent + price <= TrustLimits.maximumSignatureWork, "the work budget could have paid for it: the count refused it")
    }

    @Test("SignedCertificateTimestampLimits.maximumTimestampsPerList: the 256th TLS SCT given is read; the 257th is not")
    func tlsTimestampsRead() throws {
        let limit = SignedCertificateTimestampLimits.maximumTimestampsPerList
        let (a, c) = try Self.tlsTimestamps()
        let logC = try SignedCertificateTimestamp(encoded: c[...]).logID
        // Without a log list nothing is verified (no work): each SCT read is listed, unverified.
        let within = try Self.evaluate(timestamps: Array(repeating: a, count: limit - 1) + [c], logs: false)
        #expect(within.report.timestamps.count == limit)
        #expect(within.report.timestamps.allSatisfy { $0.source == .tls && $0.verdict == .noLogList })
        #expect(within.report.timestamps.last?.timestamp.map { Array($0.logID) == Array(logC) } == true)
        #expect(within.workSpent == (try Self.evaluate(timestamps: [], logs: true)).workSpent, "the chain's links, no SCT verification")

        let past = try Self.evaluate(timestamps: Array(repeating: a, count: limit) + [c], logs: false)
        #expect(past.report.timestamps.count == limit)
        #expect(past.report.timestamps.allSatisfy { $0.timestamp.map { Array($0.logID) != Array(logC) } == true })
    }
}
