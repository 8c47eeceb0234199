import VouchX509

/// The outcome of one evaluation: Apple's result, the error code, the built chain and every failure.
public struct TrustEvaluation: Sendable {
    /// `SecTrustResultType`.
    public let result: TrustResultType
    /// What `SecTrustEvaluateWithError` reports: `.success` when trusted (SECTRUST.md §9).
    public let status: TrustStatus
    /// The built chain, leaf first, the anchor included when the path is anchored (§1).
    public let chain: [Certificate]
    /// Whether the last certificate of ``chain`` is a trusted anchor.
    public let isAnchored: Bool
    /// Every failed check, by chain index, in a fixed order.
    public let failures: [TrustFailure]
    /// The verify date used, seconds since 1970.
    public let verifyTime: Int64
    /// What trust settings and exceptions did: the anchor they made, Deny, allowed errors,
    /// excepted failures, Proceed (SECTRUST.md §15). Empty when none applied.
    public let decisions: [TrustDecision]
    /// What Certificate Transparency made of the chain, when the trust had a log list or TLS or
    /// OCSP SCTs (``Trust/setTrustedLogs(_:)``); `nil` otherwise: CT was not judged.
    public let certificateTransparency: CertificateTransparencyReport?

    /// SecTrustCopyResult's `kSecTrustCertificateTransparency`: the chain is trusted and
    /// CT-qualified (Apple sets it only when the result is Proceed or Unspecified).
    public var isCertificateTransparent: Bool { isTrusted && certificateTransparency?.isQualified == true }

    /// SecTrustCopyResult's `kSecTrustExtendedValidation` (trustd's
    /// `kSecTrustInfoExtendedValidationKey`): the chain is trusted and Extended Validation as
    /// Apple's trustd decides it (SECTRUST.md §17.4, §16.5): the leaf and its CAs keep the EV
    /// rules, an EV policy OID of the leaf survives the CAs' policies to a root Apple lists for
    /// it, a leaf issued by the root itself predates 2016-07-01, the path is CT-qualified (when a
    /// log list is in force), and the leaf, and each CA below the root that names an OCSP
    /// responder, has a fresh "good" OCSP answer among the responses supplied
    /// (``Trust/setOCSPResponses(_:)``, or fetched when a revocation policy asks; EV alone does not make Vouch fetch). Judged only when the system store is
    /// ``SystemTrustStore/apple``, whose EV map it is; `false` otherwise. Apple leaves the key out
    /// where this is `false`.
    public let isExtendedValidation: Bool

    /// What the evaluation would have fetched (SECTRUST.md §16): missing issuers once no
    /// acceptable path was found without them, OCSP answers it was allowed to ask for. Empty when
    /// the network is off and no OCSP cache is read, or when nothing is missing; a fetcher
    /// (``TrustFetcher``) gets them and evaluates again with what came back.
    public let fetchRequests: [FetchRequest]

    /// What `SecTrustCopyResult` says of revocation: `kSecTrustRevocationChecked`,
    /// `kSecTrustRevocationValidUntilDate` and `kSecTrustRevocationReason` (SECTRUST.md §16.5).
    public let revocation: RevocationResult

    /// The chain indexes (ascending) whose ``TrustCheck/revocation`` failure came from a CRL the
    /// caller supplied rather than from an OCSP answer: Vouch's extension (trustd reads no CRLs,
    /// so today's macOS would not fail there).
    public let revokedByCRL: [Int]

    /// Whether `SecTrustEvaluateWithError` returns true.
    public var isTrusted: Bool { result.isTrusted }

    /// The failure that decides ``status``: highest-priority subtype, then lowest chain index (§9).
    public var decidingFailure: TrustFailure? { Self.decidingFailure(failures) }

    static func decidingFailure(_ failures: [TrustFailure]) -> TrustFailure? {
        failures.min { lhs, rhs in
            (lhs.check.subtype.rawValue, lhs.index, TrustCheck.order[lhs.check] ?? 0)
                < (rhs.check.subtype.rawValue, rhs.index, TrustCheck.order[rhs.check] ?? 0)
        }
    }

    init(
        result: TrustResultType, chain: [Certificate], isAnchored: Bool, failures: [TrustFailure], verifyTime: Int64,
        decisions: [TrustDecision] = [], certificateTransparency: CertificateTransparencyReport? = nil,
        isExtendedValidation: Bool = false, fetchRequests: [FetchRequest] = [], revocation: RevocationResult = .none,
        revokedByCRL: [Int] = []
    ) {
        self.revocation = revocation
        self.revokedByCRL = revokedByCRL
        self.fetchRequests = fetchRequests
        self.decisions = decisions
        self.isExtendedValidation = isExtendedValidation
        self.certificateTransparency = certificateTransparency
        self.result = result
        self.chain = chain
        self.isAnchored = isAnchored
        self.failures = failures
        self.verifyTime = verifyTime
        if result.isTrusted {
            self.status = .success
        } else {
            self.status = Self.decidingFailure(failures)?.check.status ?? .internalError
        }
    }
}
