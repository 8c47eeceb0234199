import Testing
import VouchDER
import VouchX509

/// Names: RFC 4514 text, attribute order, equality by bytes, structure checks.
@Suite struct DistinguishedNameTests {
    /// A Name from RDNs of (type, value element DER).
    static func name(_ rdns: [[(OID, [UInt8])]]) -> [UInt8] {
        DER.tlv(.sequence, rdns.flatMap { rdn in DER.tlv(.set, rdn.flatMap { DER.sequence(DER.oid($0.0), $0.1) }) })
    }
    static func utf8(_ text: String) -> [UInt8] { DER.string(.utf8String, text) }
    static let email = OID(dotted: "1.2.840.113549.1.9.1") ?? .anyPolicy
    static let serialNumber = OID(dotted: "2.5.4.5") ?? .anyPolicy

    @Test(arguments: [
        (name([]), ""),
        (name([[(.commonName, utf8("test"))]]), "CN=test"),
        // Most significant RDN last in the text.
        (name([[(.countryName, DER.string(.printableString, "US"))], [(.organizationName, utf8("Org"))], [(.commonName, utf8("a"))]]),
         "CN=a,O=Org,C=US"),
        // §2.4 escapes: , + " \ < > ; anywhere, # and space at the start, space at the end, NUL as \00.
        (name([[(.commonName, utf8("a,b+c\"d\\e<f>g;h"))]]), "CN=a\\,b\\+c\\\"d\\\\e\\<f\\>g\\;h"),
        (name([[(.commonName, utf8("#x#"))]]), "CN=\\#x#"),
        (name([[(.commonName, utf8(" a b "))]]), "CN=\\ a b\\ "),
        (name([[(.commonName, utf8(" "))]]), "CN=\\ "),
        (name([[(.commonName, utf8("a\u{0}b"))]]), "CN=a\\00b"),
        (name([[(.commonName, utf8("a=b"))]]), "CN=a=b"),
        (name([[(.commonName, utf8("é"))]]), "CN=é"),
        // A multi-valued RDN: `+`, in encoding order.
        (name([[(.countryName, DER.string(.printableString, "US"))], [(.commonName, utf8("a")), (.organizationName, utf8("b"))]]),
         "CN=a+O=b,C=US"),
        // The short names, and dotted OIDs for everything else.
        (name([[(.userID, utf8("u"))], [(.domainComponent, DER.string(.ia5String, "com"))], [(.streetAddress, utf8("s"))],
               [(.localityName, utf8("l"))], [(.stateOrProvinceName, utf8("st"))], [(.organizationalUnitName, utf8("ou"))]]),
         "OU=ou,ST=st,L=l,STREET=s,DC=com,UID=u"),
        (name([[(email, DER.string(.ia5String, "a@b"))], [(serialNumber, DER.string(.printableString, "12 3"))]]),
         "2.5.4.5=12 3,1.2.840.113549.1.9.1=a@b"),
        // Values that are not strings: # and the hex of their DER, never escaped.
        (name([[(serialNumber, DER.integer([5]))]]), "2.5.4.5=#020105"),
        (name([[(.commonName, DER.octetString([0xFF]))]]), "CN=#0401ff"),
        (name([[(.commonName, DER.sequence(DER.null))]]), "CN=#30020500"),
        // String types decoded by their own rules.
        (name([[(.commonName, DER.tlv(.bmpString, [0x00, 0x41, 0x00, 0xE9]))]]), "CN=Aé"),
        (name([[(.commonName, DER.tlv(.universalString, [0, 0, 0, 0x41, 0, 0x01, 0xF6, 0x00]))]]), "CN=A😀"),
        (name([[(.commonName, DER.tlv(.teletexString, [0x41, 0xE9]))]]), "CN=Aé"),
        (name([[(.commonName, DER.string(.visibleString, "v"))], [(.commonName, DER.string(.numericString, "42"))]]), "CN=42,CN=v"),
        (name([[(.commonName, DER.tlv(.bmpString, [0x00, 0x2C]))]]), "CN=\\,"),
        // A PrintableString with a character outside its set still renders (Apple does not check).
        (name([[(.commonName, DER.string(.printableString, "*.example.com"))]]), "CN=*.example.com"),
    ])
    func rfc4514(der: [UInt8], text: String) throws {
        let name = try DistinguishedName(derEncoded: der[...])
        #expect(name.rfc4514 == text)
        #expect(name.description == text)
        #expect(Array(name.encoded) == der)
    }

