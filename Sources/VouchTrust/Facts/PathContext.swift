import VouchDER
import VouchX509

/// What the checks of one candidate path see (SECTRUST.md §4).
struct PathContext {
    /// The path, leaf first, as the checks read it.
    let facts: [CertificateFacts]
    /// Whether the last certificate is a trusted anchor.
    let isAnchored: Bool
    /// Whether the top of the path is in the system store, however the path was anchored (an app
    /// anchor that is also a system root counts, as does a system root reached as an untrusted
    /// parent): Apple's `SecCertificateSourceContains(kSecSystemAnchorSource, root)`, which keys
    /// the system-only SSL rules (SECTRUST.md §12). When the store is deferred, the path builder
    /// reads it only if ``SSLChecks/dependsOnSystemRoot(_:policies:)``; otherwise this is `false`
    /// and cannot change the answer.
    let isSystemRooted: Bool
    /// Per index: Apple's self-signed (issuer = subject, AKI = SKI, signature by own key), decided
    /// only where a check reads it (``readsSelfSigned(_:isTop:isAnchored:profile:)``) and `false`
    /// elsewhere: deciding costs a signature verification, which a SHA-2 anchor of an accepted
    /// path never needs.
    let isSelfSigned: [Bool]
    /// The policies, AND-ed (a pinning policy set's when the judge tries one, ``PathJudge/pinning``).
    var policies: [TrustPolicy]
    /// The verify date, seconds since 1970.
    let verifyTime: Int64
    /// The rules beyond Apple's that apply (``ValidationProfile/apple``: none).
    var profile: ValidationProfile = .apple
    /// ``SSLChecks/hostnameMismatches(_:hostnames:profile:)`` for this leaf, when the path builder
    /// already knows it (every path of one search shares the leaf); `nil`: the check computes it.
    var hostnameMismatches: Int? = nil
    /// The trust settings and exceptions of each certificate (`nil` when the evaluation has none).
    var settings: PathSettings? = nil
    /// Whether the system anchor source anchored the path: its top is a system root and not one
    /// of the caller's anchors, which trustd asks first (`SecPathBuilderIsAnchor`). Only then do
    /// the system anchor's usage constraints (SystemTrustedWeakHash, SystemTrustedWeakKey;
    /// SECTRUST.md §17.2) apply.
    var isSystemAnchored = false

    /// Whether the user or admin settings anchor (or deny) the leaf: Apple then skips the SSL key
    /// sizes and the other-trust validity maximum (SECTRUST.md §15.3.7; the system-trust
    /// maximums are checked before Apple's exemption).
    var isLeafUserAnchored: Bool { settings?.perIndex.first?.isUserAnchored ?? false }
    /// Whether the user or admin settings anchor (or deny) the top: Apple then skips its hash rule
    /// (when anchored) and the date-gated serverAuth rule (§15.3.7).
    var isTopUserAnchored: Bool { settings?.perIndex.last?.isUserAnchored ?? false }

    /// The path, leaf first.
    var certificates: [Certificate] { facts.map(\.certificate) }
    var topIndex: Int { facts.count - 1 }

    /// Whether a check reads the self-signed flag of `certificate`, the top of the path when
    /// `isTop`: the MD2/MD4/MD5 and SHA-1 rules skip self-signed certificates (BasicX509,
    /// SSL), an unanchored top fails as AnchorTrusted or MissingIntermediate, and the strict
    /// profile's key-identifier rule spares a self-signed anchor. Keep in step with those checks.
    static func readsSelfSigned(_ certificate: CertificateFacts, isTop: Bool, isAnchored: Bool, profile: ValidationProfile) -> Bool {
        if certificate.usesMDHash || certificate.usesSHA1 { return true }
        guard isTop else { return false }
        return !isAnchored || profile.requiresKeyIdentifiers
    }

    /// Whether certificate `index` is the trusted anchor (the top of an anchored path).
    func isTrustedAnchor(_ index: Int) -> Bool { isAnchored && index == topIndex }

    var hasSSLServer: Bool { policies.contains { $0.isSSLServer } }
    var hasSSLClient: Bool { policies.contains { $0.isSSLClient } }
    var hostnames: [String] { policies.compactMap(\.hostname) }
}
