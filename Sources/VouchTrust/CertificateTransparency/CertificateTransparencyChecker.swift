import VouchCrypto
import VouchX509

/// Certificate Transparency for one evaluation, as Apple's trustd judges it: `SecPolicyCheckCT`
/// (find_validating_logs, verify_tls_ct_policy in CertificateTransparency.m) decides whether a
/// path is CT-qualified, and `SecPolicyCheckSystemTrustedCTRequired` (SecPolicyServer.c) fails a
/// system-rooted SSL server chain that is not. Made only when the trust has a log list or SCTs,
/// so an evaluation without either pays nothing.
///
/// Held by the judge across every path of one search: what it verified stays verified. Only the
/// issuer changes between paths (the leaf and the inputs are fixed), so the report of each issuer
/// is kept. A class, so that the judge and the search that holds it carry one reference rather
/// than its fields (each value type's copy and destroy code is a cost of the static binary).
final class CertificateTransparencyChecker {
    /// Whether a log list judges (the caller's or the system store's).
    var hasLogList: Bool { loadLogs != nil }
    /// The list, made on first use: an SCT to verify is the only reader, so a chain without SCTs
    /// never decodes the system store's list (Apple's: about 7 million instructions).
    private(set) lazy var logs: CertificateTransparencyLogList? = loadLogs?()
    private let loadLogs: (() -> CertificateTransparencyLogList)?
    /// Whether CT may be required: the caller set the logs, or the system store's list is
    /// current at the verify date (Apple: a MobileAsset check-in in the last 60 days).
    let enforces: Bool
    /// The system store's list when it is the one judging (no caller list).
    let systemLogList: CertificateTransparencyReport.SystemLogList?
    let tlsTimestamps: [[UInt8]]
    /// The OCSP responses given: the SCTs of those that answer for the leaf and its issuer count.
    let ocspResponses: [OCSPResponse]
    let verifyTime: Int64
    /// Whether the first policy is the SSL server policy: the one Apple's check reads.
    let firstPolicyIsSSLServer: Bool
    /// Whether a policy sets `CTRequired` (``TrustPolicyOptions/ctRequired``) and the first
    /// policy lets it apply (`SecPVCPolicyPermitsCTRequired`: named sslServer, with a hostname,
    /// or carrying `CTRequired` itself).
    let policyRequiresCT: Bool
    /// Whether a policy sets `NonTlsCTRequired` (``TrustPolicyOptions/nonTlsCTRequired``).
    let policyRequiresNonTLSCT: Bool
    /// The hostname `is_ct_excepted` compares domain exceptions with: the first policy's.
    let hostname: String?
    /// The caller's CT exceptions, which waive SystemTrustedCTRequired.
    var exceptions: CertificateTransparencyExceptions? = nil
    /// The report per issuer, in the order made: a search judges a handful of issuers at most,
    /// and a list costs less than a dictionary keyed by certificates (hashing a certificate
    /// reads its whole DER).
    private var reports: [(issuer: Certificate?, report: CertificateTransparencyReport)] = []
    /// The TLS verdicts: they do not depend on the issuer.
    private var externalOutcomes: [(outcome: SignedCertificateTimestampOutcome, time: Int64)]? = nil
    private var signatureChecks = 0
    /// What SCT verifications are paid from: the evaluation's budget (``EvaluationBudget``).
    var budget = EvaluationBudget()

    init(
        logs: (() -> CertificateTransparencyLogList)?, enforces: Bool,
        systemLogList: CertificateTransparencyReport.SystemLogList? = nil,
        tlsTimestamps: [[UInt8]], ocspResponses: [OCSPResponse], verifyTime: Int64, policies: [TrustPolicy]
    ) {
        loadLogs = logs
        self.enforces = enforces
        self.systemLogList = systemLogList
        // A TLS extension's list holds at most ``SignedCertificateTimestampLimits/maximumTimestampsPerList``
        // (its 16-bit length allows about 550 SCTs); a caller's array longer than that is cut there.
        self.tlsTimestamps = Array(tlsTimestamps.prefix(SignedCertificateTimestampLimits.maximumTimestampsPerList))
        self.ocspResponses = ocspResponses
        self.verifyTime = verifyTime
        firstPolicyIsSSLServer = policies.first?.isSSLServer ?? false
        hostname = policies.first?.hostname
        let first = policies.first
        policyRequiresNonTLSCT = policies.contains { $0.options.nonTlsCTRequired }
        policyRequiresCT = policies.contains { $0.options.ctRequired }
            && (first?.name == TrustPolicy.Identifier.sslServer.appleName || first?.hostname != nil || first?.options.ctRequired == true)
    }

