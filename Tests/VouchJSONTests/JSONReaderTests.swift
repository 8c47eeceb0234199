import Testing
import VouchJSON

/// Reads `text` (its UTF-8) with `limits`.
func parse(_ text: String, limits: JSONReader.Limits = .default) throws(JSONError) -> JSONNode {
    try JSONReader.parse(Array(text.utf8), limits: limits)
}

/// The strict JSON reader: what it accepts, what it refuses and where it says the fault is.
@Suite struct JSONReaderTests {
    @Test("valid documents read as the same value", arguments: [
        (#"{"a": [1, -0, 2.5e3, true, false, null, "x"]}"#,
         JSONValue.object([("a", .array([.int(1), .int(0), .double(2500), .bool(true), .bool(false), .null, .string("x")]))])),
        (" \t\r\n[]\n", .array([])),
        ("{}", .object([])),
        ("0", .int(0)),
        ("-0", .int(0)),
        ("-0.0", .double(-0.0)),
        ("1e5", .double(100_000)),
        ("1E+2", .double(100)),
        ("1E-2", .double(0.01)),
        ("-12.5e-1", .double(-1.25)),
        ("1e400", .double(.infinity)),
        ("9223372036854775807", .int(Int64.max)),
        ("-9223372036854775808", .int(Int64.min)),
        ("9223372036854775808", .double(9223372036854775808)),
        (#""\u0041\u00e9\ud83d\ude00\n\"\\\/\b\f\r\t""#, .string("Aé😀\n\"\\/\u{08}\u{0C}\r\t")),
        (#""\uD834\uDD1E clef""#, .string("\u{1D11E} clef")),
        (#""\u0000""#, .string("\u{00}")),
        (#""héllo wörld 😀""#, .string("héllo wörld 😀")),
        (#""a\nb" "#, .string("a\nb")),
        (#""\u007f\u0080\u07ff\u0800\uffff""#, .string("\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}")),
        ("\"\u{7F}\"", .string("\u{7F}")),
        (#"{"a":{"b":{"c":[[]]}}}"#, .object([("a", .object([("b", .object([("c", .array([.array([])]))]))]))])),
        (#"{"é": 1, "e": 2}"#, .object([("é", .int(1)), ("e", .int(2))])),
        ("true", .bool(true)),
        ("null", .null),
    ])
    func valid(text: String, expected: JSONValue) throws {
        #expect(try parse(text).plainValue == expected)
    }

    @Test("invalid documents are refused at the offset of the fault", arguments: [
        ("", 0, "unexpected end of the file"),
        ("   ", 3, "unexpected end of the file"),
        ("[", 1, "unexpected end of the file"),
        ("[1", 2, "expected ',' or ']'"),
        (#"{"a":1"#, 6, "expected ',' or '}'"),
        ("[1,]", 3, "expected a JSON value"),
        ("[,1]", 1, "expected a JSON value"),
        ("[1 2]", 3, "expected ',' or ']'"),
        (#"{"a" 1}"#, 5, "expected ':'"),
        (#"{"a": 1,}"#, 8, "expected a member name"),
        ("{a: 1}", 1, "expected a member name"),
        ("{'a': 1}", 1, "expected a member name"),
        (#"{"a": 1, "a": 2}"#, 9, #"duplicate member "a""#),
        (#"{"b": {"a": 1}, "a": 2, "b": 3}"#, 24, #"duplicate member "b""#),
        ("{\"\u{E9}\": 1, \"e\u{301}\": 2}", 10, "duplicate member \"e\u{301}\""),
        ("01", 0, "number with a leading zero"),
        ("-01", 0, "number with a leading zero"),
        ("00", 0, "number with a leading zero"),
        ("1.", 0, "malformed number"),
        (".5", 0, "expected a JSON value"),
        ("1.e5", 0, "malformed number"),
        ("-", 0, "malformed number"),
        ("-a", 0, "malformed number"),
        ("1e", 0, "malformed number"),
        ("1e+", 0, "malformed number"),
        ("[0x10]", 2, "expected ',' or ']'"),
        ("+1", 0, "expected a JSON value"),
        ("NaN", 0, "expected a JSON value"),
        ("Infinity", 0, "expected a JSON value"),
        ("tru", 0, "expected true"),
        ("[nul]", 1, "expected null"),
        ("True", 0, "expected a JSON value"),
        ("[true false]", 6, "expected ',' or ']'"),
        ("\"abc", 0, "unterminated string"),
        (#"["a", "b"#, 6, "unterminated string"),
        ("\"a\u{01}b\"", 2, "control character in a string"),
        ("\"a\nb\"", 2, "control character in a string"),
        ("\"\t\"", 1, "control character in a string"),
        (#""\x""#, 1, "unknown escape"),
        (#""\U0041""#, 1, "unknown escape"),
        (#""\"#, 1, "unterminated escape"),
        (#""\u12""#, 1, #"short \u escape"#),
        (#""\u12g4""#, 1, #"short \u escape"#),
        (#""ab\ud800""#, 3, "unpaired surrogate escape"),
        (#""\udc00""#, 1, "unpaired surrogate escape"),
        (#""\ud800\u0041""#, 1, "unpaired surrogate escape"),
        (#""\ud800\ud800""#, 1, "unpaired surrogate escape"),
        (#""\ud800x""#, 1, "unpaired surrogate escape"),
        (#""\ud800\n""#, 1, "unpaired surrogate escape"),
        (#""\ud800\u00""#, 1, #"short \u escape"#),
        ("[1] x", 4, "unexpected data after the JSON value"),
        ("1 2", 2, "unexpected data after the JSON value"),
        ("{}{}", 2, "unexpected data after the JSON value"),
        ("[1]\u{0B}", 3, "unexpected data after the JSON value"),
        ("// comment\n1", 0, "expected a JSON value"),
        ("[1 /* comment */]", 3, "expected ',' or ']'"),
        ("\u{FEFF}{}", 0, "expected a JSON value"),
    ])
    func invalid(text: String, offset: Int, message: String) {
        #expect(throws: JSONError(message: message, offset: offset)) { try parse(text) }
    }

    @Test("invalid UTF-8 is refused at the first byte of the bad sequence", arguments: [
        ([0xC3, 0x28], 0),  // a lead byte without its continuation
        ([0x61, 0xC3], 1),  // truncated by the closing quote
        ([0x80], 0),  // a lone continuation byte
        ([0xBF, 0x61], 0),
        ([0xC0, 0x80], 0),  // overlong NUL
        ([0xC1, 0xBF], 0),  // overlong
        ([0xE0, 0x80, 0x80], 0),  // overlong three-byte form
        ([0xE0, 0x9F, 0xBF], 0),
        ([0xED, 0xA0, 0x80], 0),  // a surrogate, U+D800
        ([0xED, 0xBF, 0xBF], 0),  // U+DFFF
        ([0xF0, 0x80, 0x80, 0x80], 0),  // overlong four-byte form
        ([0xF4, 0x90, 0x80, 0x80], 0),  // above U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], 0),
        ([0xFF], 0),
        ([0xFE], 0),
        ([0xE2, 0x82], 0),  // truncated three-byte form
        ([0xE2, 0x82, 0x41], 0),
        ([0xF0, 0x9F, 0x98], 0),  // truncated four-byte form
        ([0xF0, 0x9F, 0x98, 0x41], 0),
        ([0xC3, 0xA9, 0xC3, 0xA9, 0xFF], 4),  // "éé" then a bad byte
        ([0x61, 0x62, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xC3], 9),
    ] as [([UInt8], Int)])
    func invalidUTF8(content: [UInt8], badByte: Int) {
        // ["ok", "<content>"]: the string's first byte is at offset 8.
        let bytes = Array(#"["ok", ""#.utf8) + content + Array(#""]"#.utf8)
        #expect(throws: JSONError(message: "invalid UTF-8 in a string", offset: 8 + badByte)) { try JSONReader.parse(bytes) }
    }

    @Test("invalid UTF-8 after an escape, in a member name and outside strings")
    func invalidUTF8Elsewhere() {
        let afterEscape = Array(#""\n"#.utf8) + [0xFF] + Array(#"""#.utf8)
        #expect(throws: JSONError(message: "invalid UTF-8 in a string", offset: 3)) { try JSONReader.parse(afterEscape) }
        let name = Array(#"{"a"#.utf8) + [0xED, 0xA0, 0x80] + Array(#"": 1}"#.utf8)
        #expect(throws: JSONError(message: "invalid UTF-8 in a string", offset: 3)) { try JSONReader.parse(name) }
        #expect(throws: JSONError(message: "expected a JSON value", offset: 1)) { try JSONReader.parse([0x5B, 0xC3, 0xA9, 0x5D]) }
    }

    @Test("every well-formed UTF-8 boundary is accepted")
    func validUTF8Boundaries() throws {
        let scalars: [UInt32] = [0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF]
        for value in scalars {
            let scalar = try #require(Unicode.Scalar(value))
            let text = String(Character(scalar))
            #expect(try parse("\"\(text)\"").stringValue == text)
        }
    }

    @Test("nodes keep their offsets and answer typed questions")
    func accessors() throws {
        let node = try parse(#"{"id": "x", "n": 42, "f": 1.5, "ok": true, "list": [null, -7], "none": null}"#)
        #expect(node.offset == 0)
        #expect(node[member: "id"]?.stringValue == "x")
        #expect(node[member: "id"]?.offset == 7)
        #expect(node[member: "n"]?.int64Value == 42)
        #expect(node[member: "n"]?.offset == 17)
        #expect(node[member: "f"]?.int64Value == nil)
        #expect(node[member: "f"]?.value.typeName == "a number")
        #expect(node[member: "ok"]?.boolValue == true)
        #expect(node[member: "ok"]?.stringValue == nil)
        #expect(node[member: "list"]?.arrayValue?.first?.isNull == true)
        #expect(node[member: "list"]?.arrayValue?.last?.int64Value == -7)
        #expect(node[member: "list"]?.arrayValue?.last?.offset == 58)
        #expect(node[member: "none"]?.isNull == true)
        #expect(node[member: "missing"] == nil)
        #expect(node[member: "list"]?[member: "x"] == nil)
        #expect(node.members?.map(\.name) == ["id", "n", "f", "ok", "list", "none"])
        #expect(node.arrayValue == nil)
        #expect(node.isNull == false)
        let types = try parse(#"[{}, [], "", 0, false, null]"#).arrayValue?.map(\.value.typeName)
        #expect(types == ["an object", "an array", "a string", "a number", "a boolean", "null"])
    }

    @Test("int64Value takes integer lexemes that fit, nothing else", arguments: [
        ("0", 0), ("-0", 0), ("9223372036854775807", Int64.max), ("-9223372036854775808", Int64.min),
        ("9223372036854775808", nil), ("1e5", nil), ("1.0", nil), ("\"1\"", nil),
    ] as [(String, Int64?)])
    func int64Value(text: String, expected: Int64?) throws {
        #expect(try parse(text).int64Value == expected)
    }

    @Test("a JSONError describes itself with its offset")
    func errorDescription() {
        #expect(JSONError(message: "expected ':'", offset: 12).description == "offset 12: expected ':'")
    }
}
