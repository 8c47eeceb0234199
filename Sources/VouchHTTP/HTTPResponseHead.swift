/// The status line and header fields of one response as they arrive, and what they say about the
/// body's framing (RFC 9112 §4, §5, §6.3). Part of ``HTTPResponseParser``.
struct HeadState: Sendable {
    /// How the body is delimited, decided at the end of the head.
    enum Framing: Sendable, Equatable {
        /// A 1xx response: another head follows.
        case interim
        /// No body: 204, 304.
        case none
        case length(Int)
        case chunked
        case untilClose
    }

    var sawStatusLine = false
    var status = 0
    var headers: [(name: String, value: String)] = []
    /// Bytes of the head (or of the trailers, once they start) so far, line ends included.
    var bytes = 0
    /// Trailer fields so far.
    var trailerCount = 0
    var contentLength: Int?
    var isChunked = false
    var sawTransferEncoding = false

    /// Takes one line of the head (`line` indexes the parser's buffer; `base` is the stream offset of
    /// the buffer's first byte); the framing once the empty line ends the head, else `nil`.
    mutating func take(line: ArraySlice<UInt8>, base: Int, maximumBodyBytes: Int) throws(HTTPError) -> Framing? {
        guard sawStatusLine else {
            status = try Self.statusCode(line, base: base)
            sawStatusLine = true
            return nil
        }
        guard !line.isEmpty else { return framing() }
        guard headers.count < HTTPLimits.maximumHeaderCount else {
            throw .malformedResponse(offset: base + line.startIndex, reason: "more than \(HTTPLimits.maximumHeaderCount) header fields")
        }
        let (name, value) = try Self.field(line, base: base)
        let lowered = name.lowercased()
        if lowered == "content-length" {
            guard contentLength == nil else {
                throw .malformedResponse(offset: base + line.startIndex, reason: "a second Content-Length field")
            }
            guard !sawTransferEncoding else {
                throw .malformedResponse(offset: base + line.startIndex, reason: "Content-Length with Transfer-Encoding")
            }
            let length = try Self.contentLength(value, at: base + line.startIndex, maximumBodyBytes: maximumBodyBytes)
            contentLength = length
        } else if lowered == "transfer-encoding" {
            guard contentLength == nil else {
                throw .malformedResponse(offset: base + line.startIndex, reason: "Transfer-Encoding with Content-Length")
            }
            for coding in value.split(separator: ",") {
                let trimmed = coding.trimmingBlanks().lowercased()
                guard trimmed == "chunked", !isChunked else {
                    throw .malformedResponse(offset: base + line.startIndex, reason: "unsupported transfer coding '\(trimmed)' (only one chunked)")
                }
                isChunked = true
            }
            guard isChunked else {
                throw .malformedResponse(offset: base + line.startIndex, reason: "empty Transfer-Encoding")
            }
            sawTransferEncoding = true
        }
        headers.append((name: name, value: value))
        return nil
    }

    /// Starts the trailer section: its own byte and field budget.
    mutating func startTrailers() {
        bytes = 0
        trailerCount = 0
    }

    /// Takes one trailer line (checked as a field, then dropped); true at the empty line that ends the message.
    mutating func takeTrailer(line: ArraySlice<UInt8>, base: Int) throws(HTTPError) -> Bool {
        guard !line.isEmpty else { return true }
        trailerCount += 1
        guard trailerCount <= HTTPLimits.maximumHeaderCount else {
            throw .malformedResponse(offset: base + line.startIndex, reason: "more than \(HTTPLimits.maximumHeaderCount) trailer fields")
        }
        _ = try Self.field(line, base: base)
        return false
    }

    func framing() -> Framing {
        if (100...199).contains(status) { return .interim }
        if status == 204 || status == 304 { return .none }
        if isChunked { return .chunked }
        if let contentLength { return .length(contentLength) }
        return .untilClose
    }

