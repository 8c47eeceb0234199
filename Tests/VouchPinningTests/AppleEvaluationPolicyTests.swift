import Foundation
import Testing
import VouchDER
import VouchPinning
import VouchTrust

/// The EAP, OCSP-signer and SSL-with-key-usage assertions of Apple's other TrustTests
/// (tests/TrustTests/EvaluationTests: KeySizeTests.m and SignatureAlgorithmTests.m for
/// `SecPolicyCreateEAP`, RevocationTests.m `test_ocsp_responder_policy` for
/// `SecPolicyCreateOCSPSigner`, SSLPolicyTests.m `testKeyUsage` for
/// `SecPolicyCreateSSLWithKeyUsage`) replayed through the facade: opt-in, with
/// `VOUCH_APPLE_SECURITY` naming a checkout (or `git archive` extract of tests/TrustTests and
/// SecurityTests/ssl-policy-certs) of apple-oss-distributions/Security.
///
/// Each row is one assertion: the certificates (C arrays of the file's `_data.h`, or PEM files),
/// the anchors, the verify date, and Apple's `addTrustSettingsForCert:` when the test sets trust
/// settings (an admin-domain constraint `{kSecTrustSettingsResult: …}`, TrustRoot for a
/// self-signed certificate, TrustAsRoot otherwise, as TrustEvaluationTestCase.m writes it). A row
/// with trust settings is evaluated on the facade's `Trust` value given those settings (the facade
/// would read the process-wide store instead); the others through `SecTrustCreateWithCertificates`.
/// The network is off; the default system store is Apple's.
@Suite struct AppleEvaluationPolicyTests {
    static let root = ProcessInfo.processInfo.environment["VOUCH_APPLE_SECURITY"]
    static let absolute: Int64 = 978_307_200

    /// Where a row's certificates come from.
    enum Source {
        /// C arrays of tests/TrustTests/EvaluationTests/`<file>`.
        case header(String)
        /// PEM files of SecurityTests/ssl-policy-certs.
        case pem
    }

    /// One assertion.
    struct Row {
        var test: String
        var source: Source
        var certificates: [String]
        var anchors: [String]?
        /// `addTrustSettingsForCert:`: the certificate and the result set (`nil`: TrustRoot or
        /// TrustAsRoot as the certificate is self-signed or not).
        var trustSettings: (certificate: String, result: TrustSettingsResult?)?
        /// Seconds after 2001-01-01 (CFAbsoluteTime).
        var date: Int64
        var policy: @Sendable () -> SecPolicy
        /// The `SecTrustResultType` number Apple asserts, or 4 for `XCTAssertTrue(evaluate)` and
        /// 5 for `XCTAssertFalse` (both results the file's evaluation gives on that path).
        var expected: Int
        /// Whether Apple asserts the result number itself (`is_status`), not only trusted or not.
        var exact = false
    }

    static let keySize = Source.header("KeySizeTests_data.h")
    static let signature = Source.header("SignatureAlgorithmTests_data.h")
    static let revocation = Source.header("RevocationTests_data.h")
    static let (april2019, november2016): (Int64, Int64) = (578_000_000, 500_000_000)
    static let eapExample: @Sendable () -> SecPolicy = { SecPolicyCreateEAP(true, ["example.com"]) }
    static let eapBadSSL: @Sendable () -> SecPolicy = { SecPolicyCreateEAP(true, ["*.badssl.com", "badssl.com"]) }
    static let (trusted, notTrusted) = (4, 5)

