import Testing
@testable import VouchDER

@Suite struct PrimitiveTests {
    // MARK: BOOLEAN (X.690 §11.1) and NULL (§8.8)

    @Test(arguments: [("01 01 00", false), ("01 01 FF", true)])
    func booleanAccepted(hex: String, value: Bool) throws {
        var reader = DERReader(hexBytes(hex))
        #expect(try reader.readBoolean() == value)
    }

    @Test(arguments: [
        ("01 01 01", DERError(.invalidBoolean, at: 2)),
        ("01 01 7F", DERError(.invalidBoolean, at: 2)),
        ("01 01 80", DERError(.invalidBoolean, at: 2)),
        ("01 00", DERError(.invalidBoolean, at: 2)),
        ("01 02 FF 00", DERError(.invalidBoolean, at: 2)),
        ("21 01 FF", DERError(.wrongConstruction(DERTag(.universal, 1, constructed: true)), at: 0)),
    ])
    func booleanRejected(hex: String, error: DERError) {
        var reader = DERReader(hexBytes(hex))
        #expect(throws: error) { try reader.readBoolean() }
    }

    @Test func implicitlyTaggedBoolean() throws {
        var reader = DERReader(hexBytes("81 01 FF 81 01 01"))
        #expect(try reader.readBoolean(.contextSpecific(1, constructed: false)) == true)
        #expect(throws: DERError(.invalidBoolean, at: 5)) { try reader.readBoolean(.contextSpecific(1, constructed: false)) }
    }

    @Test func null() throws {
        var reader = DERReader(hexBytes("05 00 05 01 00"))
        try reader.readNull()
        #expect(throws: DERError(.invalidNull, at: 4)) { try reader.readNull() }
    }

