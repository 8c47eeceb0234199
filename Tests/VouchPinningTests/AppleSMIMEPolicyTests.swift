import Foundation
import Testing
import VouchDER
import VouchPinning
import VouchTrust

/// Apple's SMIMEPolicyTests (tests/TrustTests/EvaluationTests/SMIMEPolicyTests.m, data in
/// tests/TrustTests/TestData/SMIMEPolicyTests-data) replayed through the Security facade: opt-in,
/// with `VOUCH_APPLE_SECURITY` naming a checkout (or `git archive` extract) of
/// apple-oss-distributions/Security.
///
/// Every assertion of the file is a row: the leaf (alone, as `runTrustEvalForLeaf:` gives it),
/// `SecPolicyCreateSMIME(usage, email)`, the test root as the only anchor, the verify date, and
/// whether Apple's `setTestRootAsSystem:` preference is on (the root's SHA-256 named as a system
/// root). Vouch has no such preference: as in AppleCTTests, the root is then the whole system
/// store (`SystemTrustStore(certificates: [root])`), otherwise the store is Apple's and the root
/// a custom anchor. The network is off.
@Suite struct AppleSMIMEPolicyTests {
    static let root = ProcessInfo.processInfo.environment["VOUCH_APPLE_SECURITY"]
    static var data: String { (root ?? "") + "/tests/TrustTests/TestData/SMIMEPolicyTests-data/" }

    static let absolute: Int64 = 978_307_200
    /// `verifyDate`: January 6, 2020 (600000000 after 2001).
    static let verifyDate = 600_000_000 + absolute
    /// `postApr2022Date`: July 20, 2022 (680000000 after 2001).
    static let postApr2022Date = 680_000_000 + absolute
    /// testCheckExpiration's expired date: December 18, 2020 (630000000 after 2001).
    static let expiredDate = 630_000_000 + absolute

    static let email = "test@example.com"
    static let anySign = kSecAnyEncryptSMIME | kSecSignSMIMEUsage

    /// One assertion of SMIMEPolicyTests.m.
    struct Row {
        var test: String
        var leaf: String
        var usage: Int
        var email: String?
        var date: Int64 = AppleSMIMEPolicyTests.verifyDate
        var systemRoot = false
        var trusted: Bool
    }

