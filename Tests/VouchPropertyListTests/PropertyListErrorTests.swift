import Testing
import VouchPropertyList

/// What the reader refuses, and where it says the fault is: one row per kind of error. In each
/// text, `§` marks the offset the error must name (it is removed before reading).
@Suite struct PropertyListErrorTests {
    static let rows: [(String, String)] = [
        // Truncated input: the offset is the input's length.
        ("§", "unexpected end of the input before <plist>"),
        ("<plist>§", "unexpected end of the input in <plist>"),
        ("<plist><dict><key>a</key><string>x§", "unexpected end of the input in <string>"),
        ("<plist><dict><key>a§", "unexpected end of the input in <key>"),
        ("<plist><string><![CDATA[x§", "unexpected end of the input in a CDATA section"),
        ("<!-- x -§", "unexpected end of the input in a comment"),
        ("<plist><true/></plist§", "unexpected end of the input in the end tag of <plist>"),
        ("<plist><integer §", "unexpected end of the input in the tag <integer>"),
        ("<plist><integ§", "unexpected end of the input in a tag"),
        ("<plist><string>&am§", "unexpected end of the input in a reference"),
        ("<plist><string>&#x4§", "unexpected end of the input in a character reference"),
        ("<plist><array><!-§", "unexpected end of the input in <array>"),
        ("<plist><string>a<§", "unexpected end of the input in <string>"),
        ("<?xml version=\"1.0\"?§", "unexpected end of the input in the XML declaration"),
        ("<plist version=\"1.0§", "unexpected end of the input in an attribute value"),
        ("<?xml version=\"1.0\"§", "unexpected end of the input in the XML declaration"),
        ("<!DOCTYPE plist PUBLIC \"x\"§", "unexpected end of the input in <!DOCTYPE>"),
        ("<?pi §", "unexpected end of the input in a processing instruction"),
        // Structure.
        ("§<dict/>", "expected <plist>, found <dict>"),
        ("§x<plist>", "text before <plist>"),
        ("§<plist/>", "<plist> holds no value"),
        ("<plist>§</plist>", "<plist> holds no value"),
        ("<plist><true/>§<false/></plist>", "<plist> holds more than one value"),
        ("<plist>§<plist><true/></plist></plist>", "<plist> inside <plist>"),
        ("<plist><true/></plist>§x", "data after </plist>"),
        ("<plist><true/></plist>§<true/>", "data after </plist>"),
        ("<plist><true/></plist>§<?pi?>", "a processing instruction after </plist>"),
        ("<plist><dict>§</array></plist>", "expected </dict>, found </array>"),
        ("<plist><string>x§</key></plist>", "expected </string>, found </key>"),
        ("<plist><true/>§</plistx>", "expected </plist>, found </plistx>"),
        ("<plist><true/></plist §x>", "expected '>' in </plist>"),
        ("<plist>§<foo/></plist>", "unknown element <foo>"),
        ("<plist>§<Dict/></plist>", "unknown element <Dict>"),
        ("<plist><§ true/></plist>", "expected an element name after '<'"),
        ("<plist><true/§ ></plist>", "expected '>' after '/' in <true>"),
        ("<plist><true>§x</true></plist>", "<true> must be empty"),
        ("<plist><array>§x<true/></array></plist>", "text between elements in <array>"),
        ("<plist><array>§&amp;</array></plist>", "text between elements in <array>"),
        ("<plist><array>§<![CDATA[x]]></array></plist>", "text between elements in <array>"),
        ("<plist><array>§<!ELEMENT x></array></plist>", "unexpected markup in <array>"),
        ("<plist>§<?pi x?><true/></plist>", "processing instruction after the prolog"),
        ("<plist><string>§<?pi x?></string></plist>", "processing instruction after the prolog"),
        ("<plist><string>§<true/></string></plist>", "markup inside <string>"),
        // Dictionaries.
        ("<plist><dict>§<key>a</key></dict></plist>", "key \"a\" has no value"),
        ("<plist><dict>§<key>a</key><key>b</key><true/></dict></plist>", "key \"a\" has no value"),
        ("<plist><dict><key>a</key><true/>§<key>a</key><false/></dict></plist>", "duplicate key \"a\""),
        ("<plist><dict><key>é</key><true/>§<key>e\u{301}</key><true/></dict></plist>", "duplicate key \"e\u{301}\""),
        ("<plist><dict>§<string>a</string></dict></plist>", "expected <key> in <dict>, found <string>"),
        ("<plist><array>§<key>a</key></array></plist>", "expected a value, found <key>"),
        // Attributes.
        ("<plist><string §a=\"1\">x</string></plist>", "attribute a on <string>"),
        ("<plist><dict §xmlns=\"x\"/></plist>", "attribute xmlns on <dict>"),
        ("<plist version=\"§2.0\"><true/></plist>", "unsupported plist version \"2.0\""),
        ("<plist §foo=\"1\"><true/></plist>", "unknown attribute foo on <plist>"),
        ("<plist version=\"1.0\" §version=\"1.0\"><true/></plist>", "repeated attribute version on <plist>"),
        ("<plist version=\"1.0\"§x=\"1\"><true/></plist>", "expected white space, '>' or '/>' in <plist>"),
        ("<plist version=§1.0><true/></plist>", "expected a quoted value for the attribute version"),
        ("<plist version§><true/></plist>", "expected '=' after the attribute version"),
        ("<plist version=\"1§<\"><true/></plist>", "'<' in an attribute value"),
        // Prolog.
        ("<?xml version=\"1.0\" encoding=\"§ISO-8859-1\"?><plist><true/></plist>", "unsupported encoding \"ISO-8859-1\" (only UTF-8)"),
        ("<?xml version=\"§1.1\"?><plist><true/></plist>", "unsupported XML version \"1.1\""),
        ("<?xml §encoding=\"UTF-8\"?><plist><true/></plist>", "unexpected encoding in the XML declaration"),
        ("<?xml version=\"1.0\" standalone=\"yes\" §encoding=\"UTF-8\"?><plist/>", "unexpected encoding in the XML declaration"),
        ("<?xml version=\"1.0\" standalone=\"§maybe\"?><plist/>", "standalone must be \"yes\" or \"no\""),
        ("<?xml version=\"1.0\"§encoding=\"UTF-8\"?><plist/>", "expected white space or '?>' in the XML declaration"),
        (" §<?xml version=\"1.0\"?><plist><true/></plist>", "XML declaration not at the start of the document"),
        ("<plist><true/></plist>§<?xml version=\"1.0\"?>", "a processing instruction after </plist>"),
        ("<?§ x?><plist/>", "processing instruction without a target"),
        ("<!-- a §-- b --><plist/>", "'--' inside a comment"),
        ("<!-- a §---><plist/>", "'--' inside a comment"),
        ("<!DOCTYPE plist §[<!ENTITY x \"y\">]><plist/>", "internal DTD subset not supported"),
        ("<!DOCTYPE §html><plist/>", "document type \"html\", not plist"),
        ("<!DOCTYPE plist>§<!DOCTYPE plist><plist/>", "a second <!DOCTYPE>"),
        ("<!DOCTYPE plist §FOO \"x\"><plist/>", "expected PUBLIC, SYSTEM or '>' in <!DOCTYPE>"),
        ("<!DOCTYPE plist PUBLIC §x><plist/>", "expected a quoted literal in <!DOCTYPE>"),
        ("<!DOCTYPE plist PUBLIC \"x\"§\"y\"><plist/>", "expected white space in <!DOCTYPE>"),
        ("<!DOCTYPE plist SYSTEM \"x\" §y><plist/>", "expected '>' to end <!DOCTYPE>"),
        ("<!DOCTYPE§plist><plist/>", "expected white space after <!DOCTYPE"),
        // References and characters.
        ("<plist><string>§&nbsp;</string></plist>", "unknown entity &nbsp;"),
        ("<plist><string>§&#0;</string></plist>", "character reference to a character XML forbids"),
        ("<plist><string>§&#x1;</string></plist>", "character reference to a character XML forbids"),
        ("<plist><string>§&#xD800;</string></plist>", "character reference to a character XML forbids"),
        ("<plist><string>§&#xFFFE;</string></plist>", "character reference to a character XML forbids"),
        ("<plist><string>§&#x110000;</string></plist>", "character reference to a character XML forbids"),
        ("<plist><string>§&#99999999999999999999;</string></plist>", "character reference to a character XML forbids"),
        ("<plist><string>§&#x;</string></plist>", "malformed character reference"),
        ("<plist><string>§&#X41;</string></plist>", "malformed character reference"),
        ("<plist><string>§&#65</string></plist>", "malformed character reference"),
        ("<plist><string>a §& b</string></plist>", "'&' that starts no reference (write &amp;)"),
        ("<plist><string>§&amp</string></plist>", "'&' that starts no reference (write &amp;)"),
        ("<plist><string>§\u{1}</string></plist>", "control character XML forbids"),
        ("<plist><string>a§]]>b</string></plist>", "']]>' outside a CDATA section"),
        ("<plist><string>§\u{FFFF}</string></plist>", "character XML forbids (U+FFFE or U+FFFF)"),
        // Integers.
        ("<plist><integer>§</integer></plist>", "empty <integer>"),
        ("<plist><integer>§ </integer></plist>", "empty <integer>"),
        ("<plist><integer>12§a</integer></plist>", "malformed <integer>"),
        ("<plist><integer>1§.0</integer></plist>", "malformed <integer>"),
        ("<plist><integer>-§</integer></plist>", "malformed <integer>"),
        ("<plist><integer>0x§</integer></plist>", "malformed <integer>"),
        ("<plist><integer>0x§g</integer></plist>", "malformed <integer>"),
        ("<plist><integer>§&#49;x</integer></plist>", "malformed <integer>"),
        ("<plist><integer>§9223372036854775808</integer></plist>", "<integer> beyond the 64-bit signed range"),
        ("<plist><integer>§-9223372036854775809</integer></plist>", "<integer> beyond the 64-bit signed range"),
        ("<plist><integer>§18446744073709551615</integer></plist>", "<integer> beyond the 64-bit signed range"),
        ("<plist><integer>§0x10000000000000000</integer></plist>", "<integer> beyond the 64-bit signed range"),
        // Reals.
        ("<plist><real>§</real></plist>", "empty <real>"),
        ("<plist><real>1.5§x</real></plist>", "malformed <real>"),
        ("<plist><real>0§x1p3</real></plist>", "malformed <real>"),
        ("<plist><real>§.</real></plist>", "malformed <real>"),
        ("<plist><real>§1e</real></plist>", "malformed <real>"),
        ("<plist><real>§infinite</real></plist>", "malformed <real>"),
        ("<plist><real>1§ 2</real></plist>", "malformed <real>"),
        // Dates.
        ("<plist><date>§2024-01-01T00:00:00</date></plist>", "malformed <date> (not YYYY-MM-DDTHH:MM:SSZ)"),
        ("<plist><date>2024-01-01§ 00:00:00Z</date></plist>", "malformed <date> (not YYYY-MM-DDTHH:MM:SSZ)"),
        ("<plist><date>§ 2024-01-01T00:00:00Z</date></plist>", "malformed <date> (not YYYY-MM-DDTHH:MM:SSZ)"),
        ("<plist><date>2023-§02-29T00:00:00Z</date></plist>", "<date> names no day of the calendar"),
        ("<plist><date>2024-§13-01T00:00:00Z</date></plist>", "<date> names no day of the calendar"),
        ("<plist><date>2024-§04-31T00:00:00Z</date></plist>", "<date> names no day of the calendar"),
        ("<plist><date>2024-§01-00T00:00:00Z</date></plist>", "<date> names no day of the calendar"),
        ("<plist><date>2024-01-01T§24:00:00Z</date></plist>", "<date> names no time of day"),
        ("<plist><date>2024-01-01T§23:59:60Z</date></plist>", "<date> names no time of day"),
        // Data.
        ("<plist><data>AAA§*</data></plist>", "invalid Base64 in <data>"),
        ("<plist><data>A§=AA</data></plist>", "misplaced '=' in <data>"),
        ("<plist><data>AA=§A</data></plist>", "invalid Base64 in <data>"),
        ("<plist><data>AA==§AA==</data></plist>", "<data> goes on after Base64 padding"),
        ("<plist><data>AAA§</data></plist>", "<data> is not a whole number of Base64 groups"),
        ("<plist><data>AB=§=</data></plist>", "Base64 padding bits not zero in <data>"),
        ("<plist><data>AAB§=</data></plist>", "Base64 padding bits not zero in <data>"),
        ("<plist><data>§&#65;AAA*</data></plist>", "invalid Base64 in <data>"),
    ]

