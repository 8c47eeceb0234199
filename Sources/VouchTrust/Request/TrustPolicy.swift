/// A trust policy, as Apple's `SecPolicyCreate…` functions make them (SECTRUST.md §4).
public enum TrustPolicy: Hashable, Sendable {
    /// `SecPolicyCreateBasicX509()`: structure, validity, weak keys and hashes; no hostname, no EKU.
    case basicX509
    /// `SecPolicyCreateSSL(server, hostname)`: BasicX509 plus hostname (when given), EKU and the
    /// server-only rules (key sizes, SHA-1 ban, validity-period maximums) when `server` is true.
    case ssl(server: Bool, hostname: String?)

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

    /// Whether this is the SSL client policy.
    var isSSLClient: Bool {
        if case .ssl(false, _) = self { return true }
        return false
    }
}
