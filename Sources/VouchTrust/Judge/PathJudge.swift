import VouchX509

/// The judge of one evaluation: runs every check of the policies on a path the search hands it and
/// lists the failures (SECTRUST.md §4, §11 step 7), and keeps what is worth keeping from one path
/// to the next: what the checks read of each certificate, the leaf's hostname verdict, the
/// price ceiling (``EvaluationBudget``), and the revocation and Certificate Transparency checkers
/// with what they have verified.
///
/// The search (``PathBuilder``) asks it three things: the facts of a certificate, whether the
/// answer for a path may hang on its root being a system root, and the failures of a path.
///
/// A class: one judge serves one evaluation and is never copied, and a reference keeps the search
/// that holds it small (each value type's copy and destroy code is a cost of the static binary).
final class PathJudge {
    /// The failures of one path, and what trust settings and exceptions did to it.
    struct Judgement {
        /// The failures left once allowed errors and exceptions are taken out.
        var failures: [TrustFailure]
        /// Anchoring, Deny, allowed errors, exceptions and Proceed, in chain order.
        var decisions: [TrustDecision] = []
        /// Whether a pass is Proceed rather than Unspecified (§15.3.5, §15.4.3).
        var proceeds = false
    }

    /// The policies, AND-ed.
    let policies: [TrustPolicy]
    /// The verify date, seconds since 1970.
    let verifyTime: Int64
    /// Whether some policy checks TemporalValidity (BasicX509Options); the search then also
    /// passes over parents outside their validity (`SecPVCParentCertificateChecks`).
    let checksTemporalValidity: Bool
    /// The rules beyond Apple's (none by default).
    let profile: ValidationProfile
    /// The evaluation's price ceiling: the signature work every stage draws from and the
    /// name-constraint comparisons done over every path (``EvaluationBudget``).
    let budget: EvaluationBudget
    /// Revocation from the caller's CRLs and OCSP responses (none by default).
    var revocation = RevocationChecker()
    /// Certificate Transparency, when the trust has a log list or SCTs (none by default).
    var transparency: CertificateTransparencyChecker? = nil
    /// Apple's pinning policy sets, when a rule of the database matched (none by default): every
    /// path is judged under each set, and the first that passes decides (SECTRUST.md §17.5).
    var pinning: PinningPolicySets? = nil
    /// Which certificates `AnchorApple` accepts, a policy's option and a pinning rule's alike:
    /// `nil`, Apple's production roots (`SecIsAppleTrustAnchor`); otherwise these
    /// (``Trust/setAppleAnchors(_:)``).
    var appleAnchors: [Certificate]? = nil
    /// What the checks read of each certificate, by pool id, read once however many paths it is on.
    private var factsByID: [CertificateFacts?] = []
    /// The leaf's hostname verdict (every path of a search starts at the same leaf), decided on
    /// first use.
    private var hostnameVerdict: (leaf: Int, mismatches: Int)? = nil

    init(policies: [TrustPolicy], verifyTime: Int64, profile: ValidationProfile = .apple, budget: EvaluationBudget = EvaluationBudget()) {
        self.policies = policies
        self.checksTemporalValidity = policies.contains { $0.options.checksTemporalValidity }
        self.budget = budget
        self.verifyTime = verifyTime
        self.profile = profile
    }

    /// What the checks read of certificate `id` of `pool` (read on first use; a system root's
    /// come from its store's layer, made once for every evaluation).
    func facts(_ id: Int, in pool: CertificatePool) -> CertificateFacts {
        if id < factsByID.count, let known = factsByID[id] { return known }
        let read = pool.layerFacts(id) ?? CertificateFacts(pool.read(id) { $0.certificate })
        if id >= factsByID.count { factsByID.append(contentsOf: repeatElement(nil, count: max(id + 1, pool.count) - factsByID.count)) }
        factsByID[id] = read
        return read
    }

    /// How many of the SSL policies' hostnames the leaf `leaf` (pool id) fails to match, decided
    /// once per leaf.
    func hostnameMismatches(leaf: Int, _ facts: CertificateFacts) -> Int {
        if let hostnameVerdict, hostnameVerdict.leaf == leaf { return hostnameVerdict.mismatches }
        let mismatches = SSLChecks.hostnameMismatches(facts, hostnames: policies.lazy.compactMap(\.hostname), profile: profile)
        hostnameVerdict = (leaf, mismatches)
        return mismatches
    }

    /// Whether the answer for `path` may depend on its top being a system root: the system-only
    /// SSL rules (``SSLChecks/dependsOnSystemRoot(_:policies:)``) or CT being required of the leaf.
    /// When it cannot, a deferred system store need not be loaded to find out.
    func dependsOnSystemRoot(_ path: [CertificateFacts]) -> Bool {
        SSLChecks.dependsOnSystemRoot(path, policies: policies) || (path.first.map { transparency?.mayRequire($0) ?? false } ?? false)
            || policies.contains { $0.options.readsSystemRoot }
    }

    /// Whether `certificate` is a root `AnchorApple` accepts.
    func isAppleAnchor(_ certificate: Certificate) -> Bool {
        if let appleAnchors { return appleAnchors.contains(certificate) }
        return AppleAnchors.isAppleTrustAnchor(certificate)
    }

    /// The failures of one path, before and without what trust settings decide.
    func failures(_ context: PathContext) -> [TrustFailure] {
        judgement(context).failures
    }

