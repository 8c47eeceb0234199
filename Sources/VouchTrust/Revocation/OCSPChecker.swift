import VouchCrypto
import VouchDER
import VouchX509

/// What the supplied OCSP responses say of one certificate, once Apple's rules have picked the
/// response that counts.
enum OCSPStatus: Equatable {
    /// A verified, fresh "good" answer: a positive response (kSecRevocationRequirePositiveResponse).
    case good
    /// A verified "revoked" answer, whatever its dates: fatal.
    case revoked(CRLReason?)
    /// No usable answer, or "unknown": as if no response had come.
    case none
}

/// OCSP responses the caller supplies (stapled in the handshake) and those a fetcher brought
/// (``FetchedEvidence``, from its cache or the network, after the supplied ones),
/// judged as Apple's trustd judges stapled responses (`SecORVCProcessStapledResponses`,
/// `SecORVCConsumeOCSPResponse` in trust/trustd/SecRevocationServer.c; `SecOCSPResponse.c`).
///
/// For a certificate with an issuer in the path, and without id-pkix-ocsp-nocheck, each response
/// is tried in the order given. A response is *consumed* when:
/// 1. its status is successful and it is a basic response;
/// 2. one of its single responses is about the certificate: the first whose serial number (as
///    written) is the certificate's and whose issuer name and key hashes, computed with the
///    single response's own hash algorithm (SHA-1, -224, -256, -384 or -512), are the hashes of
///    the certificate's issuer field (DER) and of the issuer's public key (the BIT STRING's value);
/// 3. its thisUpdate is later than that of the response consumed before it, if any;
/// 4. it is signed (``signerTrusted(_:issuers:at:)``) by the issuer, or by a responder the issuer
///    certified, judged at the *current time* or, for a "revoked" answer, at producedAt;
/// 5. for a "good" answer only, it is fresh at the current time, within Apple's 1 h 15 min leeway
///    (`TRUST_TIME_LEEWAY`): thisUpdate not in the future; nextUpdate, or thisUpdate plus one
///    day (`kSecDefaultOCSPResponseTTL`) when absent, not past; producedAt and every single
///    response's thisUpdate not in the future; the latest nextUpdate of the response not past.
///
/// A "revoked" answer is consumed whatever its dates (Apple keeps it until the certificate
/// expires), and so is an "unknown" one, which then says nothing. A response that fails any step
/// is ignored, never an error. The current time is the wall clock unless the trust sets one
/// (``Trust/setCurrentTime(_:)``): Apple judges freshness at "now", not at the verify date.
struct OCSPChecker {
    /// Apple's `TRUST_TIME_LEEWAY`: one hour for time zone and daylight-saving mistakes and
    /// fifteen minutes of clock skew, allowed on each side of every date comparison.
    static let leeway: Int64 = 4_500
    /// Apple's `kSecDefaultOCSPResponseTTL`: how long an answer without nextUpdate stays fresh.
    static let defaultTimeToLive: Int64 = 86_400

    private let responses: [OCSPResponse]
    /// Each response's position in the list the caller gave (`nil` for a fetched one).
    private let responseIndexes: [Int?]
    /// Each response's HTTP max-age when it was fetched from a responder (`nil` for a supplied or
    /// cached one): it may bring its expiry forward (``responseExpiry(thisUpdate:producedAt:latestNextUpdate:maxAge:now:isRevoked:certificateNotAfter:)``).
    private let maxAges: [Int64?]
    /// Whether and how to ask for answers the responses do not give (SECTRUST.md §16.3), or `nil`:
    /// ask nothing.
    var fetching: Fetching? = nil
    /// What this checker would have fetched, in the order asked.
    private(set) var fetchRequests: [FetchRequest] = []

    /// When an evaluation asks a fetcher for OCSP answers (§16.3).
    struct Fetching {
        /// Apple's `allow_fetch` less its per-certificate part: the network is on and a policy
        /// sets a revocation method (and, with `CheckIfTrusted`, the chosen path is being redone).
        var mayUseNetwork: Bool
        /// The network is on (`SecRevocationCanAccessNetwork`), whether or not a method is set: a
        /// kept revoked answer past its dates is refetched on that alone (`old_cached_response`).
        var canUseNetwork: Bool
        /// Whether the fetcher reads a cache: asked for every certificate, network or not.
        var readsCache: Bool
        /// `kSecRevocationOnlineCheck`: cache entries older than 300 s do not count.
        var onlineCheck: Bool
        /// The requests already answered.
        var answered: Set<FetchRequest>
    }
    private let currentTime: Int64
    /// Evaluates a delegated responder (`nil` only when there are no responses).
    private let evaluatesResponder: ResponderEvaluation?

