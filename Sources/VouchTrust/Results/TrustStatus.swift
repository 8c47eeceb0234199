/// An OSStatus of Apple's Security framework, with its symbolic name (SecBase.h).
public struct TrustStatus: Hashable, Sendable, CustomStringConvertible {
    /// The numeric code, e.g. −67602.
    public let code: Int32
    /// The symbolic name, e.g. `errSecHostNameMismatch`.
    public let name: String

    /// A status with its numeric code and symbolic name.
    public init(code: Int32, name: String) {
        self.code = code
        self.name = name
    }

    /// `name (code)`, e.g. `errSecHostNameMismatch (-67602)`.
    public var description: String { "\(name) (\(code))" }

    /// `errSecSuccess` (0).
    public static let success = TrustStatus(code: 0, name: "errSecSuccess")
    /// `errSecParam` (-50).
    public static let param = TrustStatus(code: -50, name: "errSecParam")
    /// `errSecCreateChainFailed` (-25318).
    public static let createChainFailed = TrustStatus(code: -25318, name: "errSecCreateChainFailed")
    /// `errSecNotTrusted` (-67843).
    public static let notTrusted = TrustStatus(code: -67843, name: "errSecNotTrusted")
    /// `errSecNoBasicConstraints` (-67604).
    public static let noBasicConstraints = TrustStatus(code: -67604, name: "errSecNoBasicConstraints")
    /// `errSecNoBasicConstraintsCA` (-67605).
    public static let noBasicConstraintsCA = TrustStatus(code: -67605, name: "errSecNoBasicConstraintsCA")
    /// `errSecInvalidKeyUsageForPolicy` (-67608).
    public static let invalidKeyUsageForPolicy = TrustStatus(code: -67608, name: "errSecInvalidKeyUsageForPolicy")
    /// `errSecPathLengthConstraintExceeded` (-67611).
    public static let pathLengthConstraintExceeded = TrustStatus(code: -67611, name: "errSecPathLengthConstraintExceeded")
    /// `errSecUnknownCriticalExtensionFlag` (-67603).
    public static let unknownCriticalExtensionFlag = TrustStatus(code: -67603, name: "errSecUnknownCriticalExtensionFlag")
    /// `errSecInvalidName` (-67689).
    public static let invalidName = TrustStatus(code: -67689, name: "errSecInvalidName")
    /// `errSecInvalidPolicyIdentifiers` (-67835).
    public static let invalidPolicyIdentifiers = TrustStatus(code: -67835, name: "errSecInvalidPolicyIdentifiers")
    /// `errSecCertificateExpired` (-67818).
    public static let certificateExpired = TrustStatus(code: -67818, name: "errSecCertificateExpired")
    /// `errSecUnsupportedKeySize` (-67735).
    public static let unsupportedKeySize = TrustStatus(code: -67735, name: "errSecUnsupportedKeySize")
    /// `errSecInvalidDigestAlgorithm` (-67815).
    public static let invalidDigestAlgorithm = TrustStatus(code: -67815, name: "errSecInvalidDigestAlgorithm")
    /// `errSecInvalidIDLinkage` (-67610).
    public static let invalidIDLinkage = TrustStatus(code: -67610, name: "errSecInvalidIDLinkage")
    /// `errSecInvalidSubjectName` (-67655).
    public static let invalidSubjectName = TrustStatus(code: -67655, name: "errSecInvalidSubjectName")
    /// `errSecUnknownCertExtension` (-67618).
    public static let unknownCertExtension = TrustStatus(code: -67618, name: "errSecUnknownCertExtension")
    /// `errSecCertificateDuplicateExtension` (-67903).
    public static let certificateDuplicateExtension = TrustStatus(code: -67903, name: "errSecCertificateDuplicateExtension")
    /// `errSecHostNameMismatch` (-67602).
    public static let hostNameMismatch = TrustStatus(code: -67602, name: "errSecHostNameMismatch")
    /// `errSecInvalidExtendedKeyUsage` (-67609).
    public static let invalidExtendedKeyUsage = TrustStatus(code: -67609, name: "errSecInvalidExtendedKeyUsage")
    /// `errSecCertificateValidityPeriodTooLong` (-67901).
    public static let certificateValidityPeriodTooLong = TrustStatus(code: -67901, name: "errSecCertificateValidityPeriodTooLong")
    /// `errSecSMIMEEmailAddressesNotFound` (-67623): the S/MIME policy's address is not the leaf's.
    public static let smimeEmailAddressesNotFound = TrustStatus(code: -67623, name: "errSecSMIMEEmailAddressesNotFound")
    /// `errSecCertificateIsCA` (-67902): the policy wants an end entity and the leaf is a CA.
    public static let certificateIsCA = TrustStatus(code: -67902, name: "errSecCertificateIsCA")
    /// `errSSLATSCertificateTrustViolation` (-9886): a SHA-256 SPKI pin of the policy is not met.
    public static let atsCertificateTrustViolation = TrustStatus(code: -9886, name: "errSSLATSCertificateTrustViolation")
    /// `errSecInternalError` (-67671).
    public static let internalError = TrustStatus(code: -67671, name: "errSecInternalError")
    /// `errSecCertificateRevoked` (-67820).
    public static let certificateRevoked = TrustStatus(code: -67820, name: "errSecCertificateRevoked")
    /// `errSecTrustSettingDeny` (-67654): a trust setting denies a certificate of the chain.
    public static let trustSettingDeny = TrustStatus(code: -67654, name: "errSecTrustSettingDeny")
    /// `errSecIncompleteCertRevocationCheck` (-67635).
    public static let incompleteCertRevocationCheck = TrustStatus(code: -67635, name: "errSecIncompleteCertRevocationCheck")
    /// `errSecInvalidRoot` (-67612): a pinning rule's anchor requirement (AnchorApple, AnchorSHA256).
    public static let invalidRoot = TrustStatus(code: -67612, name: "errSecInvalidRoot")
    /// `errSecMissingRequiredExtension` (-67880): a pinning rule's marker extension is missing.
    public static let missingRequiredExtension = TrustStatus(code: -67880, name: "errSecMissingRequiredExtension")
    /// `errSecVerifyActionFailed` (-67825): Apple's SystemTrustedCTRequired failure.
    public static let verifyActionFailed = TrustStatus(code: -67825, name: "errSecVerifyActionFailed")
}
