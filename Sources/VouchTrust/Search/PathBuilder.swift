import VouchDER
import VouchX509

/// Apple's depth-first path builder (SECTRUST.md §2.3–§2.4), within ``TrustLimits``.
///
/// Trusted-anchor sources are asked before parent sources; the parent sources after the input
/// are unlocked one at a time, once every partial path has exhausted the ones enabled. Each new
/// top passes the cheap parent checks (or is parked as rejected) and must verify the signature
/// of the certificate below it (or the path is discarded). An anchored path is validated at
/// once; the first that passes every check wins, unless it carries a SHA-1 or MD5 certificate
/// under a SHA-2 leaf, in which case the search goes on for a better one. Otherwise the best
/// scoring path is chosen among failed candidates, rejected and partial paths.
///
/// The search owns the candidates (``pool``), the anchor sources (``anchors``) and the budget;
/// what a path is worth is the ``judge``'s to say.
struct PathBuilder {
    var pool: CertificatePool
    /// Which certificates are anchors, and what trust settings say of each.
    var anchors: AnchorResolver
    let parentSources: [CertificatePool.Membership]
    /// Judges each anchored path and the chosen one, and keeps what the checks learnt on the way.
    let judge: PathJudge
    /// System roots not yet in ``pool``: merged when the builder unlocks the system source
    /// (SECTRUST.md §2.1: with exclusive custom anchors they are the last parent source).
    var deferredSystemRoots: SystemTrustStore? = nil
    private(set) var pathsBuilt = 0
    private(set) var budgetExhausted = false
    /// The explanation, when asked for (`nil` otherwise, so the search pays nothing for it).
    var log: EventLog? = nil
    /// Every path built so far, when trust settings are consulted.
    private var builtPaths: Set<[Int]> = []
    /// The caIssuers source (SECTRUST.md §16.2), when the network is on: what earlier fetches
    /// brought for each certificate, and whether a top outside its validity is skipped.
    var caIssuers: CAIssuersSource? = nil
    /// The EV map (Apple's store's, or a test's), set only when the leaf could be EV under it: an
    /// accepted path that is not EV does not end the search
    /// (``searchesOnForExtendedValidation(_:)``).
    var extendedValidationRoots: ExtendedValidationRoots? = nil
    /// Whether the leaf passed its own checks.
    private var leafPhasePassed = true
    /// What the search would have fetched (``FetchRequest/issuers(of:uris:)``), in the order asked.
    private(set) var fetchRequests: [FetchRequest] = []

    /// The caIssuers source's state for one search.
    struct CAIssuersSource {
        /// Certificates fetched earlier, by the certificate they were fetched for.
        var fetched: [Certificate: [Certificate]]
        /// The requests already answered: not asked again.
        var answered: Set<FetchRequest>
        /// Whether some policy checks validity: an expired or not-yet-valid top is not asked
        /// for (`SecCAIssuerCertificateSourceCopyParents`).
        var skipsInvalidTops: Bool
    }

    init(
        pool: CertificatePool, anchors: AnchorResolver, parentSources: [CertificatePool.Membership], judge: PathJudge
    ) {
        self.pool = pool
        self.anchors = anchors
        self.parentSources = parentSources
        self.judge = judge
    }

    var verifyTime: Int64 { judge.verifyTime }
    var profile: ValidationProfile { judge.profile }

    /// Where the explanation accumulates (a reference, so recording needs no exclusive access).
    final class EventLog {
        var events: [TrustEvent] = []
    }

    struct Candidate {
        let path: [Int]
        let isAnchored: Bool
        var failures: [TrustFailure]? = nil
        /// The context the failures were judged in (``judged(_:)``).
        var context: PathContext? = nil
    }

    /// The chosen path and its failures.
    struct Outcome {
        let path: [Int]
        let isAnchored: Bool
        let isSystemRooted: Bool
        let failures: [TrustFailure]
        /// What trust settings and exceptions did (empty without them).
        var decisions: [TrustDecision] = []
        /// Whether a pass is Proceed (§15.3.5, §15.4.3).
        var proceeds = false
        /// Whether the leaf passed its own checks (§2.3 step 1): what CheckIfTrusted reads (§16.4).
        var leafPhasePassed = true
    }

