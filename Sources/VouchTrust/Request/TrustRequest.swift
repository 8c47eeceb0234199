import VouchDER
import VouchX509

/// Everything one evaluation is asked: what ``Trust``'s setters set, as a plain value. The
/// evaluator (``TrustEvaluator``) reads it and nothing else, so the facade's caching and Apple's
/// call-order quirks stay in the facade.
struct TrustRequest: Sendable {
    /// The certificates as given: index 0 is the leaf, the rest are untrusted candidates.
    let certificates: [Certificate]
    /// The policies, AND-ed (never empty).
    var policies: [TrustPolicy] {
        didSet { noNetworkAccess = policies.map(\.noNetworkAccessDefault) }
    }
    /// Each policy's `NoNetworkAccess` option (`nil`: absent), as its constructor wrote it and
    /// `SecTrustSetNetworkFetchAllowed` rewrote it (SECTRUST.md §16.1).
    var noNetworkAccess: [Bool?]
    /// What earlier fetches brought (``FetchedEvidence``).
    var fetched = FetchedEvidence()
    /// Whether the fetcher reads an OCSP cache: the evaluation then asks it for every
    /// certificate of every candidate path, as trustd reads its cache (§16.3), not only when it
    /// may use the network.
    var readsOCSPCache = false
    /// The system roots (the machine's by default).
    let systemStore: SystemTrustStore
    /// The custom anchors, or `nil` for the system's.
    var anchors: [Certificate]?
    /// Whether only ``anchors`` are trusted.
    var anchorsOnly = false
    /// The verify date; `nil` until set or until the first evaluation stores "now".
    var verifyDate: DERTime?
    /// The CRLs revocation is checked against.
    var crls: [CertificateRevocationList] = []
    /// Whether a certificate whose status is undetermined fails (`kSecRevocationRequirePositiveResponse`).
    var revocationResponseRequired = false
    /// The OCSP responses that parse, in the order given.
    var ocspResponses: [OCSPResponse] = []
    /// Each parsed response's position in the list given.
    var ocspResponseIndexes: [Int] = []
    /// The responses given that do not parse, by position, with the reason.
    var unparseableOCSPResponses: [(index: Int, error: X509Error)] = []
    /// "Now" where Apple reads the clock rather than the verify date; `nil`: the wall clock.
    var currentTime: DERTime?
    /// The Certificate Transparency logs the caller trusts, or `nil`: the system store's list
    /// judges (when ``usesSystemTrustedLogs``), else CT is neither verified nor required.
    var trustedLogs: CertificateTransparencyLogList?
    /// Whether, without ``trustedLogs``, the system store's own log list judges CT (Apple's
    /// store: its embedded list, SECTRUST.md §17.6).
    var usesSystemTrustedLogs = true
    /// SCTs from the TLS handshake, each one SCT's bytes.
    var signedCertificateTimestamps: [[UInt8]] = []
    /// The rules applied beyond Apple's.
    var profile: ValidationProfile = .apple
    /// Signature verifications shared with other evaluations.
    var signatureVerificationCache: SignatureVerificationCache?
    /// The user and admin trust settings.
    var trustSettings = TrustSettings()
    /// The custom anchors' OpenSSL trust metadata (system-domain entries).
    var anchorTrustMetadata = TrustSettings()
    /// The exceptions in force, already checked against the leaf.
    var exceptions: TrustExceptions?
    /// The EV map the chosen path is judged against; `nil`: Apple's when ``systemStore`` is
    /// ``SystemTrustStore/apple``, none otherwise (tests set their own).
    var extendedValidationRoots: ExtendedValidationRoots?
    /// `SecTrustSetPinningPolicyName`: the name every policy carries when the pinning database
    /// is asked by name; `nil`: each SSL policy's own (`sslServer`, `sslClient`), which the
    /// database never answers, so only hostnames are looked up (SECTRUST.md §17.5).
    var pinningPolicyName: String?
    /// The pinning database applied whatever the system store; `nil`: Apple's embedded database
    /// when ``systemStore`` is ``SystemTrustStore/apple``, none otherwise (tests set their own).
    var pinningDatabase: ApplePinningDatabase?
    /// The certificates `AnchorApple` accepts, a policy's option and a pinning rule's alike
    /// (``Trust/setAppleAnchors(_:)``; tests: a generated chain cannot end at Apple's roots);
    /// `nil`: Apple's production roots (`SecIsAppleTrustAnchor`).
    var appleAnchors: [Certificate]?
    /// The administrator's CT exceptions (``Trust/setCertificateTransparencyExceptions(_:)``).
    var certificateTransparencyExceptions: CertificateTransparencyExceptions?

    init(certificates: [Certificate], policies: [TrustPolicy], systemStore: SystemTrustStore) {
        self.certificates = certificates
        self.policies = policies
        self.systemStore = systemStore
        noNetworkAccess = policies.map(\.noNetworkAccessDefault)
    }

    /// `SecPathBuilderSetCanAccessNetwork` as the leaf-phase check `NoNetworkAccess` leaves it:
    /// the last policy carrying the option decides, `true` turning the network off; none carrying
    /// it leaves it on (SECTRUST.md §16.1).
    var canAccessNetwork: Bool { noNetworkAccess.compactMap { $0 }.last != true }

    /// `SecTrustGetNetworkFetchAllowed`: no policy carries the option ⇒ true, else the negation
    /// of the last one's value.
    var networkFetchAllowed: Bool {
        guard let last = noNetworkAccess.compactMap({ $0 }).last else { return true }
        return !last
    }

    /// The revocation policies' flags, united (empty without one).
    var revocationFlags: RevocationFlags {
        policies.reduce(into: []) { flags, policy in flags.formUnion(policy.revocationFlags ?? []) }
    }

    /// Whether some policy sets a revocation method (§16.3 `allow_fetch`): a revocation policy,
    /// or one whose constructor sets `Revocation` (S/MIME, App Store receipts).
    var setsRevocationMethod: Bool { policies.contains { $0.revocationFlags != nil || $0.options.checksRevocation } }

    /// "Now" for the checks that read the clock: the set current time, else the wall clock.
    var currentSeconds: Int64 { currentTime?.secondsSince1970 ?? Clock.now }
}
