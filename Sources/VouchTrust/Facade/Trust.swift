import VouchCrypto
import VouchDER
import VouchX509

/// Errors of the trust object's API (Apple returns `errSecParam` for these).
public enum TrustError: Error, Equatable, Sendable {
    /// No certificates: `SecTrustCreateWithCertificates` with an empty array.
    case noCertificates
    /// An empty policy list: `SecTrustSetPolicies([])`.
    case noPolicies

    /// The OSStatus Apple returns.
    public var status: TrustStatus { .param }
}

/// A trust object in the manner of Apple's `SecTrust` (SECTRUST.md §1): certificates (index 0 is
/// always the leaf), policies, anchors, a verify date, and the result of the last evaluation.
///
/// Setters invalidate the cached result; ``evaluate()`` re-evaluates only when needed. The verify
/// date, when not set, is fixed to "now" by the first evaluation and reused after that.
public struct Trust: Sendable {
    /// What the setters set: the one value the evaluator reads. Any change invalidates the result.
    private var request: TrustRequest {
        didSet { cached = nil }
    }
    private var cached: TrustEvaluation?

    /// The certificates as given: index 0 is the leaf, the rest are untrusted candidates.
    public var certificates: [Certificate] { request.certificates }
    /// The policies, AND-ed.
    public var policies: [TrustPolicy] { request.policies }
    /// The custom anchors, or `nil` for the system's.
    public var anchors: [Certificate]? { request.anchors }
    /// Whether only ``anchors`` are trusted (set by ``setAnchorCertificates(_:)``).
    public var anchorsOnly: Bool { request.anchorsOnly }
    /// The verify date; `nil` until set or until the first evaluation stores "now".
    public var verifyDate: DERTime? { request.verifyDate }
    /// The CRLs revocation is checked against (SECTRUST.md §14: only what the caller supplies).
    public var crls: [CertificateRevocationList] { request.crls }
    /// Whether a certificate whose status the CRLs leave undetermined fails
    /// (Apple's `kSecRevocationRequirePositiveResponse`); `false` is Apple's soft failure.
    public var revocationResponseRequired: Bool { request.revocationResponseRequired }
    /// The OCSP responses given with ``setOCSPResponses(_:)`` that parse, in the order given.
    public var ocspResponses: [OCSPResponse] { request.ocspResponses }
    /// The OCSP responses given that do not parse, by their position in the list given, with the
    /// reason: Apple ignores them, and so does the evaluation (`vouch verify --explain` names them).
    public var unparseableOCSPResponses: [(index: Int, error: X509Error)] { request.unparseableOCSPResponses }
    /// The time taken as "now" where Apple reads the clock instead of the verify date (the
    /// freshness of OCSP responses); `nil`, the default, reads the wall clock at each evaluation.
    public var currentTime: DERTime? { request.currentTime }
    /// The Certificate Transparency logs the caller trusts (``setTrustedLogs(_:)``), or `nil`:
    /// then the system store's own list judges, if it has one and ``usesSystemTrustedLogs``.
    public var trustedLogs: CertificateTransparencyLogList? { request.trustedLogs }
    /// Whether the system store's log list judges when no logs are set (``setUsesSystemTrustedLogs(_:)``).
    public var usesSystemTrustedLogs: Bool { request.usesSystemTrustedLogs }
    /// SCTs from the TLS handshake (``setSignedCertificateTimestamps(_:)``), each one SCT's bytes.
    public var signedCertificateTimestamps: [[UInt8]] { request.signedCertificateTimestamps }
    /// The rules applied beyond Apple's: ``ValidationProfile/apple`` (none) unless set.
    public var profile: ValidationProfile { request.profile }
    /// Signature verifications shared with other evaluations (``setSignatureVerificationCache(_:)``).
    public var signatureVerificationCache: SignatureVerificationCache? { request.signatureVerificationCache }
    /// The system roots this trust uses (the machine's by default).
    public var systemStore: SystemTrustStore { request.systemStore }
    /// The user and admin trust settings consulted when the system store is in the anchor set
    /// (SECTRUST.md §15); none by default.
    public var trustSettings: TrustSettings { request.trustSettings }
    /// What OpenSSL trust metadata says of some of the custom anchors (system-domain entries;
    /// ``setAnchorTrustMetadata(_:)``); empty by default.
    public var anchorTrustMetadata: TrustSettings { request.anchorTrustMetadata }
    /// The name set with ``setPinningPolicyName(_:)``, or `nil`.
    public var pinningPolicyName: String? { request.pinningPolicyName }
    /// The exceptions in force (``setExceptions(_:)``), or `nil`.
    public var exceptions: TrustExceptions? { request.exceptions }
    /// Apple's global exception reset count (`SecTrustGetExceptionResetCount`): Vouch has no
    /// trustd, so it is 0 and exceptions never expire by it.
    public static let exceptionResetCount: Int64 = 0

