import Testing
import VouchDER
import VouchX509

/// extendedKeyUsage (RFC 5280 §4.2.1.12): `SEQUENCE OF KeyPurposeId`.
@Suite struct ExtendedKeyUsageTests {
    @Test(arguments: [
        // SIZE (1..MAX) in RFC 5280, but Apple's parser accepts an empty list and the EKU checks of
        // SECTRUST.md §4.4 treat "present but empty" on intermediates apart, so it must parse.
        ("30 00", [OID]()),
        ("30 0A 06 08 2B 06 01 05 05 07 03 01", [.serverAuth]),
        ("30 14 06 08 2B 06 01 05 05 07 03 01 06 08 2B 06 01 05 05 07 03 02", [.serverAuth, .clientAuth]),
        ("30 06 06 04 55 1D 25 00", [.anyExtendedKeyUsage]),
        ("30 14 06 08 2B 06 01 05 05 07 03 02 06 08 2B 06 01 05 05 07 03 02", [.clientAuth, .clientAuth]),
    ])
    func decodes(hex: String, purposes: [OID]) throws {
        let usage = try ExtendedKeyUsage(extensionValue: embedded(hex))
        #expect(usage.purposes == purposes)
        #expect(usage.contains(.serverAuth) == purposes.contains(.serverAuth))
        #expect(!usage.contains(.ocspSigning))
    }

    @Test(arguments: [
        ("", DERError(.missingElement(expected: .sequence), at: 0)),
        ("31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        ("30 03 02 01 01", DERError(.unexpectedTag(expected: .objectIdentifier, found: .integer), at: 2)),
        ("30 02 06 00", DERError(.invalidObjectIdentifier, at: 4)),
        ("30 03 06 01 80", DERError(.invalidObjectIdentifier, at: 4)),
        ("30 04 06 02 80 01", DERError(.nonMinimalObjectIdentifierArc, at: 4)),
        ("30 00 05 00", DERError(.trailingData, at: 2)),
        ("30 0A 06 08 2B 06 01 05 05 07 03", DERError(.truncated, at: 0)),
        ("30 03 06 08 2B", DERError(.truncated, at: 2)),
    ])
    func rejects(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try ExtendedKeyUsage(extensionValue: embedded(hex)) }
    }
}
