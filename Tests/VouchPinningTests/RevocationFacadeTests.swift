import Foundation
import Testing
import VouchDER
import VouchPinning
import VouchTestSupport

/// `SecTrustSetOCSPResponse` through the Apple-named facade, as an app that staples responses
/// would call it (TestVectors/ocsp: a leaf, its CA, responses dated 2026-06-01).
@Suite struct RevocationFacadeTests {
    static func bytes(_ file: String) throws -> [UInt8] {
        try #require(TestData.bytes(TestData.projectRoot.appendingPathComponent("TestVectors/ocsp/\(file)").path))
    }

    static func trust(responses: [[UInt8]]?) throws -> SecTrust {
        let leaf = try #require(SecCertificateCreateWithData(nil, try bytes("leaf.der")))
        let ca = try #require(SecCertificateCreateWithData(nil, try bytes("ca.der")))
        var trust: SecTrust?
        #expect(SecTrustCreateWithCertificates(leaf, SecPolicyCreateBasicX509(), &trust) == errSecSuccess)
        let created = try #require(trust)
        SecTrustSetAnchorCertificates(created, [ca])
        SecTrustSetVerifyDate(created, DERTime(secondsSince1970: 1_780_358_400))  // 2026-06-02
        #expect(SecTrustSetOCSPResponse(created, responses) == errSecSuccess)
        return created
    }

    @Test("a stapled revoked response: errSecCertificateRevoked; cleared with nil: trusted again")
    func revoked() throws {
        let trust = try Self.trust(responses: [try Self.bytes("revoked-by-name.der")])
        var error: SecError?
        #expect(!SecTrustEvaluateWithError(trust, &error))
        #expect(error?.code == -67820)
        SecTrustSetOCSPResponse(trust, nil)
        #expect(SecTrustEvaluateWithError(trust, nil))
    }

    @Test("a response that does not parse or does not apply changes nothing")
    func ignored() throws {
        for responses in [[[0x30, 0x00]], [try Self.bytes("revoked-other-serial.der")], [try Self.bytes("try-later.der")]] as [[[UInt8]]] {
            #expect(SecTrustEvaluateWithError(try Self.trust(responses: responses), nil))
        }
    }

    @Test("SecPolicyCreateRevocation: Apple's flags, nil for 0 or a bit above 6 (SECTRUST.md §16.4)")
    func revocationPolicy() throws {
        #expect(SecPolicyCreateRevocation(0) == nil)
        #expect(SecPolicyCreateRevocation(1 << 7) == nil)
        let any = try #require(SecPolicyCreateRevocation(kSecRevocationUseAnyAvailableMethod))
        #expect(any.policy == .revocation([.ocspMethod, .crlMethod]))
        #expect(kSecRevocationOCSPMethod == 1 && kSecRevocationCRLMethod == 2 && kSecRevocationPreferCRL == 4)
        #expect(kSecRevocationRequirePositiveResponse == 8 && kSecRevocationNetworkAccessDisabled == 16)
        // A positive response required, none given: the leaf fails, errSecIncompleteCertRevocationCheck.
        let trust = try Self.trust(responses: nil)
        let required = try #require(SecPolicyCreateRevocation(kSecRevocationOCSPMethod | kSecRevocationRequirePositiveResponse))
        #expect(SecTrustSetPolicies(trust, [SecPolicyCreateBasicX509(), required]) == errSecSuccess)
        var error: SecError?
        #expect(!SecTrustEvaluateWithError(trust, &error))
        #expect(error?.code == -67635)
    }

    @Test("SecTrustSetNetworkFetchAllowed / Get: the last policy with the option decides (SECTRUST.md §16.1)")
    func networkFetchAllowed() throws {
        let trust = try Self.trust(responses: nil)
        var allowed = true
        #expect(SecTrustGetNetworkFetchAllowed(trust, &allowed) == errSecSuccess)
        #expect(!allowed, "BasicX509 carries NoNetworkAccess = true")
        #expect(SecTrustSetNetworkFetchAllowed(trust, true) == errSecSuccess)
        #expect(SecTrustGetNetworkFetchAllowed(trust, &allowed) == errSecSuccess)
        #expect(allowed)
        let online = try #require(SecPolicyCreateRevocation(kSecRevocationOCSPMethod))
        #expect(SecTrustSetPolicies(trust, [SecPolicyCreateBasicX509(), online]) == errSecSuccess)
        #expect(SecTrustGetNetworkFetchAllowed(trust, &allowed) == errSecSuccess)
        #expect(allowed, "[BasicX509, Revocation]: the revocation policy's false is last")
        #expect(SecTrustSetPolicies(trust, [online, SecPolicyCreateBasicX509()]) == errSecSuccess)
        #expect(SecTrustGetNetworkFetchAllowed(trust, &allowed) == errSecSuccess)
        #expect(!allowed, "[Revocation, BasicX509]: BasicX509's true is last")
    }
}
