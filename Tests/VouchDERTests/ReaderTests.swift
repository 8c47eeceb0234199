import Testing
@testable import VouchDER

/// The bytes of hex text such as `"30 03 02 01 05"` (spaces ignored). Shared by the VouchDER test files.
func hexBytes(_ text: String) -> [UInt8] {
    let digits = Array(text.utf8.filter { $0 != 0x20 })
    precondition(digits.count % 2 == 0, "odd number of hex digits in \(text)")
    return stride(from: 0, to: digits.count, by: 2).map { index in
        guard let octet = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else {
            preconditionFailure("not hex: \(text)")
        }
        return octet
    }
}

/// Reads exactly one element from the start of `bytes`.
private func readFirst(_ bytes: [UInt8], options: DERReader.Options = []) throws(DERError) -> DERElement {
    var reader = DERReader(bytes, options: options)
    return try reader.readElement()
}

/// `levels` SEQUENCEs, each the only content of the one around it; the innermost is empty.
private func nestedSequences(_ levels: Int) -> [UInt8] {
    var bytes: [UInt8] = []
    for _ in 0..<levels { bytes = [0x30, UInt8(bytes.count)] + bytes }
    return bytes
}

/// Enters every SEQUENCE with `nested` and returns the depth of the innermost reader.
private func descend(_ reader: inout DERReader) throws(DERError) -> Int {
    guard !reader.isAtEnd else { return reader.depth }
    return try reader.nested(.sequence) { (inner) throws(DERError) in try descend(&inner) }
}

@Suite struct ReaderTests {
    // MARK: Identifier octets (X.690 §8.1.2)

    @Test(arguments: [
        ("02 01 05", DERTag.integer, 2),
        ("30 00", .sequence, 2),
        ("31 00", .set, 2),
        ("A0 00", .contextSpecific(0, constructed: true), 2),
        ("80 00", .contextSpecific(0, constructed: false), 2),
        ("5E 00", DERTag(.application, 30, constructed: false), 2),
        ("DE 00", DERTag(.private, 30, constructed: false), 2),
    ])
    func lowTagNumbers(hex: String, tag: DERTag, headerLength: Int) throws {
        let element = try readFirst(hexBytes(hex))
        #expect(element.tag == tag)
        #expect(element.headerLength == headerLength)
    }

    @Test(arguments: [
        ("9F 1F 00", DERTag.contextSpecific(31, constructed: false)),
        ("BF 81 00 00", .contextSpecific(128, constructed: true)),
        ("5F FF FF FF 7F 00", DERTag(.application, DERLimits.maximumHighTagNumber, constructed: false)),
        ("1F 1F 00", DERTag(.universal, 31, constructed: false)),  // universal ≥ 31: either form
        ("3F 1F 00", DERTag(.universal, 31, constructed: true)),
    ])
    func highTagNumbersWhenOptedIn(hex: String, tag: DERTag) throws {
        let bytes = hexBytes(hex)
        #expect(try readFirst(bytes, options: .allowHighTagNumbers).tag == tag)
        #expect(throws: DERError(.highTagNumber, at: 0)) { try readFirst(bytes) }
    }

    @Test(arguments: [
        ("9F 1E 00", DERError(.invalidHighTagNumber, at: 1)),  // 30 fits the one-octet form
        ("9F 00 00", DERError(.invalidHighTagNumber, at: 1)),
        ("9F 80 1F 00", DERError(.invalidHighTagNumber, at: 1)),  // leading 0x80
        ("9F 81 80 80 80 00", DERError(.invalidHighTagNumber, at: 5)),  // 2^28: one above the maximum
        ("9F 81", DERError(.truncated, at: 2)),
        ("1F", DERError(.truncated, at: 1)),
    ])
    func highTagNumberRules(hex: String, error: DERError) {
        #expect(throws: error) { try readFirst(hexBytes(hex), options: .allowHighTagNumbers) }
    }

    @Test(arguments: [
        ("00 00", DERError(.endOfContentsTag, at: 0)),
        ("20 00", DERError(.endOfContentsTag, at: 0)),
        ("10 00", DERError(.wrongConstruction(DERTag(.universal, 16, constructed: false)), at: 0)),
        ("11 00", DERError(.wrongConstruction(DERTag(.universal, 17, constructed: false)), at: 0)),
        ("24 00", DERError(.wrongConstruction(DERTag(.universal, 4, constructed: true)), at: 0)),
        ("22 03 02 01 05", DERError(.wrongConstruction(DERTag(.universal, 2, constructed: true)), at: 0)),
        ("2C 00", DERError(.wrongConstruction(DERTag(.universal, 12, constructed: true)), at: 0)),
        ("37 00", DERError(.wrongConstruction(DERTag(.universal, 23, constructed: true)), at: 0)),
    ])
    func universalTagRules(hex: String, error: DERError) {
        #expect(throws: error) { try readFirst(hexBytes(hex)) }
    }

