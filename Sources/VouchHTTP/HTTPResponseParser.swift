/// An incremental HTTP/1.1 response parser (RFC 9112), for the client and the fuzzer.
///
/// Feed it bytes as they arrive with ``consume(_:)``; it returns the response once the message is
/// complete (by `Content-Length`, by the last chunk and its trailers, or for 204/304 at the end of
/// the head), and ``finish()`` ends a body delimited by the connection's close. Interim 1xx
/// responses are skipped (at most ``HTTPLimits/maximumInterimResponses``); `101` is refused, as the
/// client never asks to switch protocols.
///
/// Refused, as RFC 9112 §6.3 allows or asks, to keep framing unambiguous (request smuggling's
/// tricks are the same ones a hostile server would play): a second `Content-Length` field (even an
/// equal one) or a list value; `Content-Length` together with `Transfer-Encoding`; any transfer
/// coding but a single `chunked`; obsolete line folding; whitespace before a field's colon; bare
/// CR; control bytes in values. Bare LF is read as a line end (§2.2 allows it). Bounds:
/// ``HTTPLimits/maximumHeaderBytes`` and ``HTTPLimits/maximumHeaderCount`` for the head and again for
/// the trailers, ``HTTPLimits/maximumChunkSizeDigits`` and ``HTTPLimits/maximumChunkLineBytes`` per
/// chunk line, and the body cap (``HTTPError/bodyTooLarge(limit:)``, reported as soon as a length
/// says so). Errors carry the offset in the stream; after one, every call throws it again.
public struct HTTPResponseParser: Sendable {
    /// The body cap, in bytes.
    public let maximumBodyBytes: Int

    enum State: Sendable, Equatable {
        case head
        case fixedBody(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case untilClose
        case done
    }

    var state = State.head
    /// Received bytes not yet consumed start at `cursor`; `base` is the stream offset of `buffer[0]`.
    var buffer: [UInt8] = []
    var cursor = 0
    var base = 0
    /// Where the search for the next line feed resumes (no LF in `cursor..<scanned`).
    var scanned = 0
    var head = HeadState()
    var interimResponses = 0
    var body: [UInt8] = []
    var failure: HTTPError?

    /// A parser refusing bodies over `maximumBodyBytes`.
    public init(maximumBodyBytes: Int = HTTPLimits.maximumBodyBytes) {
        self.maximumBodyBytes = max(0, maximumBodyBytes)
    }

    /// Parses a whole response that ends with the connection (a convenience over `consume` and `finish`).
    /// - Throws: ``HTTPError/malformedResponse(offset:reason:)``, ``HTTPError/bodyTooLarge(limit:)``,
    ///   ``HTTPError/connectionClosedEarly(offset:)``.
    public static func parse(_ bytes: [UInt8], maximumBodyBytes: Int = HTTPLimits.maximumBodyBytes) throws(HTTPError) -> HTTPResponse {
        var parser = HTTPResponseParser(maximumBodyBytes: maximumBodyBytes)
        if let response = try parser.consume(bytes[...]) { return response }
        return try parser.finish()
    }

    /// Takes the next bytes of the stream; returns the response when it is complete (and again on
    /// every later call: bytes after the message are ignored, as the connection is closed).
    /// - Throws: ``HTTPError/malformedResponse(offset:reason:)``, ``HTTPError/bodyTooLarge(limit:)``.
    public mutating func consume(_ bytes: ArraySlice<UInt8>) throws(HTTPError) -> HTTPResponse? {
        if let failure { throw failure }
        if state == .done { return response }
        buffer.append(contentsOf: bytes)
        do {
            try advance()
        } catch {
            failure = error
            throw error
        }
        compact()
        return state == .done ? response : nil
    }

    /// The connection closed: completes a body read until close, else reports what is missing.
    /// - Throws: ``HTTPError/connectionClosedEarly(offset:)`` (the bytes received), or the earlier error.
    public mutating func finish() throws(HTTPError) -> HTTPResponse {
        if let failure { throw failure }
        switch state {
        case .done: return response
        case .untilClose:
            state = .done
            return response
        default:
            let error = HTTPError.connectionClosedEarly(offset: base + buffer.count)
            failure = error
            throw error
        }
    }

    var response: HTTPResponse { HTTPResponse(status: head.status, headers: head.headers, body: body) }

    func offset(_ index: Int) -> Int { base + index }

    func malformed(_ index: Int, _ reason: String) -> HTTPError { .malformedResponse(offset: offset(index), reason: reason) }

