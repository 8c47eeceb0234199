import Testing
import VouchDER
import VouchPinning
import VouchTrust
import VouchX509

/// The challenge flow around the policy (AFSECURITYPOLICY.md §3) and AFNetworking's session-manager
/// cases: the https rule for pinning policies and the server-trust error.
@Suite("Challenge flow")
struct ChallengeFlowTests {
    struct SetterCase: CustomTestStringConvertible, Sendable {
        let baseURL: String?
        let mode: PinningMode
        let accepted: Bool
        var testDescription: String { "\(baseURL ?? "no base URL"), \(mode): \(accepted ? "accepted" : "refused")" }
    }

    /// AFHTTPSessionManagerTests' eight `setSecurityPolicy:` cases, and a scheme in capitals.
    static let setterCases = [
        SetterCase(baseURL: "https://example.com", mode: .none, accepted: true),
        SetterCase(baseURL: "http://example.com", mode: .none, accepted: true),
        SetterCase(baseURL: "https://example.com", mode: .certificate, accepted: true),
        SetterCase(baseURL: "http://example.com", mode: .certificate, accepted: false),
        SetterCase(baseURL: "https://example.com", mode: .publicKey, accepted: true),
        SetterCase(baseURL: "http://example.com", mode: .publicKey, accepted: false),
        SetterCase(baseURL: nil, mode: .certificate, accepted: false),
        SetterCase(baseURL: nil, mode: .publicKey, accepted: false),
        SetterCase(baseURL: "HTTPS://example.com", mode: .publicKey, accepted: true),
    ]

    @Test("a pinning policy needs an https base URL", arguments: setterCases)
    func setter(_ row: SetterCase) {
        let session = try? SessionSecurity(policy: SecurityPolicy(pinningMode: row.mode), baseURL: row.baseURL)
        #expect((session != nil) == row.accepted)
    }

    static func httpbinTrust() throws -> Trust {
        let certificates = try (0...3).map {
            try SeedSuites.certificate(SeedSuites.afnetworking, "certs/HTTPBin.org/HTTPBinOrgServerTrustChain/httpbin_\($0).cer")
        }
        var trust = try Trust(certificates: certificates)
        trust.setVerifyDate(try #require(DERTime(rfc3339: "2020-06-01T00:00:00Z")))
        return trust
    }

    @Test("without a handler: YES uses the trust, NO cancels with the server-trust error, other methods default")
    func policyDecides() throws {
        let session = try SessionSecurity(policy: .default, baseURL: "https://httpbin.org")
        let good = try #require(session.respond(to: AuthenticationChallenge(host: "httpbin.org", method: .serverTrust(Self.httpbinTrust())),
                                                url: "https://httpbin.org/get"))
        #expect(good.disposition == .useCredential && good.credential != nil && good.taskError == nil)
        let bad = try #require(session.respond(to: AuthenticationChallenge(host: "apple.com", method: .serverTrust(Self.httpbinTrust())),
                                               url: "https://apple.com/"))
        #expect(bad.disposition == .cancelAuthenticationChallenge && bad.credential == nil)
        let error = try #require(bad.taskError as? ServerTrustError)
        #expect(error.failingURL == "https://apple.com/" && error.peerTrust != nil)
        #expect(error.message.contains("“apple.com”"))
        let other = try #require(session.respond(to: AuthenticationChallenge(host: "httpbin.org", method: .other("NTLM")), url: nil))
        #expect(other.disposition == .performDefaultHandling)
    }

    struct Refusal: Error {}

    @Test("a handler answers first; its default handling on a server trust falls through to the policy")
    func handlerFirst() throws {
        var session = try SessionSecurity(policy: .default, baseURL: nil)
        let challenge = AuthenticationChallenge(host: "apple.com", method: .serverTrust(try Self.httpbinTrust()))
        session.challengeHandler = { _ in .willComplete }
        #expect(session.respond(to: challenge, url: nil) == nil)
        session.challengeHandler = { _ in .error(Refusal()) }
        let refused = try #require(session.respond(to: challenge, url: nil))
        #expect(refused.disposition == .cancelAuthenticationChallenge && refused.taskError is Refusal)
        session.challengeHandler = { challenge in
            if case .serverTrust(let trust) = challenge.method { return .credential(trust) }
            return .willComplete
        }
        #expect(try #require(session.respond(to: challenge, url: nil)).disposition == .useCredential)
        session.challengeHandler = { _ in .disposition(.rejectProtectionSpace) }
        #expect(try #require(session.respond(to: challenge, url: nil)).disposition == .rejectProtectionSpace)
        session.challengeHandler = { _ in .disposition(.performDefaultHandling) }
        let fallen = try #require(session.respond(to: challenge, url: nil))
        #expect(fallen.disposition == .cancelAuthenticationChallenge && fallen.taskError is ServerTrustError)
        let basic = try #require(session.respond(to: AuthenticationChallenge(host: "apple.com", method: .other("Basic")), url: nil))
        #expect(basic.disposition == .performDefaultHandling)
    }

    @Test("the server-trust error carries the trust and the URL only when given (AFNetworking's four api cases)")
    func serverTrustError() throws {
        let trust = try Self.httpbinTrust()
        for (peer, url) in [(Optional(trust), Optional("https://httpbin.org/get")), (nil, "https://httpbin.org/get"), (trust, nil), (nil, nil)] {
            let error = ServerTrustError(peerTrust: peer, failingURL: url)
            #expect((error.peerTrust != nil) == (peer != nil))
            #expect(error.failingURL == url)
            #expect(error.message.contains("httpbin.org") == (url != nil))
        }
        #expect(ServerTrustError.code == -1202)
    }
}