    // MARK: Length octets (X.690 §8.1.3, §10.1)

    @Test(arguments: [(0, 2), (1, 2), (127, 2), (128, 3), (255, 3), (256, 4), (65_535, 4), (65_536, 5)])
    func minimalLengthsAccepted(length: Int, headerLength: Int) throws {
        var header: [UInt8] = [0x04]
        if length < 0x80 {
            header.append(UInt8(length))
        } else {
            let octets = length < 0x100 ? [UInt8(length)] : length < 0x10000
                ? [UInt8(length >> 8), UInt8(length & 0xFF)] : [UInt8(length >> 16), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            header += [0x80 | UInt8(octets.count)] + octets
        }
        let element = try readFirst(header + [UInt8](repeating: 0xAB, count: length))
        #expect(element.headerLength == headerLength)
        #expect(element.length == length)
        #expect(element.contentOffset == headerLength)
    }

    @Test func fourLengthOctetsAccepted() throws {
        let bytes = hexBytes("04 84 01 00 00 00") + [UInt8](repeating: 0, count: 1 << 24)
        #expect(try readFirst(bytes).length == 1 << 24)
    }

    @Test(arguments: [
        ("04 81 7F", DERError(.nonMinimalLength, at: 1)),  // long form for a short length
        ("04 81 00", DERError(.nonMinimalLength, at: 1)),
        ("04 82 00 80", DERError(.nonMinimalLength, at: 1)),  // leading zero octet
        ("04 84 00 00 01 00", DERError(.nonMinimalLength, at: 1)),
        ("04 85 01 00 00 00 00", DERError(.lengthTooLong, at: 1)),
        ("04 FF", DERError(.lengthTooLong, at: 1)),
        ("30 80 00 00", DERError(.indefiniteLength, at: 1)),
        ("04 84 40 00 00 01", DERError(.elementTooLarge, at: 1)),  // maximumElementLength + 1
        ("04 84 40 00 00 00", DERError(.truncated, at: 0)),  // exactly the maximum: only short of input
        ("04 03 AA BB", DERError(.truncated, at: 0)),  // content past the end
        ("04 82 01", DERError(.truncated, at: 1)),  // length octets past the end
        ("04", DERError(.truncated, at: 1)),
        ("", DERError(.truncated, at: 0)),
    ])
    func lengthRules(hex: String, error: DERError) {
        #expect(throws: error) { try readFirst(hexBytes(hex)) }
    }

    @Test func elementSizeLimitMessage() {
        #expect(DERLimits.maximumElementLength == 1 << 30)
        #expect(DERError(.elementTooLarge, at: 1).description == "offset 1: element larger than 1073741824 bytes")
        #expect(DERError(.lengthTooLong, at: 1).reason == "length uses more than 4 octets")
    }

    // MARK: Nesting depth (DERLimits.maximumNestingDepth, at N and N + 1)

    @Test func nestingAtTheLimitIsAccepted() throws {
        let bytes = nestedSequences(DERLimits.maximumNestingDepth)
        let depth = try DERReader.readAll(bytes[...]) { (reader) throws(DERError) in try descend(&reader) }
        #expect(depth == DERLimits.maximumNestingDepth)
    }

    @Test func nestingOneBeyondTheLimitIsRejected() {
        let bytes = nestedSequences(DERLimits.maximumNestingDepth + 1)
        // The innermost SEQUENCE starts two octets into each enclosing one.
        #expect(throws: DERError(.nestingTooDeep, at: 2 * DERLimits.maximumNestingDepth)) {
            try DERReader.readAll(bytes[...]) { (reader) throws(DERError) in try descend(&reader) }
        }
    }

    // MARK: Complete consumption

