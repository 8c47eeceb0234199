import NIOConcurrencyHelpers
import VouchPinning
import VouchTrust

/// What Vouch decided about one connection's server: the answer, the way it was reached, and the
/// certificates the server sent. Reported to ``VouchVerifier/onDecision`` before the handshake goes
/// on or fails, so an application can tell *why* NIO SSL's generic handshake error happened.
public struct VouchDecision: Sendable {
    /// Who answered.
    public enum Source: String, Sendable {
        /// The `SecurityPolicy`, through the challenge flow (AFSECURITYPOLICY.md §2 and §3).
        case securityPolicy
        /// The pin set's rule for the host (AFSECURITYPOLICY.md §4).
        case pinSet
        /// Default handling: the SSL policy for the host and the trust's anchors, with no pinning
        /// (a pin set without a rule for the host, or a challenge handler asking for it).
        case defaultHandling
        /// The application's challenge handler (a credential, an error or a disposition).
        case challengeHandler
        /// Nothing was judged: the server's certificates could not be read.
        case input
    }

    /// The host the connection was for (the domain the policy judged).
    public let host: String
    /// The certificates as the server sent them, DER, leaf first.
    public let presentedCertificates: [[UInt8]]
    /// Whether the connection may proceed.
    public let isAllowed: Bool
    /// Who answered.
    public let source: Source
    /// One line per step taken (the policy's steps of `SecurityPolicy.decide`, the pin set's verdict,
    /// the challenge handler's answer), in order.
    public let steps: [String]
    /// The trust's last evaluation, when one ran: the built chain, the result and its failures.
    public let evaluation: TrustEvaluation?
    /// The pin set's decision, for ``Source/pinSet``.
    public let pinSetDecision: PinSetDecision?
    /// Why the connection was refused; `nil` when allowed.
    public let failure: VouchVerificationError?
    /// Wall time of the decision in nanoseconds, from the peer's chain to the answer (without the
    /// time a challenge handler took to complete a challenge it kept).
    public let elapsedNanoseconds: UInt64
}

/// Why Vouch refused a server: carried in ``VouchDecision/failure`` (NIO SSL itself only reports a
/// generic handshake failure).
public struct VouchVerificationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of refusal.
    public enum Reason: Sendable, Equatable {
        /// The server sent no certificate.
        case noCertificates
        /// Certificate `index` of what the server sent does not parse (the X.509 error's text).
        case malformedCertificate(index: Int, message: String)
        /// The security policy (or default handling) said NO; its steps, the last one deciding.
        case policyRefused(steps: [String])
        /// The pin set's rule blocked the connection (``PinSetDecision/failureMessage``).
        case pinSetBlocked(message: String)
        /// The application's challenge handler cancelled or rejected the challenge; the error it
        /// attached, described, if any.
        case challengeHandlerRefused(disposition: ChallengeDisposition, error: String?)
        /// A `useCredential` answer came without a credential.
        case noCredential
        /// The security policy cannot be used (`SessionSecurityError`, described).
        case invalidConfiguration(String)
        /// The verification was not run: the thread pool it was sent to is shut down.
        case notEvaluated
    }

    /// The host the connection was for.
    public let host: String
    /// Why.
    public let reason: Reason

    /// An error for `host`.
    public init(host: String, reason: Reason) {
        self.host = host
        self.reason = reason
    }

    /// One line, naming the host and the deciding step.
    public var description: String {
        switch reason {
        case .noCertificates: return "\(host): the server sent no certificate"
        case .malformedCertificate(let index, let message): return "\(host): certificate \(index) sent by the server: \(message)"
        case .policyRefused(let steps): return "\(host): not allowed: \(steps.last ?? "refused")"
        case .pinSetBlocked(let message): return "\(host): pin set blocked the connection: \(message)"
        case .challengeHandlerRefused(let disposition, let error):
            return "\(host): the challenge handler answered \(disposition.rawValue)" + (error.map { ": \($0)" } ?? "")
        case .noCredential: return "\(host): useCredential without a credential"
        case .invalidConfiguration(let message): return "\(host): invalid security configuration: \(message)"
        case .notEvaluated: return "\(host): not evaluated: the verification thread pool is not running"
        }
    }
}

/// Keeps the decisions a verifier reports, for reading after a handshake (thread-safe).
///
/// ```swift
/// let recorder = VouchDecisionRecorder()
/// verifier.onDecision = recorder.record
/// // … handshake fails …
/// print(recorder.last?.failure ?? "no decision")
/// ```
public final class VouchDecisionRecorder: Sendable {
    private let decisions = NIOLockedValueBox<[VouchDecision]>([])

    /// An empty recorder.
    public init() {}

    /// Appends `decision` (pass this method as ``VouchVerifier/onDecision``).
    public func record(_ decision: VouchDecision) {
        decisions.withLockedValue { $0.append(decision) }
    }

    /// Every decision recorded, oldest first.
    public var all: [VouchDecision] { decisions.withLockedValue { $0 } }

    /// The latest decision recorded.
    public var last: VouchDecision? { decisions.withLockedValue { $0.last } }
}
