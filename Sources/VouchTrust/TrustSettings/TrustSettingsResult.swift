/// `SecTrustSettingsResult`: what a usage constraint says of its certificate (SECTRUST.md §15.1).
public enum TrustSettingsResult: Int32, Sendable, CaseIterable, CustomStringConvertible {
    /// `kSecTrustSettingsResultInvalid` (0): never stored; what a certificate resolves to when no
    /// constraint matches.
    case invalid = 0
    /// `kSecTrustSettingsResultTrustRoot` (1): a self-signed certificate is an anchor. The default
    /// when a constraint has no result.
    case trustRoot = 1
    /// `kSecTrustSettingsResultTrustAsRoot` (2): a certificate that is not self-signed is an anchor.
    case trustAsRoot = 2
    /// `kSecTrustSettingsResultDeny` (3): any chain through the certificate is denied.
    case deny = 3
    /// `kSecTrustSettingsResultUnspecified` (4): neither trusted nor denied (an allowed error
    /// without trust, for instance).
    case unspecified = 4

    /// Apple's constant name, e.g. `kSecTrustSettingsResultTrustRoot`.
    public var description: String {
        switch self {
        case .invalid: return "kSecTrustSettingsResultInvalid"
        case .trustRoot: return "kSecTrustSettingsResultTrustRoot"
        case .trustAsRoot: return "kSecTrustSettingsResultTrustAsRoot"
        case .deny: return "kSecTrustSettingsResultDeny"
        case .unspecified: return "kSecTrustSettingsResultUnspecified"
        }
    }
}

/// The trust-settings domains (`SecTrustSettingsDomain`), and where each comes from on Linux.
public enum TrustSettingsDomain: Int, Sendable, CaseIterable, Comparable, CustomStringConvertible {
    /// `kSecTrustSettingsDomainUser`: one user's settings.
    case user = 0
    /// `kSecTrustSettingsDomainAdmin`: the machine administrator's; where the admin domain has
    /// an entry for a certificate, the user domain's entry for it is not read (SECTRUST.md §15.3.2).
    case admin = 1
    /// `kSecTrustSettingsDomainSystem`: the system's own; on Linux, the distribution's trust
    /// metadata (OpenSSL `TRUSTED CERTIFICATE` trust and reject purposes, §15.6). Read-only to
    /// Apple's API; its Deny is Deny but it never gives Proceed.
    case system = 2

    /// `user`, `admin` or `system`.
    public var description: String {
        switch self {
        case .user: return "user"
        case .admin: return "admin"
        case .system: return "system"
        }
    }

    /// Orders by raw value.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
