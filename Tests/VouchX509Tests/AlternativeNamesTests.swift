import Testing
import VouchDER
import VouchX509

/// subjectAltName and issuerAltName (RFC 5280 §4.2.1.6–7): `GeneralNames`, with every GeneralName form.
@Suite struct AlternativeNamesTests {
    /// One GeneralName of each form and how it decodes.
    static let forms: [(String, String)] = [
        ("A0 0A 06 03 2A 03 04 A0 03 0C 01 61", "other:1.2.3.4=0c0161"),
        ("81 0D 61 40 65 78 61 6D 70 6C 65 2E 63 6F 6D", "email:a@example.com"),
        ("82 0B 65 78 61 6D 70 6C 65 2E 63 6F 6D", "dns:example.com"),
        ("A3 02 30 00", "x400:3000"),
        ("A4 11 30 0F 31 0D 30 0B 06 03 55 04 03 0C 04 74 65 73 74", "dir:CN=test"),
        ("A5 05 A1 03 0C 01 62", "edi:a1030c0162"),
        ("86 0F 68 74 74 70 3A 2F 2F 61 2E 74 65 73 74 2F 78", "uri:http://a.test/x"),
        ("87 04 C0 00 02 01", "ip:c0000201"),
        ("87 10 20 01 0D B8 00 00 00 00 00 00 00 00 00 00 00 01", "ip:20010db8000000000000000000000001"),
        // Lengths other than 4 and 16 parse: SECTRUST.md §5 judges the IP list later.
        ("87 05 C0 00 02 01 00", "ip:c000020100"),
        ("88 03 2A 03 04", "rid:1.2.3.4"),
        // dNSName octets outside IA5 are kept: Apple decodes dNSName as UTF-8 and judges it later (§5).
        ("82 02 C3 A9", "dns:é"),
        ("82 00", "dns:"),
    ]

    @Test(arguments: forms)
    func eachForm(hex: String, rendered: String) throws {
        let value = DER.tlv(.sequence, hexBytes(hex))
        let san = try SubjectAlternativeNames(extensionValue: embedded(hexString(value)))
        #expect(render(san.names) == rendered)
        let ian = try IssuerAlternativeNames(extensionValue: embedded(hexString(value)))
        #expect(render(ian.names) == rendered)
    }

    @Test func allFormsInOrderAndTheAccessors() throws {
        let value = DER.tlv(.sequence, Self.forms.flatMap { hexBytes($0.0) })
        let san = try SubjectAlternativeNames(extensionValue: embedded(hexString(value)))
        #expect(san.names.map(render) == Self.forms.map(\.1))
        #expect(san.dnsNames.map(ascii) == ["example.com", "é", ""])
        #expect(san.ipAddresses.map(hexString) == ["c0000201", "20010db8000000000000000000000001", "c000020100"])
        #expect(san.emailAddresses == ["a@example.com"])
        #expect(san.uris == ["http://a.test/x"])
    }

