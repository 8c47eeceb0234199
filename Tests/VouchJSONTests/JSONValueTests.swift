import Testing
import VouchJSON

/// The writer: compact, escaped, stable output, byte for byte what the command line has always
/// printed; and what it writes, the reader reads back.
@Suite struct JSONValueTests {
    @Test("serialised byte for byte", arguments: [
        (JSONValue.object([("a", .int(-1)), ("b", .array([.null, .bool(false), .double(0.5)])), ("c", .string(nil))]),
         #"{"a":-1,"b":[null,false,0.5],"c":null}"#),
        (.string("quote \" backslash \\ newline \n tab \t bell \u{07} é"), #""quote \" backslash \\ newline \n tab \t bell \u0007 é""#),
        (.string("\u{00}\u{08}\u{0C}\r\u{1F} \u{7F} / 😀"), #""\u0000\u0008\u000c\r\u001f \#u{7F} / 😀""#),
        (.string("plain"), #""plain""#),
        (.string(""), #""""#),
        (.string(Optional("x")), #""x""#),
        (.object([("k\"ey", .string("v"))]), #"{"k\"ey":"v"}"#),
        (.object([("z", .int(1)), ("a", .int(2))]), #"{"z":1,"a":2}"#),
        (.int(Int64.min), "-9223372036854775808"),
        (.int(0), "0"),
        (.double(1), "1.0"),
        (.double(0.1), "0.1"),
        (.double(-0.0), "-0.0"),
        (.double(1e100), "1e+100"),
        (.double(1e-7), "1e-07"),
        (.double(.infinity), "null"),
        (.double(-.infinity), "null"),
        (.double(.nan), "null"),
        (.bool(true), "true"),
        (.null, "null"),
        (.array([]), "[]"),
        (.object([]), "{}"),
        (.array([.array([.object([("a", .array([]))])])]), #"[[{"a":[]}]]"#),
    ])
    func serialised(value: JSONValue, text: String) {
        #expect(Array(value.serialized.utf8) == Array(text.utf8))
    }

    @Test("write(to:) appends to what is there")
    func writeAppends() {
        var output = "prefix "
        JSONValue.array([.int(1), .string("a")]).write(to: &output)
        #expect(output == #"prefix [1,"a"]"#)
    }

    @Test("equality: same case, same contents, members in order")
    func equality() {
        #expect(JSONValue.object([("a", .int(1)), ("b", .null)]) == .object([("a", .int(1)), ("b", .null)]))
        #expect(JSONValue.object([("a", .int(1)), ("b", .null)]) != .object([("b", .null), ("a", .int(1))]))
        #expect(JSONValue.object([("a", .int(1))]) != .object([("a", .int(1)), ("b", .null)]))
        #expect(JSONValue.int(1) != .double(1))
        #expect(JSONValue.array([.string("x")]) == .array([.string("x")]))
        #expect(JSONValue.string(nil) == .null)
    }

    @Test("what the writer writes, the reader reads back", arguments: [
        JSONValue.object([
            ("text", .string("line\nbreak \u{1F600} \u{00} \u{1F} \"q\" \\ é")), ("n", .int(Int64.min)), ("m", .int(Int64.max)),
            ("list", .array([.bool(true), .bool(false), .null, .object([])])), ("", .string("")),
        ]),
        .array([.double(0.5), .double(-1.25e-3), .double(123_456.789), .double(1e300)]),
        .string("\u{10FFFF}\u{FFFF}\u{E000}\u{D7FF}"),
        .array([.array([.array([.object([("deep", .array([]))])])])]),
    ])
    func roundTrip(value: JSONValue) throws {
        let text = value.serialized
        let node = try JSONReader.parse(Array(text.utf8))
        #expect(node.plainValue == value)
        #expect(node.plainValue.serialized == text)
    }

    @Test("a document read and written again is the same compact text")
    func readWriteCompact() throws {
        let compact = #"{"id":"a\/b","n":[1,-2,0.5,1e+100,true,null],"o":{"x":"\u00e9\ud83d\ude00"}}"#
        let written = try JSONReader.parse(Array(compact.utf8)).plainValue.serialized
        #expect(written == #"{"id":"a/b","n":[1,-2,0.5,1e+100,true,null],"o":{"x":"é😀"}}"#)
    }
}
