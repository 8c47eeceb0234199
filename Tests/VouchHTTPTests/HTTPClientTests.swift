import Foundation
import Testing
import VouchHTTP
import VouchTestSupport

/// The client against a real scripted server on 127.0.0.1 (Fixtures/scripted_server.py).
@Suite(.enabled(if: FixtureServer.python != nil, FixtureServer.missingPython))
struct HTTPClientTests {
    static let der = TestData.projectRoot.appendingPathComponent("TestVectors/example/intermediate.der").path
    static var derBytes: [UInt8] { TestData.bytes(der) ?? [] }

    let server: FixtureServer
    let client = HTTPClient(addressPolicy: AddressPolicy(allowsLoopback: true), userAgent: "vouch/test", resolver: Resolver(hostsPath: nil, resolvConfPath: nil))

    init() throws {
        server = try FixtureServer(script: "scripted_server.py", arguments: [Self.der])
    }

    func url(_ path: String) throws -> HTTPURL { try HTTPURL("http://127.0.0.1:\(server.port)\(path)") }

    func get(_ path: String, timeout: Duration = .seconds(3), client: HTTPClient? = nil) throws -> Result<HTTPResponse, HTTPError> {
        (client ?? self.client).fetch(HTTPRequest(url: try url(path)), timeout: timeout)
    }

    /// The server's counts of connections and requests (through a client allowed on loopback).
    func stats() throws -> String {
        String(decoding: try get("/stats").get().body, as: UTF8.self)
    }

    @Test("a DER body by Content-Length")
    func der() throws {
        let response = try get("/der").get()
        #expect(response.status == 200)
        #expect(response.header("content-type") == "application/pkix-cert")
        #expect(response.body == Self.derBytes)
        #expect(!response.body.isEmpty)
    }

    @Test("a chunked body with an extension and a trailer")
    func chunked() throws {
        let response = try get("/chunked").get()
        #expect(response.body == Self.derBytes)
        #expect(response.header("X-Trailer") == nil)
    }

    @Test("a body delimited by the connection's close")
    func untilClose() throws {
        #expect(try get("/close").get().body == Self.derBytes)
    }

    @Test("a 302 is returned with its body, not followed")
    func redirect() throws {
        let response = try get("/redirect").get()
        #expect(response.status == 302)
        #expect(response.header("Location") == "/der")
        #expect(response.body == Array("moved to /der".utf8))
        #expect(try stats() == "connections=1 requests=1")
    }

    @Test("a 404 is returned with its body; the status is not judged")
    func notFound() throws {
        let response = try get("/missing").get()
        #expect(response.status == 404)
        #expect(response.body == Self.derBytes)
    }

    @Test("Cache-Control and other headers come back as sent")
    func cacheControl() throws {
        let response = try get("/cache").get()
        #expect(response.header("cache-control") == "public, max-age=3600")
        #expect(response.header("Expires") == "Thu, 01 Jan 2099 00:00:00 GMT")
    }