    private var answers: [CertificateLink: Answer] = [:]
    private var signatures: [SignatureKey: Bool] = [:]
    private var delegations: [Delegation: Bool] = [:]
    /// Delegated responders evaluated (against ``RevocationLimits/maximumOCSPSignerEvaluations``).
    private(set) var signerEvaluations = 0
    /// What response signatures, responders' certificates and their evaluations are paid from:
    /// the evaluation's budget (``EvaluationBudget``). A response whose signer it cannot pay for is
    /// unusable, as one whose signature fails.
    var budget = EvaluationBudget()

    /// The response Apple would keep for one certificate, and what it says.
    struct Answer {
        let status: OCSPStatus
        /// The single response consumed, for the SCTs it may carry.
        let single: OCSPSingleResponse?
        /// The position of the response consumed among those given, if any.
        var response: Int? = nil
        /// Whether a response about the certificate, signed by whom it must be, had single-response
        /// dates that held at the current time, whatever its status (trustd's `revocation_checked`,
        /// set even when a "good" answer then fails its response-level dates).
        var checked = false
        /// When the answer kept stops counting (``responseExpiry(thisUpdate:producedAt:latestNextUpdate:maxAge:now:isRevoked:certificateNotAfter:)``):
        /// `nil` without one, or for an "unknown" answer, which trustd gives no expiry.
        var expiry: Int64? = nil
    }

    private struct SignatureKey: Hashable {
        let response: Int
        let signer: Certificate
    }

    private struct Delegation: Hashable {
        let signer: Certificate
        let issuers: [Certificate]
        let time: Int64
    }

    /// Whether a delegated responder's certificate is trusted: an evaluation of `signer`, with
    /// `responseCertificates` as intermediates, under BasicX509, anchored only at `issuers` (the
    /// issuer's chain) and dated `time`. The evaluator supplies it, so that judging a responder
    /// is an evaluation of its own rather than this checker reaching back into the engine. It
    /// draws its signatures from `budget`, the evaluation's, not from a budget of its own.
    typealias ResponderEvaluation = (
        _ signer: Certificate, _ responseCertificates: [Certificate], _ issuers: [Certificate], _ time: Int64,
        _ budget: EvaluationBudget
    ) -> Bool

    /// Nothing supplied: checks nothing.
    init() {
        self.init(responses: [], currentTime: 0, evaluatesResponder: nil)
    }

    /// A checker over the first ``RevocationLimits/maximumOCSPResponses`` of `responses`, judging
    /// delegated responders with `evaluatesResponder`.
    /// Fetched responses (`fetched`, from a cache or the network) come after the supplied ones.
    /// `fetchedMaxAges` gives the HTTP max-age of fetched responses, by position in `fetched`
    /// (none for one read from a cache).
    init(
        responses: [OCSPResponse], indexes: [Int]? = nil, fetched: [OCSPResponse] = [], fetchedMaxAges: [Int: Int64] = [:],
        currentTime: Int64, evaluatesResponder: ResponderEvaluation?
    ) {
        self.responses = Array((responses + fetched).prefix(RevocationLimits.maximumOCSPResponses))
        let given: [Int?] = (indexes ?? Array(responses.indices)).map { $0 }
        responseIndexes = Array((given + fetched.map { _ in nil }).prefix(RevocationLimits.maximumOCSPResponses))
        maxAges = Array((responses.map { _ in nil } + fetched.indices.map { fetchedMaxAges[$0] }).prefix(RevocationLimits.maximumOCSPResponses))
        self.currentTime = currentTime
        self.evaluatesResponder = evaluatesResponder
    }

    /// Whether no response was supplied and nothing is to be asked for.
    var isEmpty: Bool { responses.isEmpty && fetching == nil }

