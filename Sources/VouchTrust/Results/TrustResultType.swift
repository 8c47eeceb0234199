/// Apple's `SecTrustResultType` (SECTRUST.md §4.1).
public enum TrustResultType: String, Sendable, CaseIterable {
    /// Not evaluated, or bad input.
    case invalid
    /// Trusted because the user or an exception said so.
    case proceed
    /// Denied by user trust settings.
    case deny
    /// Trusted: every check passed.
    case unspecified
    /// Not trusted, but only for reasons a user could override.
    case recoverableTrustFailure
    /// Not trusted, whatever anyone says.
    case fatalTrustFailure
    /// The evaluation itself failed.
    case otherError

    /// Apple's numeric value (`kSecTrustResult…`).
    public var rawCode: Int {
        switch self {
        case .invalid: return 0
        case .proceed: return 1
        case .deny: return 3
        case .unspecified: return 4
        case .recoverableTrustFailure: return 5
        case .fatalTrustFailure: return 6
        case .otherError: return 7
        }
    }

    /// Whether `SecTrustEvaluateWithError` returns true for this result.
    public var isTrusted: Bool { self == .unspecified || self == .proceed }

    /// The result after folding in one failed check (§4.1, §15.3.8: fatal always wins; deny
    /// replaces a success or a recoverable failure; recoverable only replaces a success).
    func folding(_ failure: TrustCheck.ResultClass) -> TrustResultType {
        switch failure {
        case .fatal: return .fatalTrustFailure
        case .deny: return self == .fatalTrustFailure ? self : .deny
        case .recoverable: return self == .unspecified || self == .proceed ? .recoverableTrustFailure : self
        }
    }
}