    /// Runs the state machine until it needs more bytes or the message is done.
    mutating func advance() throws(HTTPError) {
        while true {
            switch state {
            case .done, .untilClose:
                if state == .untilClose { try takeBody(buffer.count - cursor) }
                return
            case .head:
                if !head.sawStatusLine { try checkStatusPrefix() }
                let budget = HTTPLimits.maximumHeaderBytes - head.bytes
                guard let (start, line) = try nextLine(limit: budget) else { return }
                head.bytes += cursor - start
                guard head.bytes <= HTTPLimits.maximumHeaderBytes else {
                    throw malformed(start, "header section longer than \(HTTPLimits.maximumHeaderBytes) bytes")
                }
                if let framing = try head.take(line: line, base: base, maximumBodyBytes: maximumBodyBytes) {
                    try begin(framing, at: start)
                }
            case .fixedBody(let remaining):
                let count = min(remaining, buffer.count - cursor)
                try takeBody(count)
                state = remaining == count ? .done : .fixedBody(remaining: remaining - count)
                if state != .done { return }
            case .chunkSize:
                guard let (_, line) = try nextLine(limit: HTTPLimits.maximumChunkLineBytes) else { return }
                let size = try ChunkLine.size(line, base: base)
                if size == 0 {
                    state = .trailers
                    head.startTrailers()
                } else {
                    guard size <= maximumBodyBytes - body.count else { throw .bodyTooLarge(limit: maximumBodyBytes) }
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let count = min(remaining, buffer.count - cursor)
                try takeBody(count)
                if remaining == count {
                    state = .chunkDataEnd
                } else {
                    state = .chunkData(remaining: remaining - count)
                    return
                }
            case .chunkDataEnd:
                // CRLF (or LF) must follow the data at once: checked byte by byte, so that the
                // error does not depend on how the bytes arrived.
                guard cursor < buffer.count else { return }
                if buffer[cursor] == 0x0D {
                    guard cursor + 1 < buffer.count else { return }
                    guard buffer[cursor + 1] == 0x0A else { throw malformed(cursor + 1, "chunk data not followed by CRLF") }
                    cursor += 2
                } else {
                    guard buffer[cursor] == 0x0A else { throw malformed(cursor, "chunk data not followed by CRLF") }
                    cursor += 1
                }
                scanned = cursor
                state = .chunkSize
            case .trailers:
                let budget = HTTPLimits.maximumHeaderBytes - head.bytes
                guard let (start, line) = try nextLine(limit: budget) else { return }
                head.bytes += cursor - start
                guard head.bytes <= HTTPLimits.maximumHeaderBytes else {
                    throw malformed(start, "trailer section longer than \(HTTPLimits.maximumHeaderBytes) bytes")
                }
                if try head.takeTrailer(line: line, base: base) { state = .done }
            }
        }
    }

    /// Starts the body (or the next response after an interim one) once the head has ended.
    mutating func begin(_ framing: HeadState.Framing, at start: Int) throws(HTTPError) {
        switch framing {
        case .interim:
            interimResponses += 1
            guard interimResponses <= HTTPLimits.maximumInterimResponses else {
                throw malformed(start, "more than \(HTTPLimits.maximumInterimResponses) interim responses")
            }
            head = HeadState()
        case .none: state = .done
        case .length(let length): state = length == 0 ? .done : .fixedBody(remaining: length)
        case .chunked: state = .chunkSize
        case .untilClose: state = .untilClose
        }
    }

    /// Moves `count` buffered bytes into the body, within the cap.
    mutating func takeBody(_ count: Int) throws(HTTPError) {
        guard count <= maximumBodyBytes - body.count else { throw .bodyTooLarge(limit: maximumBodyBytes) }
        body.append(contentsOf: buffer[cursor..<(cursor + count)])
        cursor += count
    }

    /// Before the status line is whole, its first bytes must read `HTTP/`: garbage fails at once.
    func checkStatusPrefix() throws(HTTPError) {
        let prefix = Array("HTTP/".utf8)
        var index = cursor
        for expected in prefix {
            guard index < buffer.count else { return }
            guard buffer[index] == expected else { throw malformed(index, "not an HTTP/1.x status line") }
            index += 1
        }
    }

    /// The next line (without its CRLF or LF) and the index where it started, or `nil` until a line
    /// feed arrives. A line whose bytes before the LF (its CR included) are more than `limit` fails,
    /// measured the same way whether the LF has arrived or not, so that the outcome does not depend
    /// on how the bytes were split. A CR elsewhere than before the LF is refused.
    mutating func nextLine(limit: Int) throws(HTTPError) -> (Int, ArraySlice<UInt8>)? {
        var index = max(cursor, scanned)
        while index < buffer.count, buffer[index] != 0x0A { index += 1 }
        scanned = index
        if index - cursor > limit { throw malformed(cursor, "line longer than \(limit) bytes") }
        guard index < buffer.count else { return nil }
        let start = cursor
        var line = buffer[start..<index]
        if line.last == 0x0D { line = line.dropLast() }
        if let carriageReturn = line.firstIndex(of: 0x0D) { throw malformed(carriageReturn, "bare CR in a line") }
        cursor = index + 1
        scanned = cursor
        return (start, line)
    }

    /// Drops consumed bytes from the buffer once they are half of it.
    mutating func compact() {
        guard cursor > 0, cursor >= buffer.count / 2 else { return }
        buffer.removeFirst(cursor)
        base += cursor
        scanned -= cursor
        cursor = 0
    }
}
