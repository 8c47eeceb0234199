import VouchX509

/// One evaluation of a ``Trust`` (SECTRUST.md §11): sources, path building, checks, result, error.
enum TrustEvaluator {
    static func evaluate(_ trust: Trust, at verifyTime: Int64, events: inout [TrustEvent]?) -> TrustEvaluation {
        // The system roots come indexed from their store: anchors unless the caller's anchors are
        // exclusive, then untrusted parents, the last source the builder unlocks: it merges them
        // only then, so a path found without them never loads the store.
        let systemIsTrusted = !trust.anchorsOnly
        // The user and admin settings are an anchor source beside the system roots, or untrusted
        // parents with them when the caller's anchors are exclusive (SECTRUST.md §2.1, §15.3.1).
        let trusted: CertificatePool.Membership = systemIsTrusted ? [.appAnchor, .system, .settings] : [.appAnchor]
        let parents: [CertificatePool.Membership] = systemIsTrusted ? [.input] : [.input, [.system, .settings]]
        // The pool is filled in place inside the builder: a second reference to it would make the
        // first addition copy its indexes.
        var builder = PathBuilder(
            pool: systemIsTrusted ? CertificatePool(startingFrom: trust.systemStore.roots) : CertificatePool(),
            trusted: trusted, parentSources: parents,
            policies: trust.policies, verifyTime: verifyTime)
        builder.pool.sharedVerifications = trust.signatureVerificationCache
        builder.pool.reserveCapacity(trust.certificates.count + (trust.anchors?.count ?? 0))
        let leaf = builder.pool.add(trust.certificates[0], as: .input)
        for certificate in trust.certificates.dropFirst() { builder.pool.add(certificate, as: .input) }
        for anchor in trust.anchors ?? [] { builder.pool.add(anchor, as: .appAnchor) }
        // The system domain is read only when the store is an anchor source (computeSettings
        // stops before it otherwise): reading it loads the store, which exclusive anchors defer.
        let systemSettings = systemIsTrusted ? trust.systemStore.trustSettings : TrustSettings()
        if !trust.trustSettings.isEmpty || !systemSettings.isEmpty || trust.exceptions != nil || !trust.anchorTrustMetadata.isEmpty {
            // The user and admin stores' certificates are a source (system-domain entries on a
            // trust are ignored: the system domain is the store's).
            for entry in trust.trustSettings.allEntries where entry.domain != .system { builder.pool.add(entry.certificate, as: .settings) }
            builder.settings = EvaluationSettings(
                settings: trust.trustSettings, system: systemSettings, anchorMetadata: trust.anchorTrustMetadata,
                consultsStore: systemIsTrusted,
                matcher: ConstraintMatcher(policies: trust.policies), exceptions: trust.exceptions)
        }
        if !systemIsTrusted { builder.deferredSystemRoots = trust.systemStore }
        builder.profile = trust.profile
        // CRL signers other than the issuing CA are looked for among the caller's certificates
        // (only when there are CRLs: the list is not built otherwise).
        builder.revocation = RevocationChecker(
            crls: trust.crls, signers: trust.crls.isEmpty ? [] : trust.certificates + (trust.anchors ?? []),
            responseRequired: trust.revocationResponseRequired, verifyTime: verifyTime)
        builder.revocation.profile = trust.profile
        if !trust.ocspResponses.isEmpty {
            builder.revocation.ocsp = OCSPChecker(
                responses: trust.ocspResponses, indexes: trust.ocspResponseIndexes, currentTime: trust.currentTime?.secondsSince1970 ?? Clock.now,
                systemStore: trust.systemStore, profile: trust.profile)
        }
        // Certificate Transparency only when there is something to judge it with: without a log
        // list or external SCTs (TLS ones, or OCSP responses carrying some), nothing is made and
        // nothing is paid.
        let judgesTransparency = trust.trustedLogs != nil || !trust.signedCertificateTimestamps.isEmpty
            || trust.ocspResponses.contains { response in
                response.basic?.responses.contains { $0.extensions[.ocspSignedCertificateTimestampList] != nil } == true
            }
        if judgesTransparency {
            builder.transparency = CertificateTransparencyChecker(
                logs: trust.trustedLogs, tlsTimestamps: trust.signedCertificateTimestamps,
                ocspResponses: trust.ocspResponses, verifyTime: verifyTime, policies: trust.policies)
        }
        builder.log = events == nil ? nil : PathBuilder.EventLog()
        let outcome = builder.build(leaf: leaf)
        if let log = builder.log { events = log.events }
        var result = TrustResultType.unspecified
        for failure in outcome.failures { result = result.folding(failure.check.resultClass) }
        if result == .unspecified && outcome.proceeds { result = .proceed }
        let chain = outcome.path.map { builder.pool[$0].certificate }
        var transparency: CertificateTransparencyReport? = nil
        if let checker = builder.transparency, let leafID = outcome.path.first {
            let required = checker.isRequired(
                builder.facts(leafID), isAnchored: outcome.isAnchored, isSystemRooted: outcome.isSystemRooted,
                top: chain[chain.count - 1])
            transparency = checker.report(leaf: chain[0], issuer: chain.count > 1 ? chain[1] : nil).requiring(required)
        }
        return TrustEvaluation(
            result: result, chain: chain, isAnchored: outcome.isAnchored,
            failures: outcome.failures, verifyTime: verifyTime, decisions: outcome.decisions,
            certificateTransparency: transparency)
    }
}
