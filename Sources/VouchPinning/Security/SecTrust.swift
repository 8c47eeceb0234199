import Synchronization
import VouchDER
import VouchPropertyList
import VouchTrust
import VouchX509

/// `SecTrustRef`: certificates, policies, anchors, a verify date and the last result, shared by
/// reference as Apple's is (a function that sets a policy on it changes it for every holder).
/// Thread-safe: each call holds the trust's lock.
///
/// Every evaluation the facade makes (`SecTrustEvaluateWithError`, `SecTrustEvaluate`, the chain
/// accessors, `SecTrustCopyExceptions`) first reads the user and admin trust settings of the
/// process's store (`SecTrustSettingsSetTrustSettings`, `SecTrustStoreSetTrustSettings`) as they
/// stand; a change to the store since the last evaluation makes the trust evaluate again, as
/// trustd does. Those settings replace any the wrapped `Trust` was given with
/// `Trust.setTrustSettings(_:)`.
///
/// Each of those evaluations also fetches what Apple's rules ask for (missing issuers, OCSP
/// answers; SECTRUST.md §16) with the trust's ``fetching``, Vouch's HTTP client unless set
/// otherwise (``SecTrustFetching``). The lock is held while it fetches, as `SecTrustEvaluate`
/// blocks its caller on a Mac.
public final class SecTrust: Sendable {
    private struct State: Sendable {
        var trust: Trust
        /// The store generation ``trust`` holds the settings of; `nil` before the first evaluation.
        var settingsGeneration: UInt64?
        /// The CT exceptions generation ``trust`` holds (``SecTrustStoreSetCTExceptions(_:_:)``).
        var ctExceptionsGeneration: UInt64 = 0
        var fetching: SecTrustFetching
    }

    private let state: Mutex<State>

    /// Wraps a VouchTrust `Trust` (for instance the one a TLS integration made, or one with a
    /// given `SystemTrustStore`); it fetches with ``SecTrustFetching/default``.
    public init(_ trust: Trust) {
        state = Mutex(State(trust: trust, settingsGeneration: nil, fetching: SecTrustFetching.default))
    }

    /// How this trust's evaluations fetch missing issuers and OCSP answers: ``SecTrustFetching/default``
    /// when it was made. Setting it does not invalidate the result: set it before evaluating.
    public var fetching: SecTrustFetching {
        get { state.withLock { $0.fetching } }
        set { state.withLock { $0.fetching = newValue } }
    }

    /// A copy of the underlying `Trust` as it stands, with its cached evaluation.
    public var trust: Trust { state.withLock { $0.trust } }

    /// Runs `body` on the underlying trust under the lock.
    public func withTrust<Result>(_ body: (inout Trust) throws -> Result) rethrows -> Result {
        try state.withLock { (state: inout State) throws -> Result in try body(&state.trust) }
    }

    /// Runs `body` under the lock on the trust holding the store's current trust settings (set
    /// only when the store changed since they were last read, so a current result stays cached),
    /// once it is evaluated, fetching what it lacks with ``fetching``; `body` gets the evaluation.
    func withEvaluatedTrust<Result>(_ body: (inout Trust, TrustEvaluation) -> Result) -> Result {
        let store = TrustSettingsStore.current
        return state.withLock { (state: inout State) -> Result in
            let (settings, generation) = store.snapshot()
            if state.settingsGeneration != generation {
                if !(settings.isEmpty && state.trust.trustSettings.isEmpty) { state.trust.setTrustSettings(settings) }
                state.settingsGeneration = generation
            }
            if let (exceptions, generation) = CTExceptionsStore.shared.snapshot(after: state.ctExceptionsGeneration) {
                // Only a change of value invalidates the result.
                if state.trust.certificateTransparencyExceptions != exceptions { state.trust.setCertificateTransparencyExceptions(exceptions) }
                state.ctExceptionsGeneration = generation
            }
            let evaluation = state.fetching.fetcher().evaluate(&state.trust)
            return body(&state.trust, evaluation)
        }
    }

    /// The current evaluation, made (with fetching) if needed.
    var evaluation: TrustEvaluation { withEvaluatedTrust { $1 } }

