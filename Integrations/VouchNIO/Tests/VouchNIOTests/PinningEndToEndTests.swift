import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import Testing
import VouchNIO
import VouchPinning
import VouchTrust
import VouchX509

/// Vouch deciding real handshakes with `openssl s_server` on 127.0.0.1: pinning, hostnames,
/// expiry, missing intermediates. One server per test, stopped by the test.
@Suite("VouchNIO end to end", .serialized, .enabled(if: OpenSSLFixture.openssl != nil, "openssl not installed (apt-get install openssl): the end-to-end tests need it"))
struct PinningEndToEndTests {
    let fixture: OpenSSLFixture

    init() throws {
        fixture = try #require(OpenSSLFixture.shared, "the openssl fixture could not be made (see the output)")
    }

    func rooted(_ policy: SecurityPolicy) throws -> VouchVerifier {
        VouchVerifier(policy: policy, anchors: [try Handshakes.certificate(fixture, "root")])
    }

    @Test("a certificate pin of the leaf, the intermediate or the root is accepted", arguments: ["leaf", "intermediate", "root"])
    func certificatePinAccepted(pinned: String) async throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        let verifier = try rooted(try Handshakes.policy(.certificate, pinning: [pinned], in: fixture))
        let outcome = try await Handshakes.run(server, name: "localhost", verifier: verifier)
        let decision = try #require(outcome.decision)
        #expect(decision.isAllowed, "\(decision.steps)")
        #expect(outcome.isHandshakeCompleted, "\(outcome.handshakeError ?? "")")
        #expect(decision.source == .securityPolicy)
        #expect(decision.steps.last?.hasPrefix("5: anchored at the pinned certificates") == true)
        #expect(decision.presentedCertificates == [try fixture.der("leaf"), try fixture.der("intermediate")])
    }

    @Test("a pin of another certificate is refused, and the failure names step 5")
    func wrongPinRefused() async throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        let verifier = try rooted(try Handshakes.policy(.certificate, pinning: ["leaf2"], in: fixture))
        let outcome = try await Handshakes.run(server, name: "localhost", verifier: verifier)
        let decision = try #require(outcome.decision)
        #expect(!decision.isAllowed)
        #expect(!outcome.isHandshakeCompleted)
        guard case .policyRefused(let steps) = decision.failure?.reason else {
            Issue.record("expected policyRefused, got \(String(describing: decision.failure))")
            return
        }
        #expect(steps.last?.hasPrefix("5: anchored at the 1 pinned certificate(s), trust") == true)
        #expect(steps.last?.hasSuffix("NO") == true)
    }

    @Test("a public-key pin is accepted; a public key of another certificate is refused")
    func publicKeyPin() async throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        let accepted = try await Handshakes.run(server, name: "localhost",
            verifier: try rooted(try Handshakes.policy(.publicKey, pinning: ["leaf"], in: fixture)))
        #expect(accepted.decision?.isAllowed == true)
        #expect(accepted.decision?.steps.last?.hasPrefix("6: chain[0]") == true, "\(accepted.decision?.steps ?? [])")
        let refused = try await Handshakes.run(server, name: "localhost",
            verifier: try rooted(try Handshakes.policy(.publicKey, pinning: ["unrelated"], in: fixture)))
        #expect(refused.decision?.isAllowed == false)
        #expect(!refused.isHandshakeCompleted)
    }

    @Test("a sha256/ pin set: the intermediate's pin allows, a foreign pin blocks with the pins in the message")
    func pinSet() async throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        let root = try Handshakes.certificate(fixture, "root")
        let pattern = try #require(HostPattern("localhost"))
        let good = PinSet([PinRule(pattern, pins: [SPKIPin(try Handshakes.certificate(fixture, "intermediate"))])])
        let allowed = try await Handshakes.run(server, name: "localhost", verifier: VouchVerifier(pinSet: good, anchors: [root]))
        #expect(allowed.decision?.isAllowed == true)
        #expect(allowed.decision?.source == .pinSet)
        #expect(allowed.isHandshakeCompleted)
        let foreign = SPKIPin(try Handshakes.certificate(fixture, "unrelated"))
        let bad = PinSet([PinRule(pattern, pins: [foreign])])
        let blocked = try await Handshakes.run(server, name: "localhost", verifier: VouchVerifier(pinSet: bad, anchors: [root]))
        guard case .pinSetBlocked(let message) = blocked.decision?.failure?.reason else {
            Issue.record("expected pinSetBlocked, got \(String(describing: blocked.decision?.failure))")
            return
        }
        #expect(message.contains("no pin matches"))
        #expect(message.contains(foreign.description))
        // No rule for the name: default handling (SSL policy, the anchors).
        let other = try await Handshakes.run(server, name: "vouch.test", verifier: VouchVerifier(pinSet: bad, anchors: [root]))
        #expect(other.decision?.isAllowed == true)
        #expect(other.decision?.source == .defaultHandling)
    }

    @Test("a name the leaf does not carry is refused although its IP SAN is the peer's address")
    func hostnameMismatch() async throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        let verifier = try rooted(.default)
        let refused = try await Handshakes.run(server, name: "wrong.example", verifier: verifier)
        #expect(refused.decision?.isAllowed == false)
        #expect(refused.decision?.evaluation?.failures.contains { $0.check == .sslHostname } == true,
                "\(String(describing: refused.decision?.failure))")
        #expect(!refused.isHandshakeCompleted)
        // The names the leaf carries, DNS and IP, are allowed.
        for name in ["localhost", "vouch.test", "127.0.0.1"] {
            let allowed = try await Handshakes.run(server, name: name, verifier: verifier)
            #expect(allowed.decision?.isAllowed == true, "\(name): \(allowed.decision?.steps ?? [])")
            #expect(allowed.isHandshakeCompleted, "\(name)")
        }
    }

    @Test("NIO SSL's own check takes the IP SAN for any name: why the configuration turns it off")
    func nioSSLAcceptsIPSANForAnyName() async throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([try NIOSSLCertificate(bytes: try fixture.der("root"), format: .der)])
        let outcome = try await TLSProbe.handshake(host: "127.0.0.1", port: server.port, serverName: "wrong.example",
                                                   verifier: nil, configuration: configuration,
                                                   group: MultiThreadedEventLoopGroup.singleton).get()
        #expect(outcome.isHandshakeCompleted, "NIO SSL refused: \(outcome.handshakeError ?? "")")
        #expect(VouchVerifier.tlsConfiguration().certificateVerification == .noHostnameVerification)
    }

    @Test("an expired leaf is refused; allowed with invalid certificates allowed (domain not validated, or its key pinned)")
    func expiredLeaf() async throws {
        let server = try TestServer(fixture, certificate: "expired", chain: ["intermediate"])
        defer { server.stop() }
        let refused = try await Handshakes.run(server, name: "localhost", verifier: try rooted(.default))
        #expect(refused.decision?.isAllowed == false)
        #expect(refused.decision?.evaluation?.failures.contains { $0.check == .temporalValidity } == true,
                "\(refused.decision?.evaluation?.failures.map(\.check.rawValue) ?? [])")
        var lenient = SecurityPolicy.default
        lenient.allowInvalidCertificates = true
        // AFNetworking's step 1: invalid certificates allowed and the domain validated need a pin.
        let stepOne = try await Handshakes.run(server, name: "localhost", verifier: try rooted(lenient))
        #expect(stepOne.decision?.isAllowed == false)
        #expect(stepOne.decision?.steps.first?.hasPrefix("1:") == true)
        lenient.validatesDomainName = false
        let allowed = try await Handshakes.run(server, name: "localhost", verifier: try rooted(lenient))
        #expect(allowed.decision?.isAllowed == true)
        #expect(allowed.isHandshakeCompleted)
        var keyPinned = try Handshakes.policy(.publicKey, pinning: ["expired"], in: fixture)
        keyPinned.allowInvalidCertificates = true
        let keyPinnedAllowed = try await Handshakes.run(server, name: "localhost", verifier: try rooted(keyPinned))
        #expect(keyPinnedAllowed.decision?.isAllowed == true, "\(keyPinnedAllowed.decision?.steps ?? [])")
        // Certificate pinning evaluates again with the pinned certificates as anchors (step 5),
        // and an expired certificate still fails that, as in AFNetworking.
        var certificatePinned = try Handshakes.policy(.certificate, pinning: ["expired"], in: fixture)
        certificatePinned.allowInvalidCertificates = true
        let certificatePinnedRefused = try await Handshakes.run(server, name: "localhost", verifier: try rooted(certificatePinned))
        #expect(certificatePinnedRefused.decision?.isAllowed == false)
        #expect(certificatePinnedRefused.decision?.steps.last?.hasPrefix("5:") == true)
    }

    @Test("a server that sends no intermediate: refused (nothing is fetched), allowed when the intermediate is an anchor")
    func noIntermediate() async throws {
        let server = try TestServer(fixture, certificate: "leaf")
        defer { server.stop() }
        let refused = try await Handshakes.run(server, name: "localhost", verifier: try rooted(.default))
        #expect(refused.decision?.isAllowed == false)
        #expect(refused.decision?.presentedCertificates.count == 1)
        let anchors = [try Handshakes.certificate(fixture, "root"), try Handshakes.certificate(fixture, "intermediate")]
        let allowed = try await Handshakes.run(server, name: "localhost", verifier: VouchVerifier(policy: .default, anchors: anchors))
        #expect(allowed.decision?.isAllowed == true)
        #expect(allowed.decision?.evaluation?.chain.count == 2)
    }

    @Test("an unrelated self-signed server is refused, even with a public-key pin of the real leaf")
    func unrelatedSelfSigned() async throws {
        let server = try TestServer(fixture, certificate: "unrelated")
        defer { server.stop() }
        let outcome = try await Handshakes.run(server, name: "localhost",
            verifier: try rooted(try Handshakes.policy(.publicKey, pinning: ["leaf"], in: fixture)))
        #expect(outcome.decision?.isAllowed == false)
        #expect(!outcome.isHandshakeCompleted)
    }

    @Test("on a thread pool: the same decision, off the event loop")
    func threadPool() async throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        var verifier = try rooted(try Handshakes.policy(.certificate, pinning: ["root"], in: fixture))
        verifier.threadPool = pool
        let allowed = try await Handshakes.run(server, name: "localhost", verifier: verifier)
        #expect(allowed.decision?.isAllowed == true)
        #expect(allowed.isHandshakeCompleted)
        let refused = try await Handshakes.run(server, name: "wrong.example", verifier: verifier)
        #expect(refused.decision?.isAllowed == false)
        try await pool.shutdownGracefully()
    }

    @Test("the chain Vouch built is the connection's validated chain (the README's bootstrap)")
    func validatedChain() async throws {
        let server = try TestServer(fixture, certificate: "leaf", chain: ["intermediate"])
        defer { server.stop() }
        let verifier = try rooted(.default)
        let context = try NIOSSLContext(configuration: VouchVerifier.tlsConfiguration())
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(verifier.makeClientHandler(context: context, host: "localhost"))
                }
            }
            .connect(host: "127.0.0.1", port: server.port).get()
        // A write waits for the handshake; its success means the server was allowed.
        try await channel.writeAndFlush(ByteBuffer(string: "ping\n")).get()
        let chain = try await channel.eventLoop.submit {
            try channel.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self).peerValidatedCertificateChain
        }.get()
        try await channel.close()
        let der = try #require(chain).map { try $0.toDERBytes() }
        #expect(der == [try fixture.der("leaf"), try fixture.der("intermediate"), try fixture.der("root")])
    }
}
