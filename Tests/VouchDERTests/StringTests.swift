import Testing
@testable import VouchDER

/// A primitive element of universal `kind` whose content is `content`.
private func stringElement(_ kind: DERString.Kind, _ content: [UInt8]) -> [UInt8] {
    let count = content.count
    let length: [UInt8] = count < 0x80 ? [UInt8(count)] : count < 0x100 ? [0x81, UInt8(count)] : [0x82, UInt8(count >> 8), UInt8(count & 0xFF)]
    return [UInt8(kind.tag.number)] + length + content
}

private func decode(_ kind: DERString.Kind, _ content: [UInt8]) throws(DERError) -> DERString {
    var reader = DERReader(stringElement(kind, content))
    return try reader.readString(kind)
}

/// Checks that `content` (under 128 octets) is rejected as `kind` at content index `badIndex` (offset `2 + badIndex`).
private func expectRejected(
    _ kind: DERString.Kind, _ content: [UInt8], at badIndex: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(throws: DERError(.invalidStringCharacter(kind.tag), at: 2 + badIndex), sourceLocation: sourceLocation) {
        try decode(kind, content)
    }
}

@Suite struct StringTests {
    // MARK: PrintableString, IA5String, VisibleString, NumericString

    @Test func printableStringAcceptsItsWholeSet() throws {
        let text = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 '()+,-./:=?"
        #expect(try decode(.printableString, Array(text.utf8)).text == text)
    }

    @Test(arguments: ["*", "@", "_", "&", "!", "\"", "#", "$", "%", ";", "<", ">", "[", "\\", "]", "^", "`", "{", "|", "}", "~", "\t", "\n", "é"])
    func printableStringRejects(character: String) {
        expectRejected(.printableString, Array("ab".utf8) + Array(character.utf8) + [0x63], at: 2)
    }

    @Test func printableStringRejectsControlsAndHighOctets() {
        expectRejected(.printableString, [0x00], at: 0)
        expectRejected(.printableString, [0x41, 0x7F], at: 1)
        expectRejected(.printableString, [0x41, 0x42, 0x80], at: 2)
    }

    @Test func ia5String() throws {
        let everything = Array(UInt8(0)...UInt8(0x7F))
        #expect(try decode(.ia5String, everything).bytes.count == 128)
        #expect(try decode(.ia5String, Array("a@b_c*&".utf8)).text == "a@b_c*&")
        expectRejected(.ia5String, [0x61, 0x80], at: 1)
        expectRejected(.ia5String, [0xFF], at: 0)
        expectRejected(.ia5String, Array("caf\u{E9}".utf8), at: 3)
    }

    @Test func visibleString() throws {
        let graphic = Array(UInt8(0x20)...UInt8(0x7E))
        #expect(try decode(.visibleString, graphic).text == String(decoding: graphic, as: UTF8.self))
        for (content, bad): ([UInt8], Int) in [([0x41, 0x1F], 1), ([0x7F], 0), ([0x41, 0x42, 0x09], 2), ([0x0A], 0), ([0x00], 0), ([0x80], 0)] {
            expectRejected(.visibleString, content, at: bad)
        }
    }

    @Test func numericString() throws {
        #expect(try decode(.numericString, Array("0123 456789".utf8)).text == "0123 456789")
        for (text, bad) in [("12A", 2), ("-1", 0), ("1+1", 1), ("1.5", 1), ("1/2", 1), ("1:2", 1)] {
            expectRejected(.numericString, Array(text.utf8), at: bad)
        }
    }

    // MARK: UTF8String (RFC 3629)

    @Test(arguments: [
        ("41", "A"), ("C2 80", "\u{80}"), ("C3 A9", "é"), ("DF BF", "\u{7FF}"), ("E0 A0 80", "\u{800}"),
        ("E2 82 AC", "€"), ("ED 9F BF", "\u{D7FF}"), ("EE 80 80", "\u{E000}"), ("EF BF BD", "\u{FFFD}"),
        ("F0 90 80 80", "\u{10000}"), ("F0 9F 98 80", "😀"), ("F4 8F BF BF", "\u{10FFFF}"), ("", ""),
    ])
    func utf8Accepted(hex: String, text: String) throws {
        #expect(try decode(.utf8String, hexBytes(hex)).text == text)
    }

    @Test(arguments: [
        "C0 80", "C1 BF",  // overlong two-octet forms
        "E0 80 80", "E0 9F BF",  // overlong three-octet forms
        "F0 80 80 80", "F0 8F BF BF",  // overlong four-octet forms
        "ED A0 80", "ED BF BF",  // surrogates U+D800, U+DFFF
        "F4 90 80 80", "F5 80 80 80", "F7 BF BF BF", "F8 88 80 80 80", "FE", "FF",  // above U+10FFFF
        "80", "BF",  // continuation without a lead
        "C3", "E2 82", "F0 9F 98",  // truncated at the end
        "C3 41", "E2 82 41", "F0 9F 98 41", "E2 C0 80",  // a lead whose continuation is not one
    ])
    func utf8RejectedAtTheFirstOctetOfTheSequence(hex: String) {
        // Two good characters (one of them two octets) before, one after: the offset is the bad lead's.
        expectRejected(.utf8String, [0x61, 0xC3, 0xA9] + hexBytes(hex) + [0x62], at: 3)
    }

    @Test(arguments: ["C3", "E2 82", "E2", "F0 9F 98", "F0 9F", "F4"])
    func utf8TruncatedAtTheEnd(hex: String) {
        expectRejected(.utf8String, [0x61, 0x62] + hexBytes(hex), at: 2)
    }

    // MARK: BMPString and UniversalString

