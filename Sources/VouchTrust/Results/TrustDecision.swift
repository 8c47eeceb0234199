/// Why trust settings or exceptions changed an evaluation (SECTRUST.md §15): which certificate,
/// which domain's setting or which exception, and what it did. ``TrustEvaluation/decisions``
/// lists them for `--explain`, `--json` and the explorer page.
public struct TrustDecision: Hashable, Sendable, CustomStringConvertible {
    /// What the setting or exception did.
    public enum Kind: String, Hashable, Sendable {
        /// A trust setting made the certificate the chain's anchor (TrustRoot, TrustAsRoot, or an
        /// empty constraint array on a root).
        case anchored
        /// The certificate is in the user or admin store and the chain passed: **Proceed** (§15.3.5).
        case proceed
        /// A matching Deny constraint: **Deny** (§15.3.5).
        case denied
        /// A constraint's allowed error removed a recoverable failure (§15.3.6).
        case allowedError
        /// An exception removed a recoverable failure (§15.4.3).
        case excepted
        /// Exceptions were set and the chain passed: **Proceed** (§15.4.3).
        case proceedWithExceptions
    }

    /// What happened.
    public let kind: Kind
    /// The chain index of the certificate concerned.
    public let index: Int
    /// The domain whose setting decided; `nil` for exceptions.
    public let domain: TrustSettingsDomain?
    /// The position of the deciding constraint in the certificate's array; `nil` when no single
    /// constraint decided (an empty array, membership alone, exceptions).
    public let constraint: Int?
    /// The failure removed, for ``Kind/allowedError`` and ``Kind/excepted``.
    public let check: TrustCheck?

    /// A decision.
    public init(kind: Kind, index: Int, domain: TrustSettingsDomain? = nil, constraint: Int? = nil, check: TrustCheck? = nil) {
        self.kind = kind
        self.index = index
        self.domain = domain
        self.constraint = constraint
        self.check = check
    }

    /// One line, e.g. `denied@1 by the user trust setting (constraint 0)`.
    public var description: String {
        var text = "\(kind.rawValue)@\(index)"
        if let check { text += " \(check.rawValue)" }
        if let domain {
            text += " by the \(domain) trust setting"
            if let constraint { text += " (constraint \(constraint))" }
        } else if kind == .excepted || kind == .proceedWithExceptions {
            text += " by the exceptions"
        }
        return text
    }
}
