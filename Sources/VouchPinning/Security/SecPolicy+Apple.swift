import VouchPropertyList
import VouchTrust
import VouchX509

// Apple's other policies (SECTRUST.md §18): the `SecPolicyCreate…` functions, the policy
// identifiers and property keys of `SecPolicyCreateWithProperties`, and the setters Apple's own
// tests use on a made policy.

/// `kSecPolicyAppleX509Basic`.
public let kSecPolicyAppleX509Basic = "1.2.840.113635.100.1.2"
/// `kSecPolicyAppleSSL`: SSL, server unless `kSecPolicyClient` is true.
public let kSecPolicyAppleSSL = "1.2.840.113635.100.1.3"
/// `kSecPolicyAppleSSLServer`.
public let kSecPolicyAppleSSLServer = "1.2.840.113635.100.1.3.1"
/// `kSecPolicyAppleSSLClient`.
public let kSecPolicyAppleSSLClient = "1.2.840.113635.100.1.3.2"
/// `kSecPolicyAppleSMIME`: S/MIME for signing and any encryption.
public let kSecPolicyAppleSMIME = "1.2.840.113635.100.1.8"
/// `kSecPolicyAppleEAP`: EAP, server unless `kSecPolicyClient` is true.
public let kSecPolicyAppleEAP = "1.2.840.113635.100.1.9"
/// `kSecPolicyAppleEAPServer`.
public let kSecPolicyAppleEAPServer = "1.2.840.113635.100.1.9.1"
/// `kSecPolicyAppleEAPClient`.
public let kSecPolicyAppleEAPClient = "1.2.840.113635.100.1.9.2"
/// `kSecPolicyAppleIPsec`: IPSec, server unless `kSecPolicyClient` is true.
public let kSecPolicyAppleIPsec = "1.2.840.113635.100.1.11"
/// `kSecPolicyAppleIPSecServer`.
public let kSecPolicyAppleIPSecServer = "1.2.840.113635.100.1.11.1"
/// `kSecPolicyAppleIPSecClient`.
public let kSecPolicyAppleIPSecClient = "1.2.840.113635.100.1.11.2"
/// `kSecPolicyApplePKINITClient`: Apple makes no policy for it (`NULL`).
public let kSecPolicyApplePKINITClient = "1.2.840.113635.100.1.14"
/// `kSecPolicyApplePKINITServer`: Apple makes no policy for it (`NULL`).
public let kSecPolicyApplePKINITServer = "1.2.840.113635.100.1.15"
/// `kSecPolicyAppleCodeSigning`.
public let kSecPolicyAppleCodeSigning = "1.2.840.113635.100.1.16"
/// `kSecPolicyAppleIDValidation` (the policy made carries `kSecPolicyAppleIDAuthority`, .61).
public let kSecPolicyAppleIDValidation = "1.2.840.113635.100.1.18"
/// `kSecPolicyMacAppStoreReceipt`.
public let kSecPolicyMacAppStoreReceipt = "1.2.840.113635.100.1.19"
/// `kSecPolicyAppleTimeStamping`.
public let kSecPolicyAppleTimeStamping = "1.2.840.113635.100.1.20"
/// `kSecPolicyAppleRevocation`: revocation with any available method.
public let kSecPolicyAppleRevocation = "1.2.840.113635.100.1.21"
/// `kSecPolicyApplePassbookSigning`: needs `kSecPolicyName` (the card issuer) and
/// `kSecPolicyTeamIdentifier`.
public let kSecPolicyApplePassbookSigning = "1.2.840.113635.100.1.22"
/// `kSecPolicyApplePayIssuerEncryption`.
public let kSecPolicyApplePayIssuerEncryption = "1.2.840.113635.100.1.39"
/// `kSecPolicyAppleOCSPSigner` (SecPolicyPriv.h).
public let kSecPolicyAppleOCSPSigner = "1.2.840.113635.100.1.66"
/// `kSecPolicyAppleiChat` (macOS): Apple makes no policy for it (`NULL`).
public let kSecPolicyAppleiChat = "1.2.840.113635.100.1.12"

