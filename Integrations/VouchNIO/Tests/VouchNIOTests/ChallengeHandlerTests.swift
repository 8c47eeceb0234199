import Foundation
import NIOConcurrencyHelpers
import Testing
import VouchNIO
import VouchPinning
import VouchTrust

/// The application's challenge handler answers first, as a session's does (AFSECURITYPOLICY.md §3),
/// on real handshakes.
@Suite("VouchNIO challenge handler", .serialized, .enabled(if: OpenSSLFixture.openssl != nil, "openssl not installed (apt-get install openssl): the end-to-end tests need it"))
struct ChallengeHandlerTests {
    let fixture: OpenSSLFixture

    init() throws {
        fixture = try #require(OpenSSLFixture.shared, "the openssl fixture could not be made (see the output)")
    }

    struct ApplicationError: Error, CustomStringConvertible {
        var description: String { "the application said no" }
    }

    /// A verifier whose policy alone would refuse the server (`policy` on the fixture's anchors).
    func verifier(_ handler: @escaping VouchVerifier.ChallengeHandler, policy: SecurityPolicy = .default) throws -> VouchVerifier {
        var verifier = VouchVerifier(policy: policy, anchors: [try Handshakes.certificate(fixture, "root")])
        verifier.challengeHandler = handler
        return verifier
    }

    @Test("credential: the handler's trust is used, although the policy would refuse the self-signed server")
    func credential() async throws {
        let server = try TestServer(fixture, certificate: "unrelated")
        defer { server.stop() }
        let seenHost = NIOLockedValueBox<String?>(nil)
        let outcome = try await Handshakes.run(server, name: "localhost", verifier: try verifier { challenge, _ in
            seenHost.withLockedValue { $0 = challenge.host }
            guard case .serverTrust(let trust) = challenge.method else { return .disposition(.performDefaultHandling) }
            return .credential(trust)
        })
        #expect(seenHost.withLockedValue { $0 } == "localhost")
        #expect(outcome.decision?.isAllowed == true)
        #expect(outcome.decision?.source == .challengeHandler)
        #expect(outcome.isHandshakeCompleted)
    }

    @Test("error: the connection is cancelled and the application's error is carried")
    func error() async throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        let outcome = try await Handshakes.run(server, name: "localhost", verifier: try verifier { _, _ in .error(ApplicationError()) })
        #expect(outcome.decision?.isAllowed == false)
        #expect(!outcome.isHandshakeCompleted)
        #expect(outcome.decision?.failure?.reason == .challengeHandlerRefused(disposition: .cancelAuthenticationChallenge, error: "the application said no"))
    }

    @Test("disposition: performDefaultHandling falls through to the policy; others are the answer",
          arguments: [ChallengeDisposition.performDefaultHandling, .cancelAuthenticationChallenge, .rejectProtectionSpace, .useCredential])
    func disposition(_ disposition: ChallengeDisposition) async throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        // The policy pins the leaf's key: falling through to it allows.
        let policy = try Handshakes.policy(.publicKey, pinning: ["leaf"], in: fixture)
        let outcome = try await Handshakes.run(server, name: "localhost", verifier: try verifier({ _, _ in .disposition(disposition) }, policy: policy))
        let decision = try #require(outcome.decision)
        switch disposition {
        case .performDefaultHandling:
            #expect(decision.isAllowed)
            #expect(decision.source == .securityPolicy)
            #expect(decision.steps.first == "challenge handler: disposition performDefaultHandling")
            #expect(decision.steps.last?.hasPrefix("6: chain[0]") == true)
        case .useCredential:
            // useCredential without a credential: nothing to use.
            #expect(!decision.isAllowed)
            #expect(decision.failure?.reason == .noCredential)
        case .cancelAuthenticationChallenge, .rejectProtectionSpace:
            #expect(!decision.isAllowed)
            #expect(decision.failure?.reason == .challengeHandlerRefused(disposition: disposition, error: nil))
        }
        #expect(outcome.isHandshakeCompleted == decision.isAllowed)
    }

    @Test("willComplete: the handshake waits for the completion, called later from another thread",
          arguments: [ChallengeDisposition.useCredential, .cancelAuthenticationChallenge, .performDefaultHandling])
    func willComplete(_ disposition: ChallengeDisposition) async throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        let outcome = try await Handshakes.run(server, name: "localhost", verifier: try verifier { challenge, completion in
            guard case .serverTrust(let trust) = challenge.method else { return .disposition(.performDefaultHandling) }
            Thread.detachNewThread {
                usleep(50_000)
                completion.complete(disposition, credential: disposition == .useCredential ? trust : nil)
                completion.complete(.cancelAuthenticationChallenge, credential: nil)  // ignored: the first answer counts
            }
            return .willComplete
        })
        let decision = try #require(outcome.decision)
        #expect(decision.steps.first == "challenge handler: will complete")
        switch disposition {
        case .useCredential:
            #expect(decision.isAllowed)
            #expect(decision.source == .challengeHandler)
        case .performDefaultHandling:
            #expect(decision.isAllowed)  // the SSL policy for localhost, on the fixture's root
            #expect(decision.source == .defaultHandling)
        default:
            #expect(!decision.isAllowed)
        }
        #expect(outcome.isHandshakeCompleted == decision.isAllowed)
    }
}
