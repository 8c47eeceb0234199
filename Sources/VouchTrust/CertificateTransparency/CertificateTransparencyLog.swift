import VouchCrypto
import VouchDER
import VouchX509

/// One Certificate Transparency log as Apple's trusted-logs list describes it
/// (`SecTrustSetTrustedLogs`; `CertificateTransparency.m` reads these keys): its ID, its key, and
/// the dates that limit which of its SCTs count.
///
/// The dates are seconds since 1970. A log with a ``retired`` date (Apple's `expiry` key) is
/// retired: its SCTs count only when embedded, and only when made before that date (and before
/// the certificate's issuance, as SCTs of current logs date it). A log with a ``readOnly`` date
/// (Apple's `frozen`) rejects SCTs made after it. A temporally sharded log (``shardStart``,
/// ``shardEnd``) accepts only certificates that expire inside its window.
public struct CertificateTransparencyLog: Sendable, Hashable {
    /// The log ID an SCT names: the SHA-256 of the log's SubjectPublicKeyInfo, unless the list
    /// gave another (Apple uses the list's `log_id` as given).
    public let logID: [UInt8]
    /// The log's SubjectPublicKeyInfo DER, or `nil` when the entry had none (Apple keeps such an
    /// entry; no SCT ever verifies against it).
    public let key: [UInt8]?
    /// The operator's name, when the list says (Apple does not use it; shown by `vouch`).
    public let operatorName: String?
    /// The log's description, when the list says.
    public let description: String?
    /// When the log was retired (Apple's `expiry`); `nil` while it is usable.
    public let retired: Int64?
    /// When the log became read-only (Apple's `frozen`).
    public let readOnly: Int64?
    /// The first expiry date the log accepts, inclusive (`start_inclusive`).
    public let shardStart: Int64?
    /// The expiry date from which the log refuses certificates, exclusive (`end_exclusive`).
    public let shardEnd: Int64?

    /// A log. Without `logID` the ID is the SHA-256 of `key`; with neither there is no log (`nil`),
    /// as Apple skips such an entry (`ConvertTrustedCTLogsArrayToDictionary`).
    public init?(
        key: [UInt8]?, logID: [UInt8]? = nil, operatorName: String? = nil, description: String? = nil,
        retired: Int64? = nil, readOnly: Int64? = nil, shardStart: Int64? = nil, shardEnd: Int64? = nil
    ) {
        if let logID {
            self.logID = logID
        } else if let key {
            self.logID = HashAlgorithm.sha256.digest(key)
        } else {
            return nil
        }
        self.key = key
        self.operatorName = operatorName
        self.description = description
        self.retired = retired
        self.readOnly = readOnly
        self.shardStart = shardStart
        self.shardEnd = shardEnd
    }

    /// The log ID in lower-case hex.
    public var logIDHex: String { Self.hex(logID) }

    /// Lower-case hex of `bytes`.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String { Hex.encode(bytes) }
}

/// The logs an evaluation trusts, by log ID (what `SecTrustSetTrustedLogs` supplies), and the
/// entries of the list they came from that were skipped.
///
/// Giving a list, even an empty one, is what makes Vouch judge Certificate Transparency: Apple
/// enforces CT only while it holds a current log list (`SecPolicyCheckSystemTrustedCTRequired`
/// requires one), and Vouch has no list of its own.
public struct CertificateTransparencyLogList: Sendable {
    /// An entry of the source list that is not a log, and why.
    public struct SkippedEntry: Sendable, Equatable, CustomStringConvertible {
        /// Where the entry is: its index in Apple's array, or `operator/log` in a log_list.json.
        public let location: String
        /// Why it was skipped.
        public let reason: String
        /// An entry skipped at `location` for `reason`.
        public init(location: String, reason: String) {
            self.location = location
            self.reason = reason
        }
        /// `location: reason`.
        public var description: String { "\(location): \(reason)" }
    }

    /// The logs, in the list's order; a later entry with the same log ID replaces an earlier one
    /// (Apple builds a dictionary by log ID).
    public let logs: [CertificateTransparencyLog]
    /// The entries that were skipped.
    public let skipped: [SkippedEntry]
    private let indexByID: [[UInt8]: Int]

    /// A list of `logs` (later duplicates of a log ID replace earlier ones).
    public init(logs: [CertificateTransparencyLog], skipped: [SkippedEntry] = []) {
        var unique: [CertificateTransparencyLog] = []
        var indexByID: [[UInt8]: Int] = [:]
        for log in logs {
            if let index = indexByID[log.logID] {
                unique[index] = log
            } else {
                indexByID[log.logID] = unique.count
                unique.append(log)
            }
        }
        self.logs = unique
        self.skipped = skipped
        self.indexByID = indexByID
    }

    /// The log whose ID is `logID`, if trusted.
    public func log(id logID: some Collection<UInt8>) -> CertificateTransparencyLog? {
        indexByID[Array(logID)].map { logs[$0] }
    }
}

/// The bounds of the log-list readers, each with its reason.
public enum CertificateTransparencyLimits {
    /// Most log entries read from one list.
    ///
    /// Google's and Apple's lists hold about 100 logs, every log ever trusted included; 4,096 is
    /// forty times that, and bounds the work a hostile file can cause. A longer list is refused.
    public static let maximumLogs = 4_096

    /// Most SCT signatures one evaluation verifies (across every path the builder judges).
    ///
    /// Apple verifies every SCT from a known log; a certificate carries two to five, and a TLS
    /// handshake or an OCSP response a few more. 100 is Go's and webpki's signature budget for a
    /// whole chain (STYLE.md §5.5). Beyond it an SCT counts as not verified, which can differ from
    /// Apple only for inputs that send more than a hundred SCTs from trusted logs.
    public static let maximumSignatureChecks = 100

    /// The largest signed entry Apple hashes: `getSCTValidatingLog` refuses 0x0fffff bytes or
    /// more ("don't allow attackers to allocate more than 1 MB"). The entry is RFC 6962's, as
    /// signed: the certificate (or the precertificate's TBS) behind its three-octet length, and
    /// for a precertificate the issuer key hash before that, so the bound falls a few octets
    /// before the certificate itself reaches it.
    public static let maximumSignedEntryLength = 0x0F_FFFF
}