    /// `SecTrustCreateWithCertificates`.
    ///
    /// - Throws: ``TrustError/noCertificates`` for an empty array, ``TrustError/noPolicies`` for
    ///   an empty policy list.
    public init(certificates: [Certificate], policies: [TrustPolicy] = [.basicX509], systemStore: SystemTrustStore = .shared) throws(TrustError) {
        guard !certificates.isEmpty else { throw .noCertificates }
        guard !policies.isEmpty else { throw .noPolicies }
        request = TrustRequest(certificates: certificates, policies: policies, systemStore: systemStore)
    }

    /// `SecTrustSetPolicies`.
    public mutating func setPolicies(_ policies: [TrustPolicy]) throws(TrustError) {
        guard !policies.isEmpty else { throw .noPolicies }
        request.policies = policies
    }

    /// `SecTrustSetAnchorCertificates`: non-nil anchors become the only trusted ones (anchorsOnly
    /// true); `nil` restores the system's (anchorsOnly false). An empty array trusts nothing.
    public mutating func setAnchorCertificates(_ anchors: [Certificate]?) {
        request.anchors = anchors
        request.anchorsOnly = anchors != nil
    }

    /// `SecTrustSetAnchorCertificatesOnly`: `false` re-admits the system's roots next to custom
    /// anchors; it must come after ``setAnchorCertificates(_:)``, which overwrites the flag.
    public mutating func setAnchorCertificatesOnly(_ only: Bool) {
        request.anchorsOnly = only
    }

    /// Chooses the rules applied beyond Apple's (``ValidationProfile/strict`` for RFC 5280 and
    /// the CA/B Forum profile); Apple's by default. Invalidates the result.
    public mutating func setValidationProfile(_ profile: ValidationProfile) {
        request.profile = profile
    }

    /// Shares a ``SignatureVerificationCache`` with this trust's evaluations (`nil`, the default:
    /// none): signatures verified before, by any trust using the same cache, are not verified
    /// again. Results are the same with or without it. Invalidates the result.
    public mutating func setSignatureVerificationCache(_ cache: SignatureVerificationCache?) {
        request.signatureVerificationCache = cache
    }

    /// Sets the user and admin trust settings (`SecTrustSettingsSetTrustSettings` made them;
    /// SECTRUST.md §15). System-domain entries are ignored here: they come from the
    /// ``systemStore``. Invalidates the result.
    public mutating func setTrustSettings(_ settings: TrustSettings) {
        request.trustSettings = settings
    }

    /// Constrains custom anchors by their OpenSSL trust metadata (the `system` entries of
    /// `metadata`, made with ``TrustSettings/setSystemConstraints(from:for:)`` from `TRUSTED
    /// CERTIFICATE` blocks; SECTRUST.md §15.6): an anchor whose metadata rejects the policy's
    /// purpose denies, one trusted for other purposes only is no anchor for this policy. Anchors
    /// without an entry stay unconstrained, as Apple's app anchors are. Invalidates the result.
    public mutating func setAnchorTrustMetadata(_ metadata: TrustSettings) {
        request.anchorTrustMetadata = metadata.systemDomain
    }