/// `kSecPolicyName`: the SSL/IPSec hostname, the S/MIME address, EAP's trusted server names (a
/// string or an array), the Passbook card issuer.
public let kSecPolicyName = "SecPolicyName"
/// `kSecPolicyClient`: `true` makes the client variant of SSL, EAP and IPSec.
public let kSecPolicyClient = "SecPolicyClient"
/// `kSecPolicyTeamIdentifier`: the Passbook signer's team (the leaf's organizational unit).
public let kSecPolicyTeamIdentifier = "SecPolicyTeamIdentifier"
/// `kSecPolicyPolicyName`: renames the policy (pinning by name, trust-settings name matching).
public let kSecPolicyPolicyName = "SecPolicyPolicyName"
/// `kSecPolicyKU_DigitalSignature` (macOS: with any `kSecPolicyKU_…` true, the leaf's keyUsage
/// must hold one of the usages set true).
public let kSecPolicyKU_DigitalSignature = "CE_KU_DigitalSignature"
/// `kSecPolicyKU_NonRepudiation`.
public let kSecPolicyKU_NonRepudiation = "CE_KU_NonRepudiation"
/// `kSecPolicyKU_KeyEncipherment`.
public let kSecPolicyKU_KeyEncipherment = "CE_KU_KeyEncipherment"
/// `kSecPolicyKU_DataEncipherment`.
public let kSecPolicyKU_DataEncipherment = "CE_KU_DataEncipherment"
/// `kSecPolicyKU_KeyAgreement`.
public let kSecPolicyKU_KeyAgreement = "CE_KU_KeyAgreement"
/// `kSecPolicyKU_KeyCertSign`.
public let kSecPolicyKU_KeyCertSign = "CE_KU_KeyCertSign"
/// `kSecPolicyKU_CRLSign`.
public let kSecPolicyKU_CRLSign = "CE_KU_CRLSign"
/// `kSecPolicyKU_EncipherOnly`.
public let kSecPolicyKU_EncipherOnly = "CE_KU_EncipherOnly"
/// `kSecPolicyKU_DecipherOnly`.
public let kSecPolicyKU_DecipherOnly = "CE_KU_DecipherOnly"

/// `kSecSignSMIMEUsage` and its siblings, for ``SecPolicyCreateSMIME(_:_:)``.
public let kSecSignSMIMEUsage = TrustPolicy.SMIMEUsage.sign.rawValue
/// `kSecKeyEncryptSMIMEUsage`.
public let kSecKeyEncryptSMIMEUsage = TrustPolicy.SMIMEUsage.keyEncrypt.rawValue
/// `kSecDataEncryptSMIMEUsage`.
public let kSecDataEncryptSMIMEUsage = TrustPolicy.SMIMEUsage.dataEncrypt.rawValue
/// `kSecKeyExchangeDecryptSMIMEUsage`.
public let kSecKeyExchangeDecryptSMIMEUsage = TrustPolicy.SMIMEUsage.keyExchangeDecrypt.rawValue
/// `kSecKeyExchangeEncryptSMIMEUsage`.
public let kSecKeyExchangeEncryptSMIMEUsage = TrustPolicy.SMIMEUsage.keyExchangeEncrypt.rawValue
/// `kSecKeyExchangeBothSMIMEUsage`.
public let kSecKeyExchangeBothSMIMEUsage = TrustPolicy.SMIMEUsage.keyExchangeBoth.rawValue
/// `kSecIgnoreExpirationSMIMEUsage`.
public let kSecIgnoreExpirationSMIMEUsage = TrustPolicy.SMIMEUsage.ignoreExpiration.rawValue
/// `kSecAnyEncryptSMIME`.
public let kSecAnyEncryptSMIME = TrustPolicy.SMIMEUsage.anyEncrypt.rawValue

