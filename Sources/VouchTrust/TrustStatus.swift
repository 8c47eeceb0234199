/// An OSStatus of Apple's Security framework, with its symbolic name (SecBase.h).
public struct TrustStatus: Hashable, Sendable, CustomStringConvertible {
    /// The numeric code, e.g. −67602.
    public let code: Int32
    /// The symbolic name, e.g. `errSecHostNameMismatch`.
    public let name: String

    public init(code: Int32, name: String) {
        self.code = code
        self.name = name
    }

    public var description: String { "\(name) (\(code))" }

    public static let success = TrustStatus(code: 0, name: "errSecSuccess")
    public static let param = TrustStatus(code: -50, name: "errSecParam")
    public static let createChainFailed = TrustStatus(code: -25318, name: "errSecCreateChainFailed")
    public static let notTrusted = TrustStatus(code: -67843, name: "errSecNotTrusted")
    public static let noBasicConstraints = TrustStatus(code: -67604, name: "errSecNoBasicConstraints")
    public static let noBasicConstraintsCA = TrustStatus(code: -67605, name: "errSecNoBasicConstraintsCA")
    public static let invalidKeyUsageForPolicy = TrustStatus(code: -67608, name: "errSecInvalidKeyUsageForPolicy")
    public static let pathLengthConstraintExceeded = TrustStatus(code: -67611, name: "errSecPathLengthConstraintExceeded")
    public static let unknownCriticalExtensionFlag = TrustStatus(code: -67603, name: "errSecUnknownCriticalExtensionFlag")
    public static let invalidName = TrustStatus(code: -67689, name: "errSecInvalidName")
    public static let invalidPolicyIdentifiers = TrustStatus(code: -67835, name: "errSecInvalidPolicyIdentifiers")
    public static let certificateExpired = TrustStatus(code: -67818, name: "errSecCertificateExpired")
    public static let unsupportedKeySize = TrustStatus(code: -67735, name: "errSecUnsupportedKeySize")
    public static let invalidDigestAlgorithm = TrustStatus(code: -67815, name: "errSecInvalidDigestAlgorithm")
    public static let invalidIDLinkage = TrustStatus(code: -67610, name: "errSecInvalidIDLinkage")
    public static let invalidSubjectName = TrustStatus(code: -67655, name: "errSecInvalidSubjectName")
    public static let unknownCertExtension = TrustStatus(code: -67618, name: "errSecUnknownCertExtension")
    public static let certificateDuplicateExtension = TrustStatus(code: -67903, name: "errSecCertificateDuplicateExtension")
    public static let hostNameMismatch = TrustStatus(code: -67602, name: "errSecHostNameMismatch")
    public static let invalidExtendedKeyUsage = TrustStatus(code: -67609, name: "errSecInvalidExtendedKeyUsage")
    public static let certificateValidityPeriodTooLong = TrustStatus(code: -67901, name: "errSecCertificateValidityPeriodTooLong")
    public static let internalError = TrustStatus(code: -67671, name: "errSecInternalError")
    public static let certificateRevoked = TrustStatus(code: -67820, name: "errSecCertificateRevoked")
    public static let incompleteCertRevocationCheck = TrustStatus(code: -67635, name: "errSecIncompleteCertRevocationCheck")
}
