import VouchDER
import VouchX509

/// One evaluation of a ``TrustRequest`` (SECTRUST.md §11): it sets up the candidates and anchor
/// sources (``CertificatePool``, ``AnchorResolver``), the judge and its checkers (``PathJudge``),
/// lets the search (``PathBuilder``) find and judge paths, and turns the chosen one into the
/// result and its error.
enum TrustEvaluator {
    /// Evaluates `request` at `verifyTime`, recording the search in `events` when it is not `nil`.
    /// Every signature it verifies is paid from `budget`: a new one, or the evaluation's that
    /// judges a delegated OCSP responder (``responderEvaluation(for:)``).
    static func evaluate(
        _ request: TrustRequest, at verifyTime: Int64, events: inout [TrustEvent]?, budget: EvaluationBudget = EvaluationBudget()
    ) -> TrustEvaluation {
        // The system roots come indexed from their store: anchors unless the caller's anchors are
        // exclusive, then untrusted parents, the last source the builder unlocks: it merges them
        // only then, so a path found without them never loads the store.
        let systemIsTrusted = !request.anchorsOnly
        // The user and admin settings are an anchor source beside the system roots, or untrusted
        // parents with them when the caller's anchors are exclusive (SECTRUST.md §2.1, §15.3.1).
        let trusted: CertificatePool.Membership = systemIsTrusted ? [.appAnchor, .system, .settings] : [.appAnchor]
        let parents: [CertificatePool.Membership] = systemIsTrusted ? [.input] : [.input, [.system, .settings]]
        // Apple's pinning database: matched rules replace the pinned SSL policy (the first set's
        // policies are the evaluation's) and add alternatives the judge tries in turn.
        let pinning = pinningPolicySets(for: request)
        let policies = pinning?.sets.first?.policies ?? request.policies
        let judge = PathJudge(policies: policies, verifyTime: verifyTime, profile: request.profile, budget: budget)
        judge.pinning = pinning
        judge.appleAnchors = request.appleAnchors
        // CRL signers other than the issuing CA are looked for among the caller's certificates
        // (only when there are CRLs: the list is not built otherwise).
        let revocationFlags = request.revocationFlags
        judge.revocation = RevocationChecker(
            crls: request.crls, signers: request.crls.isEmpty ? [] : request.certificates + (request.anchors ?? []),
            responseRequired: request.revocationResponseRequired || revocationFlags.contains(.requirePositiveResponse),
            verifyTime: verifyTime)
        judge.revocation.profile = request.profile
        judge.revocation.budget = budget
        // OCSP from the network when it is on and a policy or a pinning rule (§17.5) sets a
        // revocation method, or the leaf could be EV (§16.3's allow_fetch: an EV path needs an
        // optionally-EV leaf, so the leaf decides for both); not for candidate paths under
        // CheckIfTrusted (asked again below); from the fetcher's cache for every path. The EV map
        // is Apple's store's.
        let evRoots = request.extendedValidationRoots ?? (request.systemStore.kind == .apple ? .apple : nil)
        // `SecCertificateVCCouldBeEV`, asked once; the leaf's facts (every extension decoded) only
        // for a leaf naming an EV policy of the map.
        let leafIsOptionallyEV = evRoots.map { roots in
            let leaf = request.certificates[0]
            return leaf.certificatePolicies?.policies.contains { roots.isEVPolicy($0.identifier) } == true
                && ExtendedValidation.leafCouldBeEV(CertificateFacts(leaf), roots: roots)
        } == true
        let fetchesOCSP = request.canAccessNetwork
            && (request.setsRevocationMethod || pinning?.sets.contains { $0.rule.revocation != nil } == true || leafIsOptionallyEV)
        // A stapled revoked answer past its dates is refetched with the network on, method or not.
        let fetching = fetchesOCSP || request.readsOCSPCache || revocationFlags.contains(.checkIfTrusted)
            || (request.canAccessNetwork && !request.ocspResponses.isEmpty)
        if !request.ocspResponses.isEmpty || !request.fetched.ocspResponses.isEmpty || fetching {
            judge.revocation.ocsp = ocspChecker(for: request)
            judge.revocation.ocsp.budget = budget
            if fetching {
                judge.revocation.ocsp.fetching = OCSPChecker.Fetching(
                    mayUseNetwork: fetchesOCSP && !revocationFlags.contains(.checkIfTrusted),
                    canUseNetwork: request.canAccessNetwork && !revocationFlags.contains(.checkIfTrusted), readsCache: request.readsOCSPCache,
                    onlineCheck: revocationFlags.contains(.onlineCheck), answered: request.fetched.answered)
            }
        }
        // Certificate Transparency only when there is something to judge it with: without a log
        // list (the caller's, else the system store's) or external SCTs (TLS ones, or OCSP
        // responses carrying some), nothing is made and nothing is paid. The system store's list
        // judges when it can require CT (current at the verify date) or when there are SCTs to
        // verify: a list outside its window with no SCT before it would have nothing to say.
        let externalTimestamps = !request.signedCertificateTimestamps.isEmpty
            || request.ocspResponses.contains { response in
                response.basic?.responses.contains { $0.extensions[.ocspSignedCertificateTimestampList] != nil } == true
            }
        let leafTimestamps = request.certificates.first?.extensions[.signedCertificateTimestampList] != nil
        let systemLogs = request.trustedLogs == nil && request.usesSystemTrustedLogs
            ? request.systemStore.certificateTransparencyLogs(at: verifyTime).flatMap { logs in
                logs.state.isCurrent || leafTimestamps || externalTimestamps ? logs : nil
            } : nil
        let judgesTransparency = request.trustedLogs != nil || systemLogs != nil || externalTimestamps
        if judgesTransparency {
            judge.transparency = CertificateTransparencyChecker(
                logs: request.trustedLogs.map { list in { list } } ?? systemLogs?.logs,
                enforces: request.trustedLogs != nil || systemLogs?.state.isCurrent == true,
                systemLogList: systemLogs?.state, tlsTimestamps: request.signedCertificateTimestamps,
                ocspResponses: request.ocspResponses, verifyTime: verifyTime, policies: policies)
            judge.transparency?.budget = budget
            judge.transparency?.exceptions = request.certificateTransparencyExceptions
        }
        // The pool is filled in place inside the builder: a second reference to it would make the
        // first addition copy its indexes.
        var builder = PathBuilder(
            pool: systemIsTrusted ? CertificatePool(startingFrom: request.systemStore.roots) : CertificatePool(),
            anchors: AnchorResolver(trusted: trusted, settings: nil),
            parentSources: request.canAccessNetwork ? parents + [.fetched] : parents, judge: judge)
        builder.pool.sharedVerifications = request.signatureVerificationCache
        builder.pool.budget = budget
        builder.pool.reserveCapacity(request.certificates.count + (request.anchors?.count ?? 0))
        let leaf = builder.pool.add(request.certificates[0], as: .input)
        for certificate in request.certificates.dropFirst() { builder.pool.add(certificate, as: .input) }
        for anchor in request.anchors ?? [] { builder.pool.add(anchor, as: .appAnchor) }
        // The system domain is read only when the store is an anchor source (computeSettings
        // stops before it otherwise): reading it loads the store, which exclusive anchors defer.
        let systemSettings = systemIsTrusted ? request.systemStore.trustSettings : TrustSettings()
        // Beside Apple's store, the administrator's local additions are the admin domain
        // (SECTRUST.md §17.6), read whether or not the store is an anchor source, as a Mac's
        // admin settings are (§15.3.7); the caller's own admin entry for a certificate wins.
        let userSettings = request.trustSettings.addingAdministratorEntries(request.systemStore.administratorRoots.trustSettings)
        if !userSettings.isEmpty || !systemSettings.isEmpty || request.exceptions != nil || !request.anchorTrustMetadata.isEmpty {
            // The user and admin stores' certificates are a source (system-domain entries on a
            // trust are ignored: the system domain is the store's).
            for entry in userSettings.allEntries where entry.domain != .system { builder.pool.add(entry.certificate, as: .settings) }
            builder.anchors = AnchorResolver(trusted: trusted, settings: EvaluationSettings(
                settings: userSettings, system: systemSettings, anchorMetadata: request.anchorTrustMetadata,
                consultsStore: systemIsTrusted,
                matcher: ConstraintMatcher(policies: policies), exceptions: request.exceptions))
        }
        if !systemIsTrusted { builder.deferredSystemRoots = request.systemStore }
        if request.canAccessNetwork {
            // The caIssuers source, last (§16.2). Every policy Vouch has but Revocation checks validity.
            builder.caIssuers = PathBuilder.CAIssuersSource(
                fetched: request.fetched.issuers, answered: request.fetched.answered,
                skipsInvalidTops: request.policies.contains { $0.revocationFlags == nil })
        }
        if leafIsOptionallyEV { builder.extendedValidationRoots = evRoots }
        builder.log = events == nil ? nil : PathBuilder.EventLog()
        let outcome = builder.build(leaf: leaf)
        if let log = builder.log { events = log.events }
        var result = TrustResultType.unspecified
        for failure in outcome.failures { result = result.folding(failure.check.resultClass) }
        if result == .unspecified && outcome.proceeds { result = .proceed }
        let chain = outcome.path.map { builder.pool[$0].certificate }
        // CheckIfTrusted (§16.4): an anchored chosen path whose leaf passed its own checks has its
        // answers asked for again with the network allowed, even under NoNetworkAccess.
        if revocationFlags.contains(.checkIfTrusted) && outcome.isAnchored && outcome.leafPhasePassed {
            builder.judge.revocation.ocsp.askAgainWithNetwork(chain)
        }
        var transparency: CertificateTransparencyReport? = nil
        if let checker = builder.judge.transparency, let leafID = outcome.path.first {
            let required = checker.isRequired(
                builder.facts(leafID), isAnchored: outcome.isAnchored, isSystemRooted: outcome.isSystemRooted,
                top: chain[chain.count - 1])
            transparency = checker.report(leaf: chain[0], issuer: chain.count > 1 ? chain[1] : nil).requiring(required)
        }
        // Extended Validation, for the chosen path only and only under Apple's store (its EV map):
        // an evaluation with another store, or an untrusted result, asks nothing.
        var isExtendedValidation = false
        // Whether the path is EV before its OCSP answers are asked (trustd's path flag, which
        // the revocation report reads).
        var pathIsEV: () -> Bool = { false }
        // A leaf without certificate policies cannot be EV: the map is not even built for it.
        if result.isTrusted, let leafID = outcome.path.first, builder.facts(leafID).certificatePolicies?.policies.isEmpty == false,
            let evRoots
        {
            let judge = builder.judge
            let path = outcome.path.map { builder.facts($0) }
            isExtendedValidation = ExtendedValidation.isExtendedValidation(
                path: path, transparency: transparency,
                hasGoodOCSPAnswer: { index in
                    judge.revocation.ocsp.answer(for: chain[index], issuers: chain[(index + 1)...]).status == .good
                }, roots: evRoots)
            pathIsEV = {
                isExtendedValidation
                    || ExtendedValidation.isExtendedValidation(path: path, transparency: transparency, hasGoodOCSPAnswer: { _ in true }, roots: evRoots)
            }
        }
        let (revocation, revokedByCRL) = revocationReport(
            chain: chain, isTrusted: result.isTrusted, failures: outcome.failures, checker: &builder.judge.revocation,
            pathIsEV: pathIsEV)
        return TrustEvaluation(
            result: result, chain: chain, isAnchored: outcome.isAnchored,
            failures: outcome.failures, verifyTime: verifyTime, decisions: outcome.decisions,
            certificateTransparency: transparency, isExtendedValidation: isExtendedValidation,
            fetchRequests: builder.fetchRequests + builder.judge.revocation.ocsp.fetchRequests,
            revocation: revocation, revokedByCRL: revokedByCRL)
    }