    static let rows: [Row] = {
        let (email, anySign) = (Self.email, Self.anySign)
        let (post, system) = (postApr2022Date, true)
        return [
            // Expiration
            Row(test: "testCheckExpiration within", leaf: "email_protection", usage: anySign, email: email, trusted: true),
            Row(test: "testCheckExpiration expired", leaf: "email_protection", usage: anySign, email: email, date: expiredDate, trusted: false),
            Row(test: "testIgnoreExpiration within", leaf: "email_protection", usage: anySign | kSecIgnoreExpirationSMIMEUsage, email: email, trusted: true),
            Row(test: "testIgnoreExpiration expired", leaf: "email_protection", usage: anySign | kSecIgnoreExpirationSMIMEUsage, email: email,
                date: expiredDate, trusted: true),
            // Names
            Row(test: "testNoEmailName with address", leaf: "no_name", usage: anySign, email: email, trusted: false),
            Row(test: "testNoEmailName without address", leaf: "no_name", usage: anySign, email: nil, trusted: true),
            Row(test: "testEmailNameSAN match", leaf: "san_name", usage: anySign, email: email, systemRoot: system, trusted: true),
            Row(test: "testEmailNameSAN match after 2022-04-01", leaf: "after20220401", usage: anySign, email: email, date: post, systemRoot: system, trusted: true),
            Row(test: "testEmailNameSAN mismatch", leaf: "san_name", usage: anySign, email: "wrong@example.com", systemRoot: system, trusted: false),
            Row(test: "testEmailNameSAN case-insensitive", leaf: "san_name", usage: anySign, email: "TEST@example.com", systemRoot: system, trusted: true),
            Row(test: "testEmailCommonName", leaf: "common_name", usage: anySign, email: email, trusted: false),
            Row(test: "testEmailAddressField match", leaf: "email_field", usage: anySign, email: email, trusted: true),
            Row(test: "testEmailAddressField system match", leaf: "email_field", usage: anySign, email: email, systemRoot: system, trusted: true),
            Row(test: "testEmailAddressField system after 2022-04-01", leaf: "email_field_after20220401", usage: anySign, email: email,
                date: post, systemRoot: system, trusted: false),
            Row(test: "testEmailAddressField mismatch", leaf: "email_field", usage: anySign, email: "wrong@example.com", trusted: false),
            Row(test: "testEmailAddressField case-insensitive", leaf: "email_field", usage: anySign, email: "TEST@example.com", trusted: true),
            // Key usage
            Row(test: "testNoKU sign", leaf: "san_name", usage: kSecSignSMIMEUsage, email: email, trusted: true),
            Row(test: "testNoKU sign or encrypt", leaf: "san_name", usage: anySign, email: email, trusted: true),
            Row(test: "testNoKU encrypt", leaf: "san_name", usage: kSecAnyEncryptSMIME, email: email, trusted: false),
            Row(test: "testNoKU none", leaf: "san_name", usage: 0, email: email, trusted: true),
            Row(test: "testSignKU sign", leaf: "digital_signature", usage: kSecSignSMIMEUsage, email: email, trusted: true),
            Row(test: "testSignKU sign or encrypt", leaf: "digital_signature", usage: anySign, email: email, trusted: true),
            Row(test: "testSignKU encrypt", leaf: "digital_signature", usage: kSecAnyEncryptSMIME, email: email, trusted: false),
            Row(test: "testNonRepudiationKU sign", leaf: "non_repudiation", usage: kSecSignSMIMEUsage, email: email, trusted: false),
            Row(test: "testNonRepudiationKU sign or encrypt", leaf: "non_repudiation", usage: anySign, email: email, trusted: false),
            Row(test: "testNonRepudiationKU none", leaf: "non_repudiation", usage: 0, email: email, trusted: true),
            Row(test: "testKeyEncipherKU key", leaf: "key_encipher", usage: kSecKeyEncryptSMIMEUsage, email: email, trusted: true),
            Row(test: "testKeyEncipherKU any encrypt", leaf: "key_encipher", usage: kSecAnyEncryptSMIME, email: email, trusted: true),
            Row(test: "testKeyEncipherKU data", leaf: "key_encipher", usage: kSecDataEncryptSMIMEUsage, email: email, trusted: false),
            Row(test: "testDataEncipherKU data", leaf: "data_encipher", usage: kSecDataEncryptSMIMEUsage, email: email, trusted: true),
            Row(test: "testDataEncipherKU any encrypt", leaf: "data_encipher", usage: kSecAnyEncryptSMIME, email: email, trusted: true),
            Row(test: "testDataEncipherKU key", leaf: "data_encipher", usage: kSecKeyEncryptSMIMEUsage, email: email, trusted: false),
        ] + keyAgreementRows + [
            // Extended key usage
            Row(test: "testNoEKU", leaf: "digital_signature", usage: kSecSignSMIMEUsage, email: email, trusted: true),
            Row(test: "testNoEKU system", leaf: "digital_signature", usage: kSecSignSMIMEUsage, email: email, systemRoot: system, trusted: true),
            Row(test: "testNoEKU system after 2022-04-01", leaf: "no_eku_after20220401", usage: kSecSignSMIMEUsage, email: email, date: post,
                systemRoot: system, trusted: false),
            Row(test: "testAnyEKU", leaf: "any_eku", usage: kSecSignSMIMEUsage, email: email, trusted: false),
            Row(test: "testEmailEKU system", leaf: "email_protection", usage: kSecSignSMIMEUsage, email: email, systemRoot: system, trusted: true),
            Row(test: "testEmailEKU system after 2022-04-01", leaf: "after20220401", usage: kSecSignSMIMEUsage, email: email, date: post,
                systemRoot: system, trusted: true),
            // Key size, hash, lifetime
            Row(test: "test1024Bit", leaf: "weak_key", usage: kSecSignSMIMEUsage, email: "test@apple.com", trusted: false),
            Row(test: "testSha1", leaf: "sha1", usage: kSecSignSMIMEUsage, email: email, date: post, trusted: false),
            Row(test: "testValidityPeriodMaximums not system", leaf: "longLifetime_after20220401", usage: kSecSignSMIMEUsage, email: email,
                date: post, trusted: true),
            Row(test: "testValidityPeriodMaximums system, issued before", leaf: "longLifetime", usage: kSecSignSMIMEUsage, email: email,
                date: post, systemRoot: system, trusted: true),
            Row(test: "testValidityPeriodMaximums system, issued after", leaf: "longLifetime_after20220401", usage: kSecSignSMIMEUsage, email: email,
                date: post, systemRoot: system, trusted: false),
            Row(test: "testValidityPeriodMaximums system, good", leaf: "after20220401", usage: kSecSignSMIMEUsage, email: email,
                date: post, systemRoot: system, trusted: true),
        ]
    }()