    static let rows: [Row] = [
        // KeySizeTests.m
        Row(test: "test1024_appTrustedLeaf", source: keySize, certificates: ["_leaf1024SSL"], anchors: ["_rootSSL"], date: april2019,
            policy: eapExample, expected: trusted),
        Row(test: "test1024_trustSettingsOnRoot_TestLeaf", source: keySize, certificates: ["_leaf1024SSL", "_rootSSL"], trustSettings: ("_rootSSL", nil),
            date: april2019, policy: eapExample, expected: trusted),
        Row(test: "test1024_trustSettingsOnLeaf", source: keySize, certificates: ["_leaf1024SSL"], trustSettings: ("_leaf1024SSL", nil),
            date: april2019, policy: eapExample, expected: trusted),
        Row(test: "test2048_systemTrusted", source: keySize, certificates: ["_leaf2048SystemTrust", "_int2048SystemTrust"], date: november2016,
            policy: eapBadSSL, expected: trusted),
        Row(test: "test2048_appTrustedLeaf", source: keySize, certificates: ["_leaf2048SSL"], anchors: ["_rootSSL"], date: april2019,
            policy: eapExample, expected: trusted),
        Row(test: "test2048_trustSettingsOnRoot_TestLeaf", source: keySize, certificates: ["_leaf2048SSL", "_rootSSL"], trustSettings: ("_rootSSL", nil),
            date: april2019, policy: eapExample, expected: trusted),
        Row(test: "test2048_trustSettingsOnLeaf", source: keySize, certificates: ["_leaf2048SSL"], trustSettings: ("_leaf2048SSL", nil),
            date: april2019, policy: eapExample, expected: trusted),
        // SignatureAlgorithmTests.m
        Row(test: "testSHA1_systemTrusted", source: signature, certificates: ["_badssl_sha1", "_digiCertSSCA"], date: november2016,
            policy: { SecPolicyCreateEAP(true, ["www.badssl.com"]) }, expected: notTrusted),
        Row(test: "testSHA1_appTrustedLeaf", source: signature, certificates: ["_badssl_sha1", "_digiCertSSCA"], anchors: ["_digiCertRoot"],
            date: november2016, policy: eapBadSSL, expected: trusted),
        Row(test: "testSHA1_appTrustedSelfSigned", source: signature, certificates: ["_testSHA1SelfSigned"], anchors: ["_testSHA1SelfSigned"],
            date: april2019, policy: eapExample, expected: trusted),
        Row(test: "testSHA1_trustSettingsOnRoot_TestLeaf", source: signature, certificates: ["_testSHA1Leaf", "_testRoot"], trustSettings: ("_testRoot", nil),
            date: april2019, policy: eapExample, expected: trusted),
        Row(test: "testSHA1_trustSettingsOnLeaf", source: signature, certificates: ["_testSHA1Leaf"], trustSettings: ("_testSHA1Leaf", nil),
            date: april2019, policy: eapExample, expected: trusted),
        Row(test: "testSHA1_trustSettingsSelfSigned", source: signature, certificates: ["_testSHA1SelfSigned"], trustSettings: ("_testSHA1SelfSigned", nil),
            date: april2019, policy: eapExample, expected: trusted),
        Row(test: "testSHA1_denyTrustSettings", source: signature, certificates: ["_testSHA1Leaf"], trustSettings: ("_testSHA1Leaf", .deny),
            date: april2019, policy: eapExample, expected: notTrusted),
        Row(test: "testSHA1_unspecifiedTrustSettings", source: signature, certificates: ["_testSHA1Leaf"], anchors: ["_testRoot"],
            trustSettings: ("_testSHA1Leaf", .unspecified), date: april2019, policy: eapExample, expected: trusted),
        Row(test: "testSHA2_systemTrusted", source: signature, certificates: ["_badssl_sha2", "_COMODO_DV"], date: november2016,
            policy: eapBadSSL, expected: trusted),
        Row(test: "testSHA2_appTrustedLeaf", source: signature, certificates: ["_badssl_sha2", "_COMODO_DV"], anchors: ["_COMODO_root"],
            date: november2016, policy: eapBadSSL, expected: trusted),
        Row(test: "testSHA2_appTrustedSelfSigned", source: signature, certificates: ["_testSHA2SelfSigned"], anchors: ["_testSHA2SelfSigned"],
            date: april2019, policy: eapExample, expected: trusted),
        Row(test: "testSHA2_trustSettingsOnRoot_TestLeaf", source: signature, certificates: ["_testSHA2Leaf", "_testRoot"], trustSettings: ("_testRoot", nil),
            date: april2019, policy: eapExample, expected: trusted),
        Row(test: "testSHA2_trustSettingsOnLeaf", source: signature, certificates: ["_testSHA2Leaf"], trustSettings: ("_testSHA2Leaf", nil),
            date: april2019, policy: eapExample, expected: trusted),
        Row(test: "testSHA2_trustSettingsSelfSigned", source: signature, certificates: ["_testSHA2SelfSigned"], trustSettings: ("_testSHA2SelfSigned", nil),
            date: april2019, policy: eapExample, expected: trusted),
        // RevocationTests.m test_ocsp_responder_policy: the IST leaf is no OCSP signer; Apple's
        // responder certificate is.
        Row(test: "test_ocsp_responder_policy ist leaf", source: revocation, certificates: ["_valid_ist_certificate", "_ist_intermediate_certificate"],
            anchors: ["_ist_root_certificate"], date: 626_262_626, policy: { SecPolicyCreateOCSPSigner() }, expected: notTrusted, exact: true),
        Row(test: "test_ocsp_responder_policy responder", source: revocation, certificates: ["_responderCert", "_ist_intermediate_certificate"],
            anchors: ["_ist_root_certificate"], date: 556_000_000, policy: { SecPolicyCreateOCSPSigner() }, expected: trusted, exact: true),
        // SSLPolicyTests.m testKeyUsage: each certificate its own anchor, August 6, 2021.
        Row(test: "testKeyUsage no KU", source: .pem, certificates: ["no_ku"], anchors: ["no_ku"], date: 650_000_000,
            policy: { SecPolicyCreateSSLWithKeyUsage(true, "example.com", kSecKeyUsageDigitalSignature) }, expected: trusted),
        Row(test: "testKeyUsage exact KU", source: .pem, certificates: ["ku_ds"], anchors: ["ku_ds"], date: 650_000_000,
            policy: { SecPolicyCreateSSLWithKeyUsage(true, "example.com", kSecKeyUsageDigitalSignature) }, expected: trusted),
        Row(test: "testKeyUsage KU and more", source: .pem, certificates: ["ku_ds_certSign"], anchors: ["ku_ds_certSign"], date: 650_000_000,
            policy: { SecPolicyCreateSSLWithKeyUsage(true, "example.com", kSecKeyUsageDigitalSignature) }, expected: trusted),
        Row(test: "testKeyUsage partial KU", source: .pem, certificates: ["ku_ds_certSign"], anchors: ["ku_ds_certSign"], date: 650_000_000,
            policy: { SecPolicyCreateSSLWithKeyUsage(true, "example.com", kSecKeyUsageDigitalSignature | kSecKeyUsageKeyAgreement) }, expected: notTrusted),
        Row(test: "testKeyUsage no match", source: .pem, certificates: ["ku_ds_certSign"], anchors: ["ku_ds_certSign"], date: 650_000_000,
            policy: { SecPolicyCreateSSLWithKeyUsage(true, "example.com", kSecKeyUsageKeyEncipherment) }, expected: notTrusted),
    ]

