import Foundation
import Testing
import VouchDER
import VouchPinning
import VouchPropertyList

/// Apple's RevocationTests (tests/TrustTests/EvaluationTests/RevocationTests.m, data in
/// RevocationTests_data.h) whose answer is a stapled response, replayed through the facade:
/// `test_stapled_revoked_response` and `test_results_dictionary_revocation_reason`. Apple
/// evaluates them under `SecPolicyCreateAppleExternalDeveloper`, an Apple policy Vouch has not yet
/// (issue 37); BasicX509 takes its place, which changes nothing the tests look at (the revoked
/// stapled answer, its error and its reason). The cases that fetch from Apple's live responders
/// cannot be replayed (their answers cannot be recorded anew); their rules are tested on loopback
/// (FetchServerTests). Opt-in, as the other replays: set `VOUCH_APPLE_SECURITY`.
@Suite struct AppleRevocationTests {
    static let header: String? = ProcessInfo.processInfo.environment["VOUCH_APPLE_SECURITY"].flatMap {
        try? String(contentsOfFile: $0 + "/tests/TrustTests/EvaluationTests/RevocationTests_data.h", encoding: .utf8)
    }

    /// The trust of Apple's two tests: the Developer ID leaf and CA, Apple Root CA as the only
    /// anchor, 2018-03-17, the stapled revoked response.
    static func stapledTrust() throws -> SecTrust? {
        guard let header else {
            print("AppleRevocationTests: VOUCH_APPLE_SECURITY is not set; skipped")
            return nil
        }
        func certificate(_ name: String) throws -> SecCertificate {
            try #require(SecCertificateCreateWithData(nil, try AppleCAIssuerTests.array(name, in: header)))
        }
        var created: SecTrust?
        #expect(SecTrustCreateWithCertificates(
            [try certificate("_probablyNotRevokedLeaf"), try certificate("_devIDCA")], SecPolicyCreateBasicX509(), &created) == errSecSuccess)
        let trust = try #require(created)
        trust.fetching = .offline
        SecTrustSetAnchorCertificates(trust, [try certificate("_appleRoot")])
        SecTrustSetVerifyDate(trust, DERTime(secondsSince1970: 543_000_000 + 978_307_200))
        #expect(SecTrustSetOCSPResponse(trust, [try AppleCAIssuerTests.array("_devID_OCSPResponse", in: header)]) == errSecSuccess)
        return trust
    }

    @Test("test_stapled_revoked_response: network off, the stapled revoked answer gives errSecCertificateRevoked")
    func stapledRevoked() throws {
        guard let trust = try Self.stapledTrust() else { return }
        SecTrustSetNetworkFetchAllowed(trust, false)
        var error: SecError?
        #expect(!SecTrustEvaluateWithError(trust, &error))
        #expect(error?.code == -67820)
    }

    @Test("test_results_dictionary_revocation_reason: SecTrustCopyResult's kSecTrustRevocationReason is 4 (superseded)")
    func reason() throws {
        guard let trust = try Self.stapledTrust() else { return }
        #expect(!SecTrustEvaluateWithError(trust, nil))
        let result = try #require(SecTrustCopyResult(trust))
        #expect(result[kSecTrustRevocationReason] == .integer(4))
    }
}
