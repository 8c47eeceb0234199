import VouchTrust

// Apple's Security framework, by its own names (SecBase.h, SecTrust.h, SecCertificate.h, SecPolicy.h,
// SecKey.h), so that server-trust code written for Apple platforms ports to Linux with few changes.
//
// The shapes follow the Swift overlay of Security: functions returning `OSStatus`, out-parameters
// as `UnsafeMutablePointer` (call them with `&value`), optionals where Apple returns NULL. What
// differs, because Linux has no CoreFoundation types to bridge: certificate data is `[UInt8]`
// (`Data(bytes)` or `Array(data)` converts), dates are `DERTime`, errors are ``SecError`` rather
// than `CFError`, and arrays are Swift arrays (no `as CFArray`).

/// A result code of the Security framework (`OSStatus`).
public typealias OSStatus = Int32

/// `CFIndex`.
public typealias CFIndex = Int

/// `CFOptionFlags`: an unsigned long of flag bits (`SecPolicyCreateRevocation`'s argument).
public typealias CFOptionFlags = UInt

/// No error.
public let errSecSuccess: OSStatus = 0
/// Function or operation not implemented.
public let errSecUnimplemented: OSStatus = -4
/// One or more parameters passed to a function were not valid.
public let errSecParam: OSStatus = -50
/// Unable to decode the provided data.
public let errSecDecode: OSStatus = -26275
/// One or more certificates required to validate this certificate cannot be found.
public let errSecCreateChainFailed: OSStatus = TrustStatus.createChainFailed.code
/// The trust policy was not trusted.
public let errSecNotTrusted: OSStatus = TrustStatus.notTrusted.code
/// The host name mismatch.
public let errSecHostNameMismatch: OSStatus = TrustStatus.hostNameMismatch.code
/// The certificate has expired.
public let errSecCertificateExpired: OSStatus = TrustStatus.certificateExpired.code
/// The certificate has been revoked.
public let errSecCertificateRevoked: OSStatus = TrustStatus.certificateRevoked.code
/// The basic constraints extension is missing.
public let errSecNoBasicConstraints: OSStatus = TrustStatus.noBasicConstraints.code
/// The basic constraints extension does not say CA.
public let errSecNoBasicConstraintsCA: OSStatus = TrustStatus.noBasicConstraintsCA.code
/// The key usage is not valid for the specified policy.
public let errSecInvalidKeyUsageForPolicy: OSStatus = TrustStatus.invalidKeyUsageForPolicy.code
/// The extended key usage is not valid.
public let errSecInvalidExtendedKeyUsage: OSStatus = TrustStatus.invalidExtendedKeyUsage.code
/// The path length constraint was exceeded.
public let errSecPathLengthConstraintExceeded: OSStatus = TrustStatus.pathLengthConstraintExceeded.code
/// An unknown critical extension was found.
public let errSecUnknownCriticalExtensionFlag: OSStatus = TrustStatus.unknownCriticalExtensionFlag.code
/// A name (name constraints) is not valid.
public let errSecInvalidName: OSStatus = TrustStatus.invalidName.code
/// The policy identifiers are not valid.
public let errSecInvalidPolicyIdentifiers: OSStatus = TrustStatus.invalidPolicyIdentifiers.code
/// The key size is not supported.
public let errSecUnsupportedKeySize: OSStatus = TrustStatus.unsupportedKeySize.code
/// The digest algorithm is not valid.
public let errSecInvalidDigestAlgorithm: OSStatus = TrustStatus.invalidDigestAlgorithm.code
/// The authority and subject key identifiers do not link.
public let errSecInvalidIDLinkage: OSStatus = TrustStatus.invalidIDLinkage.code
/// The subject name is not valid.
public let errSecInvalidSubjectName: OSStatus = TrustStatus.invalidSubjectName.code
/// An unknown certificate extension was found.
public let errSecUnknownCertExtension: OSStatus = TrustStatus.unknownCertExtension.code
/// A certificate carries the same extension twice.
public let errSecCertificateDuplicateExtension: OSStatus = TrustStatus.certificateDuplicateExtension.code
/// The validity period is longer than the policy allows.
public let errSecCertificateValidityPeriodTooLong: OSStatus = TrustStatus.certificateValidityPeriodTooLong.code
/// The revocation check could not be completed.
public let errSecIncompleteCertRevocationCheck: OSStatus = TrustStatus.incompleteCertRevocationCheck.code
/// An internal error occurred.
public let errSecInternalError: OSStatus = TrustStatus.internalError.code
/// The specified item could not be found (`errSecItemNotFound`): `SecTrustSettingsCopyTrustSettings`
/// and `SecTrustSettingsRemoveTrustSettings` for a certificate without settings in the domain.
public let errSecItemNotFound: OSStatus = -25300
/// The item is read-only (`errSecReadOnly`): the system trust-settings domain to the setting API.
public let errSecReadOnly: OSStatus = -25292
/// No trust settings were found (`errSecNoTrustSettings`): `SecTrustSettingsCopyCertificates` on an
/// empty domain.
public let errSecNoTrustSettings: OSStatus = -25263
/// The trust setting for this policy was set to Deny (`errSecTrustSettingDeny`): what
/// `SecTrustEvaluateWithError` reports when a user or admin setting denies a certificate of the chain.
public let errSecTrustSettingDeny: OSStatus = TrustStatus.trustSettingDeny.code

/// The error `SecTrustEvaluateWithError` and `SecKeyCopyExternalRepresentation` report: Apple's
/// `CFError` in `NSOSStatusErrorDomain`, with the `OSStatus` as its code.
public struct SecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `NSOSStatusErrorDomain`.
    public static let domain = "NSOSStatusErrorDomain"
    /// The `OSStatus`, e.g. `errSecHostNameMismatch`.
    public let code: OSStatus
    /// Apple's localised description, e.g. `“example.com” certificate name does not match input`.
    public let localizedDescription: String

    /// An error with `code` and `description`.
    public init(code: OSStatus, localizedDescription: String) {
        self.code = code
        self.localizedDescription = localizedDescription
    }

    /// `Error Domain=NSOSStatusErrorDomain Code=… "…"`, as `CFCopyDescription` prints it.
    public var description: String { "Error Domain=\(Self.domain) Code=\(code) \"\(localizedDescription)\"" }
}

/// Apple's `SecTrustResultType` (`.unspecified`, `.proceed`, `.recoverableTrustFailure`…).
public typealias SecTrustResultType = TrustResultType

/// `kSecTrustResultInvalid` (0).
public let kSecTrustResultInvalid = SecTrustResultType.invalid
/// `kSecTrustResultProceed` (1).
public let kSecTrustResultProceed = SecTrustResultType.proceed
/// `kSecTrustResultDeny` (3).
public let kSecTrustResultDeny = SecTrustResultType.deny
/// `kSecTrustResultUnspecified` (4).
public let kSecTrustResultUnspecified = SecTrustResultType.unspecified
/// `kSecTrustResultRecoverableTrustFailure` (5).
public let kSecTrustResultRecoverableTrustFailure = SecTrustResultType.recoverableTrustFailure
/// `kSecTrustResultFatalTrustFailure` (6).
public let kSecTrustResultFatalTrustFailure = SecTrustResultType.fatalTrustFailure
/// `kSecTrustResultOtherError` (7).
public let kSecTrustResultOtherError = SecTrustResultType.otherError