    /// Malformed names inside a two-octet-header SEQUENCE (offsets count from the SEQUENCE).
    @Test(arguments: [
        // Wrong class, tag number or form.
        ("16 01 61", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false), found: .ia5String), at: 2)),
        ("A2 03 16 01 61", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false),
                                                   found: .contextSpecific(2, constructed: true)), at: 2)),
        ("A1 00", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false),
                                          found: .contextSpecific(1, constructed: true)), at: 2)),
        ("A6 00", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false),
                                          found: .contextSpecific(6, constructed: true)), at: 2)),
        ("A7 00", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false),
                                          found: .contextSpecific(7, constructed: true)), at: 2)),
        ("80 00", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false),
                                          found: .contextSpecific(0, constructed: false)), at: 2)),
        ("83 00", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false),
                                          found: .contextSpecific(3, constructed: false)), at: 2)),
        ("84 02 30 00", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false),
                                                found: .contextSpecific(4, constructed: false)), at: 2)),
        ("85 00", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false),
                                          found: .contextSpecific(5, constructed: false)), at: 2)),
        ("A8 00", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false),
                                          found: .contextSpecific(8, constructed: true)), at: 2)),
        ("89 01 00", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false),
                                             found: .contextSpecific(9, constructed: false)), at: 2)),
        ("C2 01 61", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false),
                                             found: DERTag(.private, 2, constructed: false)), at: 2)),
        ("BF 1F 00", DERError(.highTagNumber, at: 2)),
        // otherName: OID then [0] EXPLICIT value, nothing else.
        ("A0 05 06 03 2A 03 04", DERError(.missingElement(expected: .contextSpecific(0, constructed: true)), at: 9)),
        ("A0 07 06 03 2A 03 04 80 00", DERError(.unexpectedTag(expected: .contextSpecific(0, constructed: true),
                                                               found: .contextSpecific(0, constructed: false)), at: 9)),
        ("A0 0C 06 03 2A 03 04 A0 03 0C 01 61 05 00", DERError(.trailingData, at: 14)),
        ("A0 07 02 01 01 A0 02 05 00", DERError(.unexpectedTag(expected: .objectIdentifier, found: .integer), at: 4)),
        // directoryName: exactly one Name.
        ("A4 00", DERError(.missingElement(expected: .sequence), at: 4)),
        ("A4 02 31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 4)),
        ("A4 04 30 00 30 00", DERError(.trailingData, at: 6)),
        ("A4 04 30 02 30 00", DERError(.unexpectedTag(expected: .set, found: .sequence), at: 6)),
        // registeredID: a valid OID.
        ("88 00", DERError(.invalidObjectIdentifier, at: 4)),
        ("88 02 2A 83", DERError(.invalidObjectIdentifier, at: 5)),
        ("88 02 80 01", DERError(.nonMinimalObjectIdentifierArc, at: 4)),
        // Cut off inside the name.
        ("82 05 61", DERError(.truncated, at: 2)),
    ])
    func rejectsGeneralName(hex: String, error: DERError) throws {
        let value = hexString(DER.tlv(.sequence, hexBytes(hex)))
        #expect(throws: shifted(error)) { try IssuerAlternativeNames(extensionValue: embedded(value)) }
        // subjectAltName is read as Apple reads it: the tags only. An otherName, directoryName or
        // registeredID whose content does not decode is kept undecoded; a constructed [6] must
        // hold an IA5String; any other tag is refused as for issuerAltName.
        let identifier = hexBytes(hex)[0]
        let number = Int(identifier & 0x1F), constructed = identifier & 0x20 != 0
        if identifier & 0xC0 == 0x80, [0, 4, 8].contains(number), constructed == (number != 8) {
            let names = try SubjectAlternativeNames(extensionValue: embedded(value))
            #expect(names.names.isEmpty)
            #expect(names.undecodedNames.map(\.form) == [number])
        } else if identifier == 0xA6 {
            #expect(throws: DERError.self) { try SubjectAlternativeNames(extensionValue: embedded(value)) }
        } else {
            #expect(throws: shifted(error)) { try SubjectAlternativeNames(extensionValue: embedded(value)) }
        }
    }

    @Test("a constructed [6] holding an IA5String is a URI, as Apple reads it (old CAs wrote it so)")
    func constructedURI() throws {
        let names = try SubjectAlternativeNames(extensionValue: embedded("30 07 A6 05 16 03 61 3A 62"))
        #expect(names.uris == ["a:b"])
        #expect(throws: DERError.self) { try SubjectAlternativeNames(extensionValue: embedded("30 07 A6 05 0C 03 61 3A 62")) }
    }

    @Test(arguments: [
        // GeneralNames ::= SEQUENCE SIZE (1..MAX): empty is rejected where the first name should be.
        ("30 00", DERError(.missingElement(expected: .contextSpecific(2, constructed: false)), at: 2)),
        ("", DERError(.missingElement(expected: .sequence), at: 0)),
        ("31 03 82 01 61", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        ("A0 03 82 01 61", DERError(.unexpectedTag(expected: .sequence, found: .contextSpecific(0, constructed: true)), at: 0)),
        ("30 03 82 01 61 00", DERError(.trailingData, at: 5)),
        ("30 03 82 01 61 30 03 82 01 62", DERError(.trailingData, at: 5)),
        ("30 05 82 01 61", DERError(.truncated, at: 0)),
    ])
    func rejectsGeneralNames(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try SubjectAlternativeNames(extensionValue: embedded(hex)) }
        #expect(throws: shifted(error)) { try IssuerAlternativeNames(extensionValue: embedded(hex)) }
    }
}
