/// A small strict JSON reader (RFC 8259) for pin-set files: the library has no Foundation, and a
/// bad file must be reported with the byte offset of what is wrong. Values keep their offsets;
/// objects keep their members in order and refuse duplicate names.
struct JSONDocument {
    /// A value and where it starts.
    struct Node {
        let value: Value
        let offset: Int
    }

    indirect enum Value {
        case object([(name: String, node: Node)])
        case array([Node])
        case string(String)
        case number(String)
        case bool(Bool)
        case null

        var typeName: String {
            switch self {
            case .object: return "an object"
            case .array: return "an array"
            case .string: return "a string"
            case .number: return "a number"
            case .bool: return "a boolean"
            case .null: return "null"
            }
        }
    }

    /// Nesting deeper than this is refused: a pin-set file needs three levels (file, rule, pins),
    /// and the reader recurses once per level, so the bound also keeps its stack small.
    static let maximumDepth = 16

    struct Failure: Error {
        let message: String
        let offset: Int
    }

    private let bytes: [UInt8]
    private var position = 0

    /// Parses `bytes` as one JSON value surrounded by optional white space.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> Node {
        var reader = JSONDocument(bytes: bytes)
        reader.skipWhitespace()
        let node = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else { throw Failure(message: "unexpected data after the JSON value", offset: reader.position) }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0a, 0x0d].contains(bytes[position]) { position += 1 }
    }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        guard peek() == byte else { throw Failure(message: "expected \(what)", offset: position) }
        position += 1
    }

    private mutating func readValue(depth: Int) throws(Failure) -> Node {
        let start = position
        guard depth < Self.maximumDepth else { throw Failure(message: "nested deeper than \(Self.maximumDepth) levels", offset: start) }
        switch peek() {
        case UInt8(ascii: "{")?: return Node(value: try readObject(depth: depth), offset: start)
        case UInt8(ascii: "[")?: return Node(value: try readArray(depth: depth), offset: start)
        case UInt8(ascii: "\"")?: return Node(value: .string(try readString()), offset: start)
        case UInt8(ascii: "t")?: try readLiteral("true"); return Node(value: .bool(true), offset: start)
        case UInt8(ascii: "f")?: try readLiteral("false"); return Node(value: .bool(false), offset: start)
        case UInt8(ascii: "n")?: try readLiteral("null"); return Node(value: .null, offset: start)
        case let byte? where byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte):
            return Node(value: .number(try readNumber()), offset: start)
        case nil: throw Failure(message: "unexpected end of the file", offset: start)
        default: throw Failure(message: "expected a JSON value", offset: start)
        }
    }

    private mutating func readObject(depth: Int) throws(Failure) -> Value {
        position += 1
        var members: [(name: String, node: Node)] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            let nameOffset = position
            guard peek() == UInt8(ascii: "\"") else { throw Failure(message: "expected a member name", offset: position) }
            let name = try readString()
            guard !members.contains(where: { $0.name == name }) else { throw Failure(message: "duplicate member \"\(name)\"", offset: nameOffset) }
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

    private mutating func readArray(depth: Int) throws(Failure) -> Value {
        position += 1
        var elements: [Node] = []
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

    private mutating func readLiteral(_ literal: String) throws(Failure) {
        let start = position
        for byte in literal.utf8 {
            guard peek() == byte else { throw Failure(message: "expected \(literal)", offset: start) }
            position += 1
        }
    }

    private mutating func readNumber() throws(Failure) -> String {
        let start = position
        func digits(_ reader: inout JSONDocument) -> Int {
            var count = 0
            while let byte = reader.peek(), (0x30...0x39).contains(byte) { reader.position += 1; count += 1 }
            return count
        }
        if peek() == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw Failure(message: "malformed number", offset: start) }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { throw Failure(message: "number with a leading zero", offset: start) }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw Failure(message: "malformed number", offset: start) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw Failure(message: "malformed number", offset: start) }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func readString() throws(Failure) -> String {
        let start = position
        position += 1
        var scalars = String.UnicodeScalarView()
        var runStart = position
        func flushRun(_ reader: JSONDocument) throws(Failure) {
            guard runStart < reader.position else { return }
            // Validates UTF-8 strictly: a replacement character means the bytes were not UTF-8.
            let run = reader.bytes[runStart..<reader.position]
            guard let text = String(validating: run, as: UTF8.self) else {
                throw Failure(message: "invalid UTF-8 in a string", offset: runStart)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let byte = peek() else { throw Failure(message: "unterminated string", offset: start) }
            switch byte {
            case UInt8(ascii: "\""):
                try flushRun(self)
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flushRun(self)
                scalars.append(try readEscape())
                runStart = position
            case 0x00..<0x20:
                throw Failure(message: "control character in a string", offset: position)
            default:
                position += 1
            }
        }
    }

    private mutating func readEscape() throws(Failure) -> Unicode.Scalar {
        let start = position
        position += 1
        guard let byte = peek() else { throw Failure(message: "unterminated escape", offset: start) }
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
                    throw Failure(message: "unpaired surrogate escape", offset: start)
                }
                position += 2
                let low = try readHex4(escapeStart: start)
                guard (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
                    throw Failure(message: "unpaired surrogate escape", offset: start)
                }
                return scalar
            }
            guard let scalar = Unicode.Scalar(high) else { throw Failure(message: "unpaired surrogate escape", offset: start) }
            return scalar
        default:
            throw Failure(message: "unknown escape", offset: start)
        }
    }

    private mutating func readHex4(escapeStart: Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw Failure(message: "short \\u escape", offset: escapeStart) }
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw Failure(message: "short \\u escape", offset: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