    /// testKeyAgreement*KU: the four key-agreement leaves, each trusted for the three
    /// key-exchange usages and not for signing.
    static let keyAgreementRows: [Row] = [
        ("testKeyAgreementKU", "key_agreement"), ("testKeyAgreementEncipherOnlyKU", "key_agreement_encipher_only"),
        ("testKeyAgreementDecipherOnlyKU", "key_agreement_decipher_only"), ("testKeyAgreementBothKU", "key_agreement_encipher_decipher"),
    ].flatMap { test, leaf in
        [
            Row(test: test + " exchange encrypt", leaf: leaf, usage: kSecKeyExchangeEncryptSMIMEUsage, email: email, trusted: true),
            Row(test: test + " exchange decrypt", leaf: leaf, usage: kSecKeyExchangeDecryptSMIMEUsage, email: email, trusted: true),
            Row(test: test + " exchange both", leaf: leaf, usage: kSecKeyExchangeBothSMIMEUsage, email: email, trusted: true),
            Row(test: test + " sign", leaf: leaf, usage: kSecSignSMIMEUsage, email: email, trusted: false),
        ]
    }

    /// Rows whose divergence from Apple is understood (printed, a known issue), by test name.
    static let understood: [String: String] = [:]

    static func certificate(_ name: String) throws -> SecCertificate {
        let bytes = try #require(FileManager.default.contents(atPath: data + name + ".cer"), "\(name).cer missing")
        return try #require(SecCertificateCreateWithData(nil, [UInt8](bytes)), "\(name).cer does not parse")
    }

    /// `runTrustEvalForLeaf:verifyDate:policy:`: whether the trust evaluates as trusted, and the
    /// evaluation's failures.
    static func evaluate(_ row: Row) throws -> (trusted: Bool, failures: [TrustFailure]) {
        let anchor = try certificate("root")
        let leaf = try certificate(row.leaf)
        let policy = SecPolicyCreateSMIME(row.usage, row.email)
        let trust: SecTrust
        if row.systemRoot {
            trust = SecTrust(try Trust(certificates: [leaf.certificate], policies: [policy.policy], systemStore: SystemTrustStore(certificates: [anchor.certificate])))
        } else {
            var created: SecTrust?
            #expect(SecTrustCreateWithCertificates([leaf], policy, &created) == errSecSuccess)
            trust = try #require(created)
        }
        trust.fetching = .offline
        SecTrustSetNetworkFetchAllowed(trust, false)
        SecTrustSetAnchorCertificates(trust, [anchor])
        SecTrustSetVerifyDate(trust, DERTime(secondsSince1970: row.date))
        let trusted = SecTrustEvaluateWithError(trust, nil)
        return (trusted, trust.trust.lastEvaluation?.failures ?? [])
    }

    @Test("SMIMEPolicyTests.m's assertions",
          .enabled(if: root != nil, "VOUCH_APPLE_SECURITY unset: set it to a checkout of apple-oss-distributions/Security to replay SMIMEPolicyTests.m"))
    func replay() throws {
        var tally = AppleReplayTally(suite: "AppleSMIMEPolicyTests", source: "SMIMEPolicyTests.m", understood: Self.understood)
        var negatives: [String] = []
        for row in Self.rows {
            let (trusted, failures) = try Self.evaluate(row)
            if trusted == row.trusted {
                tally.reproduce()
                if !trusted { negatives.append("\(row.test): \(failures.map(\.description))") }
                continue
            }
            tally.diverge(row.test, "\(row.test): expected \(row.trusted ? "trusted" : "not trusted"), got \(trusted ? "trusted" : "not trusted") \(failures.map(\.description))")
        }
        tally.report(total: Self.rows.count, unit: "assertions")
        for line in negatives { print("AppleSMIMEPolicyTests: not trusted, as expected: \(line)") }
    }

    /// testCheckExpiration and testIgnoreExpiration as Apple wrote them: one trust, its verify
    /// date moved past the leaf's expiry, evaluated again.
    @Test("testCheckExpiration / testIgnoreExpiration on one trust, the date moved",
          .enabled(if: root != nil, "VOUCH_APPLE_SECURITY unset: set it to a checkout of apple-oss-distributions/Security to replay SMIMEPolicyTests.m"))
    func expirationOnOneTrust() throws {
        for (usage, trustedWhenExpired) in [(Self.anySign, false), (Self.anySign | kSecIgnoreExpirationSMIMEUsage, true)] {
            var created: SecTrust?
            #expect(SecTrustCreateWithCertificates([try Self.certificate("email_protection")], SecPolicyCreateSMIME(usage, Self.email), &created) == errSecSuccess)
            let trust = try #require(created)
            trust.fetching = .offline
            SecTrustSetAnchorCertificates(trust, [try Self.certificate("root")])
            SecTrustSetVerifyDate(trust, DERTime(secondsSince1970: Self.verifyDate))
            #expect(SecTrustEvaluateWithError(trust, nil))
            SecTrustSetVerifyDate(trust, DERTime(secondsSince1970: Self.expiredDate))
            #expect(SecTrustEvaluateWithError(trust, nil) == trustedWhenExpired)
        }
    }
}