    /// Rows whose divergence from Apple is understood (printed, a known issue), by test name.
    ///
    /// testSHA1_appTrustedLeaf is an engine divergence: DigiCert's root is given as the app's
    /// anchor and is also a system root. trustd enforces SystemTrustedWeakHash/WeakKey only when a
    /// certificate of the path carries the key in the `kSecTrustSettingsPolicyOptions` of its
    /// usage constraints (`SecPVCKeyIsConstraintPolicyOption`, SecPolicyServer.c), which only
    /// `CopyUsageConstraintsForSystemAnchor` (SecCertificateSource.c) writes, for an anchor found
    /// in the system anchor source; `SecPathBuilderIsAnchor` takes the first anchor source holding
    /// the root, the app's anchors first (and alone once they are set, `anchorsOnly`), so an
    /// app-anchored path has no such constraint and passes. Vouch gates both checks on
    /// `PathContext.isSystemRooted` (the top is in the system store, the predicate Apple's
    /// SSL/S-MIME system-trust rules use with `SecCertificateSourceContains(kSecSystemAnchorSource, …)`)
    /// and fails SystemTrustedWeakHash at 0 and 1.
    /// None left: SystemTrustedWeakHash on an app-anchored path (testSHA1_appTrustedLeaf) is
    /// fixed (only the system anchor source's constraints carry it).
    static let understood: [String: String] = [:]

