import Synchronization
import VouchTrust

/// `SecPolicyRef`: what an evaluation checks (SECTRUST.md §4, §18). A reference, as Apple's is:
/// `SecPolicySetSHA256Pins` and `SecPolicySetOptionsValue` change it for every holder, and a
/// trust reads its policies when it is made or given them (`SecTrustSetPolicies`).
public final class SecPolicy: Hashable, Sendable, CustomStringConvertible {
    /// The policy's value now.
    private let state: Mutex<TrustPolicy>

    /// The policy, as it stands.
    public var policy: TrustPolicy { state.withLock { $0 } }

    /// Wraps `policy`.
    public init(_ policy: TrustPolicy) { state = Mutex(policy) }

    /// Changes the policy in place.
    func update(_ change: (inout TrustPolicy) -> Void) {
        state.withLock { change(&$0) }
    }

    /// Whether the two policies check the same things.
    public static func == (lhs: SecPolicy, rhs: SecPolicy) -> Bool { lhs.policy == rhs.policy }

    /// Hashes the policy.
    public func hash(into hasher: inout Hasher) { hasher.combine(policy) }

    /// Apple's policy name and hostname, e.g. `sslServer(example.com)`.
    public var description: String {
        if let flags = policy.options.revocationFlags { return "\(policy.name)(\(flags.rawValue))" }
        if policy.isSSL { return "\(policy.name)(\(policy.options.hostname ?? ""))" }
        guard let argument = policy.options.hostname ?? policy.options.email else { return policy.name }
        return "\(policy.name)(\(argument))"
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
