import VouchX509

/// One SCT the evaluation looked at, where it came from, the log it names and its verdict.
public struct SignedCertificateTimestampOutcome: Sendable, Equatable {
    /// Where it came from.
    public let source: SignedCertificateTimestampSource
    /// The SCT, `nil` when it (or its list) does not parse.
    public let timestamp: SignedCertificateTimestamp?
    /// The trusted log it names, if any.
    public let log: CertificateTransparencyLog?
    /// What became of it.
    public let verdict: SignedCertificateTimestampVerdict

    /// An outcome.
    public init(source: SignedCertificateTimestampSource, timestamp: SignedCertificateTimestamp?, log: CertificateTransparencyLog?, verdict: SignedCertificateTimestampVerdict) {
        self.source = source
        self.timestamp = timestamp
        self.log = log
        self.verdict = verdict
    }
}

/// What Certificate Transparency made of the built chain (Apple's `SecPolicyCheckCT`,
/// `verify_tls_ct_policy` and `SecPolicyCheckSystemTrustedCTRequired`): every SCT's verdict,
/// the counts Apple's policy compares, whether the path is CT-qualified and whether CT was required.
public struct CertificateTransparencyReport: Sendable, Equatable {
    /// The system store's own log list, when it judged (the caller set none): which list, its
    /// date, and whether it was current at the verify date.
    public struct SystemLogList: Sendable, Equatable {
        /// Where the list came from (Apple's store: its tag).
        public let source: String
        /// The list's date (Apple's store: the day the store was built), seconds since 1970.
        public let date: Int64
        /// Whether the list was current at the verify date, so that CT could be required
        /// (``AppleTrustStoreSnapshot/isCertificateTransparencyLogListCurrent(at:)``).
        public let isCurrent: Bool

        /// A system list's state.
        public init(source: String, date: Int64, isCurrent: Bool) {
            self.source = source
            self.date = date
            self.isCurrent = isCurrent
        }
    }

    /// Whether a log list judged: one the caller set (``Trust/setTrustedLogs(_:)``) or the
    /// system store's (Apple's, ``systemLogList``). Without one nothing is verified, nothing is
    /// qualified and CT is never required, as Apple without a current log list.
    public let hasLogList: Bool
    /// The system store's list when it judged; `nil` when the caller's did, or none.
    public let systemLogList: SystemLogList?
    /// Every SCT of the three sources, embedded first, then TLS, then OCSP.
    public let timestamps: [SignedCertificateTimestampOutcome]
    /// Distinct logs, not retired, with a valid SCT of any source (Apple's `currentLogsValidatingScts`).
    public let currentLogs: Int
    /// Distinct logs with a valid embedded SCT that count for the lifetime table: current, or
    /// retired after both the SCT and the issuance (Apple's `once_or_current_qualified_embedded`).
    public let qualifiedEmbeddedLogs: Int
    /// The number of such logs the certificate's lifetime asks for, when embedded SCTs decided
    /// (`verify_embedded_sct_policy_v1` before 2021-04-21, `_v2` from then).
    public let requiredEmbeddedLogs: Int?
    /// Whether the path is CT-qualified (Apple's `SecCertificatePathVCIsCT`): two current logs
    /// with at least one TLS or OCSP SCT, or enough embedded SCTs for the lifetime with at least
    /// one from a current log.
    public let isQualified: Bool
    /// Whether SystemTrustedCTRequired applied to the chain: SSL server first policy, a log list,
    /// a leaf issued from 2018-10-16 and valid at the verify date, anchored at a system root
    /// other than Apple's own.
    public let isRequired: Bool

    /// A report.
    public init(
        hasLogList: Bool, timestamps: [SignedCertificateTimestampOutcome], currentLogs: Int, qualifiedEmbeddedLogs: Int,
        requiredEmbeddedLogs: Int?, isQualified: Bool, isRequired: Bool, systemLogList: SystemLogList? = nil
    ) {
        self.hasLogList = hasLogList
        self.systemLogList = systemLogList
        self.timestamps = timestamps
        self.currentLogs = currentLogs
        self.qualifiedEmbeddedLogs = qualifiedEmbeddedLogs
        self.requiredEmbeddedLogs = requiredEmbeddedLogs
        self.isQualified = isQualified
        self.isRequired = isRequired
    }

    func requiring(_ required: Bool) -> CertificateTransparencyReport {
        CertificateTransparencyReport(
            hasLogList: hasLogList, timestamps: timestamps, currentLogs: currentLogs,
            qualifiedEmbeddedLogs: qualifiedEmbeddedLogs, requiredEmbeddedLogs: requiredEmbeddedLogs,
            isQualified: isQualified, isRequired: required, systemLogList: systemLogList)
    }
}
