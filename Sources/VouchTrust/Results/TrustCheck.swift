/// A check of Apple's trust evaluation: its name (the key of SecTrust's details), the result
/// class a failure carries, the OSStatus it reports, and the subtype that ranks it (SECTRUST.md §4, §9).
public enum TrustCheck: String, Sendable, CaseIterable, Codable {
    // Forced structural checks (§4.2)
    /// The path is not anchored and its top is not self-signed: an issuer is missing (§4.2).
    case missingIntermediate = "MissingIntermediate"
    /// The path is not anchored and its top is self-signed: a root nobody trusts (§4.2).
    case anchorTrusted = "AnchorTrusted"
    /// A v3 certificate in a CA slot has no basicConstraints (§4.2).
    case basicConstraints = "BasicConstraints"
    /// A certificate in a CA slot has basicConstraints with cA FALSE (§4.2).
    case basicConstraintsCA = "BasicConstraintsCA"
    /// A certificate in a CA slot has a keyUsage without keyCertSign (§4.2).
    case keyUsage = "KeyUsage"
    /// A pathLenConstraint above is exceeded (RFC 5280 §4.2.1.9; §4.2).
    case basicConstraintsPathLen = "BasicConstraintsPathLen"
    /// A certificate other than a trusted anchor has a critical extension Apple does not know (§4.2).
    case criticalExtensions = "CriticalExtensions"
    /// A name is outside the permitted or inside the excluded subtrees of a CA above (RFC 5280 §4.2.1.10).
    case nameConstraints = "NameConstraints"
    /// The RFC 5280 §6.1 policy tree is empty where an explicit policy is required.
    case policyConstraints = "PolicyConstraints"
    // BasicX509 (§4.3)
    /// The verify date is outside a certificate's validity, anchor included (§4.3, §6).
    case temporalValidity = "TemporalValidity"
    /// A key below RSA-1024 or EC-160 bits, or one Apple cannot make: fatal (§4.3).
    case weakKeySize = "WeakKeySize"
    /// A certificate (other than self-signed) is signed with MD2, MD4 or MD5: fatal (§4.3).
    case weakSignature = "WeakSignature"
    /// A child's authorityKeyIdentifier differs from its issuer's subjectKeyIdentifier (§4.3).
    case idLinkage = "IdLinkage"
    /// An empty subject on a CA, or on a leaf without a critical subjectAltName (§4.3).
    case nonEmptySubject = "NonEmptySubject"
    /// A known, non-critical extension does not parse (§4.3).
    case unparseableExtension = "UnparseableExtension"
    /// An extension OID appears twice in one certificate (§4.3).
    case duplicateExtension = "DuplicateExtension"
    // SSL (§4.4)
    /// The SSL policy's hostname matches no subjectAltName of the leaf (§4.4, §5).
    case sslHostname = "SSLHostname"
    /// An extKeyUsage of the leaf or an intermediate allows none of the purposes the policy accepts (§4.4).
    case extendedKeyUsage = "ExtendedKeyUsage"
    /// A leaf issued after 2019-06-30T23:00Z lacks EKU serverAuth (Apple's iOS 13 rule, §4.4).
    case serverAuthEKU = "ServerAuthEKU"
    /// The SSL server policy's minimum: RSA-2048, EC-256, no EdDSA (§4.4).
    case keySize = "KeySize"
    /// The SSL server policy's ban on SHA-1 (and weaker) signatures, self-signed certificates excepted (§4.4).
    case signatureHashAlgorithms = "SignatureHashAlgorithms"
    /// A leaf issued after 2019-06-30T23:00Z is valid for more than 825 days and an hour (§4.4).
    case otherTrustValidityPeriod = "OtherTrustValidityPeriod"
    /// A system-rooted leaf exceeds Apple's 825- or 398-day maximum for its issuance date (§4.4).
    case systemTrustValidityPeriod = "SystemTrustValidityPeriod"
    // Certificate Transparency (SecPolicyChecks.list: SystemTrustedCTRequired R/C, errSecVerifyActionFailed)
    /// A system-rooted SSL server leaf issued from 2018-10-16 is not CT-qualified under the log
    /// list the caller supplied (``Trust/setTrustedLogs(_:)``); never failed without a log list.
    case systemTrustedCTRequired = "SystemTrustedCTRequired"
    // Revocation from the caller's CRLs (SecPolicyChecks.list: Revocation F/V, RevocationResponseRequired R/P)
    /// A certificate is revoked by a CRL the caller supplied: fatal.
    case revocation = "Revocation"
    /// A positive revocation answer was required and none could be had.
    case revocationResponseRequired = "RevocationResponseRequired"
    // Apple's pinning database (SECTRUST.md §17.5): the options its rules add to an SSL policy,
    // in SecPolicyChecks.list order; each R, subtype P (pinning), with that list's OSStatus.
    /// Pinning: the leaf's subject does not name exactly one organization, the rule's
    /// (`SecPolicyCheckSubjectOrganization`; errSecInvalidSubjectName).
    case subjectOrganization = "SubjectOrganization"
    /// Pinning: the leaf lacks the rule's marker extension (`SecPolicyCheckLeafMarkerOid`;
    /// errSecMissingRequiredExtension).
    case leafMarkerOid = "LeafMarkerOid"
    /// Pinning: the leaf lacks the rule's production marker (`SecPolicyCheckLeafMarkersProdAndQA`;
    /// errSecMissingRequiredExtension).
    case leafMarkersProdAndQA = "LeafMarkersProdAndQA"
    /// Pinning: no intermediate carries the rule's marker extension
    /// (`SecPolicyCheckIntermediateMarkerOid`; errSecMissingRequiredExtension).
    case intermediateMarkerOid = "IntermediateMarkerOid"
    /// Pinning: an intermediate's subject does not name exactly one organization, the rule's
    /// (`SecPolicyCheckIntermediateOrganization`; errSecInvalidSubjectName).
    case intermediateOrganization = "IntermediateOrganization"
    /// Pinning: an intermediate's subject does not name exactly one country, the rule's
    /// (`SecPolicyCheckIntermediateCountry`; errSecInvalidSubjectName).
    case intermediateCountry = "IntermediateCountry"
    /// Pinning: the SHA-256 of the path's top certificate is not among the rule's
    /// (`SecPolicyCheckAnchorSHA256`; errSecInvalidRoot).
    case anchorSHA256 = "AnchorSHA256"
    /// Pinning: the path's top certificate is not one of Apple's roots (`SecPolicyCheckAnchorApple`,
    /// `SecIsAppleTrustAnchor`; errSecInvalidRoot).
    case anchorApple = "AnchorApple"
    /// Pinning: no certificate of the path asserts the rule's certificate policy
    /// (`SecPolicyCheckCertificatePolicy`; errSecInvalidPolicyIdentifiers).
    case certificatePolicy = "CertificatePolicy"
    /// Pinning: the path does not have the rule's number of certificates
    /// (`SecPolicyCheckChainLength`; errSecPathLengthConstraintExceeded).
    case chainLength = "ChainLength"
    // The options of Apple's other policies (SECTRUST.md §18.1), in SecPolicyChecks.list's terms.
    /// S/MIME: the leaf does not carry the policy's email address (`SecPolicyCheckEmail`;
    /// errSecSMIMEEmailAddressesNotFound).
    case email = "Email"
    /// EAP: no DNS name of the leaf matches the trusted server names
    /// (`SecPolicyCheckEAPTrustedServerNames`; errSecHostNameMismatch).
    case eapTrustedServerNames = "EAPTrustedServerNames"
    /// Certificate 1 does not have exactly one commonName, the policy's
    /// (`SecPolicyCheckIssuerCommonName`; errSecInvalidSubjectName).
    case issuerCommonName = "IssuerCommonName"
    /// The leaf does not have exactly one organizationalUnitName, the policy's
    /// (`SecPolicyCheckSubjectOrganizationalUnit`; errSecInvalidSubjectName).
    case subjectOrganizationalUnit = "SubjectOrganizationalUnit"
    /// The leaf is a CA where the policy wants an end entity (`SecPolicyCheckNotCA`;
    /// errSecCertificateIsCA).
    case notCA = "NotCA"
    /// S/MIME: a system-rooted leaf issued from 2022-04-01 lacks EKU emailProtection
    /// (`SecPolicyCheckEmailProtectionEKU`; errSecInvalidExtendedKeyUsage).
    case emailProtectionEKU = "EmailProtectionEKU"
    /// EAP server: a certificate below a system anchor is signed with MD2/MD4/MD5/SHA-1
    /// (`SecPolicyCheckSystemTrustedWeakHash`; errSecInvalidDigestAlgorithm).
    case systemTrustedWeakHash = "SystemTrustedWeakHash"
    /// EAP server: a certificate below a system anchor has an RSA key under 2048 bits or an EC
    /// key under 224 (`SecPolicyCheckSystemTrustedWeakKey`; errSecUnsupportedKeySize).
    case systemTrustedWeakKey = "SystemTrustedWeakKey"
    /// The leaf's SubjectPublicKeyInfo SHA-256 is not among the policy's leaf pins
    /// (`SecPolicyCheckLeafSPKISHA256`, `SecPolicySetSHA256Pins`; errSSLATSCertificateTrustViolation).
    case leafSPKISHA256 = "LeafSPKISHA256"
    /// No certificate above the leaf has a SubjectPublicKeyInfo SHA-256 among the policy's CA
    /// pins (`SecPolicyCheckCAspkiSHA256`; errSSLATSCertificateTrustViolation).
    case caSPKISHA256 = "CAspkiSHA256"
    /// An SSL server policy requires pinning and no pinning rule applied
    /// (`SecPolicyCheckPinningRequired`; errSecInvalidRoot).
    case pinningRequired = "PinningRequired"
    /// A policy requires CT (`CTRequired`, SecPVCCheckRequireCTConstraints) and the path is not
    /// CT-qualified under the trust's log list (errSecNotTrusted).
    case ctRequired = "CTRequired"
    /// A policy requires non-TLS CT (`NonTlsCTRequired`, `SecPolicyCheckNonTlsCT`) and the path is
    /// not CT-qualified under the caller's log list (errSecVerifyActionFailed).
    case nonTlsCTRequired = "NonTlsCTRequired"
    // Vouch's own: the path search ran out of budget (STYLE.md §5.5); fatal, stops the search.
    /// Vouch's own: the path search exhausted ``TrustLimits`` before any path was accepted; fatal.
    case pathBuildingBudget = "PathBuildingBudget"
    // The strict profile's rules (ValidationProfile); never failed under Apple's.
    /// Strict profile: a required authority or subject key identifier is missing (RFC 5280 §4.2.1.1, §4.2.1.2).
    case keyIdentifiers = "KeyIdentifiers"
    /// Strict profile: an extension's criticality breaks RFC 5280 §4.2.
    case extensionCriticality = "ExtensionCriticality"
    /// Strict profile: a field breaks the RFC 5280 or CA/Browser Forum certificate profile.
    case certificateProfile = "CertificateProfile"
    /// Strict profile: a serial number that is not positive or longer than 20 octets (RFC 5280 §4.1.2.2).
    case serialNumber = "SerialNumber"
    /// Strict profile: a commonName that is not among the subjectAltName dNSNames, or is badly encoded.
    case commonName = "CommonName"
    /// Strict profile: a dNSName that is not in the preferred name syntax (RFC 5280 §4.2.1.6).
    case dnsNameSyntax = "DNSNameSyntax"
    /// Strict profile: an RSA modulus that is not a whole number of octets long.
    case rsaModulusLength = "RSAModulusLength"
    // Trust settings (SECTRUST.md §15.3.5)
    /// A trust setting that matches the evaluation denies a certificate of the chain: **Deny**,
    /// `errSecTrustSettingDeny`; never allowed nor excepted.
    case usageConstraints = "UsageConstraints"

