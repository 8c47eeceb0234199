import VouchCrypto
import VouchX509

/// The trust settings and exceptions one evaluation consults (SECTRUST.md §15).
struct EvaluationSettings: Sendable {
    /// The caller's user and admin settings.
    let settings: TrustSettings
    /// The system domain: the store's trust metadata.
    let system: TrustSettings
    /// The custom anchors' trust metadata (system-domain entries).
    let anchorMetadata: TrustSettings
    /// Whether the settings are anchor sources (the system store is in the anchor set); when not,
    /// only §15.3.7's skips read the user and admin settings.
    let consultsStore: Bool
    let matcher: ConstraintMatcher
    /// The exceptions set on the trust, already checked against the leaf.
    let exceptions: TrustExceptions?

    /// The admin domain's entry for `certificate` if it has one, else the user domain's (§15.3.2:
    /// an admin entry hides the user's whole).
    func userStoreEntry(_ certificate: Certificate) -> (domain: TrustSettingsDomain, constraints: [TrustSettingsConstraint])? {
        if let constraints = settings.constraints(for: certificate, in: .admin) { return (.admin, constraints) }
        if let constraints = settings.constraints(for: certificate, in: .user) { return (.user, constraints) }
        return nil
    }
}

/// What the anchor sources say of one certificate at the leaf's position or above (§15.3.2).
struct CertificateSettings: Sendable {
    /// Whether a source makes the certificate an anchor (a denied one included).
    var isAnchor = false
    /// The domain whose constraints are attached: the anchoring source, else the last that holds
    /// the certificate; `nil` for app anchors, plain system roots and certificates no source holds.
    var domain: TrustSettingsDomain? = nil
    /// The attached constraints (`nil`: none, as for an unconstrained source).
    var constraints: [TrustSettingsConstraint]? = nil
    /// Whether the user or admin store holds the certificate and is an anchor source (§15.3.5).
    var inUserStore = false
    /// `SecPVCIsAnchorPerConstraints(kSecUserAnchorSource)`: the user or admin settings anchor or
    /// deny the certificate, whether or not they are anchor sources (§15.3.7).
    var isUserAnchored = false
}

/// What the checks of one path need of the trust settings and exceptions.
struct PathSettings: Sendable {
    /// Per chain index.
    let perIndex: [CertificateSettings]
    let matcher: ConstraintMatcher
    let exceptions: TrustExceptions?
    /// SHA-1 of each certificate, when exceptions are set.
    let sha1: [[UInt8]]

    /// Whether the top's own settings leave it trusted (`SecPVCIsAnchored`): no constraints, or
    /// constraints resolving to TrustRoot or TrustAsRoot. A denied or unmatched top is not.
    func trustsTop(_ index: Int) -> Bool {
        guard let constraints = perIndex[index].constraints, !constraints.isEmpty else { return true }
        let result = matcher.resolve(constraints, isLeaf: index == 0).result
        return result == .trustRoot || result == .trustAsRoot
    }

    /// The decision that removes the recoverable failure `failure`, if any: an allowed error of a
    /// matching constraint first, then an exception (`SecPVCSetResultForcedWithTrustResult`).
    func waiver(for failure: TrustFailure) -> TrustDecision? {
        guard perIndex.indices.contains(failure.index) else { return nil }
        return Self.waiver(
            for: failure, certificate: perIndex[failure.index], sha1: sha1.indices.contains(failure.index) ? sha1[failure.index] : nil,
            matcher: matcher, exceptions: exceptions)
    }

    /// The waiver of `failure` by the settings of the certificate at its index (`certificate`,
    /// whose SHA-1 is `sha1` when exceptions are set).
    static func waiver(
        for failure: TrustFailure, certificate: CertificateSettings, sha1: [UInt8]?, matcher: ConstraintMatcher,
        exceptions: TrustExceptions?
    ) -> TrustDecision? {
        guard failure.check.resultClass == .recoverable else { return nil }
        if let constraints = certificate.constraints,
            let allowing = matcher.allowingConstraint(for: failure.check, in: constraints, isLeaf: failure.index == 0)
        {
            return TrustDecision(kind: .allowedError, index: failure.index, domain: certificate.domain, constraint: allowing, check: failure.check)
        }
        if let exceptions, let sha1, exceptions.excepts(failure.check, at: failure.index, sha1: sha1) {
            return TrustDecision(kind: .excepted, index: failure.index, check: failure.check)
        }
        return nil
    }
}