    /// Adds SystemTrustedCTRequired on the leaf when it applies, the path is not CT-qualified and
    /// no exception covers it; and CTRequired (`SecPVCCheckRequireCTConstraints`) when a policy
    /// requires CT, a log list may require it (the caller's, or the system's while current) and
    /// the path is not CT-qualified, whatever its root.
    func run(_ context: PathContext, into failures: inout [TrustFailure]) {
        let issuer = context.facts.count > 1 ? context.facts[1].certificate : nil
        if isRequired(context.facts[0], isAnchored: context.isAnchored, isSystemRooted: context.isSystemRooted,
            top: context.facts[context.topIndex].certificate),
            !report(leaf: context.facts[0].certificate, issuer: issuer).isQualified,
            exceptions?.excepts(hostname: hostname, path: context.certificates) != true
        {
            failures.append(TrustFailure(index: 0, check: .systemTrustedCTRequired))
        }
        if policyRequiresCT && hasLogList && enforces && !report(leaf: context.facts[0].certificate, issuer: issuer).isQualified {
            failures.append(TrustFailure(index: 0, check: .ctRequired))
        }
        // SecPolicyCheckNonTlsCTRequired: judged with the caller's list only (no system list).
        if policyRequiresNonTLSCT && hasLogList && systemLogList == nil
            && !report(leaf: context.facts[0].certificate, issuer: issuer).isQualified
        {
            failures.append(TrustFailure(index: 0, check: .nonTlsCTRequired))
        }
    }

    /// Whether the answer for a path with this leaf may depend on its root being a system root
    /// (so that a deferred system store must be read): the leaf-only conditions of ``isRequired``.
    func mayRequire(_ leaf: CertificateFacts) -> Bool {
        hasLogList && enforces && firstPolicyIsSSLServer && leaf.notBefore >= CertificateTransparencyPolicy.enforcementDate
            && leaf.notBefore <= verifyTime && verifyTime <= leaf.notAfter
    }

    /// `SecPolicyCheckSystemTrustedCTRequired`'s conditions: a log list the caller set, or the
    /// system store's while it is current (Apple: a MobileAsset check-in in the last 60 days),
    /// the SSL server policy first, a leaf
    /// issued on or after 2018-10-16 and valid at the verify date, and an anchored path whose
    /// root is a system root but not one of Apple's own anchors.
    func isRequired(_ leaf: CertificateFacts, isAnchored: Bool, isSystemRooted: Bool, top: Certificate) -> Bool {
        mayRequire(leaf) && isAnchored && isSystemRooted && !AppleAnchors.isAppleTrustAnchor(top)
    }

    /// The report for the path whose leaf is `leaf` and whose second certificate is `issuer`.
    func report(leaf: Certificate, issuer: Certificate?) -> CertificateTransparencyReport {
        if let known = reports.first(where: { $0.issuer == issuer }) { return known.report }
        let made = makeReport(leaf: leaf, issuer: issuer)
        reports.append((issuer, made))
        return made
    }