    @Test func octetStringIsAViewOfTheInput() throws {
        var reader = DERReader(hexBytes("04 03 01 02 03 24 00"))
        let content = try reader.readOctetString()
        #expect(Array(content) == [1, 2, 3])
        #expect(content.startIndex == 2)
        #expect(throws: DERError(.wrongConstruction(DERTag(.universal, 4, constructed: true)), at: 5)) {
            try reader.readOctetString()
        }
    }

    // MARK: INTEGER (X.690 §8.3)

    @Test(arguments: [
        ("02 01 00", 0), ("02 01 7F", 127), ("02 02 00 80", 128), ("02 02 00 FF", 255), ("02 02 01 00", 256),
        ("02 01 80", -128), ("02 01 FF", -1), ("02 02 FF 7F", -129), ("02 02 80 00", -32_768),
        ("0A 01 03", 3),  // ENUMERATED shares the rules
    ])
    func minimalIntegers(hex: String, value: Int) throws {
        let bytes = hexBytes(hex)
        var reader = DERReader(bytes)
        let integer = try reader.readInteger(bytes[0] == 0x0A ? .enumerated : .integer)
        #expect(integer.value(as: Int.self) == value)
        #expect(integer.isNegative == (value < 0))
        #expect(Array(integer.content) == Array(bytes.dropFirst(2)))
    }

    @Test(arguments: [
        ("02 02 00 7F", DERError(.nonMinimalInteger, at: 2)),
        ("02 02 00 00", DERError(.nonMinimalInteger, at: 2)),
        ("02 03 00 00 80", DERError(.nonMinimalInteger, at: 2)),
        ("02 02 FF 80", DERError(.nonMinimalInteger, at: 2)),
        ("02 02 FF FF", DERError(.nonMinimalInteger, at: 2)),
        ("02 00", DERError(.emptyInteger, at: 2)),
        ("0A 00", DERError(.emptyInteger, at: 2)),
        ("0A 02 00 01", DERError(.nonMinimalInteger, at: 2)),
    ])
    func nonMinimalIntegers(hex: String, error: DERError) {
        let bytes = hexBytes(hex)
        var reader = DERReader(bytes)
        #expect(throws: error) { try reader.readInteger(bytes[0] == 0x0A ? .enumerated : .integer) }
    }

    @Test(arguments: [
        // Int8 and UInt8 at their edges
        ("02 01 7F", "Int8", "127"), ("02 02 00 80", "Int8", "nil"),
        ("02 01 80", "Int8", "-128"), ("02 02 FF 7F", "Int8", "nil"),
        ("02 01 00", "UInt8", "0"), ("02 02 00 FF", "UInt8", "255"),
        ("02 02 01 00", "UInt8", "nil"), ("02 01 FF", "UInt8", "nil"), ("02 01 80", "UInt8", "nil"),
        // Int64 and UInt64 at theirs
        ("02 08 7F FF FF FF FF FF FF FF", "Int64", "9223372036854775807"),
        ("02 09 00 80 00 00 00 00 00 00 00", "Int64", "nil"),
        ("02 08 80 00 00 00 00 00 00 00", "Int64", "-9223372036854775808"),
        ("02 09 FF 7F FF FF FF FF FF FF FF", "Int64", "nil"),
        ("02 09 00 FF FF FF FF FF FF FF FF", "UInt64", "18446744073709551615"),
        ("02 09 01 00 00 00 00 00 00 00 00", "UInt64", "nil"),
        ("02 08 80 00 00 00 00 00 00 00", "UInt64", "nil"),
        // Int16 in between
        ("02 02 FF 7F", "Int16", "-129"), ("02 02 7F FF", "Int16", "32767"), ("02 03 00 80 00", "Int16", "nil"),
    ])
    func valueRanges(hex: String, type: String, expected: String) throws {
        var reader = DERReader(hexBytes(hex))
        let integer = try reader.readInteger()
        let value: String?
        switch type {
        case "Int8": value = integer.value(as: Int8.self).map { String($0) }
        case "UInt8": value = integer.value(as: UInt8.self).map { String($0) }
        case "Int16": value = integer.value(as: Int16.self).map { String($0) }
        case "Int64": value = integer.value(as: Int64.self).map { String($0) }
        default: value = integer.value(as: UInt64.self).map { String($0) }
        }
        #expect((value ?? "nil") == expected)
    }

    @Test func readIntegerAsAType() throws {
        var reader = DERReader(hexBytes("02 01 FF 02 01 FF 02 02 01 00 02 02 00 FF"))
        #expect(try reader.readInteger(as: Int8.self) == -1)
        #expect(throws: DERError(.integerOutOfRange, at: 5)) { try reader.readInteger(as: UInt32.self) }
        #expect(throws: DERError(.integerOutOfRange, at: 8)) { try reader.readInteger(as: UInt8.self) }
        #expect(try reader.readInteger(as: UInt8.self) == 255)
    }

    @Test(arguments: [
        ("02 01 00", ""), ("02 01 05", "05"), ("02 02 00 FF", "FF"), ("02 03 00 FF 01", "FF 01"),
        ("02 14 7F 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F 10 11 12 13",
         "7F 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F 10 11 12 13"),  // a 20-octet serial number
    ])
    func magnitude(hex: String, magnitude: String) throws {
        var reader = DERReader(hexBytes(hex))
        let integer = try reader.readInteger()
        #expect(Array(integer.magnitude) == hexBytes(magnitude))
        #expect(!integer.isNegative)
    }

    // MARK: BIT STRING (X.690 §8.6, §11.2)

    @Test(arguments: 0...7)
    func unusedBitsZeroToSeven(unused: Int) throws {
        // 0x80 has only its top bit set, so every padding of 0–7 bits is zero.
        var reader = DERReader([0x03, 0x03, UInt8(unused), 0xFF, 0x80])
        let bits = try reader.readBitString()
        #expect(bits.unusedBits == UInt8(unused))
        #expect(bits.bitCount == 16 - unused)
        #expect(Array(bits.bytes) == [0xFF, 0x80])
        #expect(bits.bytes.startIndex == 3)
    }

    @Test(arguments: [
        ("03 00", DERError(.invalidBitStringLength, at: 2)),  // no unused-bits octet
        ("03 02 08 00", DERError(.invalidBitStringLength, at: 2)),
        ("03 02 FF 00", DERError(.invalidBitStringLength, at: 2)),
        ("03 01 01", DERError(.invalidBitStringLength, at: 2)),  // unused bits but no data
        ("03 01 07", DERError(.invalidBitStringLength, at: 2)),
        ("03 02 01 01", DERError(.nonZeroBitStringPadding, at: 3)),
        ("03 02 07 C0", DERError(.nonZeroBitStringPadding, at: 3)),
        ("03 04 03 FF FF 09", DERError(.nonZeroBitStringPadding, at: 5)),  // offset of the last octet
        ("23 02 00 00", DERError(.wrongConstruction(DERTag(.universal, 3, constructed: true)), at: 0)),
    ])
    func bitStringRejected(hex: String, error: DERError) {
        var reader = DERReader(hexBytes(hex))
        #expect(throws: error) { try reader.readBitString() }
    }

    @Test func emptyBitString() throws {
        var reader = DERReader(hexBytes("03 01 00"))
        let bits = try reader.readBitString()
        #expect(bits.bitCount == 0)
        #expect(bits.bytes.isEmpty)
        #expect(!bits.isSet(0))
    }

    @Test func isSetAndBitCount() throws {
        // keyUsage digitalSignature (0) and keyEncipherment (2): 101, five unused bits.
        var reader = DERReader(hexBytes("03 02 05 A0 03 03 00 FF 01"))
        let keyUsage = try reader.readBitString()
        #expect(keyUsage.bitCount == 3)
        #expect((0..<4).map(keyUsage.isSet) == [true, false, true, false])
        #expect(!keyUsage.isSet(-1))
        let twoOctets = try reader.readBitString()
        #expect(twoOctets.bitCount == 16)
        #expect((0..<8).allSatisfy(twoOctets.isSet))
        #expect((8..<15).allSatisfy { !twoOctets.isSet($0) })
        #expect(twoOctets.isSet(15))
        #expect(!twoOctets.isSet(16))
    }

    @Test func offsetsOnASlice() {
        let buffer = hexBytes("00 00 00 00 02 02 00 05")
        var reader = DERReader(buffer[4...])
        #expect(throws: DERError(.nonMinimalInteger, at: 6)) { try reader.readInteger() }
        var bits = DERReader(hexBytes("00 00 03 02 03 01")[2...])
        #expect(throws: DERError(.nonZeroBitStringPadding, at: 5)) { try bits.readBitString() }
    }
}