    mutating func build(leaf: Int) -> Outcome {
        let leafIsAnchor = isAnchor(leaf, isLeaf: true)
        let leafPath = [leaf]
        let leafFailures = validate(leafPath, anchored: leafIsAnchor)
            .filter { $0.index == 0 && PathJudge.leafOnlyChecks.contains($0.check) }
        record(.leafChecked(failures: leafFailures))
        leafPhasePassed = leafFailures.isEmpty
        var search = Search(collectOnly: !leafFailures.isEmpty)
        if leafIsAnchor {
            let candidate = judged(Candidate(path: [leaf], isAnchored: true))
            let passes = candidate.failures?.isEmpty == true && !search.collectOnly && !pool.isStarved
            record(.candidateJudged(path: certificates([leaf]), failures: candidate.failures ?? [], accepted: passes))
            if passes {
                record(.chosen(path: certificates([leaf]), reason: "the leaf is a trusted anchor and passes every check"))
                return outcome(candidate, judgedJustNow: true)
            }
            search.seen.append(candidate)
        }
        var explored: [[Int]] = []
        // A chain of three explores two paths: room for them at once (growing reallocated).
        explored.reserveCapacity(4)
        var stack: [([Int], [CertificatePool.Membership])] = [(leafPath, sourceList(parents: 1))]
        var enabledParents = 1
        searching: while true {
            while let (path, sources) = stack.popLast() {
                guard let top = path.last, path.count < TrustLimits.maximumChainLength else { continue }
                explored.append(path)
                for source in sources {
                    var extensions: [[Int]] = []
                    for issuer in issuers(of: top, in: source) where !path.contains(issuer) {
                        // With trust settings a certificate is often in two sources (the caller's
                        // and the user store): one path, not two, as Apple's builder keeps a set
                        // of every path built (`allPaths`). Without them the search is as before.
                        if anchors.settings != nil && !builtPaths.insert(Self.extending(path, with: issuer)).inserted { continue }
                        guard pathsBuilt < TrustLimits.maximumPathsBuilt, pool.canCheckSignature else {
                            budgetExhausted = true
                            record(.budgetExhausted)
                            break searching
                        }
                        pathsBuilt += 1
                        let issuerIsAnchor = isAnchor(issuer, isLeaf: false)
                        record(.issuerFound(path: certificates(path), issuer: pool[issuer].certificate, isAnchor: issuerIsAnchor))
                        switch consider(Self.extending(path, with: issuer), &search) {
                        case .accepted(let candidate):
                            record(.chosen(path: certificates(candidate.path), reason: "the first anchored path to pass every check"))
                            return outcome(candidate, judgedJustNow: true)
                        case .extend(let extended): extensions.append(extended)
                        case .done: break
                        }
                    }
                    // The last issuer a source returns is explored first.
                    for extended in extensions { stack.append((extended, sourceList(parents: enabledParents))) }
                }
            }
            if enabledParents < parentSources.count {
                // Unlock the next parent source for every path explored so far.
                let source = parentSources[enabledParents]
                enabledParents += 1
                // The caIssuers source has nothing to say when no top names a caIssuers URI (nor
                // had issuers fetched): not enabled, so a search that cannot fetch pays nothing.
                if source == .fetched && !explored.contains(where: { mayFetchIssuers(of: $0.last) }) { continue }
                if source.contains(.system), let store = deferredSystemRoots {
                    pool.merge(systemRootsOf: store.roots)
                    deferredSystemRoots = nil
                }
                let name = source.contains(.system) ? "the system roots as untrusted parents"
                    : source == .fetched ? "the caIssuers source (certificates fetched from authorityInfoAccess)" : "the next parent source"
                record(.sourceUnlocked(name))
                stack = explored.reversed().map { ($0, [source]) }
                continue
            }
            // Everything else exhausted: resume the parked paths, for scoring only (§2.3).
            guard !search.reconsidering, !search.rejected.isEmpty, search.accepted == nil else { break }
            search.reconsidering = true
            record(.reconsideringParked(count: search.rejected.count))
            for parked in search.rejected {
                if case .extend(let extended) = consider(parked, &search) { stack.append((extended, sourceList(parents: parentSources.count))) }
            }
            stack.reverse()
        }
        if let accepted = search.accepted {
            let reason = searchesOnForExtendedValidation(accepted.path)
                ? "accepted; no Extended Validation path for this optionally-EV leaf" : "accepted; no better path without SHA-1 or MD5"
            record(.chosen(path: certificates(accepted.path), reason: reason))
            return outcome(accepted)
        }
        var seen = search.seen
        if !leafIsAnchor || seen.isEmpty { seen.insert(Candidate(path: [leaf], isAnchored: false), at: 0) }
        var best: (score: Int, candidate: Candidate)? = nil
        for candidate in seen {
            let value = score(candidate)
            record(.scored(path: certificates(candidate.path), score: value))
            if best == nil || value > (best?.score ?? Int.min) { best = (value, candidate) }
        }
        let chosen = best?.candidate ?? Candidate(path: [leaf], isAnchored: false)
        record(.chosen(path: certificates(chosen.path), reason: "highest score, first seen on ties"))
        return outcome(chosen)
    }