    private func makeReport(leaf: Certificate, issuer: Certificate?) -> CertificateTransparencyReport {
        let notAfter = leaf.validity.notAfter.secondsSince1970
        let notBefore = leaf.validity.notBefore.secondsSince1970
        var outcomes: [SignedCertificateTimestampOutcome] = []
        // Per log ID, the earliest valid SCT: of every source for current logs, embedded only for all.
        var current: [[UInt8]: (log: CertificateTransparencyLog, time: Int64)] = [:]
        var embedded: [[UInt8]: (log: CertificateTransparencyLog, time: Int64)] = [:]
        var currentEmbedded = false
        var currentExternal = false
        func keepEarliest(_ table: inout [[UInt8]: (log: CertificateTransparencyLog, time: Int64)], _ log: CertificateTransparencyLog, _ time: Int64) {
            if let known = table[log.logID], known.time <= time { return }
            table[log.logID] = (log, time)
        }

        let embeddedList: SignedCertificateTimestampList?
        do { embeddedList = try leaf.signedCertificateTimestamps() } catch {
            embeddedList = nil
            outcomes.append(SignedCertificateTimestampOutcome(source: .embedded, timestamp: nil, log: nil, verdict: .unparseableList(error)))
        }
        if let embeddedList {
            let entry = issuer.flatMap { SignedCertificateTimestampVerifier.precertificateEntry(leaf, issuer: $0) }
            for bytes in embeddedList.entries {
                let (outcome, time) = judge(bytes[...], source: .embedded, entryType: .precertificate, entry: entry, notAfter: notAfter)
                outcomes.append(outcome)
                guard outcome.verdict == .valid, let log = outcome.log else { continue }
                keepEarliest(&embedded, log, time)
                if log.retired == nil {
                    keepEarliest(&current, log, time)
                    currentEmbedded = true
                }
            }
        }
        for (outcome, time) in external(leaf: leaf, notAfter: notAfter) + ocsp(leaf: leaf, issuer: issuer, notAfter: notAfter) {
            outcomes.append(outcome)
            guard outcome.verdict == .valid, let log = outcome.log else { continue }
            keepEarliest(&current, log, time)
            currentExternal = true
        }

        // verify_tls_ct_policy.
        var issuance = verifyTime
        if currentEmbedded {
            for (_, entry) in current where entry.log.retired == nil { issuance = min(issuance, entry.time) }
        }
        var qualifiedEmbedded = 0
        var required: Int? = nil
        var qualified = false
        if currentExternal && current.count >= 2 {
            qualified = true
        } else if currentEmbedded {
            for (_, entry) in embedded {
                if let retired = entry.log.retired {
                    if entry.time < retired && issuance < retired { qualifiedEmbedded += 1 }
                } else {
                    qualifiedEmbedded += 1
                }
            }
            let needed = CertificateTransparencyPolicy.requiredEmbeddedLogs(notBefore: notBefore, notAfter: notAfter)
            required = needed
            qualified = qualifiedEmbedded >= needed
        }
        return CertificateTransparencyReport(
            hasLogList: hasLogList, timestamps: outcomes, currentLogs: current.count, qualifiedEmbeddedLogs: qualifiedEmbedded,
            requiredEmbeddedLogs: required, isQualified: qualified, isRequired: false, systemLogList: systemLogList)
    }

    /// The TLS SCTs' outcomes over the x509 entry (computed once).
    private func external(leaf: Certificate, notAfter: Int64) -> [(outcome: SignedCertificateTimestampOutcome, time: Int64)] {
        if let externalOutcomes { return externalOutcomes }
        var judged: [(outcome: SignedCertificateTimestampOutcome, time: Int64)] = []
        if !tlsTimestamps.isEmpty {
            let entry = SignedCertificateTimestampVerifier.x509Entry(leaf)
            for bytes in tlsTimestamps {
                let judgedOne = judge(bytes[...], source: .tls, entryType: .x509, entry: entry, notAfter: notAfter)
                judged.append((judgedOne.outcome, judgedOne.time))
            }
        }
        externalOutcomes = judged
        return judged
    }

    /// The outcomes of the SCTs the OCSP responses carry for this leaf and issuer (`copy_ocsp_scts`,
    /// CertificateTransparency.m): every successful response, in order, whose single response
    /// answers for the leaf (`BasicOCSPResponse.singleResponse(for:issuer:)`) gives the SCTs of
    /// its first SCT extension. The response's signature is not asked for, as Apple does not ask:
    /// each SCT carries its log's. Without an issuer there are none.
    private func ocsp(leaf: Certificate, issuer: Certificate?, notAfter: Int64) -> [(outcome: SignedCertificateTimestampOutcome, time: Int64)] {
        guard let issuer, !ocspResponses.isEmpty else { return [] }
        var judged: [(outcome: SignedCertificateTimestampOutcome, time: Int64)] = []
        let entry = SignedCertificateTimestampVerifier.x509Entry(leaf)
        for response in ocspResponses where response.status == .successful {
            guard let basic = response.basic, let single = basic.singleResponse(for: leaf, issuer: issuer),
                let list = try? single.signedCertificateTimestamps()
            else { continue }
            for bytes in list.entries {
                let judgedOne = judge(bytes, source: .ocsp, entryType: .x509, entry: entry, notAfter: notAfter)
                judged.append((judgedOne.outcome, judgedOne.time))
            }
        }
        return judged
    }

