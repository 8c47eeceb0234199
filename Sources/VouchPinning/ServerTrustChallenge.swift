import VouchTrust

/// A server's authentication challenge as a session delegate receives it (AFSECURITYPOLICY.md §3).
/// With SwiftNIO SSL the custom verification callback is the challenge: the peer's chain becomes
/// ``Method/serverTrust(_:)``.
public struct AuthenticationChallenge: Sendable {
    /// What the server asks for.
    public enum Method: Sendable {
        /// `NSURLAuthenticationMethodServerTrust`: judge the server's certificates.
        case serverTrust(Trust)
        /// Any other method (HTTP basic, NTLM, client certificate…), by name.
        case other(String)
    }

    /// The host of the protection space.
    public var host: String
    /// The authentication method.
    public var method: Method

    /// A challenge for `host`.
    public init(host: String, method: Method) {
        self.host = host
        self.method = method
    }
}

/// The answer to a challenge (`NSURLSessionAuthChallengeDisposition`).
public enum ChallengeDisposition: String, Sendable {
    /// Continue with the credential given (for a server trust: the trust itself).
    case useCredential
    /// Let the system judge as it would without a delegate.
    case performDefaultHandling
    /// Abort the connection.
    case cancelAuthenticationChallenge
    /// Reject this protection space and try the next.
    case rejectProtectionSpace
}

/// What an application's challenge handler answers (AFNetworking's
/// `authenticationChallengeHandler` returns one of these as an `id`).
public enum ChallengeHandlerAnswer {
    /// Nothing: the handler will complete the challenge itself.
    case willComplete
    /// Cancel, and attach this error to the task.
    case error(any Error)
    /// Use this credential (a server trust).
    case credential(Trust)
    /// Use this disposition; `performDefaultHandling` on a server-trust challenge falls through
    /// to the security policy.
    case disposition(ChallengeDisposition)
}

/// How a challenge was answered: the disposition, its credential, and the error remembered for the
/// task when the connection is cancelled.
public struct ChallengeResponse {
    /// The disposition.
    public let disposition: ChallengeDisposition
    /// The credential, for ``ChallengeDisposition/useCredential``.
    public let credential: Trust?
    /// The error attached to the task, when cancelled.
    public let taskError: (any Error)?
}

/// The error attached to a task whose server trust the policy refused
/// (`NSURLErrorServerCertificateUntrusted`, −1202).
public struct ServerTrustError: Error, Sendable {
    /// `NSURLErrorServerCertificateUntrusted`.
    public static let code = -1202
    /// The trust that was refused (`NSURLErrorFailingURLPeerTrustErrorKey`), if known.
    public let peerTrust: Trust?
    /// The URL of the request (`NSURLErrorFailingURLErrorKey` and `…StringErrorKey`), if known.
    public let failingURL: String?

    /// An error for `trust` and `url`; either may be missing.
    public init(peerTrust: Trust?, failingURL: String?) {
        self.peerTrust = peerTrust
        self.failingURL = failingURL
    }

    /// The localised description Apple gives, naming the host when the URL is known.
    public var message: String {
        "The certificate for this server is invalid."
            + (failingURL.map { " You might be connecting to a server that is pretending to be “\(ServerTrustError.host(of: $0))”." } ?? "")
    }

    static func host(of url: String) -> String {
        let afterScheme = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard afterScheme.count > 2 else { return url }
        return String(afterScheme[2].split(separator: "@").last?.split(separator: ":").first ?? afterScheme[2])
    }
}