    /// The error `SecTrustEvaluateWithError` reports for `evaluation`, `nil` when trusted: the
    /// deciding failure's code and Apple's sentence about the certificate it failed at.
    static func error(for evaluation: TrustEvaluation) -> SecError? {
        guard !evaluation.isTrusted else { return nil }
        let failure = evaluation.decidingFailure
        let index = failure?.index ?? 0
        let certificate = evaluation.chain.indices.contains(index) ? evaluation.chain[index] : nil
        let name = certificate.flatMap { SecCertificate.summary($0.subject, alternativeNames: $0.subjectAlternativeNames) } ?? ""
        let reason: String
        switch failure?.check.subtype {
        case .name?: reason = "name does not match input"
        case .expired?: reason = "is expired"
        case .revoked?: reason = "is revoked"
        case .weakHash?: reason = "is using a broken signature algorithm"
        case .keySize?: reason = "is using a broken key size"
        case .compliance?: reason = "is not standards compliant"
        case .usage?: reason = "is not permitted for this usage"
        case .blocked?: reason = "is blocked"
        default: reason = "is not trusted"
        }
        return SecError(code: evaluation.status.code, localizedDescription: "“\(name)” certificate \(reason)")
    }
}

/// `SecTrustCreateWithCertificates`: a trust for `certificates` (one or an array, leaf first) under
/// `policies` (one or an array; `nil` gives BasicX509), with the machine's anchors. Writes the trust
/// to `trust` and returns `errSecSuccess`, or `errSecParam` (and `nil`) for an empty list.
public func SecTrustCreateWithCertificates(
    _ certificates: any SecCertificateList, _ policies: (any SecPolicyList)?, _ trust: UnsafeMutablePointer<SecTrust?>
) -> OSStatus {
    let policyList = policies.map { $0.secPolicies.map(\.policy) } ?? [.basicX509]
    do {
        trust.pointee = SecTrust(try Trust(certificates: certificates.secCertificates.map(\.certificate), policies: policyList))
        return errSecSuccess
    } catch {
        trust.pointee = nil
        return error.status.code
    }
}

/// `SecTrustSetPolicies`: replaces the policies (one or an array); `errSecParam` for an empty array.
@discardableResult
public func SecTrustSetPolicies(_ trust: SecTrust, _ policies: any SecPolicyList) -> OSStatus {
    let list = policies.secPolicies.map(\.policy)
    return trust.withTrust { (value: inout Trust) -> OSStatus in
        do throws(TrustError) {
            try value.setPolicies(list)
            return errSecSuccess
        } catch {
            return error.status.code
        }
    }
}

/// `SecTrustCopyPolicies`: the trust's policies.
public func SecTrustCopyPolicies(_ trust: SecTrust, _ policies: UnsafeMutablePointer<[SecPolicy]?>) -> OSStatus {
    policies.pointee = trust.withTrust { $0.policies.map(SecPolicy.init) }
    return errSecSuccess
}

/// `SecTrustSetAnchorCertificates`: these certificates become the only anchors (anchors-only turns
/// on); `nil` restores the system anchors.
@discardableResult
public func SecTrustSetAnchorCertificates(_ trust: SecTrust, _ anchorCertificates: [SecCertificate]?) -> OSStatus {
    trust.withTrust { $0.setAnchorCertificates(anchorCertificates?.map(\.certificate)) }
    return errSecSuccess
}

/// `SecTrustCopyCustomAnchorCertificates`: the anchors set, or `nil` when the system's are used.
public func SecTrustCopyCustomAnchorCertificates(_ trust: SecTrust, _ anchors: UnsafeMutablePointer<[SecCertificate]?>) -> OSStatus {
    anchors.pointee = trust.withTrust { $0.anchors?.map(SecCertificate.init) }
    return errSecSuccess
}

/// `SecTrustSetAnchorCertificatesOnly`: `false` trusts the system anchors as well as the custom ones.
@discardableResult
public func SecTrustSetAnchorCertificatesOnly(_ trust: SecTrust, _ anchorCertificatesOnly: Bool) -> OSStatus {
    trust.withTrust { $0.setAnchorCertificatesOnly(anchorCertificatesOnly) }
    return errSecSuccess
}

