import Foundation
import Testing
import VouchDER
import VouchPinning
import VouchPropertyList
import VouchTestSupport
import VouchTrust
import VouchX509

/// The facade of Apple's other policies (SECTRUST.md §18.3): `SecPolicyCreateWithProperties`,
/// the `SecPolicyCreate…` functions, `SecPolicySetSHA256Pins`, `SecPolicySetOptionsValue` and
/// `SecTrustStoreSetCTExceptions`, on TestVectors/apple-policies.
@Suite("SecPolicy: Apple's other policies through the facade")
struct SecPolicyAppleFacadeTests {
    static func certificate(_ file: String) throws -> SecCertificate {
        let path = TestData.projectRoot.appendingPathComponent("TestVectors/apple-policies/\(file).der").path
        let bytes = try #require(TestData.bytes(path), "missing \(path)")
        return try #require(SecCertificateCreateWithData(nil, bytes))
    }

    /// Evaluates `leaf` under `wwdr` and the generated root (an anchor and, for AnchorApple, one
    /// of Apple's) at 2026-06-01, the network off.
    static func evaluate(_ leaf: String, _ policy: SecPolicy) throws -> TrustEvaluation {
        let root = try certificate("root")
        var trust = try Trust(
            certificates: [try certificate(leaf).certificate, try certificate("wwdr").certificate], policies: [policy.policy],
            systemStore: SystemTrustStore(certificates: []))
        trust.setAnchorCertificates([root.certificate])
        trust.setAppleAnchors([root.certificate])
        trust.setVerifyDate(DERTime(secondsSince1970: 1_780_272_000))
        trust.setNetworkFetchAllowed(false)
        return trust.evaluate()
    }

