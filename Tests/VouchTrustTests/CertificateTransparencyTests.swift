import Testing
import VouchCrypto
import VouchDER
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// Certificate Transparency as Apple's trustd judges it (CertificateTransparency.m,
/// SecPolicyCheckSystemTrustedCTRequired): real SCTs verified against their logs' keys, and
/// TestVectors/ct's generated chains for each rule. Verify date 2026-03-01 unless said.
@Suite struct CertificateTransparencyTests {
    static func vector(_ file: String) throws -> [UInt8] {
        try #require(TestData.bytes(TestData.projectRoot.appendingPathComponent("TestVectors/ct/\(file)").path), "\(file) is missing")
    }

    static func certificate(_ file: String) throws -> Certificate { try Certificate(derEncoded: try vector(file)) }

    static func log(_ letter: String, retired: Int64? = nil, readOnly: Int64? = nil, shard: (Int64, Int64)? = nil) throws -> CertificateTransparencyLog {
        try #require(CertificateTransparencyLog(
            key: try vector("log-\(letter).spki.der"), description: "Log \(letter)", retired: retired, readOnly: readOnly,
            shardStart: shard?.0, shardEnd: shard?.1))
    }

    static func logs(_ letters: String = "abc") throws -> CertificateTransparencyLogList {
        CertificateTransparencyLogList(logs: try letters.map { try log(String($0)) })
    }

    static let verifyDate = DERTime(secondsSince1970: 1_772_323_200)  // 2026-03-01T00:00:00Z
    static let sctTime: Int64 = 1_767_229_200  // 2026-01-01T01:00:00Z, when the generated SCTs were made

    /// Evaluates `leaf` (with the CA unless `withCA` is false) under the root as anchor (Apple's
    /// CTTests use BasicX509 and custom anchors), or as a system root for the SSL server policy.
    static func evaluate(
        _ leaf: String, withCA: Bool = true, logs: CertificateTransparencyLogList?, tls: String? = nil,
        policy: TrustPolicy = .basicX509, systemRooted: Bool = false, at date: DERTime = verifyDate,
        policies: [TrustPolicy]? = nil, exceptions: CertificateTransparencyExceptions? = nil
    ) throws -> TrustEvaluation {
        let root = try certificate("root.der")
        var certificates = [try certificate(leaf)]
        if withCA { certificates.append(try certificate("ca.der")) }
        var trust = try Trust(
            certificates: certificates, policies: policies ?? [policy], systemStore: SystemTrustStore(certificates: systemRooted ? [root] : []))
        if !systemRooted { trust.setAnchorCertificates([root]) }
        trust.setCertificateTransparencyExceptions(exceptions)
        trust.setVerifyDate(date)
        trust.setTrustedLogs(logs)
        if let tls {
            trust.setSignedCertificateTimestamps(try SignedCertificateTimestampList(tlsEncoded: try vector(tls)).entries.map { Array($0) })
        }
        return trust.evaluate()
    }

    static func verdicts(_ evaluation: TrustEvaluation) -> [String] {
        (evaluation.certificateTransparency?.timestamps ?? []).map { "\($0.source.rawValue) \($0.log?.description ?? "?"): \($0.verdict)" }
    }

    // MARK: Real SCTs

    /// Google Icarus and Comodo Mammoth, as Google's log list publishes their keys.
    static let icarus = Base64.decode("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAETtK8v7MICve56qTHHDhhBOuV4IlUaESxZryCfk9QbG9co/CqPvTsgPDbCpp6oFtyAHwlDhnvr7JijXRD9Cb2FA==")
    static let mammoth = Base64.decode("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE7+R9dC4VFbbpuyOL+yy14ceAmEf7QGlo/EmtYU6DRzwat43f/3swtLr/L8ugFOOt1YU/RFmMjGCL17ixv66MZw==")

    @Test("cryptography-scts.pem: both embedded SCTs verify over the precertificate with Let's Encrypt X3's key",
          .enabled(if: TestData.exists(TestData.cryptographyX509), MissingData.cryptographyVectors))
    func realEmbeddedSCTs() throws {
        let text = try #require(TestData.bytes(TestData.cryptographyX509 + "/cryptography-scts.pem"))
        let leaf = try Certificate(derEncoded: try #require(try PEM.certificates(in: text[...]).first))
        let issuerKeyHash = HashAlgorithm.sha256.digest(try Self.vector("letsencrypt-x3.spki.der"))
        let entry = try #require(SignedCertificateTimestampVerifier.precertificateEntry(leaf, issuerKeyHash: issuerKeyHash))
        let timestamps = try #require(try leaf.signedCertificateTimestamps()).timestamps.map { try $0.get() }
        let keys = try [#require(Self.icarus), #require(Self.mammoth)]
        for (timestamp, key) in zip(timestamps, keys) {
            #expect(SignedCertificateTimestampVerifier.verifies(timestamp, entryType: .precertificate, entry: entry, key: key) == .valid)
            // Over the certificate itself (a TLS SCT's entry) it does not verify; nor with the other log's key.
            let x509 = SignedCertificateTimestampVerifier.x509Entry(leaf)
            #expect(SignedCertificateTimestampVerifier.verifies(timestamp, entryType: .x509, entry: x509, key: key) == .badSignature)
        }
        #expect(SignedCertificateTimestampVerifier.verifies(timestamps[0], entryType: .precertificate, entry: entry, key: keys[1]) == .badSignature)
        // Each verification is paid from the evaluation's budget: exactly its price verifies, one
        // unit less leaves the SCT unverified (budgetExhausted).
        let full = EvaluationBudget()
        #expect(SignedCertificateTimestampVerifier.verifies(timestamps[0], entryType: .precertificate, entry: entry, key: keys[0], budget: full) == .valid)
        let price = full.workSpent
        #expect(price == 9 + 2)
        for (left, verdict) in [(price, SignedCertificateTimestampVerdict.valid), (price - 1, .budgetExhausted)] {
            let budget = EvaluationBudgetTests.budget(leaving: left)
            #expect(SignedCertificateTimestampVerifier.verifies(timestamps[0], entryType: .precertificate, entry: entry, key: keys[0], budget: budget) == verdict)
        }
        // The precertificate TBS is the TBS without the SCT extension: 2 SCT lists' worth shorter.
        let tbs = try #require(SignedCertificateTimestampVerifier.precertificateTBS(leaf))
        #expect(tbs.count < leaf.tbsCertificateBytes.count)
    }

    // MARK: Generated chains, one rule each

    @Test("embedded SCTs: which leaves are CT-qualified, and why not", arguments: [
        ("embedded-a-c.der", true, ["embedded Log a: valid", "embedded Log c: valid"]),
        ("embedded-a-b.der", true, ["embedded Log a: valid", "embedded Log b: valid"]),
        ("embedded-a-b-c.der", true, ["embedded Log a: valid", "embedded Log b: valid", "embedded Log c: valid"]),
        ("embedded-a.der", false, ["embedded Log a: valid"]),
        ("embedded-a-c-398-days.der", false, ["embedded Log a: valid", "embedded Log c: valid"]),
        ("embedded-a-c-bad-signature.der", false, ["embedded Log a: valid", "embedded Log c: bad signature"]),
        ("embedded-a-c-future.der", false, ["embedded Log a: valid", "embedded Log c: timestamp after the verify date"]),
        ("embedded-a-d.der", false, ["embedded Log a: valid", "embedded ?: unknown log"]),
    ])
    func embedded(leaf: String, qualified: Bool, verdicts: [String]) throws {
        let evaluation = try Self.evaluate(leaf, logs: try Self.logs())
        #expect(evaluation.isTrusted)
        #expect(evaluation.isCertificateTransparent == qualified)
        #expect(evaluation.certificateTransparency?.isQualified == qualified)
        #expect(Self.verdicts(evaluation) == verdicts)
        #expect(evaluation.certificateTransparency?.isRequired == false)
    }

    @Test("the lifetime table: 2 logs up to 180 days, 3 up to 825, 4 beyond (v2); months before 2021-04-21 (v1)")
    func lifetimes() {
        let day: Int64 = 86_400
        let v2 = CertificateTransparencyPolicy.policyV2Date
        #expect(CertificateTransparencyPolicy.requiredEmbeddedLogs(notBefore: v2, notAfter: v2 + 180 * day) == 2)
        #expect(CertificateTransparencyPolicy.requiredEmbeddedLogs(notBefore: v2, notAfter: v2 + 180 * day + 1) == 3)
        #expect(CertificateTransparencyPolicy.requiredEmbeddedLogs(notBefore: v2, notAfter: v2 + 825 * day) == 3)
        #expect(CertificateTransparencyPolicy.requiredEmbeddedLogs(notBefore: v2, notAfter: v2 + 825 * day + 1) == 4)
        // v1, whole months as ICU counts them: Jan 31 plus 15 months is Apr 30 (clamped), so
        // 2019-01-31 → 2020-04-29 is 14 months (2 logs) and → 2020-04-30 is 15 (3 logs).
        let start: Int64 = 1_548_892_800  // 2019-01-31T00:00:00Z
        #expect(CertificateTransparencyPolicy.wholeMonths(from: start, to: 1_588_118_400) == 14)  // 2020-04-29
        #expect(CertificateTransparencyPolicy.requiredEmbeddedLogs(notBefore: start, notAfter: 1_588_118_400) == 2)
        #expect(CertificateTransparencyPolicy.requiredEmbeddedLogs(notBefore: start, notAfter: 1_588_204_800) == 3)  // 2020-04-30
        #expect(CertificateTransparencyPolicy.wholeMonths(from: start, to: 1_551_312_000 - 1) == 0)  // just before 2019-02-28
        #expect(CertificateTransparencyPolicy.wholeMonths(from: start, to: 1_551_312_000) == 1)  // 2019-02-28: Jan 31 + 1 month
        #expect(CertificateTransparencyPolicy.requiredEmbeddedLogs(notBefore: start, notAfter: start + 40 * 31 * day) == 5)
    }

    @Test("TLS SCTs: two current logs qualify a leaf with none embedded; one does not")
    func tls() throws {
        let two = try Self.evaluate("plain.der", logs: try Self.logs(), tls: "tls-a-c.sctlist")
        #expect(two.isCertificateTransparent)
        #expect(Self.verdicts(two) == ["tls Log a: valid", "tls Log c: valid"])
        let one = try Self.evaluate("plain.der", logs: try Self.logs(), tls: "tls-a.sctlist")
        #expect(!one.isCertificateTransparent && one.isTrusted)
        // An embedded-list leaf's SCTs do not verify as TLS ones (different entry).
        let none = try Self.evaluate("plain.der", logs: try Self.logs())
        #expect(none.certificateTransparency?.timestamps.isEmpty == true && !none.isCertificateTransparent)
    }

    @Test("OCSP SCTs: a stapled response's single-response SCTs count like TLS ones, for its certificate only")
    func ocsp() throws {
        let root = try Self.certificate("root.der")
        func evaluate(_ leaf: String, responses: [[UInt8]]) throws -> TrustEvaluation {
            var trust = try Trust(certificates: [try Self.certificate(leaf), try Self.certificate("ca.der")], policies: [.basicX509])
            trust.setAnchorCertificates([root])
            trust.setVerifyDate(Self.verifyDate)
            trust.setCurrentTime(Self.verifyDate)
            trust.setTrustedLogs(try Self.logs())
            trust.setOCSPResponses(responses)
            return trust.evaluate()
        }
        let stapled = try evaluate("plain.der", responses: [try Self.vector("ocsp-a-c.der")])
        #expect(stapled.isCertificateTransparent)
        #expect(Self.verdicts(stapled) == ["ocsp Log a: valid", "ocsp Log c: valid"])
        // The response is about plain.der: for another leaf it carries nothing.
        let other = try evaluate("embedded-a.der", responses: [try Self.vector("ocsp-a-c.der")])
        #expect(Self.verdicts(other).allSatisfy { !$0.hasPrefix("ocsp") })
        #expect(!other.isCertificateTransparent)
        // Without it, plain.der has no SCT at all.
        #expect(!(try evaluate("plain.der", responses: [])).isCertificateTransparent)
    }

    @Test("retired logs: embedded SCTs count when made before retirement, TLS ones never")
    func retired() throws {
        let after = Self.sctTime + 86_400, before = Self.sctTime - 86_400
        let retiredLater = CertificateTransparencyLogList(logs: [try Self.log("a", retired: after), try Self.log("c")])
        #expect(try Self.evaluate("embedded-a-c.der", logs: retiredLater).isCertificateTransparent)
        let retiredBefore = CertificateTransparencyLogList(logs: [try Self.log("a", retired: before), try Self.log("c")])
        let evaluation = try Self.evaluate("embedded-a-c.der", logs: retiredBefore)
        #expect(!evaluation.isCertificateTransparent)
        #expect(evaluation.certificateTransparency?.qualifiedEmbeddedLogs == 1)
        let allRetired = CertificateTransparencyLogList(logs: [try Self.log("a", retired: after), try Self.log("c", retired: after)])
        #expect(!(try Self.evaluate("embedded-a-c.der", logs: allRetired).isCertificateTransparent))
        let tls = try Self.evaluate("plain.der", logs: retiredLater, tls: "tls-a-c.sctlist")
        #expect(!tls.isCertificateTransparent)
        #expect(Self.verdicts(tls).first == "tls Log a: retired log (only embedded SCTs of retired logs count)")
    }

    @Test("read-only logs and temporal shards")
    func readOnlyAndShards() throws {
        let frozenBefore = CertificateTransparencyLogList(logs: [try Self.log("a"), try Self.log("c", readOnly: Self.sctTime - 1)])
        #expect(Self.verdicts(try Self.evaluate("embedded-a-c.der", logs: frozenBefore)).last == "embedded Log c: made after the log became read-only")
        let frozenAfter = CertificateTransparencyLogList(logs: [try Self.log("a"), try Self.log("c", readOnly: Self.sctTime)])
        #expect(try Self.evaluate("embedded-a-c.der", logs: frozenAfter).isCertificateTransparent)
        let notAfter: Int64 = 1_775_001_600  // 2026-04-01, the leaves' expiry
        let inside = CertificateTransparencyLogList(logs: [try Self.log("a", shard: (notAfter, notAfter + 1)), try Self.log("c")])
        #expect(try Self.evaluate("embedded-a-c.der", logs: inside).isCertificateTransparent)
        let outside = CertificateTransparencyLogList(logs: [try Self.log("a", shard: (notAfter + 1, notAfter + 2)), try Self.log("c")])
        #expect(Self.verdicts(try Self.evaluate("embedded-a-c.der", logs: outside)).first == "embedded Log a: certificate expires outside the log's shard")
        let ended = CertificateTransparencyLogList(logs: [try Self.log("a", shard: (0, notAfter)), try Self.log("c")])
        #expect(!(try Self.evaluate("embedded-a-c.der", logs: ended).isCertificateTransparent))
    }

    @Test("no issuer in the path: Apple does not look at embedded SCTs")
    func noIssuer() throws {
        let evaluation = try Self.evaluate("embedded-a-c.der", withCA: false, logs: try Self.logs())
        #expect(!evaluation.isCertificateTransparent)
        #expect(Self.verdicts(evaluation) == ["embedded Log a: no issuer in the path for the precertificate entry",
                                               "embedded Log c: no issuer in the path for the precertificate entry"])
    }

    // MARK: SystemTrustedCTRequired

    static let ssl = TrustPolicy.ssl(server: true, hostname: "ct.vouch.test")

    @Test("system-rooted SSL server chains must be CT-qualified once a log list is given")
    func required() throws {
        let failing = try Self.evaluate("embedded-a.der", logs: try Self.logs(), policy: Self.ssl, systemRooted: true)
        #expect(!failing.isTrusted && failing.result == .recoverableTrustFailure)
        #expect(failing.failures == [TrustFailure(index: 0, check: .systemTrustedCTRequired)])
        #expect(failing.status == .verifyActionFailed && failing.status.code == -67825)
        #expect(failing.certificateTransparency?.isRequired == true)
        let passing = try Self.evaluate("embedded-a-c.der", logs: try Self.logs(), policy: Self.ssl, systemRooted: true)
        #expect(passing.isTrusted && passing.isCertificateTransparent && passing.certificateTransparency?.isRequired == true)
        // An empty list is a list: nothing verifies, CT is required, the chain fails (as Apple's SecTrustSetTrustedLogs(@[])).
        let empty = try Self.evaluate("embedded-a-c.der", logs: CertificateTransparencyLogList(logs: []), policy: Self.ssl, systemRooted: true)
        #expect(empty.failures == [TrustFailure(index: 0, check: .systemTrustedCTRequired)])
    }

    @Test("CT is not required without a log list, under a custom anchor, for BasicX509, or for an expired leaf")
    func notRequired() throws {
        let noList = try Self.evaluate("embedded-a.der", logs: nil, policy: Self.ssl, systemRooted: true)
        #expect(noList.isTrusted && noList.certificateTransparency == nil && !noList.isCertificateTransparent)
        let custom = try Self.evaluate("embedded-a.der", logs: try Self.logs(), policy: Self.ssl)
        #expect(custom.isTrusted && custom.certificateTransparency?.isRequired == false)
        let basic = try Self.evaluate("embedded-a.der", logs: try Self.logs(), systemRooted: true)
        #expect(basic.isTrusted)
        let expired = try Self.evaluate("embedded-a.der", logs: try Self.logs(), policy: Self.ssl, systemRooted: true, at: DERTime(secondsSince1970: 1_780_000_000))
        #expect(expired.failures == [TrustFailure(index: 0, check: .temporalValidity)])
    }

    @Test("without a log list and without SCTs nothing is judged: the evaluation is what it was")
    func untouched() throws {
        let evaluation = try Self.evaluate("embedded-a-c.der", logs: nil)
        #expect(evaluation.certificateTransparency == nil)
        // SCTs without a list are listed, not verified, and never required.
        let unlisted = try Self.evaluate("plain.der", logs: nil, tls: "tls-a-c.sctlist", policy: Self.ssl, systemRooted: true)
        #expect(unlisted.isTrusted && !unlisted.isCertificateTransparent)
        #expect(unlisted.certificateTransparency?.hasLogList == false)
        #expect(Self.verdicts(unlisted) == ["tls ?: not verified: no log list", "tls ?: not verified: no log list"])
    }
}
