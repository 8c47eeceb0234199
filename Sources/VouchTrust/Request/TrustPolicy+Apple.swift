import VouchDER
import VouchPropertyList
import VouchX509

/// Apple's other policies (SECTRUST.md §18.2), each the row of options its `SecPolicyCreate…`
/// function writes in OSX/sec/Security/SecPolicy.c (apple-oss-distributions/Security), where
/// the code and its header or comments disagree, as the code has it.
extension TrustPolicy {
    /// The Apple marker and policy OIDs the policies below name.
    public enum AppleOID {
        /// 1.2.840.113635.100.5.6.1: the Mac App Store receipt signing certificate policy.
        public static let macAppStoreReceiptPolicy = OID.appleMacAppStoreReceiptPolicy
        /// 1.2.840.113635.100.6.11.1: the leaf marker of Mac App Store receipt (and StoreKit,
        /// App Store Server API) signing certificates.
        public static let macAppStoreReceiptLeaf = "1.2.840.113635.100.6.11.1"
        /// 1.2.840.113635.100.6.2.1: the marker of Apple Worldwide Developer Relations
        /// intermediates.
        public static let worldwideDeveloperRelationsIntermediate = "1.2.840.113635.100.6.2.1"
        /// 1.2.840.113635.100.6.1.16: the leaf marker of Wallet pass (Passbook) signing
        /// certificates, whose value names the card issuer.
        public static let passbookLeaf = "1.2.840.113635.100.6.1.16"
        /// 1.2.840.113635.100.4.14: the Wallet pass signing extended key usage.
        public static let passbookSigningEKU = OID.applePassbookSigning
        /// 1.2.840.113635.100.6.39: the Apple Pay issuer encryption leaf marker.
        public static let applePayIssuerEncryptionLeaf = "1.2.840.113635.100.6.39"
        /// 1.2.840.113635.100.4.7: the Apple ID validation leaf marker.
        public static let appleIDValidationLeaf = "1.2.840.113635.100.4.7"
        /// 1.2.840.113635.100.6.2.3 and .6.2.7: the Apple ID validation intermediate markers.
        public static let appleIDValidationIntermediates = ["1.2.840.113635.100.6.2.3", "1.2.840.113635.100.6.2.7"]
        /// 1.2.840.113635.100.6.29: the Apple Pay payment processing leaf marker.
        public static let applePayPaymentTokenLeaf = "1.2.840.113635.100.6.29"
        /// 1.2.840.113635.100.6.2.14: the Apple Pay payment processing intermediate marker.
        public static let applePayPaymentTokenIntermediate = "1.2.840.113635.100.6.2.14"
    }

    /// `SecPolicyCreateSSLWithKeyUsage(server, hostname, keyUsage)`: SSL, plus a leaf keyUsage
    /// that is absent or holds every usage of `keyUsage` (none: plain SSL).
    public static func ssl(server: Bool, hostname: String?, keyUsage: Set<KeyUsage.Usage>) -> TrustPolicy {
        var policy = ssl(server: server, hostname: hostname)
        if !keyUsage.isEmpty { policy.options.keyUsage = [.all(keyUsage), .absent] }
        return policy
    }

    /// `SecPolicyCreateSMIME(usage, email)`: BasicX509 (no validity with
    /// ``SMIMEUsage/ignoreExpiration``); the leaf keyUsage `usage` allows; `email` when given
    /// (SAN only for a system-rooted leaf from 2022-04-01); EKU absent or emailProtection (and
    /// present for such a leaf); 1,185 days at most for such a leaf; RSA 2048 / EC 256 and no
    /// SHA-1; revocation checked (macOS).
    public static func smime(_ usage: SMIMEUsage, email: String?) -> TrustPolicy {
        var options = usage.contains(.ignoreExpiration) ? TrustPolicyOptions() : .basicX509
        var keyUsage: [TrustPolicyOptions.KeyUsageRequirement] = []
        if usage.contains(.sign) { keyUsage += [.absent, .holding(.digitalSignature)] }
        if usage.contains(.keyEncrypt) { keyUsage.append(.holding(.keyEncipherment)) }
        if usage.contains(.dataEncrypt) { keyUsage.append(.holding(.dataEncipherment)) }
        if !usage.isDisjoint(with: [.keyExchangeDecrypt, .keyExchangeEncrypt, .keyExchangeBoth]) {
            keyUsage.append(.holding(.keyAgreement))
        }
        options.keyUsage = keyUsage.isEmpty ? nil : keyUsage
        options.email = email
        options.extendedKeyUsage = .init(purposes: [.emailProtection], allowsAbsent: true)
        options.emailProtectionEKU = true
        options.smimeValidityPeriod = true
        options.strongKeySize = true
        options.noWeakHash = true
        options.checksRevocation = true
        return TrustPolicy(.smime, options: options)
    }