    /// `SecTrustSetExceptions`: keeps `exceptions` only if their first entry carries the leaf's
    /// SHA-1 (and the reset count allows them); otherwise clears them. Returns whether they were
    /// kept. `nil` clears and returns `false`. Invalidates the result (SECTRUST.md §15.4.2).
    @discardableResult
    public mutating func setExceptions(_ exceptions: TrustExceptions?) -> Bool {
        let leafSHA1 = HashAlgorithm.sha1.digest(certificates[0].derEncoded)
        guard let exceptions, exceptions.isValid(forLeafSHA1: leafSHA1, resetCount: Self.exceptionResetCount) else {
            request.exceptions = nil
            return false
        }
        request.exceptions = exceptions
        return true
    }

    /// `SecTrustCopyExceptions`: evaluates without the exceptions in force and records, per index
    /// of the built chain, the certificate's SHA-1 and the checks that failed there; the leaf's
    /// entry always, `{}` for a clean index, trailing `{}` dropped (SECTRUST.md §15.4.1). The
    /// exceptions in force stay as they were.
    public mutating func copyExceptions() -> TrustExceptions {
        let evaluation: TrustEvaluation
        if exceptions == nil, let cached {
            // The last evaluation had no exceptions to stash: it is the one to copy.
            evaluation = cached
        } else {
            // A trust never evaluated has no verify date yet: fix "now" as evaluate() would.
            if request.verifyDate == nil { request.verifyDate = DERTime(secondsSince1970: Clock.now) }
            var withoutExceptions = request
            withoutExceptions.exceptions = nil
            evaluation = Self.evaluate(withoutExceptions)
        }
        var entries: [TrustExceptions.Entry] = []
        for (index, certificate) in evaluation.chain.enumerated() {
            let failed = Set(evaluation.failures.filter { $0.index == index }.map(\.check.rawValue))
            if index == 0 || !failed.isEmpty {
                let resetCount = Self.exceptionResetCount == 0 ? nil : Self.exceptionResetCount
                entries.append(TrustExceptions.Entry(sha1: HashAlgorithm.sha1.digest(certificate.derEncoded), checks: failed, resetCount: resetCount))
            } else {
                entries.append(TrustExceptions.Entry())
            }
        }
        while let last = entries.last, last.sha1 == nil, entries.count > 1 { entries.removeLast() }
        return TrustExceptions(entries: entries)
    }

    /// `SecTrustSetPinningPolicyName`: names every policy `name`, so that Apple's pinning
    /// database (``ApplePinningDatabase``, applied under ``SystemTrustStore/apple``) is asked for
    /// that policy name's rules before the hostname's, for each SSL policy with a hostname
    /// (SECTRUST.md §17.5). Without a name only hostnames are looked up. Invalidates the result.
    public mutating func setPinningPolicyName(_ name: String) {
        request.pinningPolicyName = name
    }

    /// The roots a policy's `AnchorApple` option (and a pinning rule's) accepts in place of Apple's (Apple Root CA,
    /// G2, G3 and the Apple Platform Backport roots, `SecIsAppleTrustAnchor`): Apple's own tests
    /// do the same with `kSecPolicyAppleAnchorIncludeTestRoots`. For chains generated in tests
    /// and for private deployments of Apple's rules; `nil` restores Apple's. The roots must still
    /// be anchors (``setAnchorCertificates(_:)``) to be trusted. Invalidates the result.
    public mutating func setAppleAnchors(_ roots: [Certificate]?) {
        request.appleAnchors = roots
    }

    /// `SecTrustStoreSetCTExceptions` for this trust (SECTRUST.md §18.3): domains and SPKI
    /// digests exempt from the CT requirement of system-rooted SSL server chains
    /// (SystemTrustedCTRequired; a policy's own `CTRequired` stays). Apple keeps them in its
    /// trust store for every evaluation; Vouch has no daemon, so the caller gives them. `nil`
    /// removes them. Invalidates the result.
    public mutating func setCertificateTransparencyExceptions(_ exceptions: CertificateTransparencyExceptions?) {
        request.certificateTransparencyExceptions = exceptions
    }

    /// The CT exceptions set (``setCertificateTransparencyExceptions(_:)``).
    public var certificateTransparencyExceptions: CertificateTransparencyExceptions? { request.certificateTransparencyExceptions }

