import Foundation
import Testing
import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

/// The S/MIME assertions of Apple's TrustSettingsTests (tests/TrustTests/EvaluationTests/
/// TrustSettingsTests.m, data in TrustSettingsTests_data.h): `test_policy_string_constraints`,
/// `test_key_usage_constraints` and `test_allowed_errors`, whose S/MIME halves waited for
/// `SecPolicyCreateSMIME`. Opt-in, with `VOUCH_APPLE_SECURITY` naming a checkout (or `git archive`
/// extract) of apple-oss-distributions/Security.
///
/// `check_trust`: the S/MIME chain (leaf, intermediate, root), `SecPolicyCreateSMIME(usage,
/// address)`, April 10, 2016, no anchors, the result number compared. Apple's `setTS` writes the
/// admin domain of the Mac; here each row's settings go to the trust value itself
/// (`Trust.setTrustSettings`), since the facade reads the process-wide store that other suites
/// change in parallel. The default system store is Apple's; the network is off.
@Suite struct AppleTrustSettingsSMIMEPolicyTests {
    static let root = ProcessInfo.processInfo.environment["VOUCH_APPLE_SECURITY"]
    static let header: String? = root.flatMap {
        try? String(contentsOfFile: $0 + "/tests/TrustTests/EvaluationTests/TrustSettingsTests_data.h", encoding: .utf8)
    }
    /// `verify_date`: April 10, 2016 (482000000 after 2001).
    static let verifyDate = DERTime(secondsSince1970: 482_000_000 + 978_307_200)
    static let address = "username@apple.com"

    /// One `check_trust` with the settings then in force.
    struct Row {
        var test: String
        /// Constraints per certificate (`_trustSettingsRoot`, `_trustSettingsSMIMELeaf`).
        var settings: [(certificate: String, constraints: [TrustSettingsConstraint])]
        var usage: Int
        var email: String
        var expected: TrustResultType
    }

    static func smime(_ policyString: String, _ result: TrustSettingsResult) -> TrustSettingsConstraint {
        TrustSettingsConstraint(policy: TrustSettingsConstraint.smimePolicyOID, policyString: policyString, result: result)
    }
    static func keyUse(_ bits: Int64) -> TrustSettingsConstraint { TrustSettingsConstraint(keyUsage: bits, result: .trustAsRoot) }

    static let rows: [Row] = {
        let leaf = "_trustSettingsSMIMELeaf"
        let emailAllowed = [(leaf, [smime("wrongemail@apple.com", .deny), smime(address, .trustAsRoot)])]
        let signatureUse = [(leaf, [keyUse(TrustSettingsConstraint.KeyUsage.signature)])]
        let keyEncryptUse = [(leaf, [keyUse(TrustSettingsConstraint.KeyUsage.encryptKey)])]
        let multipleUse = [(leaf, [keyUse(TrustSettingsConstraint.KeyUsage.encryptKey | TrustSettingsConstraint.KeyUsage.signature)])]
        let rootTrusted = ("_trustSettingsRoot", [TrustSettingsConstraint]())
        let allowEmailMismatch = [
            rootTrusted,
            (leaf, [TrustSettingsConstraint(allowedError: TrustSettingsConstraint.AllowedError.emailAddressesNotFound, result: .unspecified)]),
        ]
        let multiple = kSecSignSMIMEUsage | kSecKeyEncryptSMIMEUsage
        return [
            Row(test: "test_policy_string_constraints trusted email", settings: emailAllowed, usage: kSecAnyEncryptSMIME, email: address, expected: .proceed),
            Row(test: "test_policy_string_constraints email not in settings", settings: emailAllowed, usage: kSecAnyEncryptSMIME,
                email: "weirdemail@apple.com", expected: .recoverableTrustFailure),
            Row(test: "test_policy_string_constraints denied email", settings: emailAllowed, usage: kSecAnyEncryptSMIME,
                email: "wrongemail@apple.com", expected: .deny),
            Row(test: "test_key_usage_constraints signature use, signature policy", settings: signatureUse, usage: kSecSignSMIMEUsage,
                email: address, expected: .proceed),
            Row(test: "test_key_usage_constraints signature use, any-encrypt policy", settings: signatureUse, usage: kSecAnyEncryptSMIME,
                email: address, expected: .recoverableTrustFailure),
            Row(test: "test_key_usage_constraints signature use, sign+key-encrypt policy", settings: signatureUse, usage: multiple,
                email: address, expected: .recoverableTrustFailure),
            Row(test: "test_key_usage_constraints key-encrypt use, key-encrypt policy", settings: keyEncryptUse, usage: kSecKeyEncryptSMIMEUsage,
                email: address, expected: .proceed),
            Row(test: "test_key_usage_constraints multiple use, sign+key-encrypt policy", settings: multipleUse, usage: multiple,
                email: address, expected: .proceed),
            Row(test: "test_key_usage_constraints multiple use, signature policy", settings: multipleUse, usage: kSecSignSMIMEUsage,
                email: address, expected: .recoverableTrustFailure),
            Row(test: "test_key_usage_constraints multiple use, any-encrypt policy", settings: multipleUse, usage: kSecAnyEncryptSMIME,
                email: address, expected: .recoverableTrustFailure),
            Row(test: "test_allowed_errors email mismatch", settings: [rootTrusted], usage: kSecAnyEncryptSMIME, email: "test@apple.com",
                expected: .recoverableTrustFailure),
            Row(test: "test_allowed_errors email mismatch allowed", settings: allowEmailMismatch, usage: kSecAnyEncryptSMIME,
                email: "test@apple.com", expected: .proceed),
        ]
    }()

    /// Rows whose divergence from Apple is understood (printed, a known issue), by test name.
    /// None left: the three engine causes found by the first replay (S/MIME's Email in
    /// `SecPVCContainsString`, the policy's key uses in `SecPVCContainsTrustSettingsKeyUsage`, the
    /// Email allowed error) are fixed.
    static let understood: [String: String] = [:]

    static func certificate(_ name: String) throws -> Certificate {
        try Certificate(derEncoded: try AppleCAIssuerTests.array(name, in: try #require(header, "TrustSettingsTests_data.h missing")))
    }

    @Test("TrustSettingsTests.m's S/MIME assertions",
          .enabled(if: root != nil, "VOUCH_APPLE_SECURITY unset: set it to a checkout of apple-oss-distributions/Security to replay TrustSettingsTests.m"))
    func replay() throws {
        let chain = try ["_trustSettingsSMIMELeaf", "_trustSettingsInt", "_trustSettingsRoot"].map(Self.certificate)
        var tally = AppleReplayTally(suite: "AppleTrustSettingsSMIMEPolicyTests", source: "TrustSettingsTests.m", understood: Self.understood)
        for row in Self.rows {
            var settings = TrustSettings()
            for (name, constraints) in row.settings {
                try settings.setConstraints(constraints, for: try Self.certificate(name), in: .admin)
            }
            var trust = try Trust(certificates: chain, policies: [SecPolicyCreateSMIME(row.usage, row.email).policy])
            trust.setVerifyDate(Self.verifyDate)
            trust.setNetworkFetchAllowed(false)
            trust.setTrustSettings(settings)
            let evaluation = trust.evaluate()
            if evaluation.result == row.expected {
                tally.reproduce()
                continue
            }
            tally.diverge(row.test, "\(row.test): expected \(row.expected.rawCode), got \(evaluation.result.rawCode) \(evaluation.failures.map(\.description))")
        }
        tally.report(total: Self.rows.count, unit: "assertions")
    }
}
