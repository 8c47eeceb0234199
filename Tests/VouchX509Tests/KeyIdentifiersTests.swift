import Testing
import VouchDER
import VouchX509

/// subjectKeyIdentifier (RFC 5280 §4.2.1.2) and authorityKeyIdentifier (§4.2.1.1).
@Suite struct KeyIdentifiersTests {
    @Test(arguments: [("04 04 01 02 03 04", "01020304"), ("04 00", ""), ("04 01 FF", "ff")])
    func subjectKeyIdentifier(hex: String, keyIdentifier: String) throws {
        #expect(hexString(try SubjectKeyIdentifier(extensionValue: embedded(hex)).keyIdentifier) == keyIdentifier)
    }

    @Test(arguments: [
        ("", DERError(.missingElement(expected: .octetString), at: 0)),
        ("30 00", DERError(.unexpectedTag(expected: .octetString, found: .sequence), at: 0)),
        ("24 00", DERError(.wrongConstruction(DERTag(.universal, 4, constructed: true)), at: 0)),
        ("04 01 01 00", DERError(.trailingData, at: 3)),
        ("04 05 01", DERError(.truncated, at: 0)),
    ])
    func subjectKeyIdentifierRejects(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try SubjectKeyIdentifier(extensionValue: embedded(hex)) }
    }

    /// Rows: value, keyIdentifier, authorityCertIssuer, authorityCertSerialNumber ("-" = absent).
    @Test(arguments: [
        ("30 00", "-", "-", "-"),
        ("30 06 80 04 01 02 03 04", "01020304", "-", "-"),
        ("30 02 80 00", "", "-", "-"),
        ("30 0C 80 02 AA BB A1 03 82 01 61 82 01 05", "aabb", "dns:a", "05"),
        ("30 09 A1 03 82 01 61 82 02 00 80", "-", "dns:a", "0080"),
        ("30 08 A1 03 82 01 61 82 01 FF", "-", "dns:a", "ff"),
    ])
    func authorityKeyIdentifier(hex: String, keyIdentifier: String, issuer: String, serial: String) throws {
        let aki = try AuthorityKeyIdentifier(extensionValue: embedded(hex))
        #expect(aki.keyIdentifier.map(hexString) ?? "-" == keyIdentifier)
        #expect(render(aki.authorityCertIssuer) == issuer)
        #expect(aki.authorityCertSerialNumber.map(hexString) ?? "-" == serial)
    }

    @Test(arguments: [
        ("", DERError(.missingElement(expected: .sequence), at: 0)),
        ("31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        ("30 00 00", DERError(.trailingData, at: 2)),
        // Wrong form or order of the tagged fields.
        ("30 02 A0 00", DERError(.trailingData, at: 2)),
        ("30 08 82 01 05 A1 03 82 01 61", DERError(.trailingData, at: 5)),
        ("30 08 A1 03 82 01 61 80 01 05", DERError(.trailingData, at: 7)),
        // authorityCertIssuer: GeneralNames SIZE (1..MAX) of well-formed names.
        ("30 02 A1 00", DERError(.missingElement(expected: .contextSpecific(2, constructed: false)), at: 4)),
        ("30 04 A1 02 05 00", DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false), found: .null), at: 4)),
        // authorityCertSerialNumber: an INTEGER in minimal form.
        ("30 07 A1 03 82 01 61 82 00", DERError(.emptyInteger, at: 9)),
        ("30 09 A1 03 82 01 61 82 02 00 01", DERError(.nonMinimalInteger, at: 9)),
        // authorityCertIssuer and authorityCertSerialNumber MUST both be present or both absent
        // (RFC 5280 §4.2.1.1); Apple's parser rejects one without the other.
        ("30 05 A1 03 82 01 61", DERError(.missingElement(expected: .contextSpecific(2, constructed: false)), at: 7)),
        ("30 09 80 02 AA BB A1 03 82 01 61", DERError(.missingElement(expected: .contextSpecific(2, constructed: false)), at: 11)),
        ("30 03 82 01 05", DERError(.missingElement(expected: .contextSpecific(1, constructed: true)), at: 2)),
        ("30 07 80 02 AA BB 82 01 05", DERError(.missingElement(expected: .contextSpecific(1, constructed: true)), at: 6)),
    ])
    func authorityKeyIdentifierRejects(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try AuthorityKeyIdentifier(extensionValue: embedded(hex)) }
    }
}
