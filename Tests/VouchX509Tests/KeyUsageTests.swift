import Testing
import VouchDER
import VouchX509

/// keyUsage (RFC 5280 §4.2.1.3): a BIT STRING of one or two data octets, as Apple reads it (SECTRUST.md §10).
@Suite struct KeyUsageTests {
    typealias Usage = KeyUsage.Usage

    @Test(arguments: [
        ("03 02 07 80", [Usage.digitalSignature]),
        ("03 02 05 A0", [.digitalSignature, .keyEncipherment]),
        ("03 02 01 06", [.keyCertSign, .cRLSign]),
        ("03 02 03 08", [.keyAgreement]),
        ("03 02 00 FF", [.digitalSignature, .contentCommitment, .keyEncipherment, .dataEncipherment, .keyAgreement,
                         .keyCertSign, .cRLSign, .encipherOnly]),
        ("03 03 07 80 80", [.digitalSignature, .decipherOnly]),
        ("03 03 07 00 80", [.decipherOnly]),
        // Trailing zero bits (not DER's minimal form) are tolerated, as Apple does.
        ("03 02 00 80", [.digitalSignature]),
        ("03 03 00 04 00", [.keyCertSign]),
        // No bit set parses: a critical KU without bits counts as "present without keyCertSign".
        ("03 02 00 00", []),
    ])
    func decodes(hex: String, usages: [Usage]) throws {
        let keyUsage = try KeyUsage(extensionValue: embedded(hex))
        #expect(keyUsage.usages == usages)
        for usage in Usage.allCases { #expect(keyUsage.contains(usage) == usages.contains(usage), "\(usage.name)") }
    }

    @Test(arguments: [
        // Apple reads one or two data octets: none and three are rejected at the BIT STRING.
        ("03 01 00", DERError(.invalidBitStringLength, at: 0)),
        ("03 04 00 80 00 00", DERError(.invalidBitStringLength, at: 0)),
        ("03 04 07 80 80 80", DERError(.invalidBitStringLength, at: 0)),
        // BIT STRING rules of VouchDER (X.690 §8.6.2, §11.2.1).
        ("03 00", DERError(.invalidBitStringLength, at: 2)),
        ("03 02 08 00", DERError(.invalidBitStringLength, at: 2)),
        ("03 02 07 81", DERError(.nonZeroBitStringPadding, at: 3)),
        ("03 03 07 80 01", DERError(.nonZeroBitStringPadding, at: 4)),
        ("04 02 07 80", DERError(.unexpectedTag(expected: .bitString, found: .octetString), at: 0)),
        ("23 02 07 80", DERError(.wrongConstruction(DERTag(.universal, 3, constructed: true)), at: 0)),
        ("03 02 07 80 00", DERError(.trailingData, at: 4)),
        ("03 03 07 80", DERError(.truncated, at: 0)),
        ("", DERError(.missingElement(expected: .bitString), at: 0)),
    ])
    func rejects(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try KeyUsage(extensionValue: embedded(hex)) }
    }

    @Test(arguments: zip(Usage.allCases, ["digitalSignature", "contentCommitment", "keyEncipherment",
        "dataEncipherment", "keyAgreement", "keyCertSign", "cRLSign", "encipherOnly", "decipherOnly"]))
    func names(usage: Usage, name: String) {
        #expect(usage.name == name)
    }
}
