import Testing
import VouchHTTP

@Suite struct HTTPResponseParserTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Parses `text` whole, and again fed one byte at a time: both must agree.
    static func parse(_ text: String, limit: Int = HTTPLimits.maximumBodyBytes) -> Result<HTTPResponse, HTTPError> {
        let whole = Result { () throws(HTTPError) in try HTTPResponseParser.parse(bytes(text), maximumBodyBytes: limit) }
        var parser = HTTPResponseParser(maximumBodyBytes: limit)
        let trickled = Result { () throws(HTTPError) -> HTTPResponse in
            for byte in bytes(text) {
                if let response = try parser.consume([byte][...]) { return response }
            }
            return try parser.finish()
        }
        switch (whole, trickled) {
        case (.success(let a), .success(let b)):
            #expect(a.status == b.status && a.body == b.body && a.headers.map(\.name) == b.headers.map(\.name), "byte by byte differs")
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "byte by byte differs")
        default:
            Issue.record("byte by byte differs: \(whole) vs \(trickled)")
        }
        return whole
    }

    struct Good: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let status: Int
        let body: String
        var testDescription: String { name }
    }

    static let good: [Good] = [
        .init(name: "content-length", text: "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", status: 200, body: "hello"),
        .init(name: "content-length, extra bytes ignored", text: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhello", status: 200, body: "he"),
        .init(name: "leading zeros in Content-Length", text: "HTTP/1.1 200 OK\r\nContent-Length: 0003\r\n\r\nabc", status: 200, body: "abc"),
        .init(name: "empty body by length", text: "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", status: 200, body: ""),
        .init(name: "chunked with extensions and trailers",
              text: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;name=value;x\r\nhello\r\n6 ; ext=\"q\"\r\n world\r\n0;last\r\nExpires: never\r\nX-Trailer: 1\r\n\r\n",
              status: 200, body: "hello world"),
        .init(name: "chunked, upper-case hex, CHUNKED", text: "HTTP/1.1 200 OK\r\ntransfer-encoding: CHUNKED\r\n\r\nA\r\n0123456789\r\n0\r\n\r\n", status: 200,
              body: "0123456789"),
        .init(name: "chunk size of maximumChunkSizeDigits digits", text: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n00000002\r\nok\r\n0\r\n\r\n",
              status: 200, body: "ok"),
        .init(name: "read to close", text: "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end", status: 200, body: "until the end"),
        .init(name: "bare LF line ends", text: "HTTP/1.1 404 Not Found\nContent-Length: 3\n\nabc", status: 404, body: "abc"),
        .init(name: "no reason phrase", text: "HTTP/1.1 200\r\nContent-Length: 1\r\n\r\nx", status: 200, body: "x"),
        .init(name: "empty reason phrase", text: "HTTP/1.1 302 \r\nLocation: /x\r\nContent-Length: 5\r\n\r\nmoved", status: 302, body: "moved"),
        .init(name: "interim responses skipped",
              text: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </x>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", status: 200,
              body: "ok"),
        .init(name: "204 has no body", text: "HTTP/1.1 204 No Content\r\n\r\nignored", status: 204, body: ""),
        .init(name: "304 has no body despite Content-Length", text: "HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n", status: 304, body: ""),
        .init(name: "obs-text in a value", text: "HTTP/1.1 200 OK\r\nX: caf\u{E9}\r\nContent-Length: 0\r\n\r\n", status: 200, body: ""),
    ]

    @Test("well-formed responses", arguments: good)
    func wellFormed(_ row: Good) throws {
        let response = try Self.parse(row.text).get()
        #expect(response.status == row.status)
        #expect(response.body == Self.bytes(row.body))
    }

    @Test("headers keep order and case; lookup ignores case; trailers are not headers")
    func headers() throws {
        let response = try Self.parse(
            "HTTP/1.1 200 OK\r\nCache-Control:  max-age=3600 \r\nX-A: 1\r\nx-a: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX-Late: t\r\n\r\n"
        ).get()
        #expect(response.headers.map(\.name) == ["Cache-Control", "X-A", "x-a", "Transfer-Encoding"])
        #expect(response.header("cache-control") == "max-age=3600")
        #expect(response.header("X-A") == "1")
        #expect(response.header("X-Late") == nil)
    }

    static let bad: [(String, String, HTTPError)] = [
        ("garbage", "NOT HTTP AT ALL\r\n\r\n", .malformedResponse(offset: 0, reason: "not an HTTP/1.x status line")),
        ("garbage after a valid prefix", "HTTQ", .malformedResponse(offset: 3, reason: "not an HTTP/1.x status line")),
        ("HTTP/2 status line", "HTTP/2 200 OK\r\n\r\n", .malformedResponse(offset: 0, reason: "not an HTTP/1.x status line")),
        ("bad status code", "HTTP/1.1 2x0 OK\r\n\r\n", .malformedResponse(offset: 9, reason: "malformed status code")),
        ("status code with four digits", "HTTP/1.1 2000 OK\r\n\r\n", .malformedResponse(offset: 12, reason: "no space after the status code")),
        ("101 without upgrade", "HTTP/1.1 101 Switching Protocols\r\n\r\n",
         .malformedResponse(offset: 9, reason: "101 Switching Protocols, but no upgrade was requested")),
        ("two Content-Length, equal", "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc",
         .malformedResponse(offset: 36, reason: "a second Content-Length field")),
        ("two Content-Length, conflicting", "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
         .malformedResponse(offset: 36, reason: "a second Content-Length field")),
        ("Content-Length list", "HTTP/1.1 200 OK\r\nContent-Length: 3, 3\r\n\r\nabc",
         .malformedResponse(offset: 17, reason: "Content-Length is not a decimal number")),
        ("negative Content-Length", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n",
         .malformedResponse(offset: 17, reason: "Content-Length is not a decimal number")),
        ("Content-Length then Transfer-Encoding", "HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n",
         .malformedResponse(offset: 36, reason: "Transfer-Encoding with Content-Length")),
        ("Transfer-Encoding then Content-Length", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
         .malformedResponse(offset: 45, reason: "Content-Length with Transfer-Encoding")),
        ("gzip coding", "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n",
         .malformedResponse(offset: 17, reason: "unsupported transfer coding 'gzip' (only one chunked)")),
        ("chunked twice", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
         .malformedResponse(offset: 45, reason: "unsupported transfer coding 'chunked' (only one chunked)")),
        ("obs-fold", "HTTP/1.1 200 OK\r\nX: a\r\n b\r\n\r\n", .malformedResponse(offset: 23, reason: "obsolete line folding")),
        ("space before colon", "HTTP/1.1 200 OK\r\nX : a\r\n\r\n", .malformedResponse(offset: 18, reason: "byte 0x20 not allowed in a field name")),
        ("no colon", "HTTP/1.1 200 OK\r\nX\r\n\r\n", .malformedResponse(offset: 17, reason: "header field without ':'")),
        ("bare CR", "HTTP/1.1 200 OK\r\nX: a\rb\r\n\r\n", .malformedResponse(offset: 21, reason: "bare CR in a line")),
        ("NUL in value", "HTTP/1.1 200 OK\r\nX: a\u{0}b\r\n\r\n", .malformedResponse(offset: 21, reason: "control byte 0x0 in a field value")),
        ("chunk size not hex", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
         .malformedResponse(offset: 47, reason: "chunk size is not hexadecimal")),
        ("chunk size too long", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n000000001\r\nx\r\n0\r\n\r\n",
         .malformedResponse(offset: 55, reason: "chunk size longer than 8 hex digits")),
        ("chunk without CRLF", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nxy\r\n0\r\n\r\n",
         .malformedResponse(offset: 51, reason: "chunk data not followed by CRLF")),
        ("junk after chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1 x\r\nx\r\n0\r\n\r\n",
         .malformedResponse(offset: 49, reason: "unexpected byte after the chunk size")),
        ("closed in the head", "HTTP/1.1 200 OK\r\nContent-Le", .connectionClosedEarly(offset: 27)),
        ("closed in a length body", "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", .connectionClosedEarly(offset: 42)),
        ("closed in a chunk", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab", .connectionClosedEarly(offset: 52)),
        ("closed before trailers end", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nX: 1\r\n", .connectionClosedEarly(offset: 56)),
        ("nothing at all", "", .connectionClosedEarly(offset: 0)),
    ]

    @Test("malformed responses fail with the offset", arguments: bad)
    func malformed(_ name: String, _ text: String, _ expected: HTTPError) {
        guard case .failure(let error) = Self.parse(text) else {
            Issue.record("\(name): parsed")
            return
        }
        #expect(error == expected, "\(name)")
    }

    @Test("the body cap: at the limit is read, one over fails (length, chunked, until close)")
    func bodyCap() throws {
        let limit = 10
        let at = String(repeating: "a", count: limit)
        #expect(try Self.parse("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n" + at, limit: limit).get().body.count == limit)
        #expect(throws: HTTPError.bodyTooLarge(limit: limit)) { try Self.parse("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n", limit: limit).get() }
        #expect(throws: HTTPError.bodyTooLarge(limit: limit)) {
            try Self.parse("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999999\r\n\r\n", limit: limit).get()
        }
        #expect(try Self.parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\naaaaa\r\n5\r\naaaaa\r\n0\r\n\r\n", limit: limit).get().body.count == 10)
        #expect(throws: HTTPError.bodyTooLarge(limit: limit)) {
            try Self.parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\naaaaa\r\n6\r\n", limit: limit).get()
        }
        #expect(try Self.parse("HTTP/1.1 200 OK\r\n\r\n" + at, limit: limit).get().body.count == limit)
        #expect(throws: HTTPError.bodyTooLarge(limit: limit)) { try Self.parse("HTTP/1.1 200 OK\r\n\r\n" + at + "a", limit: limit).get() }
    }

    @Test("header count: maximumHeaderCount fields are read, one more fails")
    func headerCount() throws {
        let field = "X: y\r\n"
        let at = "HTTP/1.1 200 OK\r\n" + String(repeating: field, count: HTTPLimits.maximumHeaderCount)
        #expect(try Self.parse(at + "\r\n").get().headers.count == HTTPLimits.maximumHeaderCount)
        let over = Self.parse(at + field + "\r\n")
        #expect(throws: HTTPError.malformedResponse(offset: 17 + 6 * HTTPLimits.maximumHeaderCount, reason: "more than 100 header fields")) { try over.get() }
    }

    @Test("header bytes: a head of maximumHeaderBytes is read, one byte more fails")
    func headerBytes() throws {
        let status = "HTTP/1.1 200 OK\r\n"
        let fill = HTTPLimits.maximumHeaderBytes - status.utf8.count - 2 - "X: \r\n".utf8.count
        let at = status + "X: " + String(repeating: "v", count: fill) + "\r\n\r\n"
        #expect(try Self.parse(at).get().header("x")?.utf8.count == fill)
        let over = status + "X: " + String(repeating: "v", count: fill + 1) + "\r\n\r\n"
        guard case .failure(.malformedResponse(_, let reason)) = Self.parse(over) else {
            Issue.record("an over-long head parsed")
            return
        }
        #expect(reason.contains("longer than"))
    }

    @Test("chunk lines: maximumChunkLineBytes before the LF (CR included) are read, one more fails, however split")
    func chunkLineLength() throws {
        let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
        let extensionAt = ";" + String(repeating: "e", count: HTTPLimits.maximumChunkLineBytes - 3)  // "1" + ext + CR
        #expect(try Self.parse(head + "1" + extensionAt + "\r\nx\r\n0\r\n\r\n").get().body == [UInt8(ascii: "x")])
        #expect(throws: HTTPError.malformedResponse(offset: 47, reason: "line longer than \(HTTPLimits.maximumChunkLineBytes) bytes")) {
            try Self.parse(head + "1" + extensionAt + "e\r\nx\r\n0\r\n\r\n").get()
        }
    }

    @Test("interim responses: maximumInterimResponses are skipped, one more fails")
    func interim() throws {
        let continueHead = "HTTP/1.1 100 Continue\r\n\r\n"
        let final = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
        #expect(try Self.parse(String(repeating: continueHead, count: HTTPLimits.maximumInterimResponses) + final).get().status == 200)
        let over = Self.parse(String(repeating: continueHead, count: HTTPLimits.maximumInterimResponses + 1) + final)
        #expect(throws: HTTPError.malformedResponse(offset: 25 * HTTPLimits.maximumInterimResponses + 23, reason: "more than 8 interim responses")) {
            try over.get()
        }
    }

    @Test("after an error every call throws it again")
    func stickyError() {
        var parser = HTTPResponseParser()
        #expect(throws: HTTPError.self) { try parser.consume(Self.bytes("XTTP/1.1")[...]) }
        #expect(throws: HTTPError.malformedResponse(offset: 0, reason: "not an HTTP/1.x status line")) { try parser.consume(Self.bytes("ok")[...]) }
        #expect(throws: HTTPError.malformedResponse(offset: 0, reason: "not an HTTP/1.x status line")) { try parser.finish() }
    }
}
