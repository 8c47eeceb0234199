/// A trust policy, as Apple's `SecPolicyCreate…` functions make them (SECTRUST.md §4).
public enum TrustPolicy: Hashable, Sendable {
    /// `SecPolicyCreateBasicX509()`: structure, validity, weak keys and hashes; no hostname, no EKU.
    case basicX509
    /// `SecPolicyCreateSSL(server, hostname)`: BasicX509 plus hostname (when given), EKU and the
    /// server-only rules (key sizes, SHA-1 ban, validity-period maximums) when `server` is true.
    case ssl(server: Bool, hostname: String?)
    /// `SecPolicyCreateRevocation(flags)`: no checks of its own; it asks for revocation checking
    /// (OCSP, fetched when the network is on), may require a positive answer, and turns the
    /// network on or off when it is the last policy to say (SECTRUST.md §16.1, §16.4).
    case revocation(RevocationFlags)

    /// The hostname the policy checks, if any.
    var hostname: String? {
        if case .ssl(_, let hostname) = self { return hostname }
        return nil
    }

    /// Whether this is the SSL server policy.
    var isSSLServer: Bool {
        if case .ssl(true, _) = self { return true }
        return false
    }

    /// The policy's own `NoNetworkAccess` option as Apple's constructor writes it (SECTRUST.md
    /// §16.1): `true` for BasicX509, absent (`nil`) for SSL, the flag's value for Revocation.
    var noNetworkAccessDefault: Bool? {
        switch self {
        case .basicX509: return true
        case .ssl: return nil
        case .revocation(let flags): return flags.contains(.networkAccessDisabled)
        }
    }

    /// The revocation policy's flags, if this is one.
    var revocationFlags: RevocationFlags? {
        if case .revocation(let flags) = self { return flags }
        return nil
    }

    /// Whether this is the SSL client policy.
    var isSSLClient: Bool {
        if case .ssl(false, _) = self { return true }
        return false
    }
}