    /// `HTTP/1.x SP 3DIGIT [SP reason]`: the status code. `101` is refused (no upgrade was asked for).
    static func statusCode(_ line: ArraySlice<UInt8>, base: Int) throws(HTTPError) -> Int {
        let start = line.startIndex
        let version = Array("HTTP/1.".utf8)
        guard line.count >= 12, line.prefix(7).elementsEqual(version) else {
            throw .malformedResponse(offset: base + start, reason: "not an HTTP/1.x status line")
        }
        guard isDigit(line[start + 7]), line[start + 8] == 0x20 else {
            throw .malformedResponse(offset: base + start + 7, reason: "malformed HTTP version")
        }
        let digits = line[(start + 9)..<(start + 12)]
        guard digits.allSatisfy(isDigit), digits.first != 0x30 else {
            throw .malformedResponse(offset: base + start + 9, reason: "malformed status code")
        }
        let code = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        let reason = line[(start + 12)...]
        if let first = reason.first, first != 0x20 {
            throw .malformedResponse(offset: base + start + 12, reason: "no space after the status code")
        }
        if let bad = reason.firstIndex(where: { !isFieldValueByte($0) }) {
            throw .malformedResponse(offset: base + bad, reason: "control byte in the reason phrase")
        }
        guard code != 101 else {
            throw .malformedResponse(offset: base + start + 9, reason: "101 Switching Protocols, but no upgrade was requested")
        }
        return code
    }

    /// `name ":" OWS value OWS`, the name a token, the value free of control bytes but HTAB.
    static func field(_ line: ArraySlice<UInt8>, base: Int) throws(HTTPError) -> (String, String) {
        if let first = line.first, first == 0x20 || first == 0x09 {
            throw .malformedResponse(offset: base + line.startIndex, reason: "obsolete line folding")
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw .malformedResponse(offset: base + line.startIndex, reason: "header field without ':'")
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty else { throw .malformedResponse(offset: base + colon, reason: "empty field name") }
        if let bad = name.firstIndex(where: { !isTokenByte($0) }) {
            throw .malformedResponse(offset: base + bad, reason: "byte 0x\(String(line[bad], radix: 16)) not allowed in a field name")
        }
        var value = line[(colon + 1)...]
        while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
        while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
        if let bad = value.firstIndex(where: { !isFieldValueByte($0) }) {
            throw .malformedResponse(offset: base + bad, reason: "control byte 0x\(String(line[bad], radix: 16)) in a field value")
        }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// `1*DIGIT`, saturating above the cap (a larger length is ``HTTPError/bodyTooLarge(limit:)`` at once).
    static func contentLength(_ value: String, at offset: Int, maximumBodyBytes: Int) throws(HTTPError) -> Int {
        let digits = Array(value.utf8)
        guard !digits.isEmpty, digits.allSatisfy(isDigit) else {
            throw .malformedResponse(offset: offset, reason: "Content-Length is not a decimal number")
        }
        var length = 0
        for digit in digits { length = min(length * 10 + Int(digit - 0x30), maximumBodyBytes + 1) }
        guard length <= maximumBodyBytes else { throw .bodyTooLarge(limit: maximumBodyBytes) }
        return length
    }

    static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    /// RFC 9110 §5.6.2 tchar.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }

    /// HTAB, SP, VCHAR and obs-text (RFC 9110 §5.5).
    static func isFieldValueByte(_ byte: UInt8) -> Bool { byte == 0x09 || (0x20...0x7E).contains(byte) || byte >= 0x80 }
}

/// A chunk-size line: `1*HEXDIG [ BWS ";" chunk-ext ]` (extensions checked for control bytes, then ignored).
enum ChunkLine {
    static func size(_ line: ArraySlice<UInt8>, base: Int) throws(HTTPError) -> Int {
        var index = line.startIndex
        var size = 0
        while index < line.endIndex, let digit = IPAddress.hexDigit(line[index]) {
            guard index - line.startIndex < HTTPLimits.maximumChunkSizeDigits else {
                throw .malformedResponse(offset: base + index, reason: "chunk size longer than \(HTTPLimits.maximumChunkSizeDigits) hex digits")
            }
            size = size << 4 | Int(digit)
            index += 1
        }
        guard index > line.startIndex else { throw .malformedResponse(offset: base + index, reason: "chunk size is not hexadecimal") }
        var rest = line[index...]
        while let first = rest.first, first == 0x20 || first == 0x09 { rest = rest.dropFirst() }
        if let first = rest.first, first != UInt8(ascii: ";") {
            throw .malformedResponse(offset: base + rest.startIndex, reason: "unexpected byte after the chunk size")
        }
        if let bad = rest.firstIndex(where: { !HeadState.isFieldValueByte($0) }) {
            throw .malformedResponse(offset: base + bad, reason: "control byte in a chunk extension")
        }
        return size
    }
}

extension Substring {
    /// Without leading and trailing SP and HTAB.
    func trimmingBlanks() -> Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return text
    }
}