    /// `SecTrustSetVerifyDate`.
    public mutating func setVerifyDate(_ date: DERTime) {
        request.verifyDate = date
    }

    /// Supplies the CRLs to check revocation against, replacing earlier ones (Apple fetches CRLs
    /// and OCSP responses itself; Vouch never goes to the network). With none, nothing is revoked.
    /// Invalidates the result. See ``TrustCheck/revocation``.
    public mutating func setCRLs(_ crls: [CertificateRevocationList]) {
        request.crls = crls
    }

    /// `SecTrustSetOCSPResponse`: OCSP responses (RFC 6960, DER), stapled by the server or
    /// fetched by the caller, replacing earlier ones. Invalidates the result.
    ///
    /// Each response is judged as Apple's trustd judges stapled responses (`OCSPChecker`): a
    /// verified "revoked" answer for a certificate of the path fails it with
    /// ``TrustCheck/revocation`` (fatal, errSecCertificateRevoked); a verified "good" answer that
    /// is fresh at the current time (``setCurrentTime(_:)``) is a positive response for
    /// ``setRevocationResponseRequired(_:)``; anything else (a response that does not parse, is
    /// unsuccessful, is about other certificates, is signed by no one the issuer trusts, or is
    /// stale) is ignored, never an error. At most ``RevocationLimits/maximumOCSPResponses`` are
    /// used.
    public mutating func setOCSPResponses(_ responses: [[UInt8]]) {
        var parsed: [OCSPResponse] = [], indexes: [Int] = [], unparseable: [(index: Int, error: X509Error)] = []
        for (index, bytes) in responses.enumerated() {
            do throws(X509Error) {
                parsed.append(try OCSPResponse(derEncoded: bytes))
                indexes.append(index)
            } catch {
                unparseable.append((index, error))
            }
        }
        request.ocspResponses = parsed
        request.ocspResponseIndexes = indexes
        request.unparseableOCSPResponses = unparseable
    }

    /// What the OCSP responses said of the certificates of the built chain (evaluates if needed):
    /// for each certificate below the top that a response answered for, its chain index, the
    /// position of the response that counted among those given to ``setOCSPResponses(_:)``, and
    /// its answer. Certificates no usable response answered for are left out.
    public mutating func ocspAnswers() -> [(index: Int, response: Int, status: OCSPCertStatus)] {
        let chain = evaluate().chain
        guard !ocspResponses.isEmpty, chain.count > 1 else { return [] }
        var checker = TrustEvaluator.ocspChecker(for: request)
        var answers: [(index: Int, response: Int, status: OCSPCertStatus)] = []
        for index in chain.indices.dropLast() {
            let answer = checker.answer(for: chain[index], issuers: chain[(index + 1)...])
            if let response = answer.response, let single = answer.single { answers.append((index, response, single.status)) }
        }
        return answers
    }

    /// Sets what the evaluation takes as the current time where Apple reads the clock rather
    /// than the verify date: whether an OCSP "good" answer is fresh, and the date a delegated
    /// OCSP responder is judged at. `nil` (the default) reads the wall clock. Tests and replays
    /// set it to stay deterministic. Invalidates the result.
    public mutating func setCurrentTime(_ time: DERTime?) {
        request.currentTime = time
    }

    /// `SecTrustSetSignedCertificateTimestamps`: the SCTs the TLS handshake carried (the entries
    /// of its SignedCertificateTimestampList, each one SCT's bytes; see
    /// `SignedCertificateTimestampList` (VouchX509)). They are verified over the leaf itself (RFC 6962
    /// §3.2 `x509_entry`) against ``trustedLogs``. Invalidates the result.
    public mutating func setSignedCertificateTimestamps(_ timestamps: [[UInt8]]) {
        request.signedCertificateTimestamps = timestamps
    }