/// `kSecKeyUsageDigitalSignature` and its siblings (`SecKeyUsage` bits), for
/// ``SecPolicyCreateSSLWithKeyUsage(_:_:_:)``.
public let kSecKeyUsageDigitalSignature: UInt32 = 1 << 0
/// `kSecKeyUsageNonRepudiation`.
public let kSecKeyUsageNonRepudiation: UInt32 = 1 << 1
/// `kSecKeyUsageKeyEncipherment`.
public let kSecKeyUsageKeyEncipherment: UInt32 = 1 << 2
/// `kSecKeyUsageDataEncipherment`.
public let kSecKeyUsageDataEncipherment: UInt32 = 1 << 3
/// `kSecKeyUsageKeyAgreement`.
public let kSecKeyUsageKeyAgreement: UInt32 = 1 << 4
/// `kSecKeyUsageKeyCertSign`.
public let kSecKeyUsageKeyCertSign: UInt32 = 1 << 5
/// `kSecKeyUsageCRLSign`.
public let kSecKeyUsageCRLSign: UInt32 = 1 << 6
/// `kSecKeyUsageEncipherOnly`.
public let kSecKeyUsageEncipherOnly: UInt32 = 1 << 7
/// `kSecKeyUsageDecipherOnly`.
public let kSecKeyUsageDecipherOnly: UInt32 = 1 << 8

/// The usages of a `SecKeyUsage` mask (bit *n* is `KeyUsage.Usage` raw value *n*).
func keyUsages(_ mask: UInt32) -> Set<KeyUsage.Usage> {
    Set(KeyUsage.Usage.allCases.filter { mask & (1 << UInt32($0.rawValue)) != 0 })
}

/// `SecPolicyCreateSSLWithKeyUsage`: SSL, and a leaf keyUsage absent or holding every bit of
/// `keyUsage` (`kSecKeyUsage…` bits; 0 adds nothing).
public func SecPolicyCreateSSLWithKeyUsage(_ server: Bool, _ hostname: String?, _ keyUsage: UInt32) -> SecPolicy {
    SecPolicy(.ssl(server: server, hostname: hostname, keyUsage: keyUsages(keyUsage)))
}

/// `SecPolicyCreateSMIME`: S/MIME for `smimeUsage` (`kSec…SMIMEUsage` bits) and, when given,
/// the address `email` (`TrustPolicy.smime(_:email:)`).
public func SecPolicyCreateSMIME(_ smimeUsage: Int, _ email: String?) -> SecPolicy {
    SecPolicy(.smime(TrustPolicy.SMIMEUsage(rawValue: smimeUsage), email: email))
}

/// `SecPolicyCreateCodeSigning` (`TrustPolicy.codeSigning`).
public func SecPolicyCreateCodeSigning() -> SecPolicy { SecPolicy(.codeSigning) }

/// `SecPolicyCreateAppleTimeStamping` (`TrustPolicy.timeStamping`).
public func SecPolicyCreateAppleTimeStamping() -> SecPolicy { SecPolicy(.timeStamping) }

/// `SecPolicyCreateEAP`: EAP for a server or a client, with the server names the leaf must match
/// when given (`TrustPolicy.eap(server:trustedServerNames:)`).
public func SecPolicyCreateEAP(_ server: Bool, _ trustedServerNames: [String]?) -> SecPolicy {
    SecPolicy(.eap(server: server, trustedServerNames: trustedServerNames))
}

/// `SecPolicyCreateIPSec` (`TrustPolicy.ipsec(server:hostname:)`).
public func SecPolicyCreateIPSec(_ server: Bool, _ hostname: String?) -> SecPolicy {
    SecPolicy(.ipsec(server: server, hostname: hostname))
}

/// `SecPolicyCreateOCSPSigner` (`TrustPolicy.ocspSigner`).
public func SecPolicyCreateOCSPSigner() -> SecPolicy { SecPolicy(.ocspSigner) }

/// `SecPolicyCreateMacAppStoreReceipt` (`TrustPolicy.macAppStoreReceipt`): also the policy of
/// StoreKit 2 and App Store Server API signed data.
public func SecPolicyCreateMacAppStoreReceipt() -> SecPolicy { SecPolicy(.macAppStoreReceipt) }