    /// How a failure of the check weighs on the result (§4.1, §15.3.8): fatal over deny over
    /// recoverable.
    public enum ResultClass: Sendable {
        /// Not trusted, but a user (allowed errors, exceptions) may accept it.
        case recoverable
        /// Denied by a trust setting.
        case deny
        /// Not trusted, whatever anyone says.
        case fatal
    }

    /// The error families of §9, highest priority first.
    public enum Subtype: Int, Sendable, Comparable {
        case blocked = 0, revoked, keySize, weakHash, denied, compliance, pinning, trust, usage, name, expired
        /// Whether `lhs` ranks above `rhs` (a lower raw value is a higher priority).
        public static func < (lhs: Subtype, rhs: Subtype) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The class of a failure.
    public var resultClass: ResultClass {
        switch self {
        case .weakKeySize, .weakSignature, .revocation, .pathBuildingBudget: return .fatal
        case .usageConstraints: return .deny
        default: return .recoverable
        }
    }

    /// The OSStatus `SecTrustEvaluateWithError` reports when this check decides the error.
    public var status: TrustStatus {
        switch self {
        case .missingIntermediate: return .createChainFailed
        case .anchorTrusted: return .notTrusted
        case .basicConstraints: return .noBasicConstraints
        case .basicConstraintsCA: return .noBasicConstraintsCA
        case .keyUsage: return .invalidKeyUsageForPolicy
        case .basicConstraintsPathLen: return .pathLengthConstraintExceeded
        case .criticalExtensions: return .unknownCriticalExtensionFlag
        case .nameConstraints: return .invalidName
        case .policyConstraints: return .invalidPolicyIdentifiers
        case .temporalValidity: return .certificateExpired
        case .weakKeySize, .keySize: return .unsupportedKeySize
        case .weakSignature, .signatureHashAlgorithms: return .invalidDigestAlgorithm
        case .idLinkage: return .invalidIDLinkage
        case .nonEmptySubject: return .invalidSubjectName
        case .unparseableExtension: return .unknownCertExtension
        case .duplicateExtension: return .certificateDuplicateExtension
        case .sslHostname: return .hostNameMismatch
        case .extendedKeyUsage, .serverAuthEKU: return .invalidExtendedKeyUsage
        case .otherTrustValidityPeriod, .systemTrustValidityPeriod: return .certificateValidityPeriodTooLong
        case .systemTrustedCTRequired: return .verifyActionFailed
        case .revocation: return .certificateRevoked
        case .revocationResponseRequired: return .incompleteCertRevocationCheck
        case .pathBuildingBudget: return .internalError
        case .keyIdentifiers: return .invalidIDLinkage
        case .extensionCriticality: return .unknownCriticalExtensionFlag
        case .certificateProfile: return .invalidKeyUsageForPolicy
        case .serialNumber: return .notTrusted
        case .commonName, .dnsNameSyntax: return .hostNameMismatch
        case .rsaModulusLength: return .unsupportedKeySize
        case .usageConstraints: return .trustSettingDeny
        case .subjectOrganization, .intermediateOrganization, .intermediateCountry: return .invalidSubjectName
        case .leafMarkerOid, .leafMarkersProdAndQA, .intermediateMarkerOid: return .missingRequiredExtension
        case .anchorSHA256, .anchorApple: return .invalidRoot
        case .certificatePolicy: return .invalidPolicyIdentifiers
        case .chainLength: return .pathLengthConstraintExceeded
        case .email: return .smimeEmailAddressesNotFound
        case .eapTrustedServerNames: return .hostNameMismatch
        case .issuerCommonName, .subjectOrganizationalUnit: return .invalidSubjectName
        case .notCA: return .certificateIsCA
        case .emailProtectionEKU: return .invalidExtendedKeyUsage
        case .systemTrustedWeakHash: return .invalidDigestAlgorithm
        case .systemTrustedWeakKey: return .unsupportedKeySize
        case .leafSPKISHA256, .caSPKISHA256: return .atsCertificateTrustViolation
        case .pinningRequired: return .invalidRoot
        case .ctRequired: return .notTrusted
        case .nonTlsCTRequired: return .verifyActionFailed
        }
    }

