/// The recursive-descent reader behind ``JSONReader/parse(_:limits:)``: one pass over the bytes,
/// one call per nesting level (bounded by `maximumDepth`). Strings, escapes and UTF-8 are in
/// JSONParser+Strings.swift.
struct JSONParser {
    /// Objects with up to this many members are checked for a duplicate name by comparing it
    /// with each earlier name, which is cheaper than hashing for the small objects documents
    /// hold (limbo test cases have 13 members); past it the names go into a hash set, so that a
    /// hostile object with a million members costs linear time, not quadratic.
    static let linearDuplicateSearchLimit = 16

    /// The input.
    let bytes: [UInt8]
    /// A value this deep (a top-level value is at depth 0) is refused.
    let maximumDepth: Int
    /// The offset of the next byte to read.
    var position = 0
    /// Scratch space where a string with escapes is decoded (kept between strings so that its
    /// storage is reused).
    var decoded: [UInt8] = []

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// One value with optional white space around it, and nothing else.
    mutating func readDocument() throws(JSONError) -> JSONNode {
        skipWhitespace()
        let node = try readValue(depth: 0)
        skipWhitespace()
        guard position == bytes.count else { throw JSONError(message: "unexpected data after the JSON value", offset: position) }
        return node
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONError) {
        guard peek() == byte else { throw JSONError(message: "expected \(what)", offset: position) }
        position += 1
    }

    private mutating func readValue(depth: Int) throws(JSONError) -> JSONNode {
        let start = position
        guard depth < maximumDepth else {
            throw JSONError(message: "nested deeper than \(maximumDepth) levels", offset: start)
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
        var names: Set<String> = []  // filled once the object outgrows linearDuplicateSearchLimit
        skipWhitespace()
        if peek() == UInt8(ascii: "}") { position += 1; return .object(members) }
        while true {
            skipWhitespace()
            let nameOffset = position
            guard peek() == UInt8(ascii: "\"") else { throw JSONError(message: "expected a member name", offset: position) }
            let name = try readString()
            guard !Self.isDuplicate(name, in: members, names: &names) else {
                throw JSONError(message: "duplicate member \"\(name)\"", offset: nameOffset)
            }
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

    /// Whether an earlier member is called `name` (then adds `name` to `names` when in use).
    private static func isDuplicate(_ name: String, in members: [(name: String, node: JSONNode)], names: inout Set<String>) -> Bool {
        if members.count < linearDuplicateSearchLimit {
            return members.contains { $0.name == name }
        }
        if names.isEmpty { names = Set(members.lazy.map(\.name)) }
        return !names.insert(name).inserted
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

    /// A number as RFC 8259 §6 writes it: `-`? (`0` | [1-9] digits) (`.` digits)? ([eE] [+-]? digits)?
    private mutating func readNumber() throws(JSONError) -> String {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = skipDigits()
        guard integerDigits > 0 else { throw JSONError(message: "malformed number", offset: start) }
        guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
            throw JSONError(message: "number with a leading zero", offset: start)
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard skipDigits() > 0 else { throw JSONError(message: "malformed number", offset: start) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw JSONError(message: "malformed number", offset: start) }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Moves past ASCII digits; how many there were.
    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, (0x30...0x39).contains(bytes[position]) { position += 1 }
        return position - start
    }
}