    /// `getSCTValidatingLog`: parse, version, the future, the entry's size, the log, its dates,
    /// its key, the algorithm, the signature, in Apple's order.
    private func judge(
        _ bytes: ArraySlice<UInt8>, source: SignedCertificateTimestampSource,
        entryType: SignedCertificateTimestampVerifier.EntryType, entry: [UInt8]?, notAfter: Int64
    ) -> (outcome: SignedCertificateTimestampOutcome, time: Int64) {
        let timestamp: SignedCertificateTimestamp
        do { timestamp = try SignedCertificateTimestamp(encoded: bytes) } catch {
            return (SignedCertificateTimestampOutcome(source: source, timestamp: nil, log: nil, verdict: .unparseable(error)), 0)
        }
        let time = timestamp.secondsSince1970
        let log = logs?.log(id: timestamp.logID)
        func outcome(_ verdict: SignedCertificateTimestampVerdict) -> (outcome: SignedCertificateTimestampOutcome, time: Int64) {
            (SignedCertificateTimestampOutcome(source: source, timestamp: timestamp, log: log, verdict: verdict), time)
        }
        guard let logs else { return outcome(.noLogList) }
        // Apple skips embedded SCTs when it has no precertificate entry (no issuer), and every SCT
        // when the list is empty.
        guard let entry else { return outcome(.noIssuer) }
        guard !logs.logs.isEmpty else { return outcome(.unknownLog) }
        let verifyMilliseconds = UInt64(clamping: verifyTime).multipliedReportingOverflow(by: 1000)
        if !verifyMilliseconds.overflow && timestamp.timestamp > verifyMilliseconds.partialValue { return outcome(.inFuture) }
        guard entry.count < CertificateTransparencyLimits.maximumSignedEntryLength else { return outcome(.entryTooLong) }
        guard let log else { return outcome(.unknownLog) }
        if entryType == .x509 && log.retired != nil { return outcome(.retiredLog) }
        if let readOnly = log.readOnly, time > readOnly { return outcome(.afterReadOnly) }
        if let start = log.shardStart, notAfter < start { return outcome(.outsideShard) }
        if let end = log.shardEnd, notAfter >= end { return outcome(.outsideShard) }
        guard let key = log.key else { return outcome(.unusableLogKey) }
        guard signatureChecks < CertificateTransparencyLimits.maximumSignatureChecks else { return outcome(.budgetExhausted) }
        signatureChecks += 1
        return outcome(SignedCertificateTimestampVerifier.verifies(timestamp, entryType: entryType, entry: entry, key: key, budget: budget))
    }
}

extension AppleAnchors {
    /// The production Apple anchors of `SecGetAppleTrustAnchors(false)` (OSX/utilities/
    /// SecAppleAnchor.c): Apple Root CA, G2, G3 and the two Platform Backport roots. CT is not
    /// required under them.
    static let trustAnchors: Set<String> = [
        "b0b1730ecbc7ff4505142c49f1295e6eda6bcaed7e2c68c5be91b5a11001f024",
        "c2b9b042dd57830e7d117dac55ac8ae19407d38e41d88f3215bc3a890444a050",
        "63343abfb89a6a03ebb57e9b3f5fa7be7c4f5c756f3017b3a8c488c3653e9179",
        "fb3f6cf69467b5fa9ffa2b3b392b6e5e775bbb09c77b6e759e9038e26bbf9049",
        "eda23b3f224f45e0952f20e4d2b33e000d49c8044c1168de47b443cd2b3536dc",
    ]

    /// Whether `certificate` is one of ``trustAnchors``.
    static func isAppleTrustAnchor(_ certificate: Certificate) -> Bool {
        let encoded = certificate.derEncoded
        return lengths.contains(encoded.count) && trustAnchors.contains(SHA256.digest(encoded).description)
    }
}