/// `SecPolicyCreatePassbookCardSigner` (`TrustPolicy.passbookSigning(cardIssuer:teamIdentifier:)`).
public func SecPolicyCreatePassbookCardSigner(_ cardIssuer: String, _ teamIdentifier: String) -> SecPolicy {
    SecPolicy(.passbookSigning(cardIssuer: cardIssuer, teamIdentifier: teamIdentifier))
}

/// `SecPolicyCreateApplePayIssuerEncryption` (`TrustPolicy.applePayIssuerEncryption`).
public func SecPolicyCreateApplePayIssuerEncryption() -> SecPolicy { SecPolicy(.applePayIssuerEncryption) }

/// `SecPolicyCreateAppleIDAuthorityPolicy` (`TrustPolicy.appleIDValidation`).
public func SecPolicyCreateAppleIDAuthorityPolicy() -> SecPolicy { SecPolicy(.appleIDValidation) }

/// `SecPolicyCreateWithProperties` (SECTRUST.md §18.3): the policy `identifier` names, with the
/// hostname, address or names of `kSecPolicyName`, the client side of `kSecPolicyClient`, the
/// name of `kSecPolicyPolicyName` and (macOS) the `kSecPolicyKU_…` usages. `nil` where Apple
/// returns NULL: an identifier Apple does not create this way (iChat, PKINIT, unknown ones), a
/// `kSecPolicyName` that is not a string (EAP: or an array of strings), a Passbook policy
/// without a name or team, a `kSecPolicyPolicyName` that is not a string (ignored by Apple's
/// code only when absent).
public func SecPolicyCreateWithProperties(_ identifier: String, _ properties: [String: PropertyList]?) -> SecPolicy? {
    let properties = properties ?? [:]
    let name = properties[kSecPolicyName]
    let isEAP = [kSecPolicyAppleEAP, kSecPolicyAppleEAPServer, kSecPolicyAppleEAPClient].contains(identifier)
    if let name, name.stringValue == nil && !isEAP { return nil }
    let text = name?.stringValue
    var client = properties[kSecPolicyClient] == .boolean(true)
    if [kSecPolicyAppleSSLClient, kSecPolicyAppleEAPClient, kSecPolicyAppleIPSecClient].contains(identifier) { client = true }
    if [kSecPolicyAppleSSLServer, kSecPolicyAppleEAPServer, kSecPolicyAppleIPSecServer].contains(identifier) { client = false }

    var policy: TrustPolicy
    switch identifier {
    case kSecPolicyAppleX509Basic: policy = .basicX509
    case kSecPolicyAppleSSL, kSecPolicyAppleSSLServer, kSecPolicyAppleSSLClient: policy = .ssl(server: !client, hostname: text)
    case kSecPolicyAppleSMIME: policy = .smime([.sign, .anyEncrypt], email: text)
    case kSecPolicyAppleEAP, kSecPolicyAppleEAPServer, kSecPolicyAppleEAPClient:
        var names: [String]? = text.map { [$0] }
        if let elements = name?.arrayValue {
            let strings = elements.compactMap(\.stringValue)
            names = strings.count == elements.count ? strings : nil
        }
        policy = .eap(server: !client, trustedServerNames: names)
    case kSecPolicyAppleIPsec, kSecPolicyAppleIPSecServer, kSecPolicyAppleIPSecClient: policy = .ipsec(server: !client, hostname: text)
    case kSecPolicyAppleCodeSigning: policy = .codeSigning
    case kSecPolicyAppleIDValidation: policy = .appleIDValidation
    case kSecPolicyMacAppStoreReceipt: policy = .macAppStoreReceipt
    case kSecPolicyAppleTimeStamping: policy = .timeStamping
    case kSecPolicyAppleRevocation: policy = .revocation(.useAnyAvailableMethod)
    case kSecPolicyApplePassbookSigning:
        guard let text, let team = properties[kSecPolicyTeamIdentifier]?.stringValue else { return nil }
        policy = .passbookSigning(cardIssuer: text, teamIdentifier: team)
    case kSecPolicyApplePayIssuerEncryption: policy = .applePayIssuerEncryption
    case kSecPolicyAppleOCSPSigner: policy = .ocspSigner
    default: return nil
    }
    // set_ku_from_properties (macOS): one entry per usage set true; any one suffices.
    let usageKeys: [(String, KeyUsage.Usage)] = [
        (kSecPolicyKU_DigitalSignature, .digitalSignature), (kSecPolicyKU_NonRepudiation, .contentCommitment),
        (kSecPolicyKU_KeyEncipherment, .keyEncipherment), (kSecPolicyKU_DataEncipherment, .dataEncipherment),
        (kSecPolicyKU_KeyAgreement, .keyAgreement), (kSecPolicyKU_KeyCertSign, .keyCertSign), (kSecPolicyKU_CRLSign, .cRLSign),
        (kSecPolicyKU_EncipherOnly, .encipherOnly), (kSecPolicyKU_DecipherOnly, .decipherOnly),
    ]
    let usages = usageKeys.filter { properties[$0.0] == .boolean(true) }.map { TrustPolicyOptions.KeyUsageRequirement.holding($0.1) }
    if !usages.isEmpty { policy.options.keyUsage = usages }
    if let renamed = properties[kSecPolicyPolicyName] {
        guard let renamed = renamed.stringValue else { return nil }
        policy.name = renamed
    }
    return SecPolicy(policy)
}