    /// The candidate issuers of `top` in `source`: the pool's by name, or for the caIssuers source
    /// (``CertificatePool/Membership/fetched``) what was fetched for it, unfiltered and in the
    /// order fetched; when nothing was, the request is noted (``fetchRequests``) and there are none.
    mutating func issuers(of top: Int, in source: CertificatePool.Membership) -> [Int] {
        guard source == .fetched else { return pool.issuers(of: top, in: source) }
        guard let caIssuers else { return [] }
        let certificate = pool[top].certificate
        if let fetched = caIssuers.fetched[certificate] {
            return fetched.map { pool.add($0, as: .fetched) }
        }
        // An anchor or a self-signed top ends its path: nothing to fetch above it.
        guard !isAnchor(top, isLeaf: false), !pool.isSelfSigned(top) else { return [] }
        let uris = certificate.accessURIs(.caIssuers)
        guard !uris.isEmpty else { return [] }
        if caIssuers.skipsInvalidTops && !facts(top).passesTemporalValidity(at: verifyTime) { return [] }
        let request = FetchRequest.issuers(of: certificate, uris: uris)
        if !caIssuers.answered.contains(request) && !fetchRequests.contains(request) {
            fetchRequests.append(request)
            record(.fetchNeeded(request))
        }
        return []
    }

    /// Whether the caIssuers source could offer issuers of `top`: it had some fetched, or names a
    /// caIssuers URI.
    func mayFetchIssuers(of top: Int?) -> Bool {
        guard let top, let caIssuers else { return false }
        let certificate = pool[top].certificate
        return caIssuers.fetched[certificate] != nil || !certificate.accessURIs(.caIssuers).isEmpty
    }

    /// The trusted source and the first `parents` parent sources, in one allocation (`[trusted] +
    /// parentSources.prefix(parents)` made two).
    func sourceList(parents: Int) -> [CertificatePool.Membership] {
        let parents = parentSources.prefix(parents)
        var sources: [CertificatePool.Membership] = []
        sources.reserveCapacity(1 + parents.count)
        sources.append(anchors.trusted)
        sources.append(contentsOf: parents)
        return sources
    }

    /// `path` with `issuer` on top, in one allocation (`path + [issuer]` made two).
    static func extending(_ path: [Int], with issuer: Int) -> [Int] {
        var extended: [Int] = []
        extended.reserveCapacity(path.count + 1)
        extended.append(contentsOf: path)
        extended.append(issuer)
        return extended
    }

    /// The state of one search.
    struct Search {
        /// No path can be accepted: the leaf failed its own checks.
        let collectOnly: Bool
        /// Parked paths are being resumed: nothing is accepted, nothing parked again.
        var reconsidering = false
        var seen: [Candidate] = []
        var rejected: [[Int]] = []
        var accepted: Candidate? = nil
    }

    enum Step {
        case accepted(Candidate)
        case extend([Int])
        case done
    }

    /// What becomes of a path just grown by one issuer (§2.3 step 3).
    mutating func consider(_ extended: [Int], _ search: inout Search) -> Step {
        guard extended.count >= 2 else { return .done }
        let issuer = extended[extended.count - 1], child = extended[extended.count - 2]
        let anchored = isAnchor(issuer, isLeaf: false)
        if !search.reconsidering && !search.collectOnly, let reason = parentCheckFailure(issuer, at: extended.count - 1) {
            record(.parked(path: certificates(extended), reason: reason))
            search.rejected.append(extended)
            search.seen.append(Candidate(path: extended, isAnchored: anchored))
            return .done
        }
        guard signatureVerifiesUnderProfile(child, by: issuer) else {
            record(.signatureFailed(child: pool[child].certificate, issuer: pool[issuer].certificate))
            return .done
        }
        if anchored {
            let candidate = judged(Candidate(path: extended, isAnchored: true))
            // A path judged while the budget ran dry was judged without some of its answers: it
            // is not accepted (the search stops at its next step).
            let passes = candidate.failures?.isEmpty == true && !search.collectOnly && !search.reconsidering && !pool.isStarved
            record(.candidateJudged(path: certificates(extended), failures: candidate.failures ?? [], accepted: passes))
            if passes {
                if !hasWeakHashUnderSHA2Leaf(extended) && !searchesOnForExtendedValidation(extended) { return .accepted(candidate) }
                if search.accepted == nil { search.accepted = candidate }
            } else {
                search.seen.append(candidate)
            }
            if pool.isSelfSigned(issuer) { return .done }
        }
        search.seen.append(Candidate(path: extended, isAnchored: anchored))
        return .extend(extended)
    }

