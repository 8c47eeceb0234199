import Testing
import VouchPropertyList

/// Reads `text` (its UTF-8) with `limits`.
func parse(_ text: String, limits: PropertyListReader.Limits = .init()) throws(PropertyListError) -> PropertyList {
    try PropertyListReader.parse(Array(text.utf8), limits: limits)
}

/// `body` inside `<plist>`…`</plist>`.
func plist(_ body: String) -> String { "<plist>" + body + "</plist>" }

/// What the reader accepts and the values it reads: every value type, every reference form,
/// CDATA, comments, empty elements and the prolog's parts.
@Suite struct PropertyListReaderTests {
    @Test("values read as the same PropertyList", arguments: [
        (plist("<string>plain</string>"), PropertyList.string("plain")),
        (plist("<string/>"), .string("")),
        (plist("<string></string>"), .string("")),
        (plist("<string>héllo 😀 中文</string>"), .string("héllo 😀 中文")),
        (plist("<string>&lt;&gt;&amp;&quot;&apos;</string>"), .string("<>&\"'")),
        (plist("<string>&#65;&#x42;&#x1f600;&#0000233;&#x9;</string>"), .string("AB😀é\t")),
        (plist("<string>a<![CDATA[<b> & ]] &amp; ]]>c</string>"), .string("a<b> & ]] &amp; c")),
        (plist("<string><![CDATA[]]></string>"), .string("")),
        (plist("<string>a<!-- gone -->b</string>"), .string("ab")),
        (plist("<string>a\r\nb\rc&#13;d\ne</string>"), .string("a\nb\nc\rd\ne")),
        (plist("<string><![CDATA[x\r\ny]]></string>"), .string("x\ny")),
        (plist("<string> spaces kept </string>"), .string(" spaces kept ")),
        (plist("<string>]] ] > </string>"), .string("]] ] > ")),
        (plist("<integer>0</integer>"), .integer(0)),
        (plist("<integer>-0</integer>"), .integer(0)),
        (plist("<integer>+17</integer>"), .integer(17)),
        (plist("<integer>\n\t-2147409654 </integer>"), .integer(-2_147_409_654)),
        (plist("<integer>9223372036854775807</integer>"), .integer(.max)),
        (plist("<integer>-9223372036854775808</integer>"), .integer(.min)),
        (plist("<integer>0xff</integer>"), .integer(255)),
        (plist("<integer>0X7FFFFFFFFFFFFFFF</integer>"), .integer(.max)),
        (plist("<integer>-0x8000000000000000</integer>"), .integer(.min)),
        (plist("<integer>000012</integer>"), .integer(12)),
        (plist("<real>3.25</real>"), .real(3.25)),
        (plist("<real> -1e-3 </real>"), .real(-0.001)),
        (plist("<real>.5</real>"), .real(0.5)),
        (plist("<real>6.</real>"), .real(6)),
        (plist("<real>1E+2</real>"), .real(100)),
        (plist("<real>12</real>"), .real(12)),
        (plist("<real>1e400</real>"), .real(.infinity)),
        (plist("<real>5e-324</real>"), .real(.leastNonzeroMagnitude)),
        (plist("<real>-0.0</real>"), .real(-0.0)),
        (plist("<real>inf</real>"), .real(.infinity)),
        (plist("<real>-Infinity</real>"), .real(-.infinity)),
        (plist("<real>+INF</real>"), .real(.infinity)),
        (plist("<true/>"), .boolean(true)),
        (plist("<true></true>"), .boolean(true)),
        (plist("<false/>"), .boolean(false)),
        (plist("<false ></false >"), .boolean(false)),
        (plist("<date>1970-01-01T00:00:00Z</date>"), .date(0)),
        (plist("<date>1969-12-31T23:59:59Z</date>"), .date(-1)),
        (plist("<date>2000-02-29T12:00:00Z</date>"), .date(951_825_600)),
        (plist("<date>2024-11-05T09:41:00Z</date>"), .date(1_730_799_660)),
        (plist("<date>0001-01-01T00:00:00Z</date>"), .date(-62_135_596_800)),
        (plist("<date>9999-12-31T23:59:59Z</date>"), .date(253_402_300_799)),
        (plist("<data>SGVsbG8=</data>"), .data(Array("Hello".utf8))),
        (plist("<data>\n\tSGVs\n\tbG8h\r\n</data>"), .data(Array("Hello!".utf8))),
        (plist("<data>SA==</data>"), .data([0x48])),
        (plist("<data/>"), .data([])),
        (plist("<data> </data>"), .data([])),
        (plist("<data>+/+/</data>"), .data([0xFB, 0xFF, 0xBF])),
        (plist("<array/>"), .array([])),
        (plist("<array><true/><array/><string>x</string></array>"), .array([.boolean(true), .array([]), .string("x")])),
        (plist("<dict/>"), .dictionary([:])),
        (plist("<dict>\n\t<key>a</key>\n\t<integer>1</integer>\n\t<key/>\n\t<dict/>\n</dict>"), .dictionary(["a": .integer(1), "": .dictionary([:])])),
        (plist("<dict><key>&amp;<![CDATA[&]]></key><true/></dict>"), .dictionary(["&&": .boolean(true)])),
    ])
    func values(text: String, expected: PropertyList) throws {
        #expect(try parse(text) == expected)
    }

