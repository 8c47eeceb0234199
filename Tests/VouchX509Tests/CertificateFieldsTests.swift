import Testing
import VouchDER
import VouchX509

/// The TBSCertificate fields SecCertificateCreateWithData judges one by one (SECTRUST.md §6, §10):
/// version, serial number and validity. Each row replaces one field of a built certificate.
@Suite struct CertificateFieldsTests {
    static func expect(_ builder: CertificateBuilder, _ outcome: Outcome, base field: X509Error.Field) -> Certificate? {
        if let error = outcome.error(base: builder.offset(of: field)) {
            #expect(throws: error) { try builder.parse() }
            return nil
        }
        do { return try builder.parse() } catch {
            Issue.record("expected the certificate to parse: \(error)")
            return nil
        }
    }

    // MARK: version: `[0] EXPLICIT INTEGER DEFAULT v1`; explicit values 1 and 2 only.

    @Test(arguments: [
        ("", Outcome.parses, 1),
        ("A0 03 02 01 01", .parses, 2),
        ("A0 03 02 01 02", .parses, 3),
        // An explicitly encoded v1 is rejected, as are v4 and beyond and negatives.
        ("A0 03 02 01 00", .fails(.unsupportedVersion, .version, at: 2), 0),
        ("A0 03 02 01 03", .fails(.unsupportedVersion, .version, at: 2), 0),
        ("A0 03 02 01 FF", .fails(.unsupportedVersion, .version, at: 2), 0),
        ("A0 0B 02 09 01 00 00 00 00 00 00 00 02", .fails(.unsupportedVersion, .version, at: 2), 0),
        ("A0 04 02 02 00 02", .fails(.malformed(.nonMinimalInteger), .version, at: 4), 0),
        ("A0 02 02 00", .fails(.malformed(.emptyInteger), .version, at: 4), 0),
        ("A0 05 02 01 02 05 00", .fails(.malformed(.trailingData), .version, at: 5), 0),
        ("A0 03 0A 01 02", .fails(.malformed(.unexpectedTag(expected: .integer, found: .enumerated)), .version, at: 2), 0),
        ("A0 00", .fails(.malformed(.missingElement(expected: .integer)), .version, at: 2), 0),
        // An IMPLICIT [0] is not the version: the serial number is expected there.
        ("80 01 02", .fails(.malformed(.unexpectedTag(expected: .integer, found: .contextSpecific(0, constructed: false))),
                            .serialNumber, at: 0), 0),
    ])
    func version(hex: String, outcome: Outcome, version: Int) {
        var builder = CertificateBuilder()
        builder.version = hexBytes(hex)
        #expect(Self.expect(builder, outcome, base: .version)?.version == (outcome.error(base: 0) == nil ? version : nil))
    }

    // MARK: serialNumber: 1 to 37 octets, minimal form not demanded (Apple's rule).

    @Test(arguments: [
        (DER.integer([0x01]), Outcome.parses),
        (DER.integer([0x00]), .parses),
        (DER.integer([0xFF]), .parses),
        (DER.integer([0x00, 0x01]), .parses),  // not minimal: accepted as Apple does
        (DER.integer([0xFF, 0x80]), .parses),
        (DER.integer([0x00] + [UInt8](repeating: 0x8F, count: 20)), .parses),
        (DER.integer([UInt8](repeating: 0x7F, count: 37)), .parses),
        (DER.integer([]), .fails(.invalidSerialNumberLength, .serialNumber, at: 0)),
        (DER.integer([UInt8](repeating: 0x7F, count: 38)), .fails(.invalidSerialNumberLength, .serialNumber, at: 0)),
        (DER.integer([UInt8](repeating: 0x7F, count: 200)), .fails(.invalidSerialNumberLength, .serialNumber, at: 0)),
        (DER.tlv(.enumerated, [0x01]), .fails(.malformed(.unexpectedTag(expected: .integer, found: .enumerated)), .serialNumber, at: 0)),
        (hexBytes("02 81 05 01 02 03 04 05"), .fails(.malformed(.nonMinimalLength), .serialNumber, at: 1)),
    ])
    func serialNumber(field: [UInt8], outcome: Outcome) {
        var builder = CertificateBuilder()
        builder.serialNumber = field
        guard let certificate = Self.expect(builder, outcome, base: .serialNumber) else { return }
        #expect(Array(certificate.serialNumber) == Array(field.dropFirst(2)))
    }

    // MARK: validity: the time forms of SECTRUST.md §6, errors in field .validity.

    static func utc(_ text: String) -> [UInt8] { DER.string(.utcTime, text) }
    static func generalized(_ text: String) -> [UInt8] { DER.string(.generalizedTime, text) }