    /// The cheap checks on a new top at `index` (§2.3): validity, weak key, MD2/4/5 signature
    /// (unless self-signed), v3 without basicConstraints or with cA false, keyUsage without
    /// keyCertSign. A recoverable one that the certificate's trust settings allow (or an
    /// exception excepts) does not count, as in `SecPVCParentCertificateChecks`. Returns why the
    /// certificate fails them, or `nil`.
    mutating func parentCheckFailure(_ id: Int, at index: Int) -> String? {
        let certificate = facts(id)
        if judge.checksTemporalValidity && !certificate.passesTemporalValidity(at: verifyTime) && !waives(.temporalValidity, id, at: index) {
            return "not valid at the verify date"
        }
        if certificate.hasWeakKey { return "weak or unsupported key" }
        if certificate.usesMDHash && !pool.isSelfSigned(id) { return "signed with MD2/MD4/MD5" }
        if certificate.version == 3 {
            if certificate.basicConstraints == nil && !waives(.basicConstraints, id, at: index) {
                return "no basicConstraints with cA true"
            }
            if certificate.basicConstraints?.isCertificateAuthority == false && !waives(.basicConstraintsCA, id, at: index) {
                return "no basicConstraints with cA true"
            }
        }
        if let usage = certificate.keyUsage, !usage.contains(.keyCertSign), !waives(.keyUsage, id, at: index) {
            return "keyUsage without keyCertSign"
        }
        return nil
    }

    /// The certificates of a path of ids.
    func certificates(_ path: [Int]) -> [Certificate] { path.map { pool[$0].certificate } }

    /// What the checks read of certificate `id` (the judge keeps them).
    func facts(_ id: Int) -> CertificateFacts { judge.facts(id, in: pool) }

    /// Whether certificate `id` is an anchor at the leaf's position (`isLeaf`) or above.
    mutating func isAnchor(_ id: Int, isLeaf: Bool) -> Bool { anchors.isAnchor(id, isLeaf: isLeaf, in: &pool) }

    /// Whether the trust settings of certificate `id`, at `index` of a path, waive a failure of
    /// `check` (the parent checks, before the path has its context).
    mutating func waives(_ check: TrustCheck, _ id: Int, at index: Int) -> Bool {
        anchors.waives(check, id, at: index, in: &pool)
    }

    /// Whether `child`'s signature verifies with `issuer`'s key under the profile: as
    /// ``CertificatePool/signatureVerifies(_:by:)`` answers, except that with
    /// ``ValidationProfile/checksCertificateEncoding`` a certificate whose signatureAlgorithm is
    /// not byte-for-byte its tbsCertificate.signature verifies with no key
    /// (``CertificateEncodingCheck/signatureAlgorithmsIdentical(_:)``). Decided before the pool is
    /// asked, so the pool's caches, shared between profiles, keep the signature's own answer.
    mutating func signatureVerifiesUnderProfile(_ child: Int, by issuer: Int) -> Bool {
        if profile.checksCertificateEncoding && !CertificateEncodingCheck.signatureAlgorithmsIdentical(pool[child].certificate) {
            return false
        }
        return pool.signatureVerifies(child, by: issuer)
    }

    /// Whether certificate `id` is signed with SHA-1 or MD2/MD4/MD5.
    mutating func usesWeakHash(_ id: Int) -> Bool {
        let read = facts(id)
        return read.usesSHA1 || read.usesMDHash
    }

    /// Records `event` when the caller asked for an explanation.
    func record(_ event: @autoclosure () -> TrustEvent) {
        log?.events.append(event())
    }

    /// trustd's `SecPathBuilderAccept`: an accepted path that is not EV for a leaf that could be
    /// (`SecCertificateVCCouldBeEV`) does not end the search, which goes on (through every parent
    /// source, the caIssuers one included) for an EV path; the first accepted path stays the
    /// answer if none is found (SECTRUST.md §16.2 item 1, §17.4). The path's EV rules are judged
    /// without its OCSP answers and CT, which come after the search.
    func searchesOnForExtendedValidation(_ path: [Int]) -> Bool {
        guard let roots = extendedValidationRoots else { return false }
        return !ExtendedValidation.pathPassesEVCheck(path.map { facts($0) }, roots: roots)
    }

    /// An accepted path with a SHA-1 or MD5 certificate (not the anchor) under a SHA-2 leaf.
    mutating func hasWeakHashUnderSHA2Leaf(_ path: [Int]) -> Bool {
        guard !usesWeakHash(path[0]) else { return false }
        return path.dropFirst().dropLast().contains { usesWeakHash($0) }
    }