    /// What `SecTrustCopyResult` says of revocation for the chosen `chain` (trustd's
    /// `SecPathBuilderReportResult`; ``RevocationResult``), and the indexes of the chain that a
    /// supplied CRL, not an OCSP answer, revoked (Vouch's extension).
    static func revocationReport(
        chain: [Certificate], isTrusted: Bool, failures: [TrustFailure], checker: inout RevocationChecker, pathIsEV: () -> Bool
    ) -> (RevocationResult, [Int]) {
        // A lone certificate has no issuer to ask: trustd runs no revocation for it.
        guard chain.count > 1 else { return (.none, []) }
        let answers = chain.indices.map { index in checker.ocsp.answer(for: chain[index], issuers: chain[(index + 1)...]) }
        var reasons: [Int: Int] = [:]
        var revokedByCRL: [Int] = []
        let revoked = Set(failures.lazy.filter { $0.check == .revocation && chain.indices.contains($0.index) }.map(\.index)).sorted()
        for index in revoked {
            var code = -1
            if case .revoked(let given) = answers[index].status {
                code = given?.rawValue ?? -1
            } else {
                revokedByCRL.append(index)
                if case .revoked(let given?) = checker.status(of: chain[index], issuers: Array(chain[(index + 1)...]), depth: 1) {
                    code = given.rawValue
                }
            }
            reasons[index] = code
        }
        guard isTrusted else { return (RevocationResult(checked: nil, validUntil: nil, reasons: reasons), revokedByCRL) }
        // `SecCertificatePathVCGetEarliestNextUpdate`: every certificate's answer must have an
        // expiry, except the last and a CA naming no OCSP responder; the earliest is reported.
        var earliest: Int64? = nil
        var complete = true
        for index in chain.indices {
            guard let expiry = answers[index].expiry else {
                if index == chain.count - 1 || (index > 0 && chain[index].accessURIs(.ocsp).isEmpty) { continue }
                complete = false
                break
            }
            earliest = min(earliest ?? expiry, expiry)
        }
        if complete, let earliest { return (RevocationResult(checked: true, validUntil: earliest), revokedByCRL) }
        if pathIsEV() { return (RevocationResult(checked: false, validUntil: nil), revokedByCRL) }
        // `SecCertificatePathVCRevocationCheckedAllCerts`.
        let all = answers.dropLast().allSatisfy(\.checked)
        return (RevocationResult(checked: all ? true : nil, validUntil: nil), revokedByCRL)
    }