    /// The failures of one path with the trust settings' and exceptions' part in them; with
    /// pinning, those of the first policy set that passes, else of the first set
    /// (`SecPathBuilderGetResultPVC`, SECTRUST.md §15.3.8).
    func judgement(_ context: PathContext) -> Judgement {
        guard let pinning else { return settled(checkedFailures(context, pinned: false), context: context) }
        var shared: (policies: [TrustPolicy], failures: [TrustFailure])? = nil
        var first: Judgement? = nil
        for set in pinning.sets {
            var pinned = context
            pinned.policies = set.policies
            // The sets usually differ only in their rule: the policies' checks run once.
            var all: [TrustFailure]
            if let shared, shared.policies == set.policies {
                all = shared.failures
            } else {
                all = checkedFailures(pinned, pinned: true)
                shared = (set.policies, all)
            }
            PinningChecks.run(pinned, rule: set.rule, isAppleAnchor: isAppleAnchor, into: &all)
            let judgement = settled(Self.ordered(all), context: pinned)
            if judgement.failures.isEmpty { return judgement }
            if first == nil { first = judgement }
        }
        return first ?? settled(checkedFailures(context, pinned: false), context: context)
    }

    /// `all` with the trust settings' and exceptions' part in them.
    private func settled(_ all: [TrustFailure], context: PathContext) -> Judgement {
        guard let settings = context.settings else { return Judgement(failures: all) }
        return Self.judged(all, context: context, settings: settings)
    }

    /// Takes out the failures allowed errors and exceptions waive, and says whether a pass is
    /// Proceed (SECTRUST.md §15.3.5–§15.4.3).
    static func judged(_ all: [TrustFailure], context: PathContext, settings: PathSettings) -> Judgement {
        var judgement = Judgement(failures: [])
        let top = context.topIndex
        if context.isAnchored, let domain = settings.perIndex[top].domain {
            let constraints = settings.perIndex[top].constraints ?? []
            let decided = settings.matcher.resolve(constraints, isLeaf: top == 0).constraint
            judgement.decisions.append(TrustDecision(kind: .anchored, index: top, domain: domain, constraint: decided))
        }
        for failure in all {
            if let waiver = settings.waiver(for: failure) {
                judgement.decisions.append(waiver)
            } else {
                judgement.failures.append(failure)
                if failure.check == .usageConstraints, let constraints = settings.perIndex[failure.index].constraints {
                    let decided = settings.matcher.resolve(constraints, isLeaf: failure.index == 0).constraint
                    judgement.decisions.append(TrustDecision(
                        kind: .denied, index: failure.index, domain: settings.perIndex[failure.index].domain, constraint: decided))
                }
            }
        }
        guard judgement.failures.isEmpty else { return judgement }
        for (index, certificate) in settings.perIndex.enumerated() where certificate.inUserStore {
            let resolved = settings.matcher.resolve(certificate.constraints ?? [], isLeaf: index == 0)
            if resolved.result == .trustRoot || resolved.result == .trustAsRoot || resolved.result == .invalid {
                judgement.proceeds = true
                judgement.decisions.append(TrustDecision(kind: .proceed, index: index, domain: certificate.domain, constraint: resolved.constraint))
            }
        }
        if settings.exceptions != nil {
            judgement.proceeds = true
            judgement.decisions.append(TrustDecision(kind: .proceedWithExceptions, index: 0))
        }
        return judgement
    }

    /// Every check's failures, before trust settings and exceptions waive any; `pinned` when a
    /// pinning rule's set is being judged.
    private func checkedFailures(_ context: PathContext, pinned: Bool) -> [TrustFailure] {
        var failures: [TrustFailure] = []
        StructuralChecks.run(context, into: &failures)
        NameConstraintsCheck.run(context, budget: budget, into: &failures)
        if budget.nameConstraintsExhausted { failures.append(TrustFailure(index: 0, check: .pathBuildingBudget)) }
        PolicyConstraintsCheck.run(context, into: &failures)
        BasicX509Checks.run(context, into: &failures)
        if context.policies.contains(where: { $0.isSSL || $0.hostname != nil }) {
            SSLChecks.run(context, into: &failures)
        }
        PolicyOptionChecks.run(context, isAppleAnchor: isAppleAnchor, pinned: pinned, into: &failures)
        revocation.run(context, into: &failures)
        transparency?.run(context, into: &failures)
        if !context.profile.isApple { StrictProfileChecks.run(context, into: &failures) }
        if let settings = context.settings { UsageConstraintsCheck.run(context, settings: settings, into: &failures) }
        return Self.ordered(failures)
    }

    /// `failures` without repeats, by chain index and then ``TrustCheck/order``.
    static func ordered(_ failures: [TrustFailure]) -> [TrustFailure] {
        var failures = failures
        let inOrder = { (a: TrustFailure, b: TrustFailure) in
            (a.index, TrustCheck.order[a.check] ?? 0) < (b.index, TrustCheck.order[b.check] ?? 0)
        }
        guard failures.count > 1 else { return failures }
        // A few failures (the usual case) are deduplicated by comparison, in place, without a set.
        guard failures.count <= 16 else { return Array(Set(failures)).sorted(by: inOrder) }
        var unique = 0
        for index in failures.indices where !failures[..<unique].contains(failures[index]) {
            failures.swapAt(unique, index)
            unique += 1
        }
        failures.removeLast(failures.count - unique)
        failures.sort(by: inOrder)
        return failures
    }

    /// The failures that decide before any path exists: checks of the leaf alone (SECTRUST.md §2.3
    /// step 1). If any fails, no path can be accepted.
    static let leafOnlyChecks: Set<TrustCheck> = [
        .temporalValidity, .weakKeySize, .keySize, .sslHostname, .extendedKeyUsage, .nonEmptySubject,
        .unparseableExtension, .duplicateExtension, .otherTrustValidityPeriod,
    ]
}
