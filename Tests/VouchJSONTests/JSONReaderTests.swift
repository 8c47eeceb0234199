#if canImport(Glibc)
import Glibc
#endif
import Testing
import VouchJSON

/// The strict JSON reader: what it accepts, what it refuses and where it says the fault is.
@Suite struct JSONReaderTests {
    static func parse(_ text: String, limits: JSONReader.Limits = .default) throws(JSONError) -> JSONNode {
        try JSONReader.parse(Array(text.utf8), limits: limits)
    }

    @Test("valid documents read as the same value", arguments: [
        (#"{"a": [1, -0, 2.5e3, true, false, null, "x"]}"#,
         JSONValue.object([("a", .array([.int(1), .int(0), .double(2500), .bool(true), .bool(false), .null, .string("x")]))])),
        (" \t\r\n[]\n", .array([])),
        ("{}", .object([])),
        (#""\u0041\u00e9\ud83d\ude00\n\"\\\/""#, .string("Aé😀\n\"\\/")),
        (#""héllo wörld""#, .string("héllo wörld")),
        ("1E-2", .double(0.01)),
        ("9223372036854775807", .int(Int64.max)),
        ("9223372036854775808", .double(9223372036854775808)),
        (#"{"a":{"b":{"c":[[]]}}}"#, .object([("a", .object([("b", .object([("c", .array([.array([])]))]))]))])),
    ])
    func valid(text: String, expected: JSONValue) throws {
        #expect(try Self.parse(text).plainValue == expected)
    }

    @Test("invalid documents are refused at the offset of the fault", arguments: [
        ("", 0, "unexpected end of the file"),
        ("[1,]", 3, "expected a JSON value"),
        ("[1 2]", 3, "expected ',' or ']'"),
        (#"{"a" 1}"#, 5, "expected ':'"),
        (#"{"a": 1,}"#, 8, "expected a member name"),
        (#"{"a": 1, "a": 2}"#, 9, #"duplicate member "a""#),
        ("01", 0, "number with a leading zero"),
        ("1.", 0, "malformed number"),
        ("-", 0, "malformed number"),
        ("1e", 0, "malformed number"),
        ("+1", 0, "expected a JSON value"),
        ("NaN", 0, "expected a JSON value"),
        ("tru", 0, "expected true"),
        ("[true false]", 6, "expected ',' or ']'"),
        ("\"abc", 0, "unterminated string"),
        ("\"a\u{01}b\"", 2, "control character in a string"),
        (#""\x""#, 1, "unknown escape"),
        (#""\u12""#, 1, #"short \u escape"#),
        (#""\ud800""#, 1, "unpaired surrogate escape"),
        (#""\udc00""#, 1, "unpaired surrogate escape"),
        (#""\ud800\u0041""#, 1, "unpaired surrogate escape"),
        ("[1] x", 4, "unexpected data after the JSON value"),
        ("// comment\n1", 0, "expected a JSON value"),
    ])
    func invalid(text: String, offset: Int, message: String) {
        #expect(throws: JSONError(message: message, offset: offset)) { try Self.parse(text) }
    }

    @Test("invalid UTF-8 is refused at its first bad byte")
    func invalidUTF8() {
        let bytes = Array(#"["ok", "ab"#.utf8) + [0xC3, 0x28] + Array(#""]"#.utf8)
        #expect(throws: JSONError(message: "invalid UTF-8 in a string", offset: 10)) { try JSONReader.parse(bytes) }
        let afterEscape = Array(#""\n"#.utf8) + [0xFF] + Array(#"""#.utf8)
        #expect(throws: JSONError(message: "invalid UTF-8 in a string", offset: 3)) { try JSONReader.parse(afterEscape) }
    }

    @Test("the depth limit holds at N levels and refuses N + 1")
    func depthLimit() throws {
        let limits = JSONReader.Limits(maximumDepth: 4, maximumSize: 1 << 20)
        #expect(throws: Never.self) { try Self.parse("[[[[]]]]", limits: limits) }
        #expect(throws: JSONError(message: "nested deeper than 4 levels", offset: 4)) { try Self.parse("[[[[[]]]]]", limits: limits) }
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONError.self) { try Self.parse(deep) }
    }

    @Test("the size limit holds at N bytes and refuses N + 1")
    func sizeLimit() throws {
        let limits = JSONReader.Limits(maximumDepth: 8, maximumSize: 5)
        #expect(throws: Never.self) { try Self.parse("[1,2]", limits: limits) }
        #expect(throws: JSONError(message: "larger than 5 bytes", offset: 5)) { try Self.parse("[1,23]", limits: limits) }
    }

    @Test("nodes keep their offsets and answer typed questions")
    func accessors() throws {
        let node = try Self.parse(#"{"id": "x", "n": 42, "f": 1.5, "ok": true, "list": [null], "none": null}"#)
        #expect(node[member: "id"]?.stringValue == "x")
        #expect(node[member: "id"]?.offset == 7)
        #expect(node[member: "n"]?.int64Value == 42)
        #expect(node[member: "f"]?.int64Value == nil)
        #expect(node[member: "ok"]?.boolValue == true)
        #expect(node[member: "list"]?.arrayValue?.first?.isNull == true)
        #expect(node[member: "none"]?.isNull == true)
        #expect(node[member: "missing"] == nil)
        #expect(node.members?.map(\.name) == ["id", "n", "f", "ok", "list", "none"])
        #expect(node[member: "n"]?.value.typeName == "a number")
        #expect(node.arrayValue == nil)
    }
}

/// The writer: compact, escaped, stable output.
@Suite struct JSONValueTests {
    @Test("serialised byte for byte", arguments: [
        (JSONValue.object([("a", .int(-1)), ("b", .array([.null, .bool(false), .double(0.5)])), ("c", .string(nil))]),
         #"{"a":-1,"b":[null,false,0.5],"c":null}"#),
        (.string("quote \" backslash \\ newline \n tab \t bell \u{07} é"), #""quote \" backslash \\ newline \n tab \t bell \u0007 é""#),
        (.double(.infinity), "null"),
        (.array([]), "[]"),
    ])
    func serialised(value: JSONValue, text: String) {
        #expect(value.serialized == text)
    }

    @Test("what the writer writes, the reader reads back")
    func roundTrip() throws {
        let value = JSONValue.object([
            ("text", .string("line\nbreak \u{1F600} \u{00}")), ("n", .int(Int64.min)), ("list", .array([.bool(true), .object([])])),
        ])
        #expect(try JSONReader.parse(Array(value.serialized.utf8)).plainValue == value)
    }
}

/// x509-limbo's whole suite, the largest document Vouch reads.
@Suite struct LimboDocumentTests {
    static let path = "../shared/vectors/limbo/limbo-dev.json"

    static func read() -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 { break }
            bytes += chunk.prefix(count)
        }
        return bytes
    }

    @Test(.enabled(if: read() != nil, "../shared/vectors/limbo is absent"))
    func wholeSuite() throws {
        let bytes = try #require(Self.read())
        let suite = try JSONReader.parse(bytes)
        #expect(suite[member: "testcases"]?.arrayValue?.count == 5_877)
    }
}