    static func certificate(_ name: String, _ source: Source) throws -> SecCertificate {
        let base = try #require(root)
        let bytes: [UInt8]
        switch source {
        case .header(let file):
            let text = try #require(try? String(contentsOfFile: base + "/tests/TrustTests/EvaluationTests/" + file, encoding: .utf8), "\(file) missing")
            bytes = try AppleCAIssuerTests.array(name, in: text)
        case .pem:
            let path = base + "/SecurityTests/ssl-policy-certs/" + name + ".pem"
            let text = try #require(try? String(contentsOfFile: path, encoding: .utf8), "\(name).pem missing")
            let body = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
            bytes = [UInt8](try #require(Data(base64Encoded: body), "\(name).pem is not Base64"))
        }
        return try #require(SecCertificateCreateWithData(nil, bytes), "\(name) does not parse")
    }

    /// Evaluates `row`: its result number and failed checks.
    static func evaluate(_ row: Row) throws -> (result: Int, failures: [TrustFailure]) {
        let certificates = try row.certificates.map { try certificate($0, row.source) }
        let anchors = try row.anchors?.map { try certificate($0, row.source) }
        let date = DERTime(secondsSince1970: row.date + absolute)
        if let (name, result) = row.trustSettings {
            let target = try certificate(name, row.source).certificate
            var settings = TrustSettings()
            // SecCertificateIsSelfSigned: the test roots and self-signed leaves are self-issued.
            let constraint = TrustSettingsConstraint(result: result ?? (target.isSelfIssued ? .trustRoot : .trustAsRoot))
            try settings.setConstraints([constraint], for: target, in: .admin)
            var trust = try Trust(certificates: certificates.map(\.certificate), policies: [row.policy().policy])
            if let anchors { trust.setAnchorCertificates(anchors.map(\.certificate)) }
            trust.setVerifyDate(date)
            trust.setNetworkFetchAllowed(false)
            trust.setTrustSettings(settings)
            let evaluation = trust.evaluate()
            return (evaluation.result.rawCode, evaluation.failures)
        }
        var created: SecTrust?
        #expect(SecTrustCreateWithCertificates(certificates, row.policy(), &created) == errSecSuccess)
        let trust = try #require(created)
        trust.fetching = .offline
        SecTrustSetNetworkFetchAllowed(trust, false)
        if let anchors { SecTrustSetAnchorCertificates(trust, anchors) }
        SecTrustSetVerifyDate(trust, date)
        var result = kSecTrustResultInvalid
        #expect(SecTrustGetTrustResult(trust, &result) == errSecSuccess)
        return (result.rawCode, trust.trust.lastEvaluation?.failures ?? [])
    }

    @Test("The EAP, OCSPSigner and SSL-with-key-usage assertions of KeySizeTests, SignatureAlgorithmTests, RevocationTests and SSLPolicyTests",
          .enabled(if: root != nil, "VOUCH_APPLE_SECURITY unset: set it to a checkout of apple-oss-distributions/Security to replay these TrustTests"))
    func replay() throws {
        var tally = AppleReplayTally(suite: "AppleEvaluationPolicyTests", source: "", understood: Self.understood)
        var skipped: [String] = []
        let pemFolder = (Self.root ?? "") + "/SecurityTests/ssl-policy-certs"
        for row in Self.rows {
            if case .pem = row.source, !FileManager.default.fileExists(atPath: pemFolder) {
                skipped.append(row.test)
                continue
            }
            let (result, failures) = try Self.evaluate(row)
            // XCTAssertTrue/False on SecTrustEvaluateWithError: any trusted result (4 or 1) or any failure.
            let isTrusted = result == 4 || result == 1
            let matches = row.exact ? result == row.expected : isTrusted == (row.expected == Self.trusted)
            if matches {
                tally.reproduce()
                if !failures.isEmpty { print("AppleEvaluationPolicyTests: \(row.test): result \(result), \(failures.map(\.description))") }
                continue
            }
            tally.diverge(row.test, "\(row.test): expected \(row.expected), got \(result) \(failures.map(\.description))")
        }
        tally.report(total: Self.rows.count, unit: "assertions")
        if !skipped.isEmpty {
            print("AppleEvaluationPolicyTests: skipped (no SecurityTests/ssl-policy-certs in the checkout): \(skipped.joined(separator: ", "))")
        }
    }

    /// The diagnosis of testSHA1_appTrustedLeaf's divergence: the same chain, anchor and policy
    /// pass once DigiCert's root is not also a system root (an empty system store), so only the
    /// system membership of the app's anchor makes Vouch apply SystemTrustedWeakHash.
    @Test("testSHA1_appTrustedLeaf is trusted when the app's anchor is not also a system root",
          .enabled(if: root != nil, "VOUCH_APPLE_SECURITY unset: set it to a checkout of apple-oss-distributions/Security to replay these TrustTests"))
    func appAnchorOutsideTheSystemStore() throws {
        let row = try #require(Self.rows.first { $0.test == "testSHA1_appTrustedLeaf" })
        let certificates = try row.certificates.map { try Self.certificate($0, row.source).certificate }
        var trust = try Trust(certificates: certificates, policies: [row.policy().policy], systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates(try (row.anchors ?? []).map { try Self.certificate($0, row.source).certificate })
        trust.setVerifyDate(DERTime(secondsSince1970: row.date + Self.absolute))
        trust.setNetworkFetchAllowed(false)
        let evaluation = trust.evaluate()
        #expect(evaluation.isTrusted, "\(evaluation.failures)")
    }

    /// CTTests.m `testEAPPolicy`: the enforcement system root (Apple's TestCTRequiredSystemRoot
    /// preference, modelled as in AppleCTTests by a one-root system store) as the anchor, the
    /// post-flag-day server certificate without SCTs, October 27, 2018, Apple's logs: EAP asks no
    /// CT (SystemTrustedCTRequired is an SSL-server rule), so the chain is trusted.
    @Test("CTTests testEAPPolicy: a system-rooted leaf without SCTs passes EAP with trusted logs set",
          .enabled(if: root != nil, "VOUCH_APPLE_SECURITY unset: set it to a checkout of apple-oss-distributions/Security to replay these TrustTests"))
    func eapIgnoresCertificateTransparency() throws {
        let anchor = try AppleCTTests.certificate("enforcement_system_root")
        var trust = try Trust(
            certificates: [try AppleCTTests.certificate("enforcement_system_server_after")],
            policies: [SecPolicyCreateEAP(true, nil).policy], systemStore: SystemTrustStore(certificates: [anchor]))
        trust.setAnchorCertificates([anchor])
        trust.setVerifyDate(DERTime(secondsSince1970: 562_340_800 + Self.absolute))
        trust.setTrustedLogs(try AppleCTTests.logs(try AppleCTTests.appleLogs()))
        let secTrust = SecTrust(trust)
        secTrust.fetching = .offline
        var error: SecError?
        #expect(SecTrustEvaluateWithError(secTrust, &error), "\(String(describing: error))")
    }
}