    @Test(arguments: [
        (DER.sequence(utc("250101000000Z"), generalized("20260101000000Z")), "2025-01-01T00:00:00Z", "2026-01-01T00:00:00Z"),
        (DER.sequence(utc("2501010000Z"), utc("2601010000Z")), "2025-01-01T00:00:00Z", "2026-01-01T00:00:00Z"),
        (DER.sequence(utc("250101000000+0100"), utc("250102000000-0130")), "2024-12-31T23:00:00Z", "2025-01-02T01:30:00Z"),
        (DER.sequence(utc("491231235959Z"), utc("700101000000Z")), "2049-12-31T23:59:59Z", "1970-01-01T00:00:00Z"),
        (DER.sequence(generalized("20240229000000Z"), generalized("20241231235960Z")), "2024-02-29T00:00:00Z", "2025-01-01T00:00:00Z"),
        // UTCTime years 50–69 become 2001-01-01T00:00:00Z (Apple's quirk), whatever the rest says.
        (DER.sequence(utc("550101000000Z"), utc("691231235959Z")), "2001-01-01T00:00:00Z", "2001-01-01T00:00:00Z"),
        (DER.sequence(utc("500101000000Z"), utc("990101000000Z")), "2001-01-01T00:00:00Z", "1999-01-01T00:00:00Z"),
    ])
    func validityAccepted(field: [UInt8], notBefore: String, notAfter: String) throws {
        var builder = CertificateBuilder()
        builder.validity = field
        let validity = try builder.parse().validity
        #expect(validity.notBefore.rfc3339 == notBefore)
        #expect(validity.notAfter.rfc3339 == notAfter)
        let quirkYears = ["50", "55", "69"]
        #expect(validity.notBefore.isTwoDigitYearQuirk == quirkYears.contains { field.count > 5 && ascii(field[4..<6]) == $0 })
    }

    @Test(arguments: [
        // Not an accepted form: fractional seconds, the wrong tag for the form, offsets without seconds.
        (DER.sequence(utc("250101000000Z"), generalized("20260101000000.5Z")), Outcome.fails(.malformed(.invalidTimeFormat), .validity, at: 19)),
        (DER.sequence(utc("20250101000000Z"), utc("260101000000Z")), .fails(.malformed(.invalidTimeFormat), .validity, at: 4)),
        (DER.sequence(generalized("250101000000Z"), utc("260101000000Z")), .fails(.malformed(.invalidTimeFormat), .validity, at: 4)),
        (DER.sequence(utc("2501010000+0100"), utc("260101000000Z")), .fails(.malformed(.invalidTimeFormat), .validity, at: 4)),
        (DER.sequence(utc("250101000000z"), utc("260101000000Z")), .fails(.malformed(.invalidTimeFormat), .validity, at: 16)),
        (DER.sequence(generalized("2025010100000Z0"), utc("260101000000Z")), .fails(.malformed(.invalidTimeFormat), .validity, at: 16)),
        // Fields out of range.
        (DER.sequence(utc("251301000000Z"), utc("260101000000Z")), .fails(.malformed(.invalidTimeValue), .validity, at: 6)),
        (DER.sequence(generalized("20230229000000Z"), utc("260101000000Z")), .fails(.malformed(.invalidTimeValue), .validity, at: 10)),
        (DER.sequence(utc("250101240000Z"), utc("260101000000Z")), .fails(.malformed(.invalidTimeValue), .validity, at: 10)),
        (DER.sequence(utc("250101000061Z"), utc("260101000000Z")), .fails(.malformed(.invalidTimeValue), .validity, at: 14)),
        // The structure: two times in a SEQUENCE.
        (DER.sequence(utc("250101000000Z")), .fails(.malformed(.missingElement(expected: .utcTime)), .validity, at: 17)),
        (DER.sequence(utc("250101000000Z"), utc("260101000000Z"), utc("270101000000Z")), .fails(.malformed(.trailingData), .validity, at: 32)),
        (DER.set(utc("250101000000Z"), utc("260101000000Z")), .fails(.malformed(.unexpectedTag(expected: .sequence, found: .set)), .validity, at: 0)),
        (DER.sequence(DER.string(.printableString, "250101000000Z"), utc("260101000000Z")),
         .fails(.malformed(.unexpectedTag(expected: .utcTime, found: .printableString)), .validity, at: 2)),
    ])
    func validityRejected(field: [UInt8], outcome: Outcome) {
        var builder = CertificateBuilder()
        builder.validity = field
        _ = Self.expect(builder, outcome, base: .validity)
    }
}
