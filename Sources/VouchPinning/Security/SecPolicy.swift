import VouchTrust

/// `SecPolicyRef`: what an evaluation checks (SECTRUST.md §4).
public final class SecPolicy: Hashable, Sendable, CustomStringConvertible {
    /// The policy.
    public let policy: TrustPolicy

    /// Wraps `policy`.
    public init(_ policy: TrustPolicy) { self.policy = policy }

    /// Whether the two policies check the same things.
    public static func == (lhs: SecPolicy, rhs: SecPolicy) -> Bool { lhs.policy == rhs.policy }

    /// Hashes the policy.
    public func hash(into hasher: inout Hasher) { hasher.combine(policy) }

    /// Apple's policy name and hostname, e.g. `sslServer(example.com)`.
    public var description: String {
        switch policy {
        case .basicX509: return "basicX509"
        case .ssl(let server, let hostname): return "\(server ? "sslServer" : "sslClient")(\(hostname ?? ""))"
        case .revocation(let flags): return "revocation(\(flags.rawValue))"
        }
    }
}

/// `SecPolicyCreateBasicX509`: structure, validity, key sizes and hashes; no hostname, no EKU.
public func SecPolicyCreateBasicX509() -> SecPolicy { SecPolicy(.basicX509) }

/// `SecPolicyCreateSSL`: BasicX509 plus the TLS rules; `server` true judges a server (hostname when
/// given, server EKU, the server-only rules), false a client.
public func SecPolicyCreateSSL(_ server: Bool, _ hostname: String?) -> SecPolicy {
    SecPolicy(.ssl(server: server, hostname: hostname))
}

/// `kSecRevocationOCSPMethod`.
public let kSecRevocationOCSPMethod = CFOptionFlags(RevocationFlags.ocspMethod.rawValue)
/// `kSecRevocationCRLMethod`.
public let kSecRevocationCRLMethod = CFOptionFlags(RevocationFlags.crlMethod.rawValue)
/// `kSecRevocationPreferCRL`.
public let kSecRevocationPreferCRL = CFOptionFlags(RevocationFlags.preferCRL.rawValue)
/// `kSecRevocationRequirePositiveResponse`.
public let kSecRevocationRequirePositiveResponse = CFOptionFlags(RevocationFlags.requirePositiveResponse.rawValue)
/// `kSecRevocationNetworkAccessDisabled`.
public let kSecRevocationNetworkAccessDisabled = CFOptionFlags(RevocationFlags.networkAccessDisabled.rawValue)
/// `kSecRevocationUseAnyAvailableMethod`.
public let kSecRevocationUseAnyAvailableMethod = CFOptionFlags(RevocationFlags.useAnyAvailableMethod.rawValue)

/// `SecPolicyCreateRevocation` (SECTRUST.md §16.4): a policy that asks for revocation checking with
/// Apple's `kSecRevocation…` flags; `nil` for 0 or a bit above 6, as Apple returns NULL. It checks
/// nothing by itself; with the network on, OCSP answers are fetched (`TrustFetcher`, VouchTrust).
public func SecPolicyCreateRevocation(_ revocationFlags: CFOptionFlags) -> SecPolicy? {
    guard revocationFlags <= CFOptionFlags(UInt32.max), let flags = RevocationFlags(validating: UInt32(revocationFlags)) else { return nil }
    return SecPolicy(.revocation(flags))
}

/// What `SecTrustCreateWithCertificates` and `SecTrustSetPolicies` accept for policies: one
/// ``SecPolicy`` or an array of them (Apple takes either as a `CFTypeRef`).
public protocol SecPolicyList {
    /// The policies, in order.
    var secPolicies: [SecPolicy] { get }
}

extension SecPolicy: SecPolicyList {
    /// This policy alone.
    public var secPolicies: [SecPolicy] { [self] }
}

extension Array: SecPolicyList where Element == SecPolicy {
    /// The policies of the array, in order.
    public var secPolicies: [SecPolicy] { self }
}

/// What `SecTrustCreateWithCertificates` accepts for certificates: one ``SecCertificate`` or an
/// array of them, leaf first.
public protocol SecCertificateList {
    /// The certificates, in order.
    var secCertificates: [SecCertificate] { get }
}

extension SecCertificate: SecCertificateList {
    /// This certificate alone.
    public var secCertificates: [SecCertificate] { [self] }
}

extension Array: SecCertificateList where Element == SecCertificate {
    /// The certificates of the array, in order.
    public var secCertificates: [SecCertificate] { self }
}