    /// The family that ranks this check's failure against others (§9).
    public var subtype: Subtype {
        switch self {
        case .weakKeySize, .keySize, .rsaModulusLength: return .keySize
        case .weakSignature, .signatureHashAlgorithms: return .weakHash
        case .missingIntermediate, .anchorTrusted, .pathBuildingBudget: return .trust
        case .keyUsage, .extendedKeyUsage, .serverAuthEKU: return .usage
        case .sslHostname, .commonName, .dnsNameSyntax: return .name
        case .certificateProfile: return .usage
        case .temporalValidity: return .expired
        case .revocation: return .revoked
        case .revocationResponseRequired: return .pinning
        case .subjectOrganization, .leafMarkerOid, .leafMarkersProdAndQA, .intermediateMarkerOid, .intermediateOrganization,
            .intermediateCountry, .anchorSHA256, .anchorApple, .certificatePolicy, .chainLength, .issuerCommonName,
            .subjectOrganizationalUnit, .leafSPKISHA256, .caSPKISHA256, .pinningRequired:
            return .pinning
        case .email, .eapTrustedServerNames: return .name
        case .emailProtectionEKU: return .usage
        case .systemTrustedWeakHash: return .weakHash
        case .systemTrustedWeakKey: return .keySize
        case .ctRequired, .nonTlsCTRequired: return .trust
        case .usageConstraints: return .denied
        default: return .compliance
        }
    }
}

/// One failed check on one certificate of the built chain.
public struct TrustFailure: Hashable, Sendable, CustomStringConvertible {
    /// The certificate's index in the built chain (0 is the leaf).
    public let index: Int
    /// The check that failed.
    public let check: TrustCheck

    /// A failure of `check` on the certificate at `index` of the built chain.
    public init(index: Int, check: TrustCheck) {
        self.index = index
        self.check = check
    }

    /// `Check@index`, e.g. `SSLHostname@0`.
    public var description: String { "\(check.rawValue)@\(index)" }
}

extension TrustCheck {
    /// Each check's place in a fixed order (the order of declaration), so that failures listed by
    /// chain index come out the same every time, and ties between equally ranked failures break
    /// the same way (``TrustEvaluation/decidingFailure``).
    static let order: [TrustCheck: Int] = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })
}