    @Test func bmpString() throws {
        #expect(try decode(.bmpString, hexBytes("00 41 00 E9 20 AC FF FD E0 00")).text == "Aé€\u{FFFD}\u{E000}")
        #expect(try decode(.bmpString, []).text == "")
        expectRejected(.bmpString, hexBytes("00 41 00"), at: 2)  // odd length: the incomplete unit
        expectRejected(.bmpString, hexBytes("00"), at: 0)
        expectRejected(.bmpString, hexBytes("D8 3D DE 00"), at: 0)  // a surrogate pair is not UCS-2
        expectRejected(.bmpString, hexBytes("00 41 DC 00"), at: 2)
        expectRejected(.bmpString, hexBytes("00 41 DF FF 00 42"), at: 2)
    }

    @Test func universalString() throws {
        #expect(try decode(.universalString, hexBytes("00 00 00 41 00 01 F6 00 00 10 FF FF")).text == "A😀\u{10FFFF}")
        expectRejected(.universalString, hexBytes("00 00 00 41 00 00"), at: 4)  // not a multiple of four
        expectRejected(.universalString, hexBytes("00 00 00"), at: 0)
        expectRejected(.universalString, hexBytes("00 00 00 41 00 11 00 00"), at: 4)  // above U+10FFFF
        expectRejected(.universalString, hexBytes("00 00 D8 00"), at: 0)  // surrogate
        expectRejected(.universalString, hexBytes("FF FF FF FF"), at: 0)
    }

    // MARK: TeletexString

    @Test func teletexStringIsLatin1() throws {
        let everything = Array(UInt8(0)...UInt8(0xFF))
        let text = try decode(.teletexString, everything).text
        #expect(text.unicodeScalars.map(\.value) == everything.map(UInt32.init))
        #expect(try decode(.teletexString, hexBytes("4D FC 6E 63 68 65 6E")).text == "München")
    }

    // MARK: Reading by tag

    @Test func readStringPicksTheKindFromTheTag() throws {
        var reader = DERReader(hexBytes("0C 02 C3 A9 13 02 41 42 1E 02 00 41 14 01 E9 02 01 05"))
        let kinds = try (0..<4).map { _ throws(DERError) in try reader.readString() }
        #expect(kinds.map(\.kind) == [.utf8String, .printableString, .bmpString, .teletexString])
        #expect(kinds.map(\.text) == ["é", "AB", "A", "é"])
        #expect(kinds[1].description == "AB")
        #expect(throws: DERError(.unexpectedTag(expected: .utf8String, found: .integer), at: 15)) { try reader.readString() }
    }

    @Test func readStringOfAKind() throws {
        var reader = DERReader(hexBytes("80 02 41 42 13 01 41 16 01 41"))
        #expect(try reader.readString(.ia5String, .contextSpecific(0, constructed: false)).text == "AB")
        #expect(throws: DERError(.unexpectedTag(expected: .ia5String, found: .printableString), at: 4)) {
            try reader.readString(.ia5String)
        }
        _ = try reader.readElement()
        #expect(try reader.readString(.ia5String).text == "A")
        var constructed = DERReader(hexBytes("2C 00"))
        #expect(throws: DERError(.wrongConstruction(DERTag(.universal, 12, constructed: true)), at: 0)) {
            try constructed.readString()
        }
        var badCharacter = DERReader(hexBytes("FF FF 13 03 41 2A 42")[2...])
        #expect(throws: DERError(.invalidStringCharacter(.printableString), at: 5)) { try badCharacter.readString() }
    }

    @Test(arguments: DERString.Kind.allCases)
    func kindAndTagCorrespond(kind: DERString.Kind) {
        #expect(DERString.Kind(tag: kind.tag) == kind)
        #expect(kind.tag.tagClass == .universal && !kind.tag.isConstructed)
    }

    @Test func tagsThatAreNotStrings() {
        for tag in [DERTag.integer, .octetString, .utcTime, .contextSpecific(12, constructed: false), DERTag(.universal, 25, constructed: false)] {
            #expect(DERString.Kind(tag: tag) == nil)
        }
    }
}

/// ``DERString/firstInvalidUTF8(_:)`` decides what `String(validating:as:)` decides (the hostname
/// layer relies on it to mirror Apple's "not UTF-8 at all" rule without making strings).
@Suite("UTF-8 validation")
struct UTF8ValidationTests {
    static func agrees(_ bytes: [UInt8]) -> Bool {
        (DERString.firstInvalidUTF8(bytes[...]) == nil) == (String(validating: bytes, as: UTF8.self) != nil)
    }

    @Test("every one- and two-octet sequence, after an ASCII prefix")
    func shortSequences() {
        for first in 0...255 {
            #expect(Self.agrees([0x61, UInt8(first)]), "\(first)")
            for second in 0...255 where !Self.agrees([UInt8(first), UInt8(second)]) {
                Issue.record("\(first) \(second)")
            }
        }
    }

    @Test("three- and four-octet sequences around every boundary (overlong, surrogate, above U+10FFFF, truncated)")
    func longSequences() {
        let continuations: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        var checked = 0
        for lead in 0xE0...0xFF {
            for second in continuations {
                for third in continuations {
                    #expect(Self.agrees([UInt8(lead), second, third]), "\(lead) \(second) \(third)")
                    #expect(Self.agrees([UInt8(lead), second]), "\(lead) \(second)")
                    for fourth in continuations {
                        #expect(Self.agrees([UInt8(lead), second, third, fourth, 0x41]))
                        checked += 1
                    }
                }
            }
        }
        #expect(checked == 32 * 1_000)
    }
}