    /// `SecTrustSetTrustedLogs`: the Certificate Transparency logs to verify SCTs against. With
    /// a list (even an empty one) a system-rooted SSL server chain must be CT-qualified
    /// (``TrustCheck/systemTrustedCTRequired``) and ``TrustEvaluation/isCertificateTransparent``
    /// can be true, whatever the list's age, as Apple with a caller's list. With `nil` (the
    /// default) the system store's own list judges: Apple's embedded list under
    /// ``SystemTrustStore/apple``, which requires CT only while it is current at the verify date
    /// (``AppleTrustStoreSnapshot/isCertificateTransparencyLogListCurrent(at:)``) and, outside
    /// that window, judges only a chain that carries SCTs; none under the other stores.
    /// Invalidates the result.
    public mutating func setTrustedLogs(_ logs: CertificateTransparencyLogList?) {
        request.trustedLogs = logs
    }

    /// Whether, with no logs set (``setTrustedLogs(_:)``), the system store's own list judges
    /// Certificate Transparency (the default, `true`). `false` leaves CT unjudged and never
    /// required, as before Apple's store was the system domain: Vouch's opt-out (`--ct-logs
    /// none`), which Apple has no equivalent of. Invalidates the result.
    public mutating func setUsesSystemTrustedLogs(_ uses: Bool) {
        request.usesSystemTrustedLogs = uses
    }

    /// `SecPolicyCreateRevocation(kSecRevocationRequirePositiveResponse)`: when `true`, the leaf
    /// fails ``TrustCheck/revocationResponseRequired`` when neither the CRLs nor an OCSP response
    /// determine its status, as trustd requires it of the leaf alone (SECTRUST.md §16.5); under
    /// ``ValidationProfile/requiresEveryRevocationResponse`` (the strict profile) every
    /// certificate below the anchor. Invalidates the result.
    public mutating func setRevocationResponseRequired(_ required: Bool) {
        request.revocationResponseRequired = required
    }

    /// `SecTrustSetNetworkFetchAllowed` (SECTRUST.md §16.1): `false` writes `NoNetworkAccess =
    /// true` into every policy and never invalidates the result (a result already fetched for
    /// answers again); `true` removes the option from every policy, BasicX509's and a revocation
    /// policy's alike, and invalidates the result only if some policy carried it.
    public mutating func setNetworkFetchAllowed(_ allowed: Bool) {
        let kept = cached
        let carried = request.noNetworkAccess.contains { $0 != nil }
        request.noNetworkAccess = request.noNetworkAccess.map { _ in allowed ? nil : true }
        if !allowed || !carried { cached = kept }
    }

    /// `SecTrustGetNetworkFetchAllowed`: true when no policy carries `NoNetworkAccess`, else the
    /// negation of the last policy's value. (Whether an evaluation may use the network is a
    /// different reading of the same options: ``canAccessNetwork``.)
    public var networkFetchAllowed: Bool { request.networkFetchAllowed }

    /// Whether an evaluation may use the network, as trustd's leaf-phase `NoNetworkAccess` check
    /// leaves it: the last policy carrying the option decides, `true` turning it off; none
    /// carrying it (SSL) leaves it on. [BasicX509, Revocation] is on, [Revocation, BasicX509] off.
    public var canAccessNetwork: Bool { request.canAccessNetwork }

    /// What earlier fetches brought (``FetchedEvidence``), which the next evaluation uses.
    public var fetchedEvidence: FetchedEvidence { request.fetched }

    /// Hands the evaluation what a fetcher got for its ``TrustEvaluation/fetchRequests``: the
    /// second phase of a two-phase evaluation (``TrustFetcher`` does both). Invalidates the result.
    public mutating func setFetchedEvidence(_ evidence: FetchedEvidence) {
        request.fetched = evidence
    }

    /// Whether the fetcher reads an OCSP cache: evaluations then ask about every certificate of
    /// every candidate path (``FetchRequest/ocsp(certificate:issuer:uris:mayUseNetwork:onlineCheck:)``
    /// with `mayUseNetwork` false), as trustd reads its cache whatever the policies. Set by
    /// ``TrustFetcher`` when it has a cache. Invalidates the result.
    public mutating func setReadsOCSPCache(_ reads: Bool) {
        request.readsOCSPCache = reads
    }

    /// Whether the fetcher reads an OCSP cache (``setReadsOCSPCache(_:)``).
    public var readsOCSPCache: Bool { request.readsOCSPCache }