    mutating func judged(_ candidate: Candidate) -> Candidate {
        var judged = candidate
        let context = context(for: candidate.path, anchored: candidate.isAnchored)
        judged.failures = judge.failures(context)
        judged.context = context
        return judged
    }

    mutating func validate(_ path: [Int], anchored: Bool) -> [TrustFailure] {
        let context = context(for: path, anchored: anchored)
        return judge.failures(context)
    }

    /// What the judge sees of `path`: the facts of its certificates, where it is anchored, and
    /// the trust settings of each.
    mutating func context(for path: [Int], anchored markedAnchored: Bool) -> PathContext {
        // A path that ends at a denied or unmatched anchor is not trusted at its top (§15.3.4).
        let settingsOfPath = anchors.pathSettings(path, in: &pool)
        let anchored = markedAnchored && (settingsOfPath?.trustsTop(path.count - 1) ?? true)
        let read = path.map { facts($0) }
        let systemRooted = isSystemRoot(path[path.count - 1], deciding: read)
        let selfSigned = path.indices.map { index in
            PathContext.readsSelfSigned(read[index], isTop: index == path.count - 1, isAnchored: anchored, profile: profile)
                && pool.isSelfSigned(path[index])
        }
        let mismatches = judge.hostnameMismatches(leaf: path[0], read[0])
        let topMembership = pool.read(path[path.count - 1]) { $0.membership }
        return PathContext(
            facts: read, isAnchored: anchored, isSystemRooted: systemRooted,
            isSelfSigned: selfSigned, policies: judge.policies, verifyTime: verifyTime, profile: profile,
            hostnameMismatches: mismatches, settings: settingsOfPath,
            isSystemAnchored: anchored && topMembership.contains(.system) && !topMembership.contains(.appAnchor))
    }

    /// Whether `top` is in the system store (Apple's `SecCertificateSourceContains` on the system
    /// anchor source: DER equality, whatever source anchored the path). A store not yet merged
    /// (exclusive anchors) is asked only when the answer matters for `path`
    /// (``PathJudge/dependsOnSystemRoot(_:)``): asking loads it, which a one-shot evaluation of an
    /// ordinary chain under its own anchors should not pay for.
    mutating func isSystemRoot(_ top: Int, deciding path: [CertificateFacts]) -> Bool {
        if pool.read(top, { $0.membership }).contains(.system) { return true }
        guard let store = deferredSystemRoots, judge.dependsOnSystemRoot(path) else { return false }
        return store.contains(pool[top].certificate)
    }

    /// Apple's score for a path that was not accepted (§2.4).
    mutating func score(_ candidate: Candidate) -> Int {
        let path = candidate.path
        var value = 0
        let signaturesVerify = zip(path, path.dropFirst()).allSatisfy { signatureVerifiesUnderProfile($0, by: $1) }
        if !signaturesVerify { value -= 100_000 }
        if candidate.isAnchored { value += 10_000 }
        if let top = path.last, pool.isSelfSigned(top) { value += 1_000 - path.count } else { value += path.count }
        if path.allSatisfy({ facts($0).isValid(at: verifyTime) }) { value += 100 }
        let hashed = candidate.isAnchored ? path.dropLast() : path[...]
        if !hashed.contains(where: { usesWeakHash($0) }) { value += 10 }
        if !path.contains(where: { facts($0).isSmallKey }) { value += 10 }
        return value
    }

    /// The outcome of `candidate`. `judgedJustNow`: it was judged with nothing changed since (no
    /// source unlocked), so the context it was judged in is still the path's context.
    mutating func outcome(_ candidate: Candidate, judgedJustNow: Bool = false) -> Outcome {
        let known = judgedJustNow ? candidate.context : nil
        let context = known ?? context(for: candidate.path, anchored: candidate.isAnchored)
        var judgement: PathJudge.Judgement
        if context.settings == nil, let failures = candidate.failures {
            judgement = PathJudge.Judgement(failures: failures)
        } else {
            judgement = judge.judgement(context)
        }
        if (budgetExhausted || pool.isStarved) && !judgement.failures.isEmpty {
            judgement.failures.append(TrustFailure(index: 0, check: .pathBuildingBudget))
            judgement.proceeds = false
        }
        return Outcome(
            path: candidate.path, isAnchored: context.isAnchored, isSystemRooted: context.isSystemRooted,
            failures: judgement.failures, decisions: judgement.decisions, proceeds: judgement.proceeds,
            leafPhasePassed: leafPhasePassed)
    }
}