    @Test("a server sleeping 5 s: timedOut at a 1 s deadline, in under 1.5 s")
    func slow() throws {
        let start = ContinuousClock.now
        #expect(throws: HTTPError.timedOut) { try get("/slow", timeout: .seconds(1)).get() }
        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(950))
        #expect(elapsed < .milliseconds(1500), "took \(elapsed)")
    }

    @Test("a 2 MiB body fails with bodyTooLarge (by length and chunked)")
    func oversized() throws {
        #expect(throws: HTTPError.bodyTooLarge(limit: HTTPLimits.maximumBodyBytes)) { try get("/large").get() }
        #expect(throws: HTTPError.bodyTooLarge(limit: HTTPLimits.maximumBodyBytes)) { try get("/large-chunked").get() }
        let small = HTTPClient(addressPolicy: AddressPolicy(allowsLoopback: true), maximumBodyBytes: 100, resolver: Resolver(hostsPath: nil, resolvConfPath: nil))
        #expect(throws: HTTPError.bodyTooLarge(limit: 100)) { try get("/der", client: small).get() }
    }

    @Test("a garbage reply is malformedResponse at offset 0")
    func garbage() throws {
        #expect(throws: HTTPError.malformedResponse(offset: 0, reason: "not an HTTP/1.x status line")) { try get("/garbage").get() }
    }

    @Test("the request: GET line, Host with port, User-Agent, Connection: close; POST with its body")
    func requestHead() throws {
        let echoed = String(decoding: try get("/echo?q=1").get().body, as: UTF8.self)
        #expect(echoed == "GET /echo?q=1 HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nUser-Agent: vouch/test\r\nAccept: */*\r\nConnection: close\r\n\r\n")
        let post = HTTPRequest(url: try url("/echo"), method: .post, body: [0x30, 0x03, 0x02, 0x01, 0x00], contentType: "application/ocsp-request")
        let response = try client.fetch(post, timeout: .seconds(3)).get()
        #expect(response.body.starts(with: Array("POST /echo HTTP/1.1\r\n".utf8)))
        #expect(String(decoding: response.body, as: UTF8.self).contains("Content-Type: application/ocsp-request\r\nContent-Length: 5\r\n\r\n"))
        #expect(response.body.suffix(5) == [0x30, 0x03, 0x02, 0x01, 0x00])
        let injected = HTTPRequest(url: try url("/echo"), method: .post, contentType: "text/plain\r\nX-Evil: 1")
        #expect(throws: HTTPError.invalidRequest("Content-Type holds a control or non-ASCII byte")) { try client.fetch(injected, timeout: .seconds(1)).get() }
    }

    @Test("without allowsLoopback nothing connects to 127.0.0.1, ::ffff:127.0.0.1 or a --resolve to loopback")
    func loopbackRefused() throws {
        let strict = HTTPClient(
            userAgent: "vouch/test", overrides: [try HostOverride.resolve("crt.example.test:\(server.port):127.0.0.1")],
            resolver: Resolver(hostsPath: nil, resolvConfPath: nil))
        #expect(throws: HTTPError.addressRefused(address: "127.0.0.1", reason: .loopbackNotAllowed)) { try get("/der", client: strict).get() }
        let mapped = strict.fetch(HTTPRequest(url: try HTTPURL("http://[::ffff:127.0.0.1]:\(server.port)/der")), timeout: .seconds(1))
        #expect(throws: HTTPError.addressRefused(address: "::ffff:127.0.0.1", reason: .loopbackNotAllowed)) { try mapped.get() }
        let overridden = strict.fetch(HTTPRequest(url: try HTTPURL("http://crt.example.test:\(server.port)/der")), timeout: .seconds(1))
        #expect(throws: HTTPError.addressRefused(address: "127.0.0.1", reason: .loopbackNotAllowed)) { try overridden.get() }
        let metadata = strict.fetch(HTTPRequest(url: try HTTPURL("http://169.254.169.254/latest/meta-data/")), timeout: .seconds(1))
        #expect(throws: HTTPError.addressRefused(address: "169.254.169.254", reason: .linkLocal)) { try metadata.get() }
        #expect(try stats() == "connections=0 requests=0")
    }

    @Test("--resolve and --connect-to send a name's requests to the local server, Host unchanged")
    func overrides() throws {
        let resolve = HTTPClient(
            addressPolicy: AddressPolicy(allowsLoopback: true), overrides: [try HostOverride.resolve("crt.example.test:\(server.port):127.0.0.1")],
            resolver: Resolver(hostsPath: nil, resolvConfPath: nil))
        let echoed = try resolve.fetch(HTTPRequest(url: try HTTPURL("http://crt.example.test:\(server.port)/echo")), timeout: .seconds(3)).get()
        #expect(String(decoding: echoed.body, as: UTF8.self).contains("Host: crt.example.test:\(server.port)\r\n"))
        let connect = HTTPClient(
            addressPolicy: AddressPolicy(allowsLoopback: true), overrides: [try HostOverride.connectTo("crt.example.test:80:127.0.0.1:\(server.port)")],
            resolver: Resolver(hostsPath: nil, resolvConfPath: nil))
        let viaConnect = try connect.fetch(HTTPRequest(url: try HTTPURL("http://crt.example.test/echo")), timeout: .seconds(3)).get()
        #expect(String(decoding: viaConnect.body, as: UTF8.self).contains("Host: crt.example.test\r\n"))
    }

    @Test("addresses are tried in order: a refused connection moves on to the next")
    func addressOrder() throws {
        // The server listens on 127.0.0.1 only, so [::1] refuses the connection (or has no route):
        // the client moves on to 127.0.0.1, the override's second address.
        let closed = HTTPClient(
            addressPolicy: AddressPolicy(allowsLoopback: true),
            overrides: [try HostOverride.resolve("two.example.test:\(server.port):[::1],127.0.0.1")],
            resolver: Resolver(hostsPath: nil, resolvConfPath: nil))
        let response = try closed.fetch(HTTPRequest(url: try HTTPURL("http://two.example.test:\(server.port)/der")), timeout: .seconds(3)).get()
        #expect(response.body == Self.derBytes)
        let none = HTTPClient(
            addressPolicy: AddressPolicy(allowsLoopback: true), overrides: [try HostOverride.resolve("x.test:1:127.0.0.1")],
            resolver: Resolver(hostsPath: nil, resolvConfPath: nil))
        #expect(throws: HTTPError.connectionFailed(address: "127.0.0.1:1", errno: ECONNREFUSED)) {
            try none.fetch(HTTPRequest(url: try HTTPURL("http://x.test:1/")), timeout: .seconds(1)).get()
        }
    }

    @Test("a silent first address (127.0.0.2, full backlog) gets its share of the deadline, then the next connects")
    func silentFirstAddress() throws {
        let client = HTTPClient(
            addressPolicy: AddressPolicy(allowsLoopback: true),
            overrides: [
                try HostOverride.resolve("hole.test:\(server.port):127.0.0.2,127.0.0.1"),
                try HostOverride.resolve("holes.test:\(server.port):127.0.0.2,127.0.0.2"),
            ], resolver: Resolver(hostsPath: nil, resolvConfPath: nil))
        var start = ContinuousClock.now
        let response = try client.fetch(HTTPRequest(url: try HTTPURL("http://hole.test:\(server.port)/der")), timeout: .seconds(2)).get()
        #expect(response.body == Self.derBytes)
        var elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(950) && elapsed < .milliseconds(1500), "took \(elapsed)")
        start = ContinuousClock.now
        #expect(throws: HTTPError.timedOut) {
            try client.fetch(HTTPRequest(url: try HTTPURL("http://holes.test:\(server.port)/der")), timeout: .seconds(1)).get()
        }
        elapsed = ContinuousClock.now - start
        #expect(elapsed < .milliseconds(1500), "took \(elapsed)")
    }
}