    /// `SecTrustCopyKey`: the key of `certificates[0]`, without evaluating (SECTRUST.md §8); `nil`
    /// when Apple has no key for it (DSA, RSA-PSS SPKI, explicit curves…).
    public var leafPublicKey: PublicKey? { PublicKey(certificates[0].subjectPublicKeyInfo) }

    /// `SecTrustGetCertificateAtIndex`: index 0 is `certificates[0]` without evaluating; other
    /// indices evaluate first and read the built chain; `nil` out of range.
    public mutating func certificate(at index: Int) -> Certificate? {
        if index == 0 { return certificates[0] }
        let chain = evaluate().chain
        return chain.indices.contains(index) ? chain[index] : nil
    }

    /// `SecTrustGetCertificateCount`: the length of the built chain (evaluates if needed).
    public mutating func certificateCount() -> Int { evaluate().chain.count }

    /// The last evaluation, if still valid.
    public var lastEvaluation: TrustEvaluation? { cached }

    /// `SecTrustEvaluateWithError` and friends: evaluates if needed and returns the evaluation.
    public mutating func evaluate() -> TrustEvaluation {
        if let cached { return cached }
        if request.verifyDate == nil { request.verifyDate = DERTime(secondsSince1970: Clock.now) }
        let evaluation = Self.evaluate(request)
        cached = evaluation
        return evaluation
    }

    /// One evaluation of `request` at its verify date (the clock's "now" when it has none).
    private static func evaluate(_ request: TrustRequest) -> TrustEvaluation {
        var events: [TrustEvent]? = nil
        return TrustEvaluator.evaluate(request, at: request.verifyDate?.secondsSince1970 ?? Clock.now, events: &events)
    }

    /// One evaluation paid from `budget` rather than a budget of its own, not cached: a budget
    /// partly spent beforehand shows what running out does at each stage (the tests' hook).
    func evaluate(paidFrom budget: EvaluationBudget) -> TrustEvaluation {
        var events: [TrustEvent]? = nil
        return TrustEvaluator.evaluate(request, at: request.verifyDate?.secondsSince1970 ?? Clock.now, events: &events, budget: budget)
    }

    /// Evaluates afresh and tells why each candidate was taken, parked or dropped (the path
    /// builder's steps, SECTRUST.md §2), for `vouch verify --explain` and for learning.
    public mutating func evaluateExplaining() -> (evaluation: TrustEvaluation, events: [TrustEvent]) {
        if request.verifyDate == nil { request.verifyDate = DERTime(secondsSince1970: Clock.now) }
        var events: [TrustEvent]? = []
        let evaluation = TrustEvaluator.evaluate(request, at: request.verifyDate?.secondsSince1970 ?? Clock.now, events: &events)
        cached = evaluation
        return (evaluation, events ?? [])
    }

    /// What the evaluation makes of an OCSP response fetched for `certificate`, issued by
    /// `issuer` (trustd's `SecORVCConsumeOCSPResponse`, SECTRUST.md §16.3 item 5).
    enum OCSPConsumption: Sendable {
        /// Not consumed (no answer about the certificate, a signer it does not trust, a "good"
        /// answer out of date): the next responder is asked, and nothing is cached.
        case refused
        /// Consumed, but its single response's dates do not hold (a stale "revoked" answer): kept,
        /// and the next responder is asked.
        case consumed
        /// Consumed with its dates holding: the walk over the responders ends.
        case done
    }

    /// ``OCSPConsumption`` of `response` for `certificate` under `issuer`, judged as the
    /// evaluation will judge it (signer, delegated responder, dates at the current time).
    func consumption(of response: OCSPResponse, for certificate: Certificate, issuer: Certificate) -> OCSPConsumption {
        var checker = OCSPChecker(
            responses: [], fetched: [response], currentTime: request.currentSeconds,
            evaluatesResponder: TrustEvaluator.responderEvaluation(for: request))
        let answer = checker.answer(for: certificate, issuers: [issuer][...])
        guard answer.single != nil else { return .refused }
        return answer.checked ? .done : .consumed
    }
}