/// `SecTrustSetVerifyDate`: the moment the certificates must be valid at (Apple's takes a `CFDate`;
/// from a Foundation `Date` write `DERTime(secondsSince1970: Int64(date.timeIntervalSince1970))`).
@discardableResult
public func SecTrustSetVerifyDate(_ trust: SecTrust, _ verifyDate: DERTime) -> OSStatus {
    trust.withTrust { $0.setVerifyDate(verifyDate) }
    return errSecSuccess
}

/// `SecTrustSetOCSPResponse`: OCSP responses (RFC 6960, DER) stapled in the handshake or fetched by
/// the caller, replacing earlier ones; `nil` clears them (Apple's `CFData`, or `CFArray` of
/// `CFData`: pass one response as a one-element array). Judged as Apple's trustd judges stapled
/// responses (`Trust.setOCSPResponses(_:)`): a verified "revoked" answer fails the evaluation
/// with errSecCertificateRevoked, a fresh "good" one satisfies a required positive response,
/// and one that does not parse or apply is ignored. Always `errSecSuccess`.
@discardableResult
public func SecTrustSetOCSPResponse(_ trust: SecTrust, _ responseData: [[UInt8]]?) -> OSStatus {
    trust.withTrust { $0.setOCSPResponses(responseData ?? []) }
    return errSecSuccess
}

/// `SecTrustSetSignedCertificateTimestamps`: the SCTs of the TLS handshake, each one SCT's bytes
/// (Apple's `CFArray` of `CFData`; the entries of the TLS extension's list, which
/// `SignedCertificateTimestampList(tlsEncoded:)` reads); `nil` clears them. Always `errSecSuccess`.
@discardableResult
public func SecTrustSetSignedCertificateTimestamps(_ trust: SecTrust, _ sctArray: [[UInt8]]?) -> OSStatus {
    trust.withTrust { $0.setSignedCertificateTimestamps(sctArray ?? []) }
    return errSecSuccess
}

/// `SecTrustSetTrustedLogs`: the Certificate Transparency logs, as Apple's array of dictionaries
/// (`key`, `log_id`, `operator`, `expiry`, `frozen`, `start_inclusive`, `end_exclusive`; read by
/// ``CertificateTransparencyLogListFile/trustedLogs(_:)``, which skips what Apple skips); `nil`
/// clears them, and CT is then neither verified nor required. `errSecParam` for more than
/// `CertificateTransparencyLimits.maximumLogs` entries, `errSecSuccess` otherwise.
@discardableResult
public func SecTrustSetTrustedLogs(_ trust: SecTrust, _ trustedLogs: [PropertyList]?) -> OSStatus {
    guard let trustedLogs else {
        trust.withTrust { $0.setTrustedLogs(nil) }
        return errSecSuccess
    }
    guard let logs = try? CertificateTransparencyLogListFile.trustedLogs(.array(trustedLogs)) else { return errSecParam }
    trust.withTrust { $0.setTrustedLogs(logs) }
    return errSecSuccess
}

/// `SecTrustSetNetworkFetchAllowed` (SECTRUST.md §16.1): `false` turns the network off in every
/// policy without invalidating the result; `true` removes every policy's own setting and
/// invalidates the result only if some policy had one. An evaluation fetches missing issuers and
/// OCSP answers only through a fetcher (`TrustFetcher`, VouchTrust).
@discardableResult
public func SecTrustSetNetworkFetchAllowed(_ trust: SecTrust, _ allowFetch: Bool) -> OSStatus {
    trust.withTrust { $0.setNetworkFetchAllowed(allowFetch) }
    return errSecSuccess
}

/// `SecTrustGetNetworkFetchAllowed`: whether fetching is allowed, as the policies' options say
/// (no policy with one ⇒ true, else the negation of the last one's).
public func SecTrustGetNetworkFetchAllowed(_ trust: SecTrust, _ allowFetch: UnsafeMutablePointer<Bool>) -> OSStatus {
    allowFetch.pointee = trust.withTrust { $0.networkFetchAllowed }
    return errSecSuccess
}

/// `SecTrustEvaluate` (deprecated by Apple, still what AFNetworking calls): evaluates if needed and
/// writes the result; always `errSecSuccess`.
@discardableResult
public func SecTrustEvaluate(_ trust: SecTrust, _ result: UnsafeMutablePointer<SecTrustResultType>) -> OSStatus {
    result.pointee = trust.evaluation.result
    return errSecSuccess
}