    /// The answer for `certificate`, whose issuer is `issuers[0]`, the rest of `issuers` being
    /// the path above it (cached per certificate and issuer).
    mutating func answer(for certificate: Certificate, issuers: ArraySlice<Certificate>) -> Answer {
        guard let issuer = issuers.first, !isEmpty,
            certificate.extensions[.ocspNoCheck] == nil
        else { return Answer(status: .none, single: nil) }
        let link = CertificateLink(child: certificate, issuer: issuer)
        if let known = answers[link] { return known }
        var kept: OCSPSingleResponse? = nil
        var keptIndex: Int? = nil
        var checked = false
        for index in responses.indices {
            guard let basic = responses[index].basic, responses[index].status == .successful,
                let single = basic.singleResponse(for: certificate, issuer: issuer),
                kept.map({ $0.thisUpdate.secondsSince1970 < single.thisUpdate.secondsSince1970 }) ?? true
            else { continue }
            let isRevoked: Bool
            if case .revoked = single.status { isRevoked = true } else { isRevoked = false }
            let signerTime = isRevoked ? basic.producedAt.secondsSince1970 : currentTime
            guard signerTrusted(index, issuers: issuers, at: signerTime) else { continue }
            if Self.isFresh(single, at: currentTime) { checked = true }
            if single.status == .good {
                guard Self.isFresh(single, at: currentTime), Self.isFresh(basic, at: currentTime) else { continue }
            }
            kept = single
            keptIndex = index
        }
        let status: OCSPStatus
        switch kept?.status {
        case .good: status = .good
        case .revoked(_, let reason): status = .revoked(reason)
        case .unknown, nil: status = .none
        }
        var answer = Answer(status: status, single: kept, response: keptIndex.flatMap { responseIndexes[$0] }, checked: checked)
        if let kept, let keptIndex, let basic = responses[keptIndex].basic {
            switch status {
            case .revoked: answer.expiry = certificate.validity.notAfter.secondsSince1970
            case .good:
                answer.expiry = Self.responseExpiry(
                    thisUpdate: kept.thisUpdate.secondsSince1970, producedAt: basic.producedAt.secondsSince1970,
                    latestNextUpdate: basic.responses.compactMap { $0.nextUpdate?.secondsSince1970 }.max(),
                    maxAge: maxAges[keptIndex], now: currentTime, isRevoked: false,
                    certificateNotAfter: certificate.validity.notAfter.secondsSince1970)
            case .none: break
            }
        }
        answers[link] = answer
        noteFetch(for: certificate, issuer: issuer, kept: kept)
        return answer
    }

    /// `kSecRevocationCheckIfTrusted`'s second pass (§16.4): the chosen path's answers asked again
    /// with the network allowed, whatever `NoNetworkAccess` says.
    mutating func askAgainWithNetwork(_ path: [Certificate]) {
        guard fetching != nil else { return }
        fetching?.mayUseNetwork = true
        fetching?.canUseNetwork = true
        answers = [:]
        for index in path.indices.dropLast() { _ = answer(for: path[index], issuers: path[(index + 1)...]) }
    }

    /// Notes what to ask a fetcher about `certificate` (§16.3 item 1 (d)–(e)): its cache always,
    /// when it reads one; the network when no response was consumed, or the one kept is a revoked
    /// answer outside its dates (Apple's `old_cached_response`: refetched to see un-revocation).
    private mutating func noteFetch(for certificate: Certificate, issuer: Certificate, kept: OCSPSingleResponse?) {
        guard let fetching else { return }
        var staleRevocation = false
        if let kept, case .revoked = kept.status { staleRevocation = !Self.isFresh(kept, at: currentTime) }
        let uris = certificate.accessURIs(.ocsp)
        let network = !uris.isEmpty && ((kept == nil && fetching.mayUseNetwork) || (staleRevocation && fetching.canUseNetwork))
        guard network || fetching.readsCache else { return }
        let request = FetchRequest.ocsp(
            certificate: certificate, issuer: issuer, uris: uris, mayUseNetwork: network, onlineCheck: fetching.onlineCheck)
        guard !fetching.answered.contains(request), !fetchRequests.contains(request) else { return }
        fetchRequests.append(request)
    }

    /// `SecOCSPSingleResponseCalculateValidity`: thisUpdate not in the future, and nextUpdate
    /// (thisUpdate plus a day when absent) not past, each within the leeway.
    static func isFresh(_ single: OCSPSingleResponse, at now: Int64) -> Bool {
        let thisUpdate = single.thisUpdate.secondsSince1970
        guard thisUpdate <= now + leeway else { return false }
        let nextUpdate = single.nextUpdate?.secondsSince1970 ?? thisUpdate + defaultTimeToLive
        return now - leeway <= nextUpdate
    }

    /// `SecOCSPResponseCalculateValidity` (without an HTTP max-age, as for stapled responses):
    /// producedAt and every single response's thisUpdate not in the future; the latest
    /// nextUpdate, when any single response has one, not past; each within the leeway.
    static func isFresh(_ basic: BasicOCSPResponse, at now: Int64) -> Bool {
        guard basic.producedAt.secondsSince1970 <= now + leeway else { return false }
        var latestNextUpdate: Int64? = nil
        for single in basic.responses {
            guard single.thisUpdate.secondsSince1970 <= now + leeway else { return false }
            if let next = single.nextUpdate?.secondsSince1970 { latestNextUpdate = max(latestNextUpdate ?? next, next) }
        }
        return latestNextUpdate.map { now - leeway <= $0 } ?? true
    }

