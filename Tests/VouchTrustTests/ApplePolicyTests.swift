import Foundation
import Testing
import VouchDER
import VouchTestSupport
import VouchX509

@testable import VouchTrust

/// Apple's other policies (SECTRUST.md §18) on the generated chains of TestVectors/apple-policies:
/// each policy passes its own chain, and each rule fails a chain that breaks it (or passes again
/// when the rule is taken out of the policy), with Apple's check and status.
@Suite("Apple's other policies (§18)")
struct ApplePolicyTests {
    static func certificate(_ file: String) throws -> Certificate {
        let path = TestData.projectRoot.appendingPathComponent("TestVectors/apple-policies/\(file).der").path
        return try Certificate(derEncoded: try #require(TestData.bytes(path), "missing \(path)"))
    }

    /// 2026-06-01T00:00:00Z: inside every generated certificate's validity but the expired ones.
    static let verifyDate = DERTime(secondsSince1970: 1_780_272_000)

    /// How the root is trusted.
    enum Anchoring {
        /// An app anchor that `AnchorApple` accepts (Apple's test roots).
        case appleTestRoot
        /// An app anchor, not one of Apple's.
        case foreignAnchor
        /// A system root (and Apple's test root): the system-rooted rules apply.
        case systemRoot
    }

    /// Evaluates `leaf` + `intermediates` under `policy`, `root` an anchor and `appleRoot` what
    /// `AnchorApple` accepts.
    static func evaluate(
        _ leaf: String, _ intermediates: [String] = ["wwdr"], policy: TrustPolicy, anchoring: Anchoring = .appleTestRoot,
        root: String = "root", appleRoot: String = "root"
    ) throws -> TrustEvaluation {
        let rootCertificate = try certificate(root)
        let chain = try ([leaf] + intermediates).map(certificate)
        var trust = try Trust(
            certificates: chain, policies: [policy],
            systemStore: SystemTrustStore(certificates: anchoring == .systemRoot ? [rootCertificate] : []))
        if anchoring != .systemRoot { trust.setAnchorCertificates([rootCertificate]) }
        if anchoring != .foreignAnchor { trust.setAppleAnchors([try certificate(appleRoot)]) }
        trust.setVerifyDate(verifyDate)
        trust.setNetworkFetchAllowed(false)
        return trust.evaluate()
    }

    /// The failures as `Check@index` strings.
    static func failures(_ evaluation: TrustEvaluation) -> [String] { evaluation.failures.map(\.description) }

    // MARK: Mac App Store receipts (and StoreKit / App Store Server API signed data)

    @Test("receipt policy: the generated receipt chain passes")
    func receiptPasses() throws {
        let evaluation = try Self.evaluate("receipt", policy: .macAppStoreReceipt)
        #expect(evaluation.isTrusted, "\(evaluation.failures)")
    }

    @Test("receipt policy: each broken rule fails with Apple's check and status", arguments: [
        ("receipt-no-marker", ["wwdr"], "LeafMarkerOid@0", TrustStatus.missingRequiredExtension),
        ("receipt-marker-not-null", ["wwdr"], "LeafMarkerOid@0", .missingRequiredExtension),
        ("receipt", ["wwdr-no-markers"], "IntermediateMarkerOid@0", .missingRequiredExtension),
        ("receipt-no-policy", ["wwdr"], "CertificatePolicy@0", .invalidPolicyIdentifiers),
        ("receipt-under-sub", ["sub", "wwdr"], "ChainLength@0", .pathLengthConstraintExceeded),
        ("receipt-expired", ["wwdr"], "TemporalValidity@0", .certificateExpired),
    ])
    func receiptRules(leaf: String, intermediates: [String], failure: String, status: TrustStatus) throws {
        let evaluation = try Self.evaluate(leaf, intermediates, policy: .macAppStoreReceipt)
        #expect(Self.failures(evaluation) == [failure])
        #expect(evaluation.status == status)
    }

    @Test("receipt policy: a root that is not Apple's fails AnchorApple (errSecInvalidRoot), at index 0")
    func receiptForeignRoot() throws {
        let evaluation = try Self.evaluate("receipt", policy: .macAppStoreReceipt, anchoring: .foreignAnchor)
        #expect(Self.failures(evaluation) == ["AnchorApple@0"])
        #expect(evaluation.status == .invalidRoot)
        // The same leaf through an intermediate signed by another root of Apple's root's name,
        // anchored: every rule holds but AnchorApple.
        let forged = try Self.evaluate("receipt", ["wwdr-foreign"], policy: .macAppStoreReceipt, root: "foreign-root")
        #expect(Self.failures(forged) == ["AnchorApple@0"])
        // Not anchored: no path reaches Apple's root.
        let unanchored = try Self.evaluate("receipt", ["wwdr-foreign"], policy: .macAppStoreReceipt)
        #expect(!unanchored.isTrusted)
    }

    @Test("receipt policy: a 2-certificate chain has no intermediate to carry the marker")
    func receiptTwoCertificates() throws {
        var policy = TrustPolicy.macAppStoreReceipt
        policy.options.chainLength = nil
        let evaluation = try Self.evaluate("wwdr", [], policy: policy)
        #expect(Self.failures(evaluation) == ["LeafMarkerOid@0", "IntermediateMarkerOid@0", "CertificatePolicy@0"])
    }

    @Test("each rule of the receipt row is what fails: removed, the chain passes")
    func receiptRuleRemoved() throws {
        var noMarker = TrustPolicy.macAppStoreReceipt
        noMarker.options.leafMarker = nil
        #expect(try Self.evaluate("receipt-no-marker", policy: noMarker).isTrusted)
        var noIntermediate = TrustPolicy.macAppStoreReceipt
        noIntermediate.options.intermediateMarker = nil
        #expect(try Self.evaluate("receipt", ["wwdr-no-markers"], policy: noIntermediate).isTrusted)
        var noPolicy = TrustPolicy.macAppStoreReceipt
        noPolicy.options.certificatePolicy = nil
        #expect(try Self.evaluate("receipt-no-policy", policy: noPolicy).isTrusted)
        var noLength = TrustPolicy.macAppStoreReceipt
        noLength.options.chainLength = nil
        #expect(try Self.evaluate("receipt-under-sub", ["sub", "wwdr"], policy: noLength).isTrusted)
        var noApple = TrustPolicy.macAppStoreReceipt
        noApple.options.anchorApple = false
        #expect(try Self.evaluate("receipt", policy: noApple, anchoring: .foreignAnchor).isTrusted)
    }

    // MARK: Apple Pay, Wallet passes, Apple ID

    @Test("Apple Pay issuer encryption: passes, and BasicCert alone does not check validity")
    func applePayIssuerEncryption() throws {
        #expect(try Self.evaluate("pay-issuer", policy: .applePayIssuerEncryption).isTrusted)
        #expect(try Self.evaluate("pay-issuer-expired", policy: .applePayIssuerEncryption).isTrusted)
        #expect(!(try Self.evaluate("pay-issuer-expired", policy: .basicX509).isTrusted))
        let signing = try Self.evaluate("pay-issuer-signing-ku", policy: .applePayIssuerEncryption)
        #expect(Self.failures(signing) == ["KeyUsage@0"])
        #expect(signing.status == .invalidKeyUsageForPolicy)
        var renamed = TrustPolicy.applePayIssuerEncryption
        renamed.options.issuerCommonName = "Apple Worldwide Developer Relations CA - G3"
        let wrongIssuer = try Self.evaluate("pay-issuer", policy: renamed)
        #expect(Self.failures(wrongIssuer) == ["IssuerCommonName@0"])
        #expect(wrongIssuer.status == .invalidSubjectName)
        #expect(Self.failures(try Self.evaluate("receipt", policy: .applePayIssuerEncryption)) == ["KeyUsage@0", "LeafMarkerOid@0"])
    }

    @Test("Apple Pay payment token chain: markers .6.29 and .6.2.14, three certificates, Apple's root")
    func applePayPaymentToken() throws {
        #expect(try Self.evaluate("pay-token", policy: .applePayPaymentToken).isTrusted)
        #expect(Self.failures(try Self.evaluate("receipt", policy: .applePayPaymentToken)) == ["LeafMarkerOid@0"])
        #expect(Self.failures(try Self.evaluate("pay-token", ["wwdr-no-markers"], policy: .applePayPaymentToken)) == ["IntermediateMarkerOid@0"])
        #expect(Self.failures(try Self.evaluate("pay-token", policy: .applePayPaymentToken, anchoring: .foreignAnchor)) == ["AnchorApple@0"])
    }

    @Test("Passbook: card issuer marker value, team ID in the OU, pass-signing EKU")
    func passbook() throws {
        let policy = TrustPolicy.passbookSigning(cardIssuer: "Example Cards", teamIdentifier: "TEAM123456")
        #expect(try Self.evaluate("passbook", policy: policy).isTrusted)
        #expect(Self.failures(try Self.evaluate("passbook-other-issuer", policy: policy)) == ["LeafMarkerOid@0"])
        let team = try Self.evaluate("passbook", policy: .passbookSigning(cardIssuer: "Example Cards", teamIdentifier: "OTHERTEAM"))
        #expect(Self.failures(team) == ["SubjectOrganizationalUnit@0"])
        #expect(team.status == .invalidSubjectName)
        let eku = try Self.evaluate("passbook-no-eku", policy: policy)
        #expect(Self.failures(eku) == ["ExtendedKeyUsage@0"])
        #expect(eku.status == .invalidExtendedKeyUsage)
    }

    @Test("Apple ID validation: leaf marker .4.7, intermediate marker .6.2.3 or .6.2.7, any length")
    func appleID() throws {
        #expect(try Self.evaluate("appleid", policy: .appleIDValidation).isTrusted)
        #expect(Self.failures(try Self.evaluate("appleid", ["wwdr-no-markers"], policy: .appleIDValidation)) == ["IntermediateMarkerOid@0"])
        #expect(Self.failures(try Self.evaluate("receipt", policy: .appleIDValidation)) == ["LeafMarkerOid@0"])
    }

    // MARK: S/MIME, code signing, time stamping, OCSP signer, EAP, IPSec

    @Test("S/MIME: address in the SAN (any case), or in the subject unless system-rooted after 2022-04")
    func smime() throws {
        let policy = TrustPolicy.smime([.sign, .keyEncrypt], email: "alice@example.com")
        #expect(try Self.evaluate("smime", policy: policy).isTrusted)
        let other = try Self.evaluate("smime", policy: .smime([.sign], email: "bob@example.com"))
        #expect(Self.failures(other) == ["Email@0"])
        #expect(other.status == .smimeEmailAddressesNotFound)
        #expect(try Self.evaluate("smime-subject-email", policy: .smime([.sign], email: "alice@example.com")).isTrusted)
        let systemRooted = try Self.evaluate("smime-subject-email", policy: .smime([.sign], email: "alice@example.com"), anchoring: .systemRoot)
        #expect(Self.failures(systemRooted) == ["Email@0"])
        let eku = try Self.evaluate("smime-client-auth", policy: .smime([.sign], email: nil))
        #expect(Self.failures(eku) == ["ExtendedKeyUsage@0"])
        // Sign admits a leaf without keyUsage; encryption alone needs one.
        #expect(try Self.evaluate("smime-no-ku", policy: .smime([.sign], email: nil)).isTrusted)
        #expect(Self.failures(try Self.evaluate("smime-no-ku", policy: .smime([.keyEncrypt], email: nil))) == ["KeyUsage@0"])
        #expect(Self.failures(try Self.evaluate("smime", policy: .smime([.keyExchangeBoth], email: nil))) == ["KeyUsage@0"])
    }

    @Test("S/MIME, system-rooted from 2022-04-01: EKU emailProtection required, 1,185 days at most")
    func smimeSystemRooted() throws {
        #expect(try Self.evaluate("smime", policy: .smime([.sign], email: nil), anchoring: .systemRoot).isTrusted)
        // No EKU at all: enough for ExtendedKeyUsage, not for EmailProtectionEKU when system-rooted.
        let noEKU = try Self.evaluate("receipt", policy: .smime([.sign], email: nil), anchoring: .systemRoot)
        #expect(Self.failures(noEKU) == ["EmailProtectionEKU@0"])
        #expect(try Self.evaluate("receipt", policy: .smime([.sign], email: nil)).isTrusted)
        // The intermediate lives 14 years: as a leaf under S/MIME it exceeds 1,185 days.
        var policy = TrustPolicy.smime([], email: nil)
        policy.options.extendedKeyUsage = nil
        policy.options.emailProtectionEKU = false
        let long = try Self.evaluate("wwdr", [], policy: policy, anchoring: .systemRoot)
        #expect(Self.failures(long) == ["SystemTrustValidityPeriod@0"])
        #expect(try Self.evaluate("wwdr", [], policy: policy).isTrusted)
    }

    @Test("S/MIME: RSA 2048 / EC 256 at least (StrongKeySize); taken out, the same leaf passes")
    func smimeStrongKeySize() throws {
        var policy = TrustPolicy.smime([.sign], email: nil)
        policy.options.extendedKeyUsage = nil
        let weak = try Self.evaluate("eap-rsa1024", policy: policy)
        #expect(Self.failures(weak) == ["KeySize@0"])
        #expect(weak.status == .unsupportedKeySize)
        policy.options.strongKeySize = false
        #expect(try Self.evaluate("eap-rsa1024", policy: policy).isTrusted)
    }

    @Test("code signing: keyUsage required, EKU codeSigning required (anyEKU does not do)")
    func codeSigning() throws {
        #expect(try Self.evaluate("code-signing", policy: .codeSigning).isTrusted)
        #expect(Self.failures(try Self.evaluate("code-signing-no-ku", policy: .codeSigning)) == ["KeyUsage@0"])
        #expect(Self.failures(try Self.evaluate("code-signing-any-eku", policy: .codeSigning)) == ["ExtendedKeyUsage@0"])
        #expect(Self.failures(try Self.evaluate("time-stamping", policy: .codeSigning)) == ["ExtendedKeyUsage@0"])
    }

    @Test("EKU on intermediates: checked for the OCSP signer, spared for code signing and time stamping (Apple's memcmp quirk)")
    func intermediateExtendedKeyUsage() throws {
        #expect(try Self.evaluate("code-signing", ["wwdr-eku-server"], policy: .codeSigning).isTrusted)
        #expect(try Self.evaluate("time-stamping", ["wwdr-eku-server"], policy: .timeStamping).isTrusted)
        #expect(Self.failures(try Self.evaluate("ocsp-signer", ["wwdr-eku-server"], policy: .ocspSigner)) == ["ExtendedKeyUsage@1"])
        #expect(Self.failures(try Self.evaluate("smime", ["wwdr-eku-server"], policy: .smime([.sign], email: nil))) == ["ExtendedKeyUsage@1"])
        #expect(try Self.evaluate("eap", ["wwdr-eku-server"], policy: .eap(server: true, trustedServerNames: nil)).isTrusted)
    }

    @Test("time stamping: EKU timeStamping required")
    func timeStamping() throws {
        #expect(try Self.evaluate("time-stamping", policy: .timeStamping).isTrusted)
        #expect(Self.failures(try Self.evaluate("code-signing", policy: .timeStamping)) == ["ExtendedKeyUsage@0"])
    }

    @Test("OCSP signer: EKU OCSPSigning, keyUsage digitalSignature, not a CA")
    func ocspSigner() throws {
        #expect(try Self.evaluate("ocsp-signer", policy: .ocspSigner).isTrusted)
        let ca = try Self.evaluate("ocsp-signer-ca", policy: .ocspSigner)
        #expect(Self.failures(ca) == ["NotCA@0"])
        #expect(ca.status == .certificateIsCA)
        #expect(Self.failures(try Self.evaluate("ocsp-signer-no-ku", policy: .ocspSigner)) == ["KeyUsage@0"])
    }

    @Test("EAP: trusted server names with wildcards in the list; SSL's EKUs; no network")
    func eap() throws {
        #expect(try Self.evaluate("eap", policy: .eap(server: true, trustedServerNames: ["*.example.com"])).isTrusted)
        #expect(try Self.evaluate("eap", policy: .eap(server: true, trustedServerNames: ["radius.example.com"])).isTrusted)
        let wrong = try Self.evaluate("eap", policy: .eap(server: true, trustedServerNames: ["wifi.example.org"]))
        #expect(Self.failures(wrong) == ["EAPTrustedServerNames@0"])
        #expect(wrong.status == .hostNameMismatch)
        #expect(Self.failures(try Self.evaluate("eap-client-auth", policy: .eap(server: true, trustedServerNames: nil))) == ["ExtendedKeyUsage@0"])
        #expect(try Self.evaluate("eap-client-auth", policy: .eap(server: false, trustedServerNames: nil)).isTrusted)
        #expect(TrustPolicy.eap(server: true, trustedServerNames: nil).options.noNetworkAccess == true)
    }

    @Test("EAP server: an RSA-1024 leaf fails SystemTrustedWeakKey below a system anchor, not below the caller's")
    func eapSystemTrustedWeakKey() throws {
        let server = TrustPolicy.eap(server: true, trustedServerNames: nil)
        let system = try Self.evaluate("eap-rsa1024", policy: server, anchoring: .systemRoot)
        #expect(Self.failures(system) == ["SystemTrustedWeakKey@0"])
        #expect(system.status == .unsupportedKeySize)
        #expect(try Self.evaluate("eap-rsa1024", policy: server).isTrusted)
        // The client policy has no such rule (its EKUs are a client's).
        #expect(Self.failures(try Self.evaluate("eap-rsa1024", policy: .eap(server: false, trustedServerNames: nil), anchoring: .systemRoot)) == ["ExtendedKeyUsage@0"])
    }

    @Test("IPSec: the hostname when given, no EKU check")
    func ipsec() throws {
        #expect(try Self.evaluate("ipsec", policy: .ipsec(server: true, hostname: "vpn.example.com")).isTrusted)
        #expect(try Self.evaluate("code-signing", policy: .ipsec(server: true, hostname: nil)).isTrusted)
        let wrong = try Self.evaluate("ipsec", policy: .ipsec(server: true, hostname: "other.example.com"))
        #expect(Self.failures(wrong) == ["SSLHostname@0"])
        #expect(Self.failures(try Self.evaluate("ipsec", policy: .ssl(server: true, hostname: "vpn.example.com"))) == ["ExtendedKeyUsage@0", "ServerAuthEKU@0"])
    }

    @Test("SSL with key usage: the leaf's keyUsage absent or holding every bit")
    func sslWithKeyUsage() throws {
        #expect(try Self.evaluate("tls", policy: .ssl(server: true, hostname: "www.example.com", keyUsage: [.digitalSignature])).isTrusted)
        let encipher = try Self.evaluate("tls", policy: .ssl(server: true, hostname: "www.example.com", keyUsage: [.keyEncipherment]))
        #expect(Self.failures(encipher) == ["KeyUsage@0"])
        #expect(TrustPolicy.ssl(server: true, hostname: "h", keyUsage: []) == .ssl(server: true, hostname: "h"))
    }

    // MARK: Pins and options set from outside (§18.3)

    @Test("SHA-256 pins: leaf and CA (errSSLATSCertificateTrustViolation), a CA miss at every index ≥ 1")
    func pins() throws {
        let leafPin = PolicyOptionChecks.spkiDigest(try Self.certificate("tls"))
        let rootPin = PolicyOptionChecks.spkiDigest(try Self.certificate("root"))
        var policy = TrustPolicy.ssl(server: true, hostname: "www.example.com")
        policy.options.leafSPKISHA256 = [leafPin]
        policy.options.caSPKISHA256 = [rootPin]
        #expect(try Self.evaluate("tls", policy: policy).isTrusted)
        policy.options.leafSPKISHA256 = [rootPin]
        let leaf = try Self.evaluate("tls", policy: policy)
        #expect(Self.failures(leaf) == ["LeafSPKISHA256@0"])
        #expect(leaf.status == .atsCertificateTrustViolation)
        policy.options.leafSPKISHA256 = nil
        policy.options.caSPKISHA256 = []
        #expect(Self.failures(try Self.evaluate("tls", policy: policy)) == ["CAspkiSHA256@1", "CAspkiSHA256@2"])
        #expect(Self.failures(try Self.evaluate("root", [], policy: policy)).contains("CAspkiSHA256@0"))
    }

    @Test("PinningRequired fails an SSL server policy no pinning rule replaced")
    func pinningRequired() throws {
        var policy = TrustPolicy.ssl(server: true, hostname: "www.example.com")
        policy.options.pinningRequired = true
        let evaluation = try Self.evaluate("tls", policy: policy)
        #expect(Self.failures(evaluation) == ["PinningRequired@0"])
        #expect(evaluation.status == .invalidRoot)
    }

    @Test("identifiers, names and compatibility OIDs are Apple's")
    func identifiers() {
        #expect(TrustPolicy.macAppStoreReceipt.identifier.oid?.dotted == "1.2.840.113635.100.1.19")
        #expect(TrustPolicy.macAppStoreReceipt.name == "MacAppStoreReceipt")
        #expect(TrustPolicy.eap(server: false, trustedServerNames: nil).compatibilityOID.dotted == "1.2.840.113635.100.1.9")
        #expect(TrustPolicy.ipsec(server: true, hostname: nil).compatibilityOID.dotted == "1.2.840.113635.100.1.11")
        #expect(TrustPolicy.ipsec(server: true, hostname: nil).name == "ipsecServer")
        #expect(TrustPolicy.appleIDValidation.identifier.oid?.dotted == "1.2.840.113635.100.1.61")
        #expect(TrustPolicy.applePayPaymentToken.identifier.oid == nil)
        #expect(TrustPolicy.smime([], email: nil).options.checksRevocation)
        #expect(!TrustPolicy.appleIDValidation.options.checksRevocation)
    }
}
