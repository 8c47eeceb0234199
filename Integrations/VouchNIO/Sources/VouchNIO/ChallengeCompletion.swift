import NIOConcurrencyHelpers
import VouchPinning
import VouchTrust

/// The completion handler a challenge handler calls when it answered
/// `ChallengeHandlerAnswer.willComplete` (AFNetworking passes the session's `completionHandler` to
/// its `authenticationChallengeHandler` for the same purpose).
///
/// Call ``complete(_:credential:)`` once, from any thread; later calls are ignored. Until it is
/// called the TLS handshake waits, so an application that keeps a challenge must complete it (or
/// close the channel; NIO SSL has no handshake timeout of its own).
public struct ChallengeCompletion: Sendable {
    private let finish: @Sendable (ChallengeDisposition, Trust?) -> Void
    private let isCompleted = NIOLockedValueBox(false)

    init(_ finish: @escaping @Sendable (ChallengeDisposition, Trust?) -> Void) {
        self.finish = finish
    }

    /// Answers the challenge: `useCredential` with a trust allows the connection (its built chain
    /// becomes the validated chain), `performDefaultHandling` judges the trust with the SSL policy
    /// and no pinning, and `cancelAuthenticationChallenge` or `rejectProtectionSpace` refuses it.
    public func complete(_ disposition: ChallengeDisposition, credential: Trust?) {
        let first = isCompleted.withLockedValue { completed -> Bool in
            defer { completed = true }
            return !completed
        }
        if first { finish(disposition, credential) }
    }
}
