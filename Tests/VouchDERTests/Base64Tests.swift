import Testing
@testable import VouchDER

private func decode(_ text: String) throws(Base64.DecodingError) -> [UInt8] {
    try Base64.decode(Array(text.utf8)[...])
}

@Suite struct Base64Tests {
    /// RFC 4648 §10 test vectors.
    static let vectors = [
        ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"),
        ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]

    @Test(arguments: vectors)
    func encodeRFC4648Vectors(plain: String, encoded: String) {
        #expect(Base64.encode(Array(plain.utf8)) == encoded)
        #expect(Base64.encode(Array(plain.utf8)[...]) == encoded)
    }

    @Test(arguments: vectors)
    func decodeRFC4648Vectors(plain: String, encoded: String) throws {
        #expect(try decode(encoded) == Array(plain.utf8))
        #expect(Base64.decode(encoded) == Array(plain.utf8))
    }

    @Test(arguments: [
        ("FB FF", "+/8="), ("FF FF FF", "////"), ("00 00 00", "AAAA"), ("3E 3F", "Pj8="),
        ("00", "AA=="), ("FF", "/w=="), ("30 03 02 01 05", "MAMCAQU="),
    ])
    func wholeAlphabet(hex: String, encoded: String) throws {
        #expect(Base64.encode(hexBytes(hex)) == encoded)
        #expect(try decode(encoded) == hexBytes(hex))
    }

    @Test func everyByteRoundTrips() throws {
        for length in 0...66 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
            let text = Base64.encode(bytes)
            #expect(text.utf8.count == (length + 2) / 3 * 4)
            #expect(try decode(text) == bytes)
        }
        let all = Array(UInt8(0)...UInt8(255))
        #expect(try decode(Base64.encode(all)) == all)
    }

    @Test(arguments: [
        // Characters outside the alphabet
        ("Zm9v!A==", Base64.DecodingError(kind: .invalidCharacter, offset: 4)),
        ("Zm 9v", Base64.DecodingError(kind: .invalidCharacter, offset: 2)),
        ("Zm9v\n", Base64.DecodingError(kind: .invalidCharacter, offset: 4)),
        ("Zm9v\r\nZm9v", Base64.DecodingError(kind: .invalidCharacter, offset: 4)),
        ("Zm-_", Base64.DecodingError(kind: .invalidCharacter, offset: 2)),  // the URL alphabet
        ("Zm9\u{E9}", Base64.DecodingError(kind: .invalidCharacter, offset: 3)),
        // Padding in the wrong place
        ("=Zm9", Base64.DecodingError(kind: .invalidPadding, offset: 0)),
        ("====", Base64.DecodingError(kind: .invalidPadding, offset: 0)),
        ("Z===", Base64.DecodingError(kind: .invalidPadding, offset: 1)),
        ("Zm=v", Base64.DecodingError(kind: .invalidPadding, offset: 3)),
        ("Zg=A", Base64.DecodingError(kind: .invalidPadding, offset: 3)),
        ("Zg==Zg==", Base64.DecodingError(kind: .invalidPadding, offset: 4)),  // nothing after padding
        ("Zm8=Zm9v", Base64.DecodingError(kind: .invalidPadding, offset: 4)),
        ("Zm9vZg===", Base64.DecodingError(kind: .invalidPadding, offset: 8)),
        // Non-zero bits under the padding
        ("Zh==", Base64.DecodingError(kind: .invalidPadding, offset: 3)),
        ("Zv==", Base64.DecodingError(kind: .invalidPadding, offset: 3)),
        ("Zm9=", Base64.DecodingError(kind: .invalidPadding, offset: 3)),
        ("Zm8vZm+=", Base64.DecodingError(kind: .invalidPadding, offset: 7)),
        // Length not a multiple of four
        ("Z", Base64.DecodingError(kind: .invalidLength, offset: 1)),
        ("Zm9", Base64.DecodingError(kind: .invalidLength, offset: 3)),
        ("Zm9vY", Base64.DecodingError(kind: .invalidLength, offset: 5)),
        ("Zg=", Base64.DecodingError(kind: .invalidLength, offset: 3)),
        ("Zm9vZg", Base64.DecodingError(kind: .invalidLength, offset: 6)),
    ])
    func strictDecoding(text: String, error: Base64.DecodingError) {
        #expect(throws: error) { try decode(text) }
        #expect(Base64.decode(text) == nil)
    }

    @Test func offsetsAreIndicesOfTheText() throws {
        let text = Array("xxZm9v!A==".utf8)
        #expect(throws: Base64.DecodingError(kind: .invalidCharacter, offset: 6)) { try Base64.decode(text[2...]) }
        let short = Array("..Zm9vZg".utf8)
        #expect(throws: Base64.DecodingError(kind: .invalidLength, offset: 8)) { try Base64.decode(short[2...]) }
        #expect(try Base64.decode(text[2..<6]) == Array("foo".utf8))
    }

    @Test("whole groups take the table, the rest the judging path: round trips, and a bad character anywhere is named at its offset")
    func fastPathAgreesWithTheRules() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<200 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let text = Array(Base64.encode(bytes).utf8)
            #expect(try Base64.decode(text[...]) == bytes)
            guard !text.isEmpty else { continue }
            for bad: UInt8 in [UInt8(ascii: "-"), UInt8(ascii: " "), 0x00, 0xFF] {
                let position = Int.random(in: 0..<text.count, using: &generator)
                var corrupted = text
                corrupted[position] = bad
                #expect(throws: Base64.DecodingError(kind: .invalidCharacter, offset: position)) { try Base64.decode(corrupted[...]) }
            }
            // `=` in a group before the last is padding out of place, named where it stands.
            if text.count > 4 {
                var early = text
                early[1] = UInt8(ascii: "=")
                #expect(throws: Base64.DecodingError(kind: .invalidPadding, offset: 1)) { try Base64.decode(early[...]) }
            }
        }
    }
}