    /// `SecPolicyCreateSMIME`'s usage bits (`kSec…SMIMEUsage`).
    public struct SMIMEUsage: OptionSet, Hashable, Sendable {
        /// The bits.
        public let rawValue: Int
        /// The usage of `rawValue`'s bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// `kSecSignSMIMEUsage` (1 << 0): a leaf without keyUsage, or with digitalSignature.
        public static let sign = SMIMEUsage(rawValue: 1 << 0)
        /// `kSecKeyEncryptSMIMEUsage` (1 << 1): keyEncipherment.
        public static let keyEncrypt = SMIMEUsage(rawValue: 1 << 1)
        /// `kSecDataEncryptSMIMEUsage` (1 << 2): dataEncipherment.
        public static let dataEncrypt = SMIMEUsage(rawValue: 1 << 2)
        /// `kSecKeyExchangeDecryptSMIMEUsage` (1 << 3): keyAgreement.
        public static let keyExchangeDecrypt = SMIMEUsage(rawValue: 1 << 3)
        /// `kSecKeyExchangeEncryptSMIMEUsage` (1 << 4): keyAgreement.
        public static let keyExchangeEncrypt = SMIMEUsage(rawValue: 1 << 4)
        /// `kSecKeyExchangeBothSMIMEUsage` (1 << 5): keyAgreement.
        public static let keyExchangeBoth = SMIMEUsage(rawValue: 1 << 5)
        /// `kSecIgnoreExpirationSMIMEUsage` (1 << 6): no TemporalValidity.
        public static let ignoreExpiration = SMIMEUsage(rawValue: 1 << 6)
        /// `kSecAnyEncryptSMIME`: every encryption usage.
        public static let anyEncrypt: SMIMEUsage = [.keyEncrypt, .dataEncrypt, .keyExchangeDecrypt, .keyExchangeEncrypt]
    }

    /// `SecPolicyCreateCodeSigning()`: BasicX509; a leaf keyUsage with digitalSignature or
    /// nonRepudiation (required, although Apple's comment says "if present"); EKU codeSigning
    /// required (macOS: anyExtendedKeyUsage does not do).
    public static let codeSigning: TrustPolicy = {
        var options = TrustPolicyOptions.basicX509
        options.keyUsage = [.holding(.digitalSignature), .holding(.contentCommitment)]
        options.extendedKeyUsage = .init(purposes: [.codeSigning], allowsAbsent: false)
        return TrustPolicy(.codeSigning, options: options)
    }()

    /// `SecPolicyCreateAppleTimeStamping()`: BasicX509; EKU timeStamping required.
    public static let timeStamping: TrustPolicy = {
        var options = TrustPolicyOptions.basicX509
        options.extendedKeyUsage = .init(purposes: [.timeStamping], allowsAbsent: false)
        return TrustPolicy(.timeStamping, options: options)
    }()

    /// `SecPolicyCreateEAP(server, trustedServerNames)`: BasicX509 without the network; the
    /// leaf's DNS names against `trustedServerNames` when given; SSL's EKUs; for a server, no weak
    /// hash or key below a system anchor.
    public static func eap(server: Bool, trustedServerNames: [String]?) -> TrustPolicy {
        var options = TrustPolicyOptions.basicX509
        options.noNetworkAccess = true
        options.eapTrustedServerNames = trustedServerNames
        if server {
            options.systemTrustedWeakHash = true
            options.systemTrustedWeakKey = true
        }
        options.extendedKeyUsage = sslExtendedKeyUsage(server: server)
        return TrustPolicy(server ? .eapServer : .eapClient, options: options)
    }

    /// `SecPolicyCreateIPSec(server, hostname)`: BasicX509 and the hostname when given; the EKU is
    /// not checked (Apple's Cisco compatibility, rdar://6843827).
    public static func ipsec(server: Bool, hostname: String?) -> TrustPolicy {
        var options = TrustPolicyOptions.basicX509
        options.hostname = hostname
        return TrustPolicy(server ? .ipsecServer : .ipsecClient, options: options)
    }

    /// `SecPolicyCreateOCSPSigner()`: BasicX509; EKU OCSPSigning required; keyUsage with
    /// digitalSignature required; the leaf not a CA.
    public static let ocspSigner: TrustPolicy = {
        var options = TrustPolicyOptions.basicX509
        options.extendedKeyUsage = .init(purposes: [.ocspSigning], allowsAbsent: false)
        options.keyUsage = [.holding(.digitalSignature)]
        options.notCA = true
        return TrustPolicy(.ocspSigner, options: options)
    }()

