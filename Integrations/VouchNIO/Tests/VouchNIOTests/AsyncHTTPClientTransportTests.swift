import Foundation
import NIOCore
import NIOPosix
import Testing
import VouchHTTP
import VouchNIO

/// ``AsyncHTTPClientTransport`` against a real NIO HTTP server on 127.0.0.1 (FetchTestServer):
/// the rules VouchHTTP's own client keeps (no redirects, one deadline, a body cap, the address
/// policy on the address connected to) hold over AsyncHTTPClient. Names resolve through
/// VouchHTTP's Resolver (a hosts file the suite writes, DNS off), never through AHC; curl's
/// `--resolve` and `--connect-to` (HostOverride) send other names where a test wants them.
@Suite("AsyncHTTPClient transport on loopback", .serialized)
struct AsyncHTTPClientTransportTests {
    /// `ca.fetch.test` is 127.0.0.1, found by the transport's Resolver; every other name is
    /// unknown (DNS off) unless a test's overrides place it.
    static let hostsPath: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vouch-nio-hosts-\(UUID().uuidString)").path
        let text = """
            127.0.0.1 ca.fetch.test

            """
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }()

    static let resolver = Resolver(hostsPath: hostsPath, resolvConfPath: nil)

    static func transport(loopback: Bool = true, maximumBodyBytes: Int = HTTPLimits.maximumBodyBytes,
                          overrides: [HostOverride] = []) -> AsyncHTTPClientTransport {
        AsyncHTTPClientTransport(
            addressPolicy: AddressPolicy(allowsLoopback: loopback), maximumBodyBytes: maximumBodyBytes, userAgent: "vouch-test",
            resolver: resolver, overrides: overrides)
    }

    static func fetch(_ transport: AsyncHTTPClientTransport, _ url: String, method: VouchHTTP.HTTPMethod = .get, body: [UInt8] = [],
                      contentType: String? = nil, timeout: Duration = .seconds(3)) throws -> Result<VouchHTTP.HTTPResponse, HTTPError> {
        let request = VouchHTTP.HTTPRequest(url: try HTTPURL(url), method: method, body: body, contentType: contentType)
        return transport.fetch(request, timeout: timeout)
    }

    static func failure(_ result: Result<VouchHTTP.HTTPResponse, HTTPError>) -> HTTPError? {
        if case .failure(let error) = result { return error }
        return nil
    }

    @Test("a small body comes back; AHC connects to the judged address with the URL's host in Host and the target as written")
    func smallBody() async throws {
        let server = try await FetchTestServer(routes: ["/ca.der?x=%2B%2F": .init(headers: [("Cache-Control", "max-age=7200")], body: [1, 2, 3])])
        let transport = Self.transport()
        let result = try Self.fetch(transport, "http://ca.fetch.test:\(server.port)/ca.der?x=%2B%2F")
        try await transport.shutdown()
        await server.stop()
        let response = try result.get()
        #expect(response.status == 200)
        #expect(response.body == [1, 2, 3])
        #expect(response.header("cache-control") == "max-age=7200")
        let seen = try #require(server.requests.first)
        #expect(seen.method == "GET")
        #expect(seen.target == "/ca.der?x=%2B%2F")
        #expect(seen.header("Host") == "ca.fetch.test:\(server.port)")
        #expect(seen.header("User-Agent") == "vouch-test")
        #expect(server.requests.count == 1)
    }

    @Test("a POST carries its body and content type (an OCSP request too long for GET)")
    func post() async throws {
        let server = try await FetchTestServer(routes: ["/ocsp": .init(body: [0x30, 0x03, 0x0A, 0x01, 0x06])])
        let transport = Self.transport()
        let result = try Self.fetch(transport, "http://127.0.0.1:\(server.port)/ocsp", method: .post, body: [0x30, 0x00],
                                    contentType: "application/ocsp-request")
        try await transport.shutdown()
        await server.stop()
        #expect(try result.get().body == [0x30, 0x03, 0x0A, 0x01, 0x06])
        let seen = try #require(server.requests.first)
        #expect(seen.method == "POST")
        #expect(seen.body == [0x30, 0x00])
        #expect(seen.header("Content-Type") == "application/ocsp-request")
        #expect(seen.header("Host") == "127.0.0.1:\(server.port)")
    }

    @Test("a 302 is returned with its body, not followed")
    func redirectNotFollowed() async throws {
        let server = try await FetchTestServer(routes: [
            "/moved": .init(status: .found, headers: [("Location", "/ca.der")], body: Array("moved".utf8)),
            "/ca.der": .init(body: [9]),
        ])
        let transport = Self.transport()
        let result = try Self.fetch(transport, "http://ca.fetch.test:\(server.port)/moved")
        try await transport.shutdown()
        await server.stop()
        let response = try result.get()
        #expect(response.status == 302)
        #expect(response.body == Array("moved".utf8))
        #expect(server.requests.map(\.target) == ["/moved"])
    }

    @Test("a body over the cap is refused, whether Content-Length announces it or it streams chunked")
    func bodyTooLarge() async throws {
        let big = [UInt8](repeating: 0x41, count: 2 << 20)
        let server = try await FetchTestServer(routes: [
            "/announced": .init(body: [UInt8](repeating: 0x41, count: 4097)),
            "/chunked": .init(body: big, chunked: true),
            "/fits": .init(body: [UInt8](repeating: 0x41, count: 4096), chunked: true),
        ])
        let transport = Self.transport(maximumBodyBytes: 4096)
        let announced = try Self.fetch(transport, "http://ca.fetch.test:\(server.port)/announced")
        let chunked = try Self.fetch(transport, "http://ca.fetch.test:\(server.port)/chunked")
        let fits = try Self.fetch(transport, "http://ca.fetch.test:\(server.port)/fits")
        let large = Self.transport()  // the default cap, 1 MiB, against 2 MiB chunked
        let defaultCap = try Self.fetch(large, "http://ca.fetch.test:\(server.port)/chunked")
        try await transport.shutdown()
        try await large.shutdown()
        await server.stop()
        #expect(Self.failure(announced) == .bodyTooLarge(limit: 4096))
        #expect(Self.failure(chunked) == .bodyTooLarge(limit: 4096))
        #expect(try fits.get().body.count == 4096)
        #expect(Self.failure(defaultCap) == .bodyTooLarge(limit: HTTPLimits.maximumBodyBytes))
    }

    @Test("a slow reply times out at the deadline (0.5 s), not at the server's 3 s")
    func slowReply() async throws {
        let server = try await FetchTestServer(routes: ["/slow": .init(body: [1], delay: .seconds(3))])
        let transport = Self.transport()
        let started = ContinuousClock.now
        let result = try Self.fetch(transport, "http://ca.fetch.test:\(server.port)/slow", timeout: .milliseconds(500))
        let elapsed = ContinuousClock.now - started
        try await transport.shutdown()
        await server.stop()
        #expect(Self.failure(result) == .timedOut)
        #expect(elapsed >= .milliseconds(490), "\(elapsed)")
        #expect(elapsed < .milliseconds(500) + .milliseconds(400), "\(elapsed)")
    }

    @Test("loopback is refused without allowsLoopback, and nothing connects")
    func loopbackRefused() async throws {
        let server = try await FetchTestServer(routes: ["/ca.der": .init(body: [1])])
        let transport = Self.transport(loopback: false, overrides: [try .connectTo("ca.example.test:80:127.0.0.1:\(server.port)")])
        let byName = try Self.fetch(transport, "http://ca.fetch.test:\(server.port)/ca.der")
        let literal = try Self.fetch(transport, "http://127.0.0.1:\(server.port)/ca.der")
        let overridden = try Self.fetch(transport, "http://ca.example.test/ca.der")
        try await transport.shutdown()
        await server.stop()
        #expect(Self.failure(byName) == .addressRefused(address: "127.0.0.1", reason: .loopbackNotAllowed))
        #expect(Self.failure(literal) == .addressRefused(address: "127.0.0.1", reason: .loopbackNotAllowed))
        #expect(Self.failure(overridden) == .addressRefused(address: "127.0.0.1", reason: .loopbackNotAllowed))
        #expect(server.connections == 0)
    }

    @Test("169.254.169.254 is refused at once, as a literal or placed by --resolve or --connect-to, even with loopback allowed")
    func metadataRefused() async throws {
        let transport = Self.transport(overrides: [
            try .resolve("metadata.example.test:80:169.254.169.254"),
            try .connectTo("ca.fetch.test:80:169.254.169.254:80"),
        ])
        let started = ContinuousClock.now
        let literal = try Self.fetch(transport, "http://169.254.169.254/latest/meta-data/")
        let resolved = try Self.fetch(transport, "http://metadata.example.test/latest/meta-data/")
        let connectedTo = try Self.fetch(transport, "http://ca.fetch.test/latest/meta-data/")
        let elapsed = ContinuousClock.now - started
        try await transport.shutdown()
        #expect(Self.failure(literal) == .addressRefused(address: "169.254.169.254", reason: .linkLocal))
        #expect(Self.failure(resolved) == .addressRefused(address: "169.254.169.254", reason: .linkLocal))
        #expect(Self.failure(connectedTo) == .addressRefused(address: "169.254.169.254", reason: .linkLocal))
        // A connection attempt would have waited for its 1 s connect timeout: none was made.
        #expect(elapsed < .milliseconds(100), "\(elapsed)")
    }

    @Test("a name with a refused and an allowed address (--resolve): only the allowed one is connected to")
    func refusedAddressSkipped() async throws {
        let server = try await FetchTestServer(routes: ["/ca.der": .init(body: [7])])
        let transport = Self.transport(overrides: [try .resolve("rebind.fetch.test:\(server.port):169.254.169.254,127.0.0.1")])
        let result = try Self.fetch(transport, "http://rebind.fetch.test:\(server.port)/ca.der")
        try await transport.shutdown()
        await server.stop()
        #expect(try result.get().body == [7])
        #expect(server.requests.first?.header("Host") == "rebind.fetch.test:\(server.port)")
    }

    @Test("nothing listening: connectionFailed with ECONNREFUSED, at once")
    func connectionRefused() async throws {
        let closed = try await FetchTestServer(routes: [:])
        let port = closed.port
        await closed.stop()
        let transport = Self.transport()
        let started = ContinuousClock.now
        let result = try Self.fetch(transport, "http://ca.fetch.test:\(port)/ca.der")
        let elapsed = ContinuousClock.now - started
        try await transport.shutdown()
        #expect(Self.failure(result) == .connectionFailed(address: "127.0.0.1:\(port)", errno: ECONNREFUSED))
        #expect(elapsed < .milliseconds(500), "\(elapsed)")
    }

    @Test("--resolve HOST:PORT:ADDRESS: the name is not resolved, the address is connected to, Host keeps name and port")
    func resolveOverride() async throws {
        let server = try await FetchTestServer(routes: ["/ca.der": .init(body: [4, 2])])
        let transport = Self.transport(overrides: [try .resolve("ca.example.test:\(server.port):127.0.0.1")])
        let result = try Self.fetch(transport, "http://ca.example.test:\(server.port)/ca.der")
        let otherPort = try Self.fetch(transport, "http://ca.example.test:\(server.port &+ 1)/ca.der")  // the override names one port
        try await transport.shutdown()
        await server.stop()
        #expect(try result.get().body == [4, 2])
        #expect(server.requests.map { $0.header("Host") } == ["ca.example.test:\(server.port)"])
        guard case .resolutionFailed(host: "ca.example.test", _)? = Self.failure(otherPort) else {
            Issue.record("expected resolutionFailed (DNS off), got \(otherPort)")
            return
        }
    }

    @Test("--connect-to HOST:80:CONNECTHOST:PORT: a certificate's port-80 URL is answered by the local server, Host unchanged")
    func connectToOverride() async throws {
        let server = try await FetchTestServer(routes: ["/ca.der": .init(body: [5]), "/ocsp": .init(body: [6])])
        let closed = try await FetchTestServer(routes: [:])
        let closedPort = closed.port
        await closed.stop()
        let transport = Self.transport(overrides: [
            try .connectTo("ca.example.test:80:127.0.0.1:\(server.port)"),
            try .connectTo("ocsp.example.test:80:ca.fetch.test:\(server.port)"),  // a name, resolved by the Resolver
            try .connectTo("gone.example.test::127.0.0.1:\(closedPort)"),  // any port
        ])
        let literal = try Self.fetch(transport, "http://ca.example.test/ca.der")
        let byName = try Self.fetch(transport, "http://ocsp.example.test/ocsp")
        let gone = try Self.fetch(transport, "http://gone.example.test:8080/ca.der")
        try await transport.shutdown()
        await server.stop()
        #expect(try literal.get().body == [5])
        #expect(try byName.get().body == [6])
        #expect(server.requests.map { $0.header("Host") } == ["ca.example.test", "ocsp.example.test"])
        // The error names what was connected to, not the URL's host.
        #expect(Self.failure(gone) == .connectionFailed(address: "127.0.0.1:\(closedPort)", errno: ECONNREFUSED))
    }

    @Test("what no HTTP server sends: garbage is malformedResponse, a body cut short connectionClosedEarly", arguments: [
        ("garbage\r\n\r\n", "malformed"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", "malformed"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", "closed after 3"),
    ])
    func brokenResponses(reply: String, expected: String) async throws {
        let server = try await RawTestServer(reply: Array(reply.utf8))
        let transport = Self.transport()
        let result = try Self.fetch(transport, "http://ca.fetch.test:\(server.port)/ca.der")
        try await transport.shutdown()
        await server.stop()
        switch (Self.failure(result), expected) {
        case (.malformedResponse?, "malformed"), (.connectionClosedEarly(offset: 3)?, "closed after 3"): break
        default: Issue.record("expected \(expected), got \(result)")
        }
    }

    @Test("on an event loop thread, fetch returns invalidRequest instead of blocking the loop")
    func onEventLoop() async throws {
        let transport = Self.transport()
        let request = VouchHTTP.HTTPRequest(url: try HTTPURL("http://ca.fetch.test:9/ca.der"))
        let result = try await MultiThreadedEventLoopGroup.singleton.next().submit {
            transport.fetch(request, timeout: .seconds(1))
        }.get()
        try await transport.shutdown()
        guard case .invalidRequest(let reason)? = Self.failure(result) else {
            Issue.record("expected invalidRequest, got \(result)")
            return
        }
        #expect(reason.contains("event loop"))
    }

    @Test("a header value with CR LF is refused before anything is sent")
    func headerInjection() async throws {
        let transport = AsyncHTTPClientTransport(addressPolicy: AddressPolicy(allowsLoopback: true), userAgent: "a\r\nX-Evil: 1",
                                                 resolver: Self.resolver)
        let result = try Self.fetch(transport, "http://ca.fetch.test:9/ca.der")
        try await transport.shutdown()
        #expect(Self.failure(result) == .invalidRequest("User-Agent holds a control or non-ASCII byte"))
    }
}
