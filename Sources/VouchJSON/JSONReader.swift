/// A strict JSON reader (RFC 8259) that keeps where each value starts, without Foundation: for
/// pin-set files (VouchPinning), x509-limbo suites (`vouch limbo`) and anything else that must
/// say which byte of a bad document is wrong.
///
/// Strict: one value with optional white space around it; no comments, trailing commas, leading
/// zeros, `NaN`; strings are valid UTF-8 without raw control characters, escapes are RFC 8259's
/// and surrogate escapes come in pairs; an object may not repeat a member name. Bounded: the
/// input size and the nesting depth have limits (``Limits``), since the reader recurses once per
/// level.
public struct JSONReader {
    /// How much a document may hold.
    public struct Limits: Sendable {
        /// Nesting deeper than this is refused: the reader recurses once per level, so this bounds
        /// its stack.
        public var maximumDepth: Int
        /// A larger input is refused before it is read.
        public var maximumSize: Int

        /// Limits of your own (a pin-set file needs 3 levels, say).
        public init(maximumDepth: Int, maximumSize: Int) {
            self.maximumDepth = maximumDepth
            self.maximumSize = maximumSize
        }

        /// 64 levels (far more than the documents Vouch reads: limbo suites nest 5 deep) and
        /// 64 MiB (x509-limbo's whole suite is about 25 MB; a mistaken argument such as a disk
        /// image is refused before memory grows).
        public static let `default` = Limits(maximumDepth: 64, maximumSize: 64 << 20)
    }

    private let bytes: [UInt8]
    private let limits: Limits
    private var position = 0

