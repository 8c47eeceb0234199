import Testing

@testable import VouchDER

/// VouchDER's limits at N and N + 1 (issue 38 item 2), each input made from the constant, with
/// the error and its offset past the limit. maximumNestingDepth is ReaderTests and DERNodeTests.
@Suite struct LimitTests {
    @Test("the limits are the documented ones")
    func values() {
        #expect(DERLimits.maximumLengthOctets == 4)
        #expect(DERLimits.maximumElementLength == 1 << 30)
        #expect(DERLimits.maximumHighTagNumber == (1 << 28) - 1)
        #expect(PEM.maximumLineLength == 76)
    }

    static func readFirst(_ bytes: [UInt8], options: DERReader.Options = []) throws(DERError) -> DERElement {
        var reader = DERReader(bytes, options: options)
        return try reader.readElement()
    }

    /// An OCTET STRING header whose length is written in `octets` octets, the first one 0x01.
    static func header(lengthOctets octets: Int) -> (header: [UInt8], length: Int) {
        let lengthBytes = [0x01] + [UInt8](repeating: 0, count: octets - 1)
        return ([0x04, 0x80 | UInt8(octets)] + lengthBytes, lengthBytes.reduce(0) { $0 << 8 | Int($1) })
    }

    @Test("maximumLengthOctets: a length in 4 octets is read, one in 5 is refused at the length")
    func lengthOctets() throws {
        let limit = DERLimits.maximumLengthOctets
        let within = Self.header(lengthOctets: limit)
        let element = try Self.readFirst(within.header + [UInt8](repeating: 0, count: within.length))
        #expect(element.length == within.length && element.headerLength == 2 + limit)
        #expect(throws: DERError(.lengthTooLong, at: 1)) { try Self.readFirst(Self.header(lengthOctets: limit + 1).header) }
    }

    /// An OCTET STRING header claiming `length` content octets (none given), in 4 length octets.
    static func claiming(_ length: Int) -> [UInt8] {
        [0x04, 0x84] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }
    }

    @Test("maximumElementLength: a claim of 2^30 octets is only short of input; 2^30 + 1 is too large")
    func elementLength() {
        let limit = DERLimits.maximumElementLength
        #expect(throws: DERError(.truncated, at: 0)) { try Self.readFirst(Self.claiming(limit)) }
        #expect(throws: DERError(.elementTooLarge, at: 1)) { try Self.readFirst(Self.claiming(limit + 1)) }
    }

    /// The high-tag-number form of `number` (APPLICATION, primitive), base 128.
    static func highTag(_ number: UInt64) -> [UInt8] {
        var groups: [UInt8] = []
        var rest = number
        repeat {
            groups.insert(UInt8(rest & 0x7F), at: 0)
            rest >>= 7
        } while rest > 0
        for index in groups.indices.dropLast() { groups[index] |= 0x80 }
        return [0x5F] + groups + [0x00]
    }

    @Test("maximumHighTagNumber: tag 2^28 − 1 is read when high tags are allowed; 2^28 is refused at its last octet")
    func highTagNumber() throws {
        let limit = DERLimits.maximumHighTagNumber
        let within = Self.highTag(UInt64(limit))
        #expect(try Self.readFirst(within, options: .allowHighTagNumbers).tag == DERTag(.application, limit, constructed: false))
        let past = Self.highTag(UInt64(limit) + 1)
        #expect(throws: DERError(.invalidHighTagNumber, at: past.count - 2)) {
            try Self.readFirst(past, options: .allowHighTagNumbers)
        }
    }

    /// A CERTIFICATE block of 60 octets whose base64 (80 characters) is split after `first`.
    static func block(firstLine first: Int) -> (text: [UInt8], bodyOffset: Int) {
        let body = Array(Base64.encode((0..<60).map(UInt8.init)).utf8)
        let begin = Array("-----BEGIN CERTIFICATE-----\n".utf8)
        let text = begin + body[..<first] + [0x0A] + body[first...] + Array("\n-----END CERTIFICATE-----\n".utf8)
        return (text, begin.count)
    }

    @Test("PEM.maximumLineLength: base64 lines of 76 characters are read, a line of 77 is refused where it starts")
    func pemLineLength() throws {
        let limit = PEM.maximumLineLength
        let within = Self.block(firstLine: limit)
        #expect(try PEM.certificates(in: within.text[...]) == [(0..<60).map(UInt8.init)])
        let past = Self.block(firstLine: limit + 1)
        #expect(throws: PEMError(kind: .invalidLineLength, offset: past.bodyOffset)) { try PEM.certificates(in: past.text[...]) }
    }
}
