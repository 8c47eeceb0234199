import VouchDER

/// One usage-constraint dictionary of a trust-settings entry (SECTRUST.md §15.1,
/// `SecTrustSettings.h`): every key is optional and an absent key matches anything; the
/// ``result`` of the first constraint that matches an evaluation decides for the certificate.
public struct TrustSettingsConstraint: Hashable, Sendable {
    /// `kSecTrustSettingsPolicy`: the policy's OID (Apple's compatibility OIDs:
    /// ``TrustSettingsConstraint/basicX509PolicyOID``, ``sslPolicyOID``, ``smimePolicyOID``).
    public var policy: OID?
    /// `kSecTrustSettingsPolicyName`: `sslServer`, `sslClient`, `basicX509`, `SMIME`…; refines
    /// ``policy`` (SSL server and client share one OID).
    public var policyName: String?
    /// `kSecTrustSettingsPolicyString`: the SSL hostname or the S/MIME address the constraint is
    /// for; matches only together with a matching policy.
    public var policyString: String?
    /// `kSecTrustSettingsKeyUsage`: the key uses to match (``KeyUsage``), compared for equality.
    public var keyUsage: Int64?
    /// `kSecTrustSettingsAllowedError`: a CSSM error code this certificate's recoverable
    /// failures may carry and still be ignored (SECTRUST.md §15.3.6).
    public var allowedError: Int32?
    /// `kSecTrustSettingsResult`; `nil` means ``TrustSettingsResult/trustRoot``.
    public var result: TrustSettingsResult?
    /// Whether the constraint names an application (`kSecTrustSettingsApplication`): macOS
    /// matches it against the calling process's code signature, which a Linux process never
    /// satisfies, so such a constraint never matches here.
    public var namesApplication: Bool
    /// Whether the constraint carries Apple's private `kSecTrustSettingsPolicyOptions`: such a
    /// constraint adds checks in trustd and never matches (§15.3.6); Vouch keeps it only so that
    /// it stops nothing else from matching.
    public var hasPolicyOptions: Bool

    /// A constraint; every argument defaults to absent.
    public init(
        policy: OID? = nil, policyName: String? = nil, policyString: String? = nil, keyUsage: Int64? = nil,
        allowedError: Int32? = nil, result: TrustSettingsResult? = nil, namesApplication: Bool = false,
        hasPolicyOptions: Bool = false
    ) {
        self.policy = policy
        self.policyName = policyName
        self.policyString = policyString
        self.keyUsage = keyUsage
        self.allowedError = allowedError
        self.result = result
        self.namesApplication = namesApplication
        self.hasPolicyOptions = hasPolicyOptions
    }

    /// The result this constraint gives when it matches: ``result``, or TrustRoot when absent.
    public var effectiveResult: TrustSettingsResult { result ?? .trustRoot }

    /// `1.2.840.113635.100.1.2`: `kSecPolicyAppleX509Basic`.
    public static let basicX509PolicyOID: OID = .appleX509Basic
    /// `1.2.840.113635.100.1.3`: `kSecPolicyAppleSSL`, for SSL server and client alike.
    public static let sslPolicyOID: OID = .appleSSL
    /// `1.2.840.113635.100.1.8`: `kSecPolicyAppleSMIME`.
    public static let smimePolicyOID: OID = .appleSMIME

    /// `SecTrustSettingsKeyUsage` bits.
    public enum KeyUsage {
        /// `kSecTrustSettingsKeyUseSignature`.
        public static let signature: Int64 = 0x1
        /// `kSecTrustSettingsKeyUseEnDecryptData`.
        public static let encryptData: Int64 = 0x2
        /// `kSecTrustSettingsKeyUseEnDecryptKey`.
        public static let encryptKey: Int64 = 0x4
        /// `kSecTrustSettingsKeyUseSignCert`: the key signs certificates (a CA in the chain).
        public static let signCertificate: Int64 = 0x8
        /// `kSecTrustSettingsKeyUseSignRevocation`.
        public static let signRevocation: Int64 = 0x10
        /// `kSecTrustSettingsKeyUseKeyExchange`.
        public static let keyExchange: Int64 = 0x20
        /// `kSecTrustSettingsKeyUseAny`.
        public static let any: Int64 = 0xFFFF_FFFF
    }

    /// CSSM codes that `kSecTrustSettingsAllowedError` compares with (`detailKeyToCssmErr` in
    /// SecPolicyServer.c): SSLHostname, Email and TemporalValidity have one, every other check 0.
    public enum AllowedError {
        /// `CSSMERR_APPLETP_HOSTNAME_MISMATCH`: ``TrustCheck/sslHostname``.
        public static let hostnameMismatch: Int32 = -2_147_408_896
        /// `CSSMERR_APPLETP_SMIME_EMAIL_ADDRS_NOT_FOUND` (S/MIME's Email check).
        public static let emailAddressesNotFound: Int32 = -2_147_408_872
        /// `CSSMERR_TP_CERT_EXPIRED`: ``TrustCheck/temporalValidity``.
        public static let certificateExpired: Int32 = -2_147_409_654

        /// The code Apple compares an allowed error with for `check`.
        public static func code(for check: TrustCheck) -> Int32 {
            switch check {
            case .sslHostname: return hostnameMismatch
            case .email: return emailAddressesNotFound
            case .temporalValidity: return certificateExpired
            default: return 0
            }
        }
    }
}
