import Foundation
import NIOPosix
import Testing
import VouchHTTP
import VouchNIO
import VouchTrust
import VouchX509

/// TrustFetcher over AsyncHTTPClient, end to end: a leaf made by `openssl` at test time whose
/// authorityInfoAccess caIssuers URL is `http://ca.example.test/intermediate.der` (port 80, as a
/// real certificate's), sent by a `--connect-to` override to a real NIO server on 127.0.0.1 that
/// serves the intermediate's DER. Without the fetch the chain is incomplete; with it, it is trusted.
@Suite("TrustFetcher over AsyncHTTPClient", .serialized, .enabled(if: OpenSSLFixture.openssl != nil, "openssl not installed (apt-get install openssl): the end-to-end tests need it"))
struct TrustFetcherEndToEndTests {
    let fixture: OpenSSLFixture

    init() throws {
        fixture = try #require(OpenSSLFixture.shared, "the openssl fixture could not be made (see the output)")
    }

    /// A leaf for `localhost` under the fixture's intermediate, naming `caIssuers` in its AIA.
    func leaf(caIssuers: String) throws -> Certificate {
        guard let openssl = OpenSSLFixture.openssl else { throw OpenSSLFixture.Failure(description: OpenSSLFixture.missing) }
        let name = "aia-\(UUID().uuidString)"
        let extensions = """
            [aia]
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            extendedKeyUsage = serverAuth
            subjectAltName = DNS:localhost
            authorityInfoAccess = caIssuers;URI:\(caIssuers)
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid

            """
        try extensions.write(toFile: fixture.path(name + ".cnf"), atomically: true, encoding: .utf8)
        for arguments in [
            ["genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", "\(name).key"],
            ["req", "-new", "-key", "\(name).key", "-subj", "/O=Vouch NIO Test/CN=localhost", "-out", "\(name).csr"],
            ["x509", "-req", "-in", "\(name).csr", "-CA", "intermediate.pem", "-CAkey", "intermediate.key", "-set_serial",
             "\(Int.random(in: 1000...999_999_999))", "-days", "30", "-sha256", "-extfile", "\(name).cnf", "-extensions", "aia",
             "-outform", "DER", "-out", "\(name).der"],
        ] {
            let result = try Subprocess.run(openssl, arguments, in: fixture.directory)
            guard result.status == 0 else { throw OpenSSLFixture.Failure(description: "openssl: \(result.standardError)") }
        }
        return try Certificate(derEncoded: try fixture.der(name))
    }

    /// The leaf alone, the fixture's root as the only anchor, judged for `localhost`.
    func trust(_ leaf: Certificate) throws -> Trust {
        var trust = try Trust(certificates: [leaf], policies: [.ssl(server: true, hostname: "localhost")], systemStore: .linux)
        trust.setAnchorCertificates([try Certificate(derEncoded: try fixture.der("root"))])
        trust.setAnchorCertificatesOnly(true)
        return trust
    }

    /// Serves the intermediate at `/intermediate.der`; a leaf naming it at ``caIssuersURL``; a
    /// transport whose override sends `ca.example.test:80` to the server.
    func serving() async throws -> (FetchTestServer, Certificate, AsyncHTTPClientTransport) {
        let server = try await FetchTestServer(routes: ["/intermediate.der": .init(body: try fixture.der("intermediate"))])
        let transport = AsyncHTTPClientTransportTests.transport(overrides: [try .connectTo("ca.example.test:80:127.0.0.1:\(server.port)")])
        return (server, try leaf(caIssuers: Self.caIssuersURL), transport)
    }

    static let caIssuersURL = "http://ca.example.test/intermediate.der"


    @Test("the missing intermediate is fetched from the leaf's caIssuers URL: the chain becomes trusted")
    func fetchedIntermediate() async throws {
        let (server, leaf, transport) = try await serving()
        var offline = try trust(leaf)
        #expect(!offline.evaluate().isTrusted)
        var online = try trust(leaf)
        let fetcher = TrustFetcher(transport: transport, cache: nil)
        let evaluation = fetcher.evaluate(&online)
        try await transport.shutdown()
        await server.stop()
        #expect(evaluation.isTrusted, "\(evaluation.failures) \(fetcher.log)")
        #expect(evaluation.chain.count == 3)
        #expect(fetcher.log.map(\.outcome) == [.ok])
        #expect(server.requests.map(\.target) == ["/intermediate.der"])
        #expect(server.requests.map { $0.header("Host") } == ["ca.example.test"])
    }

    @Test("AsyncTrustFetcher runs the same loop on a NIOThreadPool; the fetched intermediate stays in the trust")
    func asyncFetcher() async throws {
        let (server, leaf, transport) = try await serving()
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        let fetcher = AsyncTrustFetcher(transport: transport, cache: nil, threadPool: pool)
        var trust = try trust(leaf)
        let (evaluation, fetches) = try await fetcher.evaluateExplaining(&trust)
        // Evaluated again, the trust has what was fetched: no second request.
        let again = try await fetcher.evaluate(&trust)
        try await pool.shutdownGracefully()
        try await transport.shutdown()
        await server.stop()
        #expect(evaluation.isTrusted, "\(evaluation.failures) \(fetches)")
        #expect(again.isTrusted)
        #expect(fetches.map(\.url) == [Self.caIssuersURL])
        #expect(server.requests.count == 1)
    }

    /// Times every request out at once, counting them.
    final class TimingOut: HTTPTransport, @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var requests: Int { lock.withLock { count } }
        func fetch(_ request: HTTPRequest, timeout: Duration) -> Result<HTTPResponse, HTTPError> {
            lock.withLock { count += 1 }
            return .failure(.timedOut)
        }
    }

    @Test("the host backoff holds across AsyncTrustFetcher's evaluations: after two timeouts the third skips the host")
    func backoffAcrossEvaluations() async throws {
        let transport = TimingOut()
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        let fetcher = AsyncTrustFetcher(transport: transport, cache: nil, threadPool: pool)
        let leaf = try leaf(caIssuers: Self.caIssuersURL)
        for _ in 0..<3 {
            var trust = try trust(leaf)
            #expect(!(try await fetcher.evaluate(&trust)).isTrusted)
        }
        try await pool.shutdownGracefully()
        #expect(transport.requests == 2)
    }

    @Test("a thread pool that is not running: threadPoolNotRunning, the trust unchanged")
    func poolNotRunning() async throws {
        let pool = NIOThreadPool(numberOfThreads: 1)
        let fetcher = AsyncTrustFetcher(transport: nil, cache: nil, threadPool: pool)
        var trust = try trust(try Certificate(derEncoded: try fixture.der("leaf")))
        do {
            _ = try await fetcher.evaluate(&trust)
            Issue.record("evaluated on a pool that is not running")
        } catch {
            #expect(error == .threadPoolNotRunning)
        }
        #expect(trust.lastEvaluation == nil)
    }
}