    /// Apple's pinning database applied to `request` (SECTRUST.md §17.5): the test's database if
    /// it sets one; else, under Apple's store, one lookup of the embedded database per SSL
    /// policy with a hostname (a set lookup first, ``ApplePinningDatabase/embeddedMayMatch(policyName:hostname:)``,
    /// so that a host the list does not name never decodes it); nothing under the other stores.
    static func pinningPolicySets(for request: TrustRequest) -> PinningPolicySets? {
        if let given = request.pinningDatabase {
            return PinningPolicySets.lookUp(policies: request.policies, pinningPolicyName: request.pinningPolicyName, database: given)
        }
        // The list is decoded only when a name or suffix it holds is asked for.
        guard request.systemStore.kind == .apple,
            request.policies.contains(where: { policy in
                guard let hostname = policy.hostname else { return false }
                return ApplePinningDatabase.embeddedMayMatch(policyName: request.pinningPolicyName ?? policy.name, hostname: hostname)
            })
        else { return nil }
        return PinningPolicySets.lookUp(policies: request.policies, pinningPolicyName: request.pinningPolicyName, database: .embedded)
    }

    /// The checker of `request`'s OCSP responses, at its current time, judging delegated responders
    /// with ``responderEvaluation(for:)`` (also what `Trust.ocspAnswers()` asks).
    static func ocspChecker(for request: TrustRequest) -> OCSPChecker {
        OCSPChecker(
            responses: request.ocspResponses, indexes: request.ocspResponseIndexes, fetched: request.fetched.ocspResponses,
            fetchedMaxAges: request.fetched.ocspMaxAges, currentTime: request.currentSeconds,
            evaluatesResponder: responderEvaluation(for: request))
    }

    /// How a delegated OCSP responder is judged for `request` (``OCSPChecker/ResponderEvaluation``):
    /// an evaluation of its own, as Apple's `SecOCSPResponseEvaluateSigner` makes one: the
    /// responder with the response's certificates, BasicX509, anchored only at the issuer's chain,
    /// at the given date, with the request's system store and profile and nothing else.
    static func responderEvaluation(for request: TrustRequest) -> OCSPChecker.ResponderEvaluation {
        let systemStore = request.systemStore, profile = request.profile
        return { signer, responseCertificates, issuers, time, budget in
            var responder = TrustRequest(certificates: [signer] + responseCertificates, policies: [.basicX509], systemStore: systemStore)
            responder.anchors = issuers
            responder.anchorsOnly = true
            let date = DERTime(secondsSince1970: time)
            responder.verifyDate = date
            responder.profile = profile
            var events: [TrustEvent]? = nil
            return evaluate(responder, at: date.secondsSince1970, events: &events, budget: budget).isTrusted
        }
    }
}