    @Test func attributesInEncodingOrder() throws {
        let der = Self.name([[(.countryName, DER.string(.printableString, "US"))],
                             [(.commonName, Self.utf8("a")), (.organizationName, Self.utf8("b")), (.commonName, Self.utf8("c"))]])
        let name = try DistinguishedName(derEncoded: der[...])
        #expect(name.relativeDistinguishedNames.map(\.count) == [1, 3])
        #expect(name.attributes.map(\.type) == [.countryName, .commonName, .organizationName, .commonName])
        #expect(name.attributes.map(\.text) == ["US", "a", "b", "c"])
        #expect(name.commonNames == ["a", "c"])
        #expect(!name.isEmpty)
        #expect(try DistinguishedName(derEncoded: Self.name([])[...]).isEmpty)
        // Only empty SETs: no attribute, so empty, as the attribute list says.
        for der: [UInt8] in [[0x30, 0x02, 0x31, 0x00], [0x30, 0x04, 0x31, 0x00, 0x31, 0x00]] {
            let onlyEmptySets = try DistinguishedName(derEncoded: der[...])
            #expect(onlyEmptySets.isEmpty && onlyEmptySets.attributes.isEmpty)
        }
        let trailingEmptySet = Self.name([[(.commonName, Self.utf8("a"))]])
        // SEQUENCE { SET { CN=a }, SET {} }: the content grows by the empty SET's two octets.
        let withEmptySet = try DistinguishedName(
            derEncoded: ([0x30, UInt8(trailingEmptySet.count)] + trailingEmptySet.dropFirst(2) + [0x31, 0x00])[...])
        #expect(!withEmptySet.isEmpty)
        // Attribute values are views into the input.
        #expect(name.attributes.first?.value.offset == 11)
    }

    @Test func equalityIsByBytes() throws {
        let printable = try DistinguishedName(derEncoded: Self.name([[(.commonName, DER.string(.printableString, "Org"))]])[...])
        let utf8 = try DistinguishedName(derEncoded: Self.name([[(.commonName, Self.utf8("Org"))]])[...])
        let again = try DistinguishedName(derEncoded: ([0xEE] + Self.name([[(.commonName, Self.utf8("Org"))]]))[1...])
        #expect(printable.rfc4514 == utf8.rfc4514)
        #expect(printable != utf8)
        #expect(utf8 == again)
        #expect(utf8.hashValue == again.hashValue)
        #expect(Set([printable, utf8, again]).count == 2)
    }

    @Test(arguments: [
        ("", DERError(.missingElement(expected: .sequence), at: 0)),
        ("31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        ("30 00 00", DERError(.trailingData, at: 2)),
        ("30 02 30 00", DERError(.unexpectedTag(expected: .set, found: .sequence), at: 2)),
        ("30 04 31 02 31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 4)),
        ("30 04 31 02 30 00", DERError(.missingElement(expected: .objectIdentifier), at: 6)),
        ("30 06 31 04 30 02 05 00", DERError(.unexpectedTag(expected: .objectIdentifier, found: .null), at: 6)),
        ("30 07 31 05 30 03 06 01 00", DERError(.truncated, at: 9)),
        ("30 0A 31 08 30 06 06 01 00 05 00 00", DERError(.trailingData, at: 11)),
        ("30 0A 31 08 30 06 06 01 00 1F 01 00", DERError(.highTagNumber, at: 9)),
        ("30 09 31 07 30 05 06 01 00 2C 00", DERError(.wrongConstruction(DERTag(.universal, 12, constructed: true)), at: 9)),
    ])
    func malformed(hex: String, error: DERError) {
        #expect(throws: error) { try DistinguishedName(derEncoded: hexBytes(hex)[...]) }
    }
}