    /// `SecOCSPResponseVerify`: who signed response `index`, and whether Apple trusts it to.
    ///
    /// The signer is the *last* of the response's certificates that its ResponderID names (byName:
    /// the certificate's subject, octet for octet; byKey: the SHA-1 of its public key) and whose
    /// key verifies the response's signature; failing that, the issuer itself under the same
    /// test. The issuer is trusted already. Another signer is a delegated responder: it must
    /// pass a trust evaluation anchored at the issuer's chain (``delegationHolds(_:issuers:at:)``)
    /// and be signed by the issuer's key.
    private mutating func signerTrusted(_ index: Int, issuers: ArraySlice<Certificate>, at time: Int64) -> Bool {
        guard let basic = responses[index].basic, let issuer = issuers.first else { return false }
        var signer: Certificate? = nil
        for candidate in basic.certificates where names(basic.responderID, candidate) && verifies(index, by: candidate) {
            signer = candidate
        }
        if signer == nil, names(basic.responderID, issuer), verifies(index, by: issuer) { signer = issuer }
        guard let signer else { return false }
        if signer == issuer { return true }
        return delegationHolds(signer, responseCertificates: basic.certificates, issuers: issuers, at: time)
    }

    /// `SecOCSPResponseIsIssuer`'s name test.
    private func names(_ responder: OCSPResponderID, _ certificate: Certificate) -> Bool {
        switch responder {
        case .byName(let name): return name.encoded.elementsEqual(certificate.subject.encoded)
        case .byKeyHash(let hash):
            return hash.elementsEqual(HashAlgorithm.sha1.digest(certificate.subjectPublicKeyInfo.subjectPublicKey.bytes))
        }
    }

    /// Whether response `index`'s signature verifies with `signer`'s key (cached).
    private mutating func verifies(_ index: Int, by signer: Certificate) -> Bool {
        let key = SignatureKey(response: index, signer: signer)
        if let known = signatures[key] { return known }
        guard let basic = responses[index].basic,
            let verification = budget.verify(
                algorithm: basic.signatureAlgorithm, issuerKey: signer.subjectPublicKeyInfo,
                signedBytes: basic.tbsResponseDataBytes, signature: basic.signature)
        else { return false }
        let answer = verification == .valid
        signatures[key] = answer
        return answer
    }

    /// `SecOCSPResponseEvaluateSigner`: a delegated responder is trusted when a trust evaluation
    /// of the responder (with the response's certificates as intermediates) under Apple's
    /// OCSPSigner policy, anchored only at the issuer's chain and dated `time`, succeeds, and the
    /// issuer's key signed the responder's certificate.
    ///
    /// The OCSPSigner policy (`SecPolicyCreateOCSPSigner`) is BasicX509 plus three rules on the
    /// responder: extendedKeyUsage present with id-kp-OCSPSigning (no EKU or anyExtendedKeyUsage
    /// does not do), keyUsage present with digitalSignature, and not a CA.
    private mutating func delegationHolds(
        _ signer: Certificate, responseCertificates: [Certificate], issuers: ArraySlice<Certificate>, at time: Int64
    ) -> Bool {
        let key = Delegation(signer: signer, issuers: Array(issuers), time: time)
        if let known = delegations[key] { return known }
        guard signerEvaluations < RevocationLimits.maximumOCSPSignerEvaluations, let issuer = issuers.first,
            let evaluatesResponder
        else { return false }
        signerEvaluations += 1
        let holds = Self.isOCSPSigner(signer)
            && budget.verify(signer, issuerKey: issuer.subjectPublicKeyInfo) == .valid
            && evaluatesResponder(signer, responseCertificates, Array(issuers), time, budget)
        delegations[key] = holds
        return holds
    }

    /// The OCSPSigner policy's own rules on the responder's certificate (`SecPolicyCheckExtendedKeyUsage`
    /// with id-kp-OCSPSigning required, `SecPolicyCheckKeyUsage` with digitalSignature,
    /// `SecPolicyCheckNotCA`).
    static func isOCSPSigner(_ certificate: Certificate) -> Bool {
        guard let purposes = certificate.extendedKeyUsage?.purposes, purposes.contains(.ocspSigning),
            let usage = certificate.keyUsage, usage.contains(.digitalSignature)
        else { return false }
        return certificate.basicConstraints?.isCertificateAuthority != true
    }
}
