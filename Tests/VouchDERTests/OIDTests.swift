import Testing
@testable import VouchDER

/// Reads one OBJECT IDENTIFIER element from `hex`.
private func readOID(_ bytes: [UInt8]) throws(DERError) -> OID {
    var reader = DERReader(bytes)
    return try reader.readOID()
}

@Suite struct OIDTests {
    @Test(arguments: [
        ("06 03 55 04 03", "2.5.4.3"),
        ("06 09 2A 86 48 86 F7 0D 01 01 0B", "1.2.840.113549.1.1.11"),
        ("06 01 00", "0.0"),
        ("06 01 27", "0.39"),
        ("06 01 28", "1.0"),
        ("06 01 4F", "1.39"),
        ("06 01 50", "2.0"),
        ("06 02 88 37", "2.999"),
        ("06 0A 09 92 26 89 93 F2 2C 64 01 19", "0.9.2342.19200300.100.1.25"),
        // The largest arc there is: 2^64 − 1, ten octets with a first octet of 0x81.
        ("06 0B 2A 81 FF FF FF FF FF FF FF FF 7F", "1.2.18446744073709551615"),
        ("06 0A 81 FF FF FF FF FF FF FF FF 7F", "2.18446744073709551535"),  // first subidentifier 2^64 − 1
    ])
    func accepted(hex: String, dotted: String) throws {
        let oid = try readOID(hexBytes(hex))
        #expect(oid.dotted == dotted)
        #expect(oid.description == dotted)
        #expect(Array(oid.bytes) == Array(hexBytes(hex).dropFirst(2)))
        #expect(OID(dotted: dotted) == oid)
    }

    @Test(arguments: [
        ("06 00", DERError(.invalidObjectIdentifier, at: 2)),
        ("06 02 55 84", DERError(.invalidObjectIdentifier, at: 3)),  // last arc cut off
        ("06 01 80", DERError(.invalidObjectIdentifier, at: 2)),
        ("06 02 80 01", DERError(.nonMinimalObjectIdentifierArc, at: 2)),  // leading 0x80, first arc
        ("06 04 55 04 80 03", DERError(.nonMinimalObjectIdentifierArc, at: 4)),  // leading 0x80, later arc
        ("06 05 55 04 03 80 01", DERError(.nonMinimalObjectIdentifierArc, at: 5)),
        // 2^64: one above the largest arc; rejected at the arc's tenth octet.
        ("06 0B 2A 82 80 80 80 80 80 80 80 80 00", DERError(.objectIdentifierArcTooLarge, at: 12)),
        // 2^70, eleven octets: rejected at the eleventh.
        ("06 0C 2A 81 80 80 80 80 80 80 80 80 80 00", DERError(.objectIdentifierArcTooLarge, at: 13)),
        ("26 03 55 04 03", DERError(.wrongConstruction(DERTag(.universal, 6, constructed: true)), at: 0)),
    ])
    func rejected(hex: String, error: DERError) {
        #expect(throws: error) { try readOID(hexBytes(hex)) }
    }

    @Test func offsetsOnASlice() {
        let buffer = hexBytes("FF FF 06 03 55 80 03")
        var reader = DERReader(buffer[2...])
        #expect(throws: DERError(.nonMinimalObjectIdentifierArc, at: 5)) { try reader.readOID() }
    }

    @Test(arguments: [
        "0.0", "0.39", "1.0", "1.39", "2.0", "2.39", "2.40", "2.999", "2.25.1",
        "1.2.840.113549.1.1.11", "1.3.6.1.4.1.11129.2.4.2", "0.9.2342.19200300.100.1.1",
        "1.2.18446744073709551615", "1.3.6.1.4.1.9223372036854775808.0", "2.18446744073709551535",
    ])
    func dottedRoundTrip(dotted: String) throws {
        let fromText = try #require(OID(dotted: dotted))
        #expect(fromText.dotted == dotted)
        // The octets made from text must also pass the decoder's checks.
        let encoded: [UInt8] = [0x06, UInt8(fromText.bytes.count)] + fromText.bytes
        let decoded = try readOID(encoded)
        #expect(decoded == fromText)
        #expect(decoded.hashValue == fromText.hashValue)
        #expect(decoded.arcs.map(String.init).joined(separator: ".") == dotted)
    }

    @Test(arguments: [
        "", "1", "1.", ".1.2", "1..2", "1.2.", "3.1", "1.40", "0.40", "01.2", "1.02", "1.2.a", "1.2.-3",
        "+1.2", "1.+2", " 1.2", "1.2 ", "1.2.18446744073709551616", "2.18446744073709551536",
        "2.25.329800735698586629295641978511506172918", "1.2.٣",
    ])
    func dottedRejected(text: String) {
        #expect(OID(dotted: text) == nil)
    }

    @Test func comparisonUsesTheOctets() throws {
        let cn = try readOID(hexBytes("06 03 55 04 03"))
        #expect(cn == OID(dotted: "2.5.4.3"))
        #expect(cn != OID(dotted: "2.5.4.3.0"))
        #expect(cn != OID(dotted: "2.5.4.4"))
        #expect(Set([cn, try readOID(hexBytes("06 03 55 04 03"))]).count == 1)
    }

    @Test(arguments: OIDNames.entries.map { ($0.dotted, $0.name) })
    func everyNamedOIDParsesAndResolves(dotted: String, name: String) throws {
        let oid = try #require(OID(dotted: dotted))
        #expect(oid.dotted == dotted)  // the table is written in canonical form
        #expect(oid.name == name)
    }

    @Test func namedOIDsAreUnique() {
        let dotted = OIDNames.entries.map(\.dotted)
        #expect(Set(dotted).count == dotted.count)
        #expect(OIDNames.table.count == dotted.count)
    }

    @Test func unknownOIDHasNoName() throws {
        #expect(try readOID(hexBytes("06 03 55 04 7F")).name == nil)
        #expect(try readOID(hexBytes("06 03 55 04 03")).name == "commonName")
        #expect(try readOID(hexBytes("06 09 2A 86 48 86 F7 0D 01 01 0B")).name == "sha256WithRSAEncryption")
    }
}
