/// A check of Apple's trust evaluation: its name (the key of SecTrust's details), the result
/// class a failure carries, the OSStatus it reports, and the subtype that ranks it (SECTRUST.md §4, §9).
public enum TrustCheck: String, Sendable, CaseIterable, Codable {
    // Forced structural checks (§4.2)
    case missingIntermediate = "MissingIntermediate"
    case anchorTrusted = "AnchorTrusted"
    case basicConstraints = "BasicConstraints"
    case basicConstraintsCA = "BasicConstraintsCA"
    case keyUsage = "KeyUsage"
    case basicConstraintsPathLen = "BasicConstraintsPathLen"
    case criticalExtensions = "CriticalExtensions"
    case nameConstraints = "NameConstraints"
    case policyConstraints = "PolicyConstraints"
    // BasicX509 (§4.3)
    case temporalValidity = "TemporalValidity"
    case weakKeySize = "WeakKeySize"
    case weakSignature = "WeakSignature"
    case idLinkage = "IdLinkage"
    case nonEmptySubject = "NonEmptySubject"
    case unparseableExtension = "UnparseableExtension"
    case duplicateExtension = "DuplicateExtension"
    // SSL (§4.4)
    case sslHostname = "SSLHostname"
    case extendedKeyUsage = "ExtendedKeyUsage"
    case serverAuthEKU = "ServerAuthEKU"
    case keySize = "KeySize"
    case signatureHashAlgorithms = "SignatureHashAlgorithms"
    case otherTrustValidityPeriod = "OtherTrustValidityPeriod"
    case systemTrustValidityPeriod = "SystemTrustValidityPeriod"
    // Revocation from the caller's CRLs (SecPolicyChecks.list: Revocation F/V, RevocationResponseRequired R/P)
    case revocation = "Revocation"
    case revocationResponseRequired = "RevocationResponseRequired"
    // Vouch's own: the path search ran out of budget (STYLE.md §5.5); fatal, stops the search.
    case pathBuildingBudget = "PathBuildingBudget"
    // The strict profile's rules (ValidationProfile); never failed under Apple's.
    case keyIdentifiers = "KeyIdentifiers"
    case extensionCriticality = "ExtensionCriticality"
    case certificateProfile = "CertificateProfile"
    case serialNumber = "SerialNumber"
    case commonName = "CommonName"
    case dnsNameSyntax = "DNSNameSyntax"
    case rsaModulusLength = "RSAModulusLength"

    /// How a failure of the check weighs on the result (§4.1).
    public enum ResultClass: Sendable { case recoverable, fatal }

    /// The error families of §9, highest priority first.
    public enum Subtype: Int, Sendable, Comparable {
        case blocked = 0, revoked, keySize, weakHash, denied, compliance, pinning, trust, usage, name, expired
        public static func < (lhs: Subtype, rhs: Subtype) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The class of a failure.
    public var resultClass: ResultClass {
        switch self {
        case .weakKeySize, .weakSignature, .revocation, .pathBuildingBudget: return .fatal
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
        case .revocation: return .certificateRevoked
        case .revocationResponseRequired: return .incompleteCertRevocationCheck
        case .pathBuildingBudget: return .internalError
        case .keyIdentifiers: return .invalidIDLinkage
        case .extensionCriticality: return .unknownCriticalExtensionFlag
        case .certificateProfile: return .invalidKeyUsageForPolicy
        case .serialNumber: return .notTrusted
        case .commonName, .dnsNameSyntax: return .hostNameMismatch
        case .rsaModulusLength: return .unsupportedKeySize
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

    public init(index: Int, check: TrustCheck) {
        self.index = index
        self.check = check
    }

    public var description: String { "\(check.rawValue)@\(index)" }
}
