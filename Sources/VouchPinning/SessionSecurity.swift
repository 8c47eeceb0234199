import VouchTrust

/// Why a session refuses a security policy.
public enum SessionSecurityError: Error, Equatable, Sendable {
    /// Pinning (mode not none) needs an `https` base URL (AFNetworking's "Invalid Security Policy").
    case pinningWithoutHTTPS
}

/// The server-trust side of a session manager (AFSECURITYPOLICY.md §3): its security policy, an
/// optional challenge handler, and the flow that turns a challenge into a disposition.
public struct SessionSecurity {
    /// The policy server trusts are judged by.
    public let policy: SecurityPolicy
    /// The session's base URL, if any.
    public let baseURL: String?
    /// Called first for every challenge, when set.
    public var challengeHandler: ((AuthenticationChallenge) -> ChallengeHandlerAnswer)?

    /// A session with `policy`.
    ///
    /// - Throws: ``SessionSecurityError/pinningWithoutHTTPS`` when the policy pins and `baseURL` is
    ///   missing or not `https`.
    public init(policy: SecurityPolicy, baseURL: String?) throws(SessionSecurityError) {
        if policy.pinningMode != .none {
            guard let baseURL, Self.scheme(of: baseURL) == "https" else { throw .pinningWithoutHTTPS }
        }
        self.policy = policy
        self.baseURL = baseURL
    }

    /// Answers `challenge` for the request to `url`; `nil` when the handler said it will complete
    /// the challenge itself.
    public func respond(to challenge: AuthenticationChallenge, url: String?) -> ChallengeResponse? {
        if let challengeHandler {
            switch challengeHandler(challenge) {
            case .willComplete:
                return nil
            case .error(let error):
                return ChallengeResponse(disposition: .cancelAuthenticationChallenge, credential: nil, taskError: error)
            case .credential(let trust):
                return ChallengeResponse(disposition: .useCredential, credential: trust, taskError: nil)
            case .disposition(let disposition):
                let fallsThrough: Bool
                if case .serverTrust = challenge.method { fallsThrough = disposition == .performDefaultHandling } else { fallsThrough = false }
                if !fallsThrough { return ChallengeResponse(disposition: disposition, credential: nil, taskError: nil) }
            }
        }
        guard case .serverTrust(var trust) = challenge.method else {
            return ChallengeResponse(disposition: .performDefaultHandling, credential: nil, taskError: nil)
        }
        if policy.evaluateServerTrust(&trust, forDomain: challenge.host) {
            return ChallengeResponse(disposition: .useCredential, credential: trust, taskError: nil)
        }
        return ChallengeResponse(disposition: .cancelAuthenticationChallenge, credential: nil,
                                 taskError: ServerTrustError(peerTrust: trust, failingURL: url))
    }

    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        return String(url[..<colon]).asciiLowercased
    }
}
