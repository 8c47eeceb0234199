import Testing
import VouchHTTP

@Suite struct HTTPURLTests {
    struct Accepted: CustomTestStringConvertible, Sendable {
        let text: String
        let host: String
        let port: UInt16
        let target: String
        var testDescription: String { text }
    }

    static let accepted: [Accepted] = [
        .init(text: "http://example.com", host: "example.com", port: 80, target: "/"),
        .init(text: "HTTP://Example.COM/", host: "example.com", port: 80, target: "/"),
        .init(text: "http://crt.example.com:8080/ca.der", host: "crt.example.com", port: 8080, target: "/ca.der"),
        .init(text: "http://ocsp.example.com/MEkwRzBFMEMwQTAJBgUrDgMCGgUABBQ%2B", host: "ocsp.example.com", port: 80,
              target: "/MEkwRzBFMEMwQTAJBgUrDgMCGgUABBQ%2B"),
        .init(text: "http://example.com?x=1", host: "example.com", port: 80, target: "/?x=1"),
        .init(text: "http://example.com/a?b=c#fragment", host: "example.com", port: 80, target: "/a?b=c"),
        .init(text: "http://example.com:/", host: "example.com", port: 80, target: "/"),
        .init(text: "http://example.com./x", host: "example.com", port: 80, target: "/x"),
        .init(text: "http://under_score.example/", host: "under_score.example", port: 80, target: "/"),
        .init(text: "http://10.1.2.3:81/x", host: "10.1.2.3", port: 81, target: "/x"),
        .init(text: "http://[::1]:8080/x", host: "[::1]", port: 8080, target: "/x"),
        .init(text: "http://[2001:DB8:0:0:0:0:0:1]/", host: "[2001:db8::1]", port: 80, target: "/"),
        .init(text: "http://[::ffff:127.0.0.1]/", host: "[::ffff:127.0.0.1]", port: 80, target: "/"),
        .init(text: "http://x:65535/", host: "x", port: 65535, target: "/"),
    ]

    @Test("accepted URLs", arguments: accepted)
    func acceptedURL(_ row: Accepted) throws {
        let url = try HTTPURL(row.text)
        #expect(url.host == row.host)
        #expect(url.port == row.port)
        #expect(url.target == row.target)
    }

    static let refused: [(String, HTTPError)] = [
        ("https://example.com/", .unsupportedScheme("https")),
        ("HTTPS://example.com/", .unsupportedScheme("https")),
        ("ldap://ldap.example.com/cn=CA", .unsupportedScheme("ldap")),
        ("file:///etc/passwd", .unsupportedScheme("file")),
        ("example.com/x", .invalidURL("no scheme")),
        ("http:example.com", .invalidURL("expected '//' at index 5")),
        ("http://", .invalidURL("empty host at index 7")),
        ("http:///x", .invalidURL("empty host at index 7")),
        ("http://user:pass@example.com/", .invalidURL("user information not allowed at index 16")),
        ("http://example.com:0/", .invalidURL("port 0 out of range at index 19")),
        ("http://example.com:65536/", .invalidURL("port 65536 out of range at index 19")),
        ("http://example.com:8o/", .invalidURL("malformed port at index 19")),
        ("http://exa mple.com/", .invalidURL("byte 0x20 not allowed in the host at index 10")),
        ("http://example.com/a b", .invalidURL("byte 0x20 not allowed in the path or query at index 20")),
        ("http://example.com/a\\b", .invalidURL("byte 0x5c not allowed in the path or query at index 20")),
        ("http://example.com/\u{E9}", .invalidURL("byte 0xc3 not allowed in the path or query at index 19")),
        ("http://-example.com/", .invalidURL("label starts or ends with '-' at index 7")),
        ("http://a..b/", .invalidURL("empty or over-long label in the host at index 9")),
        ("http://2130706433/", .invalidURL("numeric host is not a dotted IPv4 address at index 7")),
        ("http://0x7f.1/", .invalidURL("numeric host is not a dotted IPv4 address at index 7")),
        ("http://127.1/", .invalidURL("numeric host is not a dotted IPv4 address at index 7")),
        ("http://010.0.0.1/", .invalidURL("numeric host is not a dotted IPv4 address at index 7")),
        ("http://256.0.0.1/", .invalidURL("numeric host is not a dotted IPv4 address at index 7")),
        ("http://[::1/", .invalidURL("unclosed '[' at index 7")),
        ("http://[fe80::1%25eth0]/", .invalidURL("malformed IPv6 literal at index 7")),
        ("http://[1:2:3:4:5:6:7:8:9]/", .invalidURL("malformed IPv6 literal at index 7")),
        ("http://[::1]x/", .invalidURL("unexpected byte after ']' at index 12")),
    ]

    @Test("refused URLs name the fault and its index", arguments: refused)
    func refusedURL(_ text: String, _ expected: HTTPError) {
        #expect(throws: expected) { try HTTPURL(text) }
    }

    @Test("a URL longer than maximumURLBytes is refused; one at it is read")
    func urlLength() throws {
        let prefix = "http://example.com/"
        let atLimit = prefix + String(repeating: "a", count: HTTPLimits.maximumURLBytes - prefix.utf8.count)
        #expect(try HTTPURL(atLimit).target.utf8.count == HTTPLimits.maximumURLBytes - 18)
        #expect(throws: HTTPError.invalidURL("longer than \(HTTPLimits.maximumURLBytes) bytes")) { try HTTPURL(atLimit + "a") }
    }

    @Test("description shows the port only when it is not 80")
    func description() throws {
        #expect(try HTTPURL("http://Example.com:80/x").description == "http://example.com/x")
        #expect(try HTTPURL("http://[::1]:8080").description == "http://[::1]:8080/")
    }
}