/// `SecTrustGetTrustResult`: the result, evaluating first if no result is current, as Apple's does
/// (`SecTrustEvaluateIfNecessary`, SECTRUST.md §1: every getter evaluates lazily).
public func SecTrustGetTrustResult(_ trust: SecTrust, _ result: UnsafeMutablePointer<SecTrustResultType>) -> OSStatus {
    result.pointee = trust.evaluation.result
    return errSecSuccess
}

/// `SecTrustEvaluateWithError`: evaluates if needed; `true` when trusted, otherwise `false` with
/// the deciding failure in `error` (when given): its `OSStatus` and Apple's sentence about the
/// certificate it failed at, e.g. `“example.org” certificate name does not match input`.
public func SecTrustEvaluateWithError(_ trust: SecTrust, _ error: UnsafeMutablePointer<SecError?>?) -> Bool {
    let evaluation = trust.evaluation
    error?.pointee = SecTrust.error(for: evaluation)
    return evaluation.isTrusted
}

/// `SecTrustGetCertificateCount`: the length of the built chain (evaluates if needed).
public func SecTrustGetCertificateCount(_ trust: SecTrust) -> CFIndex {
    trust.withEvaluatedTrust { trust, _ in trust.certificateCount() }
}

/// `SecTrustGetCertificateAtIndex`: index 0 is the leaf as given (no evaluation); other indices
/// read the built chain (evaluating if needed); `nil` out of range.
public func SecTrustGetCertificateAtIndex(_ trust: SecTrust, _ index: CFIndex) -> SecCertificate? {
    let certificate = index == 0 ? trust.withTrust { $0.certificate(at: 0) } : trust.withEvaluatedTrust { trust, _ in trust.certificate(at: index) }
    return certificate.map(SecCertificate.init)
}

/// `SecTrustCopyCertificateChain`: the built chain, leaf first (evaluates if needed).
public func SecTrustCopyCertificateChain(_ trust: SecTrust) -> [SecCertificate]? {
    trust.evaluation.chain.map(SecCertificate.init)
}

/// `SecTrustCopyKey`: the leaf's public key, without evaluating; `nil` where Apple makes none.
public func SecTrustCopyKey(_ trust: SecTrust) -> SecKey? {
    trust.withTrust { $0.leafPublicKey }.map(SecKey.init)
}

/// `SecTrustCopyPublicKey`, the older name of ``SecTrustCopyKey(_:)``.
public func SecTrustCopyPublicKey(_ trust: SecTrust) -> SecKey? { SecTrustCopyKey(trust) }

/// `SecTrustSetExceptions`: makes `exceptions` (from ``SecTrustCopyExceptions(_:)``) the trust's, so
/// that the failures they record, of the certificates they record, at the chain indices they
/// record, are ignored and a pass is `kSecTrustResultProceed` (SECTRUST.md §15.4). Returns `true`
/// when kept: their first entry must carry the SHA-1 of this trust's leaf, otherwise they are
/// dropped (the trust evaluates without exceptions) and the answer is `false`; `nil` clears them
/// and returns `false`. Either way the next evaluation is made afresh.
///
/// Apple takes the `CFData` of a binary property list; the facade takes the value type
/// `TrustExceptions` that ``SecTrustCopyExceptions(_:)`` returns.
@discardableResult
public func SecTrustSetExceptions(_ trust: SecTrust, _ exceptions: TrustExceptions?) -> Bool {
    trust.withTrust { $0.setExceptions(exceptions) }
}

/// `SecTrustCopyExceptions`: evaluates without the exceptions in force (with the store's trust
/// settings, as every evaluation) and records, per index of the built chain, the certificate's
/// SHA-1 and the checks that failed there; the exceptions in force stay. Give the result to
/// ``SecTrustSetExceptions(_:_:)`` of a later trust for the same leaf to accept those failures.
///
/// Apple returns the `CFData` of a binary property list (`[{SHA1Digest: …, SSLHostname: false}, …]`);
/// the facade returns the same content as the value type `TrustExceptions`.
public func SecTrustCopyExceptions(_ trust: SecTrust) -> TrustExceptions {
    trust.withEvaluatedTrust { trust, _ in trust.copyExceptions() }
}