    @Test("nan reads as nan, in any case and with a sign")
    func notANumber() throws {
        for text in ["nan", "NaN", "-nan", "+NAN", " nan "] {
            #expect(try parse(plist("<real>\(text)</real>")).realValue?.isNaN == true)
        }
    }

    @Test("the prolog: byte order mark, XML declaration, processing instructions, DOCTYPE and comments", arguments: [
        "\u{FEFF}<plist><true/></plist>",
        "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist><true/></plist>",
        "<?xml version=\"1.0\"?><plist><true/></plist>",
        "<?xml version='1.0' encoding='utf-8' standalone='yes' ?><plist version='1.0'><true/></plist>",
        "<?xml version=\"1.0\" standalone=\"no\"?><plist><true/></plist>",
        "<?xml-stylesheet href=\"a.css\"?><!-- c --><?other?><plist><true/></plist>",
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <true/>
        </plist>

        """,
        "<!DOCTYPE plist SYSTEM 'file://localhost/System/Library/DTDs/PropertyList.dtd' ><plist><true/></plist>",
        "<!DOCTYPE plist><plist><true/></plist>",
        "<!-- before --><plist ><!-- in --><true/><!-- in --></plist ><!-- after -->\n",
        "<plist version=\"1.0\" ><true/></plist>",
        " \n\t<plist>\r\n<true/>\r\n</plist>\r\n\r\n",
        "<plist><!----><true/></plist><!-- - -->",
    ])
    func prolog(text: String) throws {
        #expect(try parse(text) == .boolean(true))
    }

    @Test("accessors answer for their own case only")
    func accessors() throws {
        let value = try parse(plist("""
            <dict><key>s</key><string>x</string><key>i</key><integer>2</integer><key>r</key><real>0.5</real>
            <key>b</key><true/><key>d</key><date>1970-01-01T00:01:00Z</date><key>data</key><data>AA==</data>
            <key>a</key><array><false/></array></dict>
            """))
        #expect(value.typeName == "a dictionary")
        #expect(value[key: "s"]?.stringValue == "x")
        #expect(value[key: "i"]?.integerValue == 2)
        #expect(value[key: "r"]?.realValue == 0.5)
        #expect(value[key: "b"]?.booleanValue == true)
        #expect(value[key: "d"]?.dateValue == 60)
        #expect(value[key: "data"]?.dataValue == [0])
        #expect(value[key: "a"]?.arrayValue == [.boolean(false)])
        #expect(value[key: "a"]?[index: 0] == .boolean(false))
        #expect(value[key: "a"]?[index: 1] == nil)
        #expect(value[key: "a"]?[index: -1] == nil)
        #expect(value.dictionaryValue?.count == 7)
        #expect(value[key: "missing"] == nil)
        #expect(value[key: "s"]?.integerValue == nil)
        #expect(value[key: "s"]?[key: "s"] == nil)
        #expect(value.stringValue == nil && value.arrayValue == nil && value[index: 0] == nil)
        let names = [PropertyList.string(""), .integer(0), .real(0), .boolean(true), .date(0), .data([]), .array([]), .dictionary([:])]
        #expect(names.map(\.typeName) == ["a string", "an integer", "a real", "a boolean", "a date", "data", "an array", "a dictionary"])
    }

    @Test("an error prints as offset and message")
    func errorDescription() {
        #expect(PropertyListError(message: "unknown element <x>", offset: 7).description == "offset 7: unknown element <x>")
    }
}
