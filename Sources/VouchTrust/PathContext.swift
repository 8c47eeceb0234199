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
    /// The policies, AND-ed.
    let policies: [TrustPolicy]
    /// The verify date, seconds since 1970.
    let verifyTime: Int64
    /// The rules beyond Apple's that apply (``ValidationProfile/apple``: none).
    var profile: ValidationProfile = .apple
    /// ``SSLChecks/hostnameMismatches(_:hostnames:profile:)`` for this leaf, when the path builder
    /// already knows it (every path of one search shares the leaf); `nil`: the check computes it.
    var hostnameMismatches: Int? = nil
    /// The trust settings and exceptions of each certificate (`nil` when the evaluation has none).
    var settings: PathSettings? = nil
    /// Certificate Transparency, when the evaluation has a log list or SCTs (`nil` otherwise).
    var transparency: CertificateTransparencyChecker? = nil

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

/// Times Apple hard-codes, as seconds since 1970 (SECTRUST.md gives them as CFAbsoluteTime,
/// seconds since 2001-01-01, which is 978,307,200 s after 1970).
enum AppleDates {
    static let absoluteTimeEpoch: Int64 = 978_307_200
    /// 2019-06-30T23:00:00Z (CFAbsoluteTime 583628400): the iOS 13 EKU and validity-period rules.
    static let iOS13Rules: Int64 = 583_628_400 + absoluteTimeEpoch
    /// 2018-03-01T00:00:00Z: system-trusted leaves limited to 825 days.
    static let systemTrust825Days: Int64 = 1_519_862_400
    /// 2020-09-01T00:00:00Z (CFAbsoluteTime 620611200): system-trusted leaves limited to 398 days.
    static let systemTrust398Days: Int64 = 620_611_200 + absoluteTimeEpoch
    /// 825 days and one hour, in seconds.
    static let maximum825DayPeriod: Int64 = 825 * 86_400 + 3_600
    /// 398 days, no slack.
    static let maximum398DayPeriod: Int64 = 398 * 86_400
}

/// Key and hash classification shared by several checks (SECTRUST.md §7).
enum KeyStrength {
    /// The key's size in Apple's units (RSA modulus bytes, EC ceil(field bits / 8)); `nil` when
    /// Apple has no key for it (DSA, RSA-PSS SPKI, explicit EC parameters, unknown curves…).
    static func appleSize(_ keyType: PublicKeyType) -> (kind: Kind, bytes: Int)? {
        switch keyType {
        case .rsa(let bits): return (.rsa, (bits + 7) / 8)
        case .ec(let curve): return (.ec, (curve.fieldBits + 7) / 8)
        case .ed25519: return (.edwards, 32)
        case .ed448: return (.edwards, 57)
        default: return nil
        }
    }

    enum Kind { case rsa, ec, edwards }

    /// WeakKeySize (fatal, every policy): no key, RSA below 128 bytes, EC below 20 bytes.
    static func isWeak(_ size: (kind: Kind, bytes: Int)?) -> Bool {
        guard let (kind, bytes) = size else { return true }
        switch kind {
        case .rsa: return bytes < 128
        case .ec: return bytes < 20
        case .edwards: return false
        }
    }

    /// KeySize (SSL server): RSA below 256 bytes, EC below 32 bytes, any EdDSA key.
    static func failsSSLMinimum(_ size: (kind: Kind, bytes: Int)?) -> Bool {
        guard let (kind, bytes) = size else { return true }
        switch kind {
        case .rsa: return bytes < 256
        case .ec: return bytes < 32
        case .edwards: return true
        }
    }

    /// Keys below RSA-2048 or EC-224 (or no key at all) lose the last ten points of a path's score (§2.4).
    static func isSmallKey(_ keyType: PublicKeyType) -> Bool {
        switch keyType {
        case .rsa(let bits): return bits < 2048
        case .ec(let curve): return curve.fieldBits < 224
        case .ed25519, .ed448: return false
        default: return true
        }
    }

    /// Signature algorithms using MD2, MD4 or MD5.
    static func usesMDHash(_ certificate: Certificate) -> Bool {
        let oid = certificate.signatureAlgorithm.algorithm
        return oid == .md2WithRSAEncryption || oid == .md4WithRSAEncryption || oid == .md5WithRSAEncryption
    }

    /// Signature algorithms using SHA-1.
    static func usesSHA1(_ certificate: Certificate) -> Bool {
        let oid = certificate.signatureAlgorithm.algorithm
        return oid == .sha1WithRSAEncryption || oid == .sha1WithRSASignature || oid == .ecdsaWithSHA1
            || oid == .dsaWithSHA1
    }
}