    /// Reads `bytes` as one JSON value surrounded by optional white space.
    ///
    /// - Throws: ``JSONError`` with the offset of the first byte that is wrong: malformed JSON,
    ///   invalid UTF-8, a duplicate member name, nesting deeper than `limits.maximumDepth`, or an
    ///   input longer than `limits.maximumSize` (offset: that size).
    public static func parse(_ bytes: [UInt8], limits: Limits = .default) throws(JSONError) -> JSONNode {
        guard bytes.count <= limits.maximumSize else {
            throw JSONError(message: "larger than \(limits.maximumSize) bytes", offset: limits.maximumSize)
        }
        var reader = JSONReader(bytes: bytes, limits: limits)
        reader.skipWhitespace()
        let node = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw JSONError(message: "unexpected data after the JSON value", offset: reader.position) }
        return node
    }

    private init(bytes: [UInt8], limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0a, 0x0d: position += 1
            default: return
            }
        }
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONError) {
        guard peek() == byte else { throw JSONError(message: "expected \(what)", offset: position) }
        position += 1
    }

    private mutating func readValue(depth: Int) throws(JSONError) -> JSONNode {
        let start = position
        guard depth < limits.maximumDepth else {
            throw JSONError(message: "nested deeper than \(limits.maximumDepth) levels", offset: start)
        }
        switch peek() {
        case UInt8(ascii: "{")?: return JSONNode(value: try readObject(depth: depth), offset: start)
        case UInt8(ascii: "[")?: return JSONNode(value: try readArray(depth: depth), offset: start)
        case UInt8(ascii: "\"")?: return JSONNode(value: .string(try readString()), offset: start)
        case UInt8(ascii: "t")?: try readLiteral("true"); return JSONNode(value: .bool(true), offset: start)
        case UInt8(ascii: "f")?: try readLiteral("false"); return JSONNode(value: .bool(false), offset: start)
        case UInt8(ascii: "n")?: try readLiteral("null"); return JSONNode(value: .null, offset: start)
        case let byte? where byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte):
            return JSONNode(value: .number(try readNumber()), offset: start)
        case nil: throw JSONError(message: "unexpected end of the file", offset: start)
        default: throw JSONError(message: "expected a JSON value", offset: start)
        }
    }

    private mutating func readObject(depth: Int) throws(JSONError) -> JSONNode.Value {
        position += 1
        var members: [(name: String, node: JSONNode)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            let nameOffset = position
            guard peek() == UInt8(ascii: "\"") else { throw JSONError(message: "expected a member name", offset: position) }
            let name = try readString()
            guard !members.contains(where: { $0.name == name }) else { throw JSONError(message: "duplicate member \"\(name)\"", offset: nameOffset) }
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "':'")
            skipWhitespace()
            members.append((name, try readValue(depth: depth + 1)))
            skipWhitespace()
            if peek() == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "}"), "',' or '}'")
            return .object(members)
        }
    }

    private mutating func readArray(depth: Int) throws(JSONError) -> JSONNode.Value {
        position += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") { position += 1; return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            if peek() == UInt8(ascii: ",") { position += 1; continue }
            try expect(UInt8(ascii: "]"), "',' or ']'")
            return .array(elements)
        }
    }

    private mutating func readLiteral(_ literal: String) throws(JSONError) {
        let start = position
        for byte in literal.utf8 {
            guard peek() == byte else { throw JSONError(message: "expected \(literal)", offset: start) }
            position += 1
        }
    }

    private mutating func readNumber() throws(JSONError) -> String {
        let start = position
        func digits(_ reader: inout JSONReader) -> Int {
            var count = 0
            while let byte = reader.peek(), (0x30...0x39).contains(byte) { reader.position += 1; count += 1 }
            return count
        }
        if peek() == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw JSONError(message: "malformed number", offset: start) }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw JSONError(message: "number with a leading zero", offset: start) }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw JSONError(message: "malformed number", offset: start) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw JSONError(message: "malformed number", offset: start) }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func readString() throws(JSONError) -> String {
        let start = position
        position += 1
        // Most strings have no escape: one validated conversion of their bytes.
        var runStart = position
        var pieces: String? = nil
        while true {
            guard let byte = peek() else { throw JSONError(message: "unterminated string", offset: start) }
            switch byte {
            case UInt8(ascii: "\""):
                let run = try validated(runStart..<position)
                position += 1
                guard var text = pieces else { return run }
                text += run
                return text
            case UInt8(ascii: "\\"):
                var text = pieces ?? ""
                text += try validated(runStart..<position)
                text.unicodeScalars.append(try readEscape())
                pieces = text
                runStart = position
            case 0x00..<0x20:
                throw JSONError(message: "control character in a string", offset: position)
            default:
                position += 1
            }
        }
    }

    /// The bytes of `range` as text; strict UTF-8 (RFC 8259 §8.1).
    private func validated(_ range: Range<Int>) throws(JSONError) -> String {
        if range.isEmpty { return "" }
        guard let text = String(validating: bytes[range], as: UTF8.self) else {
            throw JSONError(message: "invalid UTF-8 in a string", offset: firstInvalidUTF8(in: range))
        }
        return text
    }

    /// Where the UTF-8 of `range` first goes wrong (for the error's offset).
    private func firstInvalidUTF8(in range: Range<Int>) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        // The longest valid prefix ends within three bytes of where validation fails.
        while low < high {
            let middle = low + (high - low + 1) / 2
            if String(validating: bytes[range.lowerBound..<middle], as: UTF8.self) != nil { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private mutating func readEscape() throws(JSONError) -> Unicode.Scalar {
        let start = position
        position += 1
        guard let byte = peek() else { throw JSONError(message: "unterminated escape", offset: start) }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try readHex4(escapeStart: start)
            if (0xD800..<0xDC00).contains(high) {
                guard peek() == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
                    throw JSONError(message: "unpaired surrogate escape", offset: start)
                }
                position += 2
                let low = try readHex4(escapeStart: start)
                guard (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                    throw JSONError(message: "unpaired surrogate escape", offset: start)
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw JSONError(message: "unpaired surrogate escape", offset: start) }
            return scalar
        default:
            throw JSONError(message: "unknown escape", offset: start)
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw JSONError(message: "short \\u escape", offset: escapeStart) }
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw JSONError(message: "short \\u escape", offset: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
