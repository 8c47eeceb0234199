import Foundation
import NIOCore
import NIOPosix
import Testing
import VouchHTTP
import VouchNIO
import VouchPinning
import VouchTrust
import VouchX509

/// The SecTrust facade fetching over AsyncHTTPClient, as a service would set it up (README,
/// "Fetching missing intermediates and OCSP with AsyncHTTPClient"): `trust.fetching =
/// SecTrustFetching(transport: AsyncHTTPClientTransport(...), cache: FetchCache(directory: ...))`.
/// The leaf, made by `openssl` at test time, names `http://ca.example.test/intermediate.der` (port
/// 80, as a real certificate would); a `--connect-to` override sends that to the NIO server on
/// 127.0.0.1 that serves the intermediate. The evaluation blocks while it fetches, so it runs on a
/// `NIOThreadPool` thread, never on an event loop.
@Suite("SecTrust fetching over AsyncHTTPClient", .serialized, .enabled(if: OpenSSLFixture.openssl != nil, "openssl not installed (apt-get install openssl): the end-to-end tests need it"))
struct SecTrustFetchingTests {
    let fixture: OpenSSLFixture
    let leaves: TrustFetcherEndToEndTests

    init() throws {
        fixture = try #require(OpenSSLFixture.shared, "the openssl fixture could not be made (see the output)")
        leaves = try TrustFetcherEndToEndTests()
    }

    static let caIssuersURL = "http://ca.example.test/intermediate.der"

    /// A `SecTrust` for the leaf alone, judged for `localhost` under the fixture's root only.
    func secTrust(leaf: Certificate, fetching: SecTrustFetching) throws -> SecTrust {
        let certificate = try #require(SecCertificateCreateWithData(nil, leaf.derEncoded))
        let root = try #require(SecCertificateCreateWithData(nil, try fixture.der("root")))
        var created: SecTrust?
        let status = SecTrustCreateWithCertificates(certificate, SecPolicyCreateSSL(true, "localhost"), &created)
        #expect(status == errSecSuccess)
        let trust = try #require(created)
        SecTrustSetAnchorCertificates(trust, [root])
        trust.fetching = fetching
        return trust
    }

    /// The transport a service would make, with the override that answers the leaf's URL locally.
    static func transport(port: Int) throws -> AsyncHTTPClientTransport {
        AsyncHTTPClientTransport(
            addressPolicy: AddressPolicy(allowsLoopback: true), userAgent: "vouch-test",
            resolver: Resolver(hostsPath: nil, resolvConfPath: nil), overrides: [try .connectTo("ca.example.test:80:127.0.0.1:\(port)")])
    }

    /// `SecTrustEvaluateWithError` on a pool thread: whether trusted, the error's code, the chain length.
    static func evaluate(_ trust: SecTrust, on pool: NIOThreadPool) async throws -> (trusted: Bool, code: OSStatus?, count: CFIndex) {
        try await pool.runIfActive {
            var error: SecError?
            let trusted = SecTrustEvaluateWithError(trust, &error)
            return (trusted, error?.code, SecTrustGetCertificateCount(trust))
        }
    }

    @Test("SecTrustEvaluateWithError fetches the missing intermediate through AHC and trusts the chain; the cache answers next time")
    func facadeFetches() async throws {
        let server = try await FetchTestServer(routes: [
            "/intermediate.der": .init(headers: [("Cache-Control", "max-age=3600")], body: try fixture.der("intermediate"))
        ])
        let leaf = try leaves.leaf(caIssuers: Self.caIssuersURL)
        let transport = try Self.transport(port: server.port)
        let cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-nio-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cacheDirectory) }
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()

        let offline = try await Self.evaluate(try secTrust(leaf: leaf, fetching: .offline), on: pool)
        let fetching = SecTrustFetching(transport: transport, cache: FetchCache(directory: cacheDirectory))
        let online = try await Self.evaluate(try secTrust(leaf: leaf, fetching: fetching), on: pool)
        let requests = server.requests
        await server.stop()
        // A new trust with the same fetching, the server gone: the cache holds the intermediate.
        let cached = try await Self.evaluate(try secTrust(leaf: leaf, fetching: fetching), on: pool)
        try await pool.shutdownGracefully()
        try await transport.shutdown()

        #expect(!offline.trusted)
        #expect(offline.code != nil)
        #expect(online.trusted, "\(String(describing: online.code))")
        #expect(online.code == nil)
        #expect(online.count == 3)
        #expect(requests.map(\.target) == ["/intermediate.der"])
        #expect(requests.map { $0.header("Host") } == ["ca.example.test"])
        #expect(cached.trusted, "\(String(describing: cached.code))")
        #expect(cached.count == 3)
    }

    @Test("evaluated on an event loop, the transport refuses to block it: the fetch fails at once and the chain stays incomplete")
    func facadeOnEventLoop() async throws {
        let server = try await FetchTestServer(routes: ["/intermediate.der": .init(body: try fixture.der("intermediate"))])
        let leaf = try leaves.leaf(caIssuers: Self.caIssuersURL)
        let transport = try Self.transport(port: server.port)
        let trust = try secTrust(leaf: leaf, fetching: SecTrustFetching(transport: transport, cache: nil))
        let started = ContinuousClock.now
        let trusted = try await MultiThreadedEventLoopGroup.singleton.next().submit { SecTrustEvaluateWithError(trust, nil) }.get()
        let elapsed = ContinuousClock.now - started
        let connectionsFromLoop = server.connections
        // The control: the same fetching off the loop reaches the server and trusts the chain.
        let pool = NIOThreadPool(numberOfThreads: 1)
        pool.start()
        let control = try await Self.evaluate(try secTrust(leaf: leaf, fetching: trust.fetching), on: pool)
        try await pool.shutdownGracefully()
        try await transport.shutdown()
        await server.stop()
        #expect(!trusted)
        #expect(connectionsFromLoop == 0)
        #expect(elapsed < .seconds(1), "\(elapsed)")
        #expect(control.trusted, "\(String(describing: control.code))")
        #expect(server.requests.count == 1)
    }
}
