import VouchDER

/// Why a signed certificate timestamp (SCT) or an SCT list was rejected: what was wrong, in which
/// part, and at which byte offset of the input (RFC 6962 §3.2, §3.3).
///
/// Apple reads SCTs leniently in one way and strictly in another (`SecSCTUtils.c`,
/// `CertificateTransparency.m`): a list whose lengths do not add up yields no SCTs at all, while
/// one SCT that does not parse is skipped and the others are still verified. Vouch's evaluator
/// does the same with these errors; the parsers themselves always say what broke.
public struct SignedCertificateTimestampError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Equatable, Sendable {
        /// The input ends before the part does.
        case truncated
        /// Bytes follow the part where none may (an SCT after its signature, a list after its last entry).
        case trailingData
        /// A list's 2-byte total length does not match the bytes that follow it.
        case lengthMismatch
        /// A list without entries (RFC 6962 §3.3: `<1..2^16-1>`).
        case emptyList
        /// More entries than ``SignedCertificateTimestampLimits/maximumTimestampsPerList``.
        case tooManyTimestamps
        /// An SCT version other than v1 (0), the only one RFC 6962 defines and Apple verifies.
        case unsupportedVersion(UInt8)
        /// The DER around the list (the extension's OCTET STRING) broke a rule of VouchDER.
        case malformed(DERError.Kind)
    }

    /// The part of the structure the error is in.
    public enum Part: String, Sendable {
        /// The DER OCTET STRING that carries the list in a certificate or OCSP extension.
        case extensionValue
        /// The SignedCertificateTimestampList's total length.
        case list
        /// One entry's 2-byte length and bytes.
        case entry
        /// `sct_version`.
        case version
        /// `id`: the log's 32-byte key ID.
        case logID = "log_id"
        /// `timestamp`: milliseconds since 1970.
        case timestamp
        /// `extensions`: the CtExtensions vector.
        case extensions
        /// `signature`: hash and signature algorithms, length and bytes.
        case signature
    }

    /// What was wrong.
    public let kind: Kind
    /// Where in the structure.
    public let part: Part
    /// The absolute byte offset in the input.
    public let offset: Int

    /// Creates an error.
    public init(_ kind: Kind, in part: Part, at offset: Int) {
        self.kind = kind
        self.part = part
        self.offset = offset
    }

    /// `offset N: part: reason`.
    public var description: String {
        let reason: String
        switch kind {
        case .truncated: reason = "the input ends before it does"
        case .trailingData: reason = "bytes follow it (RFC 6962 §3.2)"
        case .lengthMismatch: reason = "the list's length does not match the bytes that follow (RFC 6962 §3.3)"
        case .emptyList: reason = "the list is empty (RFC 6962 §3.3: <1..2^16-1>)"
        case .tooManyTimestamps:
            reason = "more than \(SignedCertificateTimestampLimits.maximumTimestampsPerList) timestamps in one list"
        case .unsupportedVersion(let version): reason = "version \(version) is not v1 (0) (RFC 6962 §3.2)"
        case .malformed(let kind): reason = DERError(kind, at: offset).reason
        }
        return "offset \(offset): \(part.rawValue): \(reason)"
    }
}

/// The bounds the SCT parsers enforce, each with its reason.
public enum SignedCertificateTimestampLimits {
    /// Most entries read from one SignedCertificateTimestampList.
    ///
    /// Real lists carry two to five SCTs; the 2-byte list length would allow 32,767 empty
    /// entries. Apple reads every entry; Vouch rejects a longer list as a whole
    /// (``SignedCertificateTimestampError/Kind/tooManyTimestamps``), which bounds what one
    /// hostile extension costs, and differs from Apple only for lists no log ever produced.
    public static let maximumTimestampsPerList = 256
}