    @Test("SecPolicyCreateWithProperties: each identifier makes Apple's policy; NULL where Apple returns NULL")
    func withProperties() throws {
        let receipt = try #require(SecPolicyCreateWithProperties(kSecPolicyMacAppStoreReceipt, nil))
        #expect(receipt.policy == .macAppStoreReceipt)
        let client = try #require(SecPolicyCreateWithProperties(kSecPolicyAppleSSL, [kSecPolicyName: .string("h"), kSecPolicyClient: .boolean(true)]))
        #expect(client.policy == .ssl(server: false, hostname: "h"))
        #expect(SecPolicyCreateWithProperties(kSecPolicyAppleSSLServer, [kSecPolicyClient: .boolean(true)])?.policy == .ssl(server: true, hostname: nil))
        let eap = try #require(SecPolicyCreateWithProperties(kSecPolicyAppleEAP, [kSecPolicyName: .array([.string("a.example"), .string("b.example")])]))
        #expect(eap.policy == .eap(server: true, trustedServerNames: ["a.example", "b.example"]))
        #expect(SecPolicyCreateWithProperties(kSecPolicyAppleSSL, [kSecPolicyName: .array([.string("h")])]) == nil)
        #expect(SecPolicyCreateWithProperties(kSecPolicyApplePassbookSigning, [kSecPolicyName: .string("Example Cards")]) == nil)
        let passbook = try #require(SecPolicyCreateWithProperties(
            kSecPolicyApplePassbookSigning, [kSecPolicyName: .string("Example Cards"), kSecPolicyTeamIdentifier: .string("TEAM123456")]))
        #expect(try Self.evaluate("passbook", passbook).isTrusted)
        #expect(SecPolicyCreateWithProperties(kSecPolicyAppleiChat, nil) == nil)
        #expect(SecPolicyCreateWithProperties(kSecPolicyApplePKINITClient, nil) == nil)
        #expect(SecPolicyCreateWithProperties("1.2.3.4", nil) == nil)
        #expect(SecPolicyCreateWithProperties(kSecPolicyAppleSMIME, [kSecPolicyName: .string("alice@example.com")])?.policy
            == .smime([.sign, .anyEncrypt], email: "alice@example.com"))
        let renamed = try #require(SecPolicyCreateWithProperties(kSecPolicyAppleX509Basic, [kSecPolicyPolicyName: .string("custom")]))
        #expect(renamed.policy.name == "custom")
        #expect(SecPolicyCreateWithProperties(kSecPolicyAppleX509Basic, [kSecPolicyPolicyName: .integer(1)]) == nil)
    }

    @Test("kSecPolicyKU_… (macOS) replaces the keyUsage list: any usage set true suffices")
    func keyUsageProperties() throws {
        let signing = try #require(SecPolicyCreateWithProperties(kSecPolicyAppleCodeSigning, [kSecPolicyKU_KeyEncipherment: .boolean(true)]))
        #expect(signing.policy.options.keyUsage == [.holding(.keyEncipherment)])
        #expect(try Self.evaluate("code-signing", signing).failures.map(\.description) == ["KeyUsage@0"])
        let either = try #require(SecPolicyCreateWithProperties(
            kSecPolicyAppleCodeSigning, [kSecPolicyKU_KeyEncipherment: .boolean(true), kSecPolicyKU_DigitalSignature: .boolean(true)]))
        #expect(try Self.evaluate("code-signing", either).isTrusted)
    }

    @Test("the SecPolicyCreate… functions make the rows of §18.2")
    func constructors() throws {
        #expect(SecPolicyCreateSMIME(kSecSignSMIMEUsage, "alice@example.com").policy == .smime([.sign], email: "alice@example.com"))
        #expect(SecPolicyCreateSSLWithKeyUsage(true, "h", kSecKeyUsageDigitalSignature | kSecKeyUsageKeyEncipherment).policy
            == .ssl(server: true, hostname: "h", keyUsage: [.digitalSignature, .keyEncipherment]))
        #expect(SecPolicyCreateEAP(false, nil).policy == .eap(server: false, trustedServerNames: nil))
        #expect(SecPolicyCreateIPSec(true, "vpn").policy == .ipsec(server: true, hostname: "vpn"))
        #expect(try Self.evaluate("code-signing", SecPolicyCreateCodeSigning()).isTrusted)
        #expect(try Self.evaluate("time-stamping", SecPolicyCreateAppleTimeStamping()).isTrusted)
        #expect(try Self.evaluate("ocsp-signer", SecPolicyCreateOCSPSigner()).isTrusted)
        #expect(try Self.evaluate("receipt", SecPolicyCreateMacAppStoreReceipt()).isTrusted)
        #expect(try Self.evaluate("pay-issuer", SecPolicyCreateApplePayIssuerEncryption()).isTrusted)
        #expect(try Self.evaluate("appleid", SecPolicyCreateAppleIDAuthorityPolicy()).isTrusted)
        #expect(SecPolicyCreateMacAppStoreReceipt().description == "MacAppStoreReceipt")
        #expect(SecPolicyCreateSMIME(kSecSignSMIMEUsage, "a@b").description == "SMIME(a@b)")
    }

    @Test("SecPolicySetSHA256Pins and SecPolicySetOptionsValue change the policy for later trusts")
    func setters() throws {
        let policy = SecPolicyCreateCodeSigning()
        let leafPin = SPKIPin(try Self.certificate("code-signing").certificate).digest
        SecPolicySetSHA256Pins(policy, [leafPin], nil)
        #expect(try Self.evaluate("code-signing", policy).isTrusted)
        SecPolicySetSHA256Pins(policy, [], nil)
        let failing = try Self.evaluate("code-signing", policy)
        #expect(failing.failures.map(\.description) == ["LeafSPKISHA256@0"])
        #expect(failing.status.code == -9886)
        SecPolicySetSHA256Pins(policy, nil, nil)
        #expect(try Self.evaluate("code-signing", policy).isTrusted)
        #expect(SecPolicySetOptionsValue(policy, "CAspkiSHA256", .array([.data(leafPin)])))
        #expect(try Self.evaluate("code-signing", policy).failures.map(\.description) == ["CAspkiSHA256@1", "CAspkiSHA256@2"])
        #expect(!SecPolicySetOptionsValue(policy, "CAspkiSHA256", .string("x")))
        #expect(SecPolicySetOptionsValue(policy, "CTRequired", .boolean(true)))
        #expect(policy.policy.options.ctRequired)
        #expect(!SecPolicySetOptionsValue(policy, "NoSuchOption", .boolean(true)))
    }

    @Test("SecTrustStoreSetCTExceptions: trustd's validation, per application, combined on copy")
    func ctExceptions() throws {
        let app = "com.example.vouch-tests.ct-exceptions"
        defer { SecTrustStoreSetCTExceptions(app, nil) }
        #expect(!SecTrustStoreSetCTExceptions(app, ["Unknown": .array([])]))
        #expect(!SecTrustStoreSetCTExceptions(app, [kSecCTExceptionsDomainsKey: .string("example.com")]))
        #expect(!SecTrustStoreSetCTExceptions(app, [kSecCTExceptionsDomainsKey: .array([.string(".com")])]))
        let badCA: PropertyList = .dictionary([kSecCTExceptionsHashAlgorithmKey: .string("sha1"), kSecCTExceptionsSPKIHashKey: .data([1])])
        #expect(!SecTrustStoreSetCTExceptions(app, [kSecCTExceptionsCAsKey: .array([badCA])]))
        #expect(SecTrustStoreCopyCTExceptions(app) == nil)
        #expect(SecTrustStoreSetCTExceptions(app, [kSecCTExceptionsDomainsKey: .array([.string(".exceptions.vouch.test")])]))
        #expect(SecTrustStoreCopyCTExceptions(app)?[kSecCTExceptionsDomainsKey] == .array([.string(".exceptions.vouch.test")]))
        #expect(SecTrustStoreCopyCTExceptions(nil)?[kSecCTExceptionsDomainsKey]?.arrayValue?.contains(.string(".exceptions.vouch.test")) == true)
        #expect(SecTrustStoreSetCTExceptions(app, [kSecCTExceptionsDomainsKey: .array([])]))
        #expect(SecTrustStoreCopyCTExceptions(app) == nil)
    }
}
