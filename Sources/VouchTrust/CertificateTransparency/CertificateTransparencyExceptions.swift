import VouchCrypto
import VouchDER
import VouchX509

/// The administrator's Certificate Transparency exceptions (`SecTrustStoreSetCTExceptions`,
/// SECTRUST.md §18.3): domains and SubjectPublicKeyInfo digests for which a system-rooted SSL
/// server chain is not required to be CT-qualified. Apple keeps them in trustd's store; Vouch
/// takes them from the caller (``Trust/setCertificateTransparencyExceptions(_:)``, `vouch verify
/// --ct-exceptions`). They waive `SystemTrustedCTRequired` only (`is_ct_excepted`,
/// trust/trustd/SecPolicyServer.c); a policy's own `CTRequired` stays.
public struct CertificateTransparencyExceptions: Equatable, Sendable {
    /// Domains (`kSecCTExceptionsDomainsKey`): a name matches itself, case-insensitively; a name
    /// with a leading dot (`.example.com`) matches `example.com` and every name below it.
    public var domains: [String]
    /// SHA-256 digests of SubjectPublicKeyInfo (`kSecCTExceptionsCAsKey`'s
    /// `kSecCTExceptionsSPKIHashKey`): a leaf with one is excepted; a CA of the path with one is
    /// when it constrains its subtree to a directory name with an organization, or when its
    /// subject's organizations are the leaf's.
    public var keys: [[UInt8]]

    /// Exceptions for `domains` and `keys`.
    public init(domains: [String] = [], keys: [[UInt8]] = []) {
        self.domains = domains
        self.keys = keys
    }

    /// trustd's refusal of a domain exception (`checkDomainsValuesCompliance` calling
    /// `SecDNSIsTLD`, OSX/sec/Security/SecPolicyLeafCallbacks.c). Apple's function was written for
    /// wildcard names: it refuses anything of two characters or fewer, then drops the first two
    /// characters (`*.`) and asks whether the rest is a top-level domain. So `.com` is refused
    /// (`om` is Oman's) and `example.com` is judged by `ample.com`. Vouch keeps the quirk, with
    /// the Public Suffix List standing in for CFNetwork's table (a leading dot left after the
    /// two characters are dropped is ignored).
    public static func isTopLevelDomain(_ domain: String) -> Bool {
        guard domain.count > 2 else { return true }
        var rest = Substring(domain.dropFirst(2))
        if rest.hasPrefix(".") { rest = rest.dropFirst() }
        return rest.isEmpty || PublicSuffixList.current.isPublicSuffix(String(rest))
    }

    /// `is_ct_excepted_domain`: whether `exception` covers `hostname`.
    static func covers(_ exception: String, hostname: String) -> Bool {
        let exception = exception.lowercased()
        let hostname = hostname.lowercased()
        if exception == hostname { return true }
        guard exception.hasPrefix(".") else { return false }
        return hostname.hasSuffix(exception) || exception.dropFirst() == hostname
    }

    /// `is_ct_excepted`: a domain exception for the hostname of the policy judged, else a key
    /// exception for the path (`has_ct_excepted_key`).
    func excepts(hostname: String?, path: [Certificate]) -> Bool {
        if let hostname, domains.contains(where: { Self.covers($0, hostname: hostname) }) { return true }
        guard !keys.isEmpty, let leaf = path.first else { return false }
        if keys.contains(PolicyOptionChecks.spkiDigest(leaf)) { return true }
        let leafOrganizations = leaf.subject.attributes.filter { $0.type == .organizationName }.map(\.text)
        for ca in path.dropFirst() where keys.contains(PolicyOptionChecks.spkiDigest(ca)) {
            let constrained = ca.nameConstraints?.permittedSubtrees?.contains { subtree in
                guard case .directoryName(let name)? = subtree.base else { return false }
                return name.attributes.contains { $0.type == .organizationName }
            } ?? false
            if constrained { return true }
            let organizations = ca.subject.attributes.filter { $0.type == .organizationName }.map(\.text)
            if !organizations.isEmpty && organizations == leafOrganizations { return true }
        }
        return false
    }
}
