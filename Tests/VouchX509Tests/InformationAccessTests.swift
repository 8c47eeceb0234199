import Testing
import VouchDER
import VouchX509

/// authorityInfoAccess and subjectInfoAccess (RFC 5280 §4.2.2.1–2) and the SCT list (RFC 6962 §3.3).
@Suite struct InformationAccessTests {
    static func render(_ descriptions: [AccessDescription]) -> [String] {
        descriptions.map { "\($0.method.dotted)=\(VouchX509Tests.render($0.location))" }
    }

    @Test(arguments: [
        ("30 1D 30 1B 06 08 2B 06 01 05 05 07 30 01 86 0F 68 74 74 70 3A 2F 2F 61 2E 74 65 73 74 2F 78",
         ["1.3.6.1.5.5.7.48.1=uri:http://a.test/x"]),
        ("30 2C 30 1B 06 08 2B 06 01 05 05 07 30 01 86 0F 68 74 74 70 3A 2F 2F 61 2E 74 65 73 74 2F 78"
            + " 30 0D 06 08 2B 06 01 05 05 07 30 02 82 01 61",
         ["1.3.6.1.5.5.7.48.1=uri:http://a.test/x", "1.3.6.1.5.5.7.48.2=dns:a"]),
    ])
    func decodes(hex: String, expected: [String]) throws {
        #expect(Self.render(try AuthorityInformationAccess(extensionValue: embedded(hex)).descriptions) == expected)
        #expect(Self.render(try SubjectInformationAccess(extensionValue: embedded(hex)).descriptions) == expected)
    }

    @Test(arguments: [
        ("", DERError(.missingElement(expected: .sequence), at: 0)),
        ("31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        // AuthorityInfoAccessSyntax ::= SEQUENCE SIZE (1..MAX) OF AccessDescription.
        ("30 00", DERError(.missingElement(expected: .sequence), at: 2)),
        ("30 05 30 03 82 01 61", DERError(.unexpectedTag(expected: .objectIdentifier, found: .contextSpecific(2, constructed: false)), at: 4)),
        ("30 0C 30 0A 06 08 2B 06 01 05 05 07 30 01", DERError(.truncated, at: 14)),
        ("30 0F 30 0D 06 08 2B 06 01 05 05 07 30 01 16 01 61",
         DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false), found: .ia5String), at: 14)),
        ("30 11 30 0F 06 08 2B 06 01 05 05 07 30 01 82 01 61 05 00", DERError(.trailingData, at: 17)),
        ("30 0F 30 0D 06 08 2B 06 01 05 05 07 30 01 82 01 61 00", DERError(.trailingData, at: 17)),
    ])
    func rejects(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try AuthorityInformationAccess(extensionValue: embedded(hex)) }
        #expect(throws: shifted(error)) { try SubjectInformationAccess(extensionValue: embedded(hex)) }
    }

    @Test(arguments: [("04 03 00 01 02", "000102"), ("04 00", "")])
    func signedCertificateTimestamps(hex: String, list: String) throws {
        #expect(hexString(try SignedCertificateTimestamps(extensionValue: embedded(hex)).list) == list)
    }

    @Test(arguments: [
        ("", DERError(.missingElement(expected: .octetString), at: 0)),
        ("30 00", DERError(.unexpectedTag(expected: .octetString, found: .sequence), at: 0)),
        ("04 00 00", DERError(.trailingData, at: 2)),
        ("04 03 00 01", DERError(.truncated, at: 0)),
    ])
    func signedCertificateTimestampsRejected(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try SignedCertificateTimestamps(extensionValue: embedded(hex)) }
    }
}
