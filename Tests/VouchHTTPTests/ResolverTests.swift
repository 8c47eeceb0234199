import Foundation
import Testing
import VouchHTTP

@Suite struct ResolverTests {
    /// Writes `text` to a new temporary file; its path.
    static func temporaryFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "vouch-http-\(UUID().uuidString)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let hosts = """
        # comment line
        127.0.0.1   localhost
        ::1         localhost ip6-localhost
        10.0.0.5    crt.example.test   crt   # the CA's server
        10.0.0.6    CRT.Example.Test
        192.0.2.9\tocsp.example.test
        not-an-address  broken.example.test
        """

    @Test("literals are answered without files; brackets allowed")
    func literals() throws {
        let resolver = Resolver(hostsPath: nil, resolvConfPath: nil)
        #expect(try resolver.resolve("10.1.2.3", timeout: .seconds(1)).get() == [IPAddress("10.1.2.3")])
        #expect(try resolver.resolve("[::1]", timeout: .seconds(1)).get() == [IPAddress("::1")])
    }

    @Test("the hosts file: every matching line in order, names case-insensitive, aliases, comments")
    func hostsFile() throws {
        let path = try Self.temporaryFile(Self.hosts)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let resolver = Resolver(hostsPath: path, resolvConfPath: nil)
        #expect(try resolver.resolve("localhost", timeout: .seconds(1)).get() == [IPAddress("127.0.0.1"), IPAddress("::1")])
        #expect(try resolver.resolve("crt.example.test", timeout: .seconds(1)).get() == [IPAddress("10.0.0.5"), IPAddress("10.0.0.6")])
        #expect(try resolver.resolve("CRT", timeout: .seconds(1)).get() == [IPAddress("10.0.0.5")])
        #expect(try resolver.resolve("ocsp.example.test.", timeout: .seconds(1)).get() == [IPAddress("192.0.2.9")])
        #expect(throws: HTTPError.resolutionFailed(host: "broken.example.test", reason: "not in the hosts file, and DNS is off")) {
            try resolver.resolve("broken.example.test", timeout: .seconds(1)).get()
        }
    }

    @Test("a missing resolv.conf, or one without nameservers, is a clear failure")
    func missingResolvConf() throws {
        let resolver = Resolver(hostsPath: nil, resolvConfPath: "/nonexistent/resolv.conf")
        #expect(throws: HTTPError.resolutionFailed(host: "example.test", reason: "cannot read /nonexistent/resolv.conf: no nameserver to ask")) {
            try resolver.resolve("example.test", timeout: .seconds(1)).get()
        }
        let path = try Self.temporaryFile("search example.test\noptions ndots:2\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: HTTPError.resolutionFailed(host: "example.test", reason: "\(path) names no nameserver")) {
            try Resolver(hostsPath: nil, resolvConfPath: path).resolve("example.test", timeout: .seconds(1)).get()
        }
        #expect(throws: HTTPError.resolutionFailed(host: "bad name", reason: "not a valid DNS name")) {
            try Resolver(hostsPath: nil, resolvConfPath: path).resolve("bad name", timeout: .seconds(1)).get()
        }
    }

    @Test("DNS over UDP against a real server on 127.0.0.1: A, AAAA, CNAME, NXDOMAIN, SERVFAIL, silence, TCP after truncation",
          .enabled(if: FixtureServer.python != nil, FixtureServer.missingPython))
    func dns() throws {
        let server = try FixtureServer(script: "dns_server.py")
        let path = try Self.temporaryFile("# test\nnameserver 127.0.0.1\nsearch ignored.test\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let resolver = Resolver(hostsPath: nil, resolvConfPath: path, nameserverPort: server.port)
        #expect(try resolver.resolve("one.test", timeout: .seconds(2)).get() == [IPAddress("192.0.2.1")])
        #expect(try resolver.resolve("BOTH.test", timeout: .seconds(2)).get() == [IPAddress("192.0.2.2"), IPAddress("192.0.2.3"), IPAddress("2001:db8::2")])
        #expect(try resolver.resolve("six.test", timeout: .seconds(2)).get() == [IPAddress("2001:db8::6")])
        #expect(try resolver.resolve("alias.test", timeout: .seconds(2)).get() == [IPAddress("192.0.2.1")])
        // Truncated over UDP: asked again over TCP (RFC 7766 §5).
        #expect(try resolver.resolve("big.test", timeout: .seconds(2)).get() == [IPAddress("192.0.2.9")])
        #expect(throws: HTTPError.resolutionFailed(host: "nothing.test", reason: "no such name (NXDOMAIN from 127.0.0.1)")) {
            try resolver.resolve("nothing.test", timeout: .seconds(2)).get()
        }
        #expect(throws: HTTPError.resolutionFailed(host: "servfail.test", reason: "127.0.0.1 answered with RCODE 2")) {
            try resolver.resolve("servfail.test", timeout: .seconds(3)).get()
        }
        // No answer: each query waits dnsQueryTimeout (1 s), within the caller's deadline.
        let start = ContinuousClock.now
        #expect(throws: HTTPError.timedOut) { try resolver.resolve("silent.test", timeout: .milliseconds(1500)).get() }
        #expect(ContinuousClock.now - start < .milliseconds(1900))
    }
}