    @Test func readAllRejectsTrailingBytes() throws {
        let value = try DERReader.readAll(hexBytes("02 01 05")[...]) { (r) throws(DERError) in try r.readInteger(as: Int.self) }
        #expect(value == 5)
        #expect(throws: DERError(.trailingData, at: 3)) {
            try DERReader.readAll(hexBytes("02 01 05 00")[...]) { (r) throws(DERError) in try r.readInteger(as: Int.self) }
        }
    }

    @Test func nestedRejectsUnreadContent() throws {
        let bytes = hexBytes("30 06 02 01 05 02 01 06")
        var reader = DERReader(bytes)
        let both = try reader.nested(.sequence) { (r) throws(DERError) in
            [try r.readInteger(as: Int.self), try r.readInteger(as: Int.self)]
        }
        #expect(both == [5, 6])
        #expect(reader.isAtEnd)
        var again = DERReader(bytes)
        #expect(throws: DERError(.trailingData, at: 5)) {
            try again.nested(.sequence) { (r) throws(DERError) in try r.readInteger(as: Int.self) }
        }
    }

    @Test func finishRejectsTrailingBytes() throws {
        var reader = DERReader(hexBytes("05 00 05 00"))
        try reader.readNull()
        #expect(throws: DERError(.trailingData, at: 2)) { try reader.finish() }
        try reader.readNull()
        try reader.finish()
    }

    // MARK: Expected tags and optional elements

    @Test func readElementWithTag() throws {
        var reader = DERReader(hexBytes("04 00 02 01 05"))
        #expect(throws: DERError(.unexpectedTag(expected: .integer, found: .octetString), at: 0)) {
            try reader.readElement(.integer)
        }
        #expect(reader.offset == 0)  // nothing was read
        #expect(try reader.readElement(.octetString).length == 0)
        #expect(try reader.readElement(.integer).contentOffset == 4)
        #expect(throws: DERError(.missingElement(expected: .integer), at: 5)) { try reader.readElement(.integer) }
    }

    @Test func readElementWithTagReportsHeaderErrors() {
        var reader = DERReader(hexBytes("9F 1F 00"))
        #expect(throws: DERError(.highTagNumber, at: 0)) { try reader.readElement(.integer) }
    }

    @Test func optionalReads() throws {
        let explicit = DERTag.contextSpecific(0, constructed: true)
        var reader = DERReader(hexBytes("80 00 A0 03 02 01 02 02 01 05"))
        #expect(try reader.readOptionalElement(explicit) == nil)  // [0] primitive is another tag
        #expect(reader.offset == 0)
        #expect(try reader.readOptionalElement(.contextSpecific(0, constructed: false))?.offset == 0)
        let version = try reader.optionalNested(explicit) { (r) throws(DERError) in try r.readInteger(as: Int.self) }
        #expect(version == 2)
        #expect(try reader.optionalNested(explicit) { (r) throws(DERError) in try r.readInteger(as: Int.self) } == nil)
        #expect(try reader.readInteger(as: Int.self) == 5)
        #expect(try reader.readOptionalElement(.integer) == nil)  // end of input
        #expect(try reader.peekTag() == nil)
    }

    @Test func optionalReadsStillApplyHeaderRules() {
        var eoc = DERReader(hexBytes("00 00"))
        #expect(throws: DERError(.endOfContentsTag, at: 0)) { try eoc.readOptionalElement(.integer) }
        var trailing = DERReader(hexBytes("A0 06 02 01 02 02 01 03"))
        #expect(throws: DERError(.trailingData, at: 5)) {
            try trailing.optionalNested(.contextSpecific(0, constructed: true)) { (r) throws(DERError) in try r.readInteger(as: Int.self) }
        }
    }

    @Test func highTagOptionIsInherited() throws {
        let bytes = hexBytes("30 03 9F 1F 00")
        var allowed = DERReader(bytes, options: .allowHighTagNumbers)
        let tag = try allowed.nested(.sequence) { (r) throws(DERError) in try r.readElement().tag }
        #expect(tag == .contextSpecific(31, constructed: false))
        var strict = DERReader(bytes)
        #expect(throws: DERError(.highTagNumber, at: 2)) {
            try strict.nested(.sequence) { (r) throws(DERError) in try r.readElement() }
        }
    }

    // MARK: Absolute offsets

    @Test func offsetsAreAbsoluteOnASlice() throws {
        let buffer = hexBytes("FF FF FF 30 03 02 01 05 FF")
        var reader = DERReader(buffer[3..<8])
        #expect(reader.offset == 3)
        let element = try reader.readElement(.sequence)
        #expect(element.offset == 3)
        #expect(element.contentOffset == 5)
        #expect(element.encoded.startIndex == 3 && element.encoded.endIndex == 8)
        var inner = try reader.reader(overContentOf: element)
        #expect(try inner.readElement(.integer).contentOffset == 7)
        #expect(inner.depth == 1)
        try reader.finish()
    }

    @Test(arguments: [
        ("FF FF FF 30 80 00 00", DERError(.indefiniteLength, at: 4)),
        ("FF FF FF 30 04 02 01 05", DERError(.truncated, at: 3)),
        ("FF FF FF 02 01 05 00", DERError(.trailingData, at: 6)),
        ("FF FF FF 30 02 02 01", DERError(.truncated, at: 5)),
    ])
    func errorOffsetsAreAbsoluteOnASlice(hex: String, error: DERError) {
        let buffer = hexBytes(hex)
        #expect(throws: error) {
            try DERReader.readAll(buffer[3...]) { (r) throws(DERError) in
                if try r.peekTag() == .sequence {
                    _ = try r.nested(.sequence) { (s) throws(DERError) in try s.readElement() }
                } else {
                    _ = try r.readElement()
                }
            }
        }
    }

    @Test func readerNeverLooksPastItsSlice() {
        // The content is in the buffer, but beyond the end of the slice the reader was given.
        let buffer = hexBytes("04 03 AA BB CC")
        var reader = DERReader(buffer[0..<4])
        #expect(throws: DERError(.truncated, at: 0)) { try reader.readElement() }
    }
}