    /// `SecPolicyCreateMacAppStoreReceipt()` (`kSecPolicyMacAppStoreReceipt`), also the policy of
    /// StoreKit 2 and App Store Server API signed data: BasicX509; one of Apple's roots; three
    /// certificates; certificate policy 1.2.840.113635.100.5.6.1; a WWDR intermediate marker
    /// (1.2.840.113635.100.6.2.1); the receipt leaf marker (1.2.840.113635.100.6.11.1);
    /// revocation checked.
    public static let macAppStoreReceipt: TrustPolicy = {
        var options = TrustPolicyOptions.basicX509
        options.anchorApple = true
        options.chainLength = 3
        options.certificatePolicy = AppleOID.macAppStoreReceiptPolicy
        options.intermediateMarker = .extensionPresent(oid: AppleOID.worldwideDeveloperRelationsIntermediate)
        options.leafMarker = .extensionPresent(oid: AppleOID.macAppStoreReceiptLeaf)
        options.checksRevocation = true
        return TrustPolicy(.macAppStoreReceipt, options: options)
    }()

    /// `SecPolicyCreateApplePayIssuerEncryption()`: BasicCert only (no validity check); one of
    /// Apple's roots; three certificates; certificate 1 named "Apple Worldwide Developer
    /// Relations CA - G2"; the issuer-encryption leaf marker (1.2.840.113635.100.6.39); a leaf
    /// keyUsage with keyEncipherment (the comment also names keyAgreement, the code does not).
    public static let applePayIssuerEncryption: TrustPolicy = {
        var options = TrustPolicyOptions()
        options.anchorApple = true
        options.chainLength = 3
        options.issuerCommonName = "Apple Worldwide Developer Relations CA - G2"
        options.leafMarker = .extensionPresent(oid: AppleOID.applePayIssuerEncryptionLeaf)
        options.keyUsage = [.holding(.keyEncipherment)]
        return TrustPolicy(.applePayIssuerEncryption, options: options)
    }()

    /// `SecPolicyCreatePassbookCardSigner(cardIssuer, teamIdentifier)`
    /// (`kSecPolicyApplePassbookSigning`): BasicX509; one of Apple's roots; three certificates;
    /// the leaf's only organizational unit the team ID; the pass-signing leaf marker
    /// (1.2.840.113635.100.6.1.16) whose value is the card issuer; a WWDR intermediate marker;
    /// EKU 1.2.840.113635.100.4.14 required.
    public static func passbookSigning(cardIssuer: String, teamIdentifier: String) -> TrustPolicy {
        var options = TrustPolicyOptions.basicX509
        options.anchorApple = true
        options.chainLength = 3
        options.subjectOrganizationalUnit = teamIdentifier
        options.leafMarker = .extensionValues([AppleOID.passbookLeaf: .string(cardIssuer)])
        options.intermediateMarker = .extensionPresent(oid: AppleOID.worldwideDeveloperRelationsIntermediate)
        options.extendedKeyUsage = .init(purposes: [AppleOID.passbookSigningEKU], allowsAbsent: false)
        return TrustPolicy(.passbookSigning, options: options)
    }

    /// `SecPolicyCreateAppleIDAuthorityPolicy()` (`kSecPolicyAppleIDValidation`): BasicX509; one
    /// of Apple's roots; the Apple ID leaf marker (1.2.840.113635.100.4.7); an intermediate
    /// marker .6.2.3 or .6.2.7; no chain length, and no revocation (the header claims one).
    public static let appleIDValidation: TrustPolicy = {
        var options = TrustPolicyOptions.basicX509
        options.anchorApple = true
        options.leafMarker = .extensionPresent(oid: AppleOID.appleIDValidationLeaf)
        options.intermediateMarker = .anyOf(AppleOID.appleIDValidationIntermediates.map { .extensionPresent(oid: $0) })
        return TrustPolicy(.appleIDValidation, options: options)
    }()

    /// The chain rules Apple documents for Apple Pay payment tokens ("Payment token format
    /// reference", step 1 of verifying the signature): BasicX509; one of Apple's roots (Apple
    /// Root CA - G3 signs the chain); three certificates; the payment-processing leaf marker
    /// (1.2.840.113635.100.6.29) and intermediate marker (1.2.840.113635.100.6.2.14). Checking
    /// the CMS signature and its signing time is the caller's.
    public static let applePayPaymentToken: TrustPolicy = {
        var options = TrustPolicyOptions.basicX509
        options.anchorApple = true
        options.chainLength = 3
        options.leafMarker = .extensionPresent(oid: AppleOID.applePayPaymentTokenLeaf)
        options.intermediateMarker = .extensionPresent(oid: AppleOID.applePayPaymentTokenIntermediate)
        return TrustPolicy(.applePayPaymentToken, options: options)
    }()

    /// `set_ssl_ekus`: a server leaf's EKU absent or holding anyExtendedKeyUsage, serverAuth or
    /// one of the two Server Gated Crypto OIDs; a client's absent, anyExtendedKeyUsage or
    /// clientAuth.
    static func sslExtendedKeyUsage(server: Bool) -> TrustPolicyOptions.ExtendedKeyUsageRequirement {
        server
            ? .init(purposes: SSLChecks.serverPurposes, allowsAbsent: true)
            : .init(purposes: [.anyExtendedKeyUsage, .clientAuth], allowsAbsent: true)
    }
}
