import VouchX509

/// A trust setting Apple refuses to store (`errSecParam`, SECTRUST.md §15.2), or one the
/// system domain does not take (`errSecReadOnly`).
public enum TrustSettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No constraints (default TrustRoot) on a certificate that is not self-signed (§15.2 rule 1).
    case defaultTrustOnNonRoot(subject: String)
    /// A constraint without a result on a certificate that is not self-signed (rule 2); `index`
    /// is the constraint's position.
    case missingResultOnNonRoot(subject: String, index: Int)
    /// TrustRoot on a certificate that is not self-signed (rule 3).
    case trustRootOnNonRoot(subject: String, index: Int)
    /// TrustAsRoot on a self-signed certificate (rule 3).
    case trustAsRootOnRoot(subject: String, index: Int)
    /// A result outside 1–4 (rule 5).
    case resultOutOfRange(value: Int64, index: Int)
    /// The system domain is read-only to the setting API (rule 6, `errSecReadOnly`).
    case readOnlyDomain

    /// The OSStatus Apple returns.
    public var status: TrustStatus {
        switch self {
        case .readOnlyDomain: return TrustStatus(code: -25292, name: "errSecReadOnly")
        default: return .param
        }
    }

    /// One line naming the setting and why it is refused.
    public var description: String {
        switch self {
        case .defaultTrustOnNonRoot(let subject):
            return "\(subject): trust settings without constraints mean TrustRoot, which Apple stores only for a self-signed certificate"
        case .missingResultOnNonRoot(let subject, let index):
            return "\(subject): constraint \(index) has no kSecTrustSettingsResult (TrustRoot by default), which Apple stores only for a self-signed certificate"
        case .trustRootOnNonRoot(let subject, let index):
            return "\(subject): constraint \(index) is kSecTrustSettingsResultTrustRoot on a certificate that is not self-signed (use TrustAsRoot)"
        case .trustAsRootOnRoot(let subject, let index):
            return "\(subject): constraint \(index) is kSecTrustSettingsResultTrustAsRoot on a self-signed certificate (use TrustRoot)"
        case .resultOutOfRange(let value, let index):
            return "constraint \(index): kSecTrustSettingsResult \(value) is outside 1–4"
        case .readOnlyDomain:
            return "the system trust-settings domain is read-only"
        }
    }
}