/// `SecPolicySetSHA256Pins` (SECTRUST.md §18.3 item 2): replaces the leaf pins
/// (`LeafSPKISHA256`: the SHA-256 of the leaf's SubjectPublicKeyInfo must be listed) and the CA
/// pins (`CAspkiSHA256`: some certificate above the leaf, anchor included, must have a listed
/// one); `nil` removes them, an empty list admits nothing. Failures are
/// errSSLATSCertificateTrustViolation (−9886). Trusts made with the policy afterwards see the pins.
public func SecPolicySetSHA256Pins(_ policy: SecPolicy, _ leafSPKISHA256: [[UInt8]]?, _ caSPKISHA256: [[UInt8]]?) {
    policy.update {
        $0.options.leafSPKISHA256 = leafSPKISHA256
        $0.options.caSPKISHA256 = caSPKISHA256
    }
}

/// `SecPolicySetOptionsValue` for the option keys Vouch models (SECTRUST.md §18.3):
/// `PinningRequired`, `CTRequired` and `NonTlsCTRequired` (Booleans), `LeafSPKISHA256` and `CAspkiSHA256` (arrays of data),
/// `SSLHostname` (a string). Returns whether the key was applied; Apple's function returns
/// nothing and stores any key, and trustd skips the ones it has no check for.
@discardableResult
public func SecPolicySetOptionsValue(_ policy: SecPolicy, _ key: String, _ value: PropertyList) -> Bool {
    func digests(_ value: PropertyList) -> [[UInt8]]? {
        guard let elements = value.arrayValue else { return nil }
        let data = elements.compactMap(\.dataValue)
        return data.count == elements.count ? data : nil
    }
    switch (key, value) {
    case ("PinningRequired", .boolean(let required)):
        policy.update { $0.options.pinningRequired = required }
    case ("CTRequired", .boolean(let required)):
        policy.update { $0.options.ctRequired = required }
    case ("NonTlsCTRequired", .boolean(let required)):
        policy.update { $0.options.nonTlsCTRequired = required }
    case ("LeafSPKISHA256", _):
        guard let pins = digests(value) else { return false }
        policy.update { $0.options.leafSPKISHA256 = pins }
    case ("CAspkiSHA256", _):
        guard let pins = digests(value) else { return false }
        policy.update { $0.options.caSPKISHA256 = pins }
    case ("SSLHostname", .string(let hostname)):
        policy.update { $0.options.hostname = hostname }
    default:
        return false
    }
    return true
}
