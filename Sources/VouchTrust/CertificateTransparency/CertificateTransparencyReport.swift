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
    /// Whether a log list was given (``Trust/setTrustedLogs(_:)``). Without one nothing is
    /// verified, nothing is qualified and CT is never required: Apple enforces CT only while it
    /// holds a current log list, and Vouch has none of its own.
    public let hasLogList: Bool
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
        requiredEmbeddedLogs: Int?, isQualified: Bool, isRequired: Bool
    ) {
        self.hasLogList = hasLogList
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
            isQualified: isQualified, isRequired: required)
    }
}