    @Test("each error names what is wrong and the offset of the fault", arguments: rows)
    func refused(text: String, message: String) throws {
        let parts = text.split(separator: "§", omittingEmptySubsequences: false)
        try #require(parts.count == 2, "one § per row")
        let offset = parts[0].utf8.count
        #expect(throws: PropertyListError(message: message, offset: offset)) { try parse(parts.joined()) }
    }

    @Test("invalid UTF-8 is refused at the first byte of the bad sequence, wherever it is", arguments: [
        [0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xFF], [0xE2, 0x82],
    ] as [[UInt8]])
    func invalidUTF8(sequence: [UInt8]) throws {
        for (before, after) in [("<plist><string>", "</string></plist>"), ("<!-- ", " --><plist/>"),
                                ("<plist><string><![CDATA[", "]]></string></plist>"), ("<?pi ", "?><plist/>")] {
            let bytes = Array(before.utf8) + sequence + Array(after.utf8)
            #expect(throws: PropertyListError(message: "invalid UTF-8", offset: before.utf8.count)) {
                try PropertyListReader.parse(bytes)
            }
        }
    }

    @Test("a truncated multibyte character at the end of the input is invalid UTF-8")
    func truncatedCharacter() {
        let bytes = Array("<plist><string>".utf8) + [0xF0, 0x9F, 0x98]
        #expect(throws: PropertyListError(message: "invalid UTF-8", offset: 15)) { try PropertyListReader.parse(bytes) }
    }
}
