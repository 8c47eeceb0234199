import VouchCrypto
import VouchX509

/// Which certificates are anchors, and what the trust settings and exceptions say of each
/// (SECTRUST.md §15.3): the anchor sources resolved against the pool, once per certificate and
/// position. Held by the path builder, which asks it of every new top, and read by the judge
/// through each path's ``PathSettings``.
struct AnchorResolver {
    /// The anchor sources when no trust settings are consulted.
    let trusted: CertificatePool.Membership
    /// The trust settings and exceptions consulted (`nil`: none, and anchors are the members of
    /// ``trusted``, as before trust settings existed).
    let settings: EvaluationSettings?
    /// What the settings say of each certificate at the leaf's position and above (read once).
    private var leafSettings: [Int: CertificateSettings] = [:]
    private var parentSettings: [Int: CertificateSettings] = [:]
    /// SHA-1 of the certificates exceptions were checked against, by id.
    private var sha1ByID: [Int: [UInt8]] = [:]

    init(trusted: CertificatePool.Membership, settings: EvaluationSettings?) {
        self.trusted = trusted
        self.settings = settings
    }

    /// Whether certificate `id` is an anchor at the leaf's position (`isLeaf`) or above.
    mutating func isAnchor(_ id: Int, isLeaf: Bool, in pool: inout CertificatePool) -> Bool {
        guard settings != nil else { return !pool.read(id) { $0.membership }.isDisjoint(with: trusted) }
        return certificateSettings(id, isLeaf: isLeaf, in: &pool).isAnchor
    }

    /// The sources' verdict on certificate `id` (read once per position).
    mutating func certificateSettings(_ id: Int, isLeaf: Bool, in pool: inout CertificatePool) -> CertificateSettings {
        if let known = (isLeaf ? leafSettings : parentSettings)[id] { return known }
        let verdict = computeSettings(id, isLeaf: isLeaf, in: &pool)
        if isLeaf { leafSettings[id] = verdict } else { parentSettings[id] = verdict }
        return verdict
    }

    private mutating func computeSettings(_ id: Int, isLeaf: Bool, in pool: inout CertificatePool) -> CertificateSettings {
        var verdict = CertificateSettings()
        guard let settings else { return verdict }
        let entry = pool[id]
        let userEntry = settings.userStoreEntry(entry.certificate)
        if let userEntry {
            verdict.isUserAnchored = settings.matcher.isAnchor(
                userEntry.constraints, isSelfSigned: pool.isSelfSigned(id), isLeaf: isLeaf)
        }
        // App anchors come first and carry no constraints (§15.3.2), unless their OpenSSL trust
        // metadata constrains them (§15.6); one it does not make an anchor falls through.
        if entry.membership.contains(.appAnchor) {
            verdict.inUserStore = settings.consultsStore && userEntry != nil
            guard let constraints = settings.anchorMetadata.constraints(for: entry.certificate, in: .system) else {
                verdict.isAnchor = true
                return verdict
            }
            verdict.domain = .system
            verdict.constraints = constraints
            if settings.matcher.isAnchor(constraints, isSelfSigned: pool.isSelfSigned(id), isLeaf: isLeaf) {
                verdict.isAnchor = true
                return verdict
            }
        }
        guard settings.consultsStore else { return verdict }
        if let userEntry {
            verdict.inUserStore = true
            verdict.domain = userEntry.domain
            verdict.constraints = userEntry.constraints
            if verdict.isUserAnchored {
                verdict.isAnchor = true
                return verdict
            }
        }
        if entry.membership.contains(.system) {
            guard let constraints = settings.system.constraints(for: entry.certificate, in: .system) else {
                // A root without trust metadata: an unconstrained anchor, as before trust settings.
                verdict.isAnchor = true
                verdict.domain = nil
                verdict.constraints = nil
                return verdict
            }
            verdict.domain = .system
            verdict.constraints = constraints
            verdict.isAnchor = settings.matcher.isAnchor(constraints, isSelfSigned: pool.isSelfSigned(id), isLeaf: isLeaf)
        }
        return verdict
    }

    /// The settings of each certificate of `path`, for the checks (`nil` without settings).
    mutating func pathSettings(_ path: [Int], in pool: inout CertificatePool) -> PathSettings? {
        guard let settings else { return nil }
        let perIndex = path.indices.map { certificateSettings(path[$0], isLeaf: $0 == 0, in: &pool) }
        let sha1 = settings.exceptions == nil ? [] : path.map { self.sha1(of: $0, in: pool) }
        return PathSettings(perIndex: perIndex, matcher: settings.matcher, exceptions: settings.exceptions, sha1: sha1)
    }

    /// The SHA-1 of certificate `id`, which exceptions name it by (hashed once per evaluation).
    mutating func sha1(of id: Int, in pool: CertificatePool) -> [UInt8] {
        if let known = sha1ByID[id] { return known }
        let digest = HashAlgorithm.sha1.digest(pool[id].certificate.derEncoded)
        sha1ByID[id] = digest
        return digest
    }

    /// Whether the settings of certificate `id`, at `index` of a path, waive a failure of `check`
    /// (the parent checks, before the path has its context).
    mutating func waives(_ check: TrustCheck, _ id: Int, at index: Int, in pool: inout CertificatePool) -> Bool {
        guard let settings else { return false }
        let certificate = certificateSettings(id, isLeaf: index == 0, in: &pool)
        let sha1 = settings.exceptions == nil ? nil : self.sha1(of: id, in: pool)
        return PathSettings.waiver(
            for: TrustFailure(index: index, check: check), certificate: certificate, sha1: sha1,
            matcher: settings.matcher, exceptions: settings.exceptions) != nil
    }
}
