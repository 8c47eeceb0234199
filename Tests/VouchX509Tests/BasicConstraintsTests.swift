import Testing
import VouchDER
import VouchX509

/// basicConstraints (RFC 5280 §4.2.1.9): `SEQUENCE { cA BOOLEAN DEFAULT FALSE, pathLenConstraint INTEGER (0..MAX) OPTIONAL }`.
@Suite struct BasicConstraintsTests {
    @Test(arguments: [
        ("30 00", BasicConstraints(isCertificateAuthority: false, pathLengthConstraint: nil)),
        ("30 03 01 01 FF", BasicConstraints(isCertificateAuthority: true, pathLengthConstraint: nil)),
        // An explicit cA FALSE is not DER (DEFAULT values are omitted), but Apple and real CAs accept it.
        ("30 03 01 01 00", BasicConstraints(isCertificateAuthority: false, pathLengthConstraint: nil)),
        ("30 06 01 01 FF 02 01 00", BasicConstraints(isCertificateAuthority: true, pathLengthConstraint: 0)),
        ("30 06 01 01 FF 02 01 05", BasicConstraints(isCertificateAuthority: true, pathLengthConstraint: 5)),
        ("30 03 02 01 03", BasicConstraints(isCertificateAuthority: false, pathLengthConstraint: 3)),
        ("30 07 01 01 FF 02 02 00 80", BasicConstraints(isCertificateAuthority: true, pathLengthConstraint: 128)),
        ("30 0A 01 01 FF 02 05 00 FF FF FF FF",
         BasicConstraints(isCertificateAuthority: true, pathLengthConstraint: 4_294_967_295)),
    ])
    func decodes(hex: String, expected: BasicConstraints) throws {
        #expect(try BasicConstraints(extensionValue: embedded(hex)) == expected)
    }

    /// A written-out `cA FALSE` is noted for the strict profile's DER rule, and does not change
    /// what the extension says (equality ignores it).
    @Test(arguments: [
        ("30 00", false), ("30 03 01 01 FF", false), ("30 03 01 01 00", true), ("30 06 01 01 00 02 01 00", true),
        ("30 03 02 01 03", false), ("30 06 01 01 FF 02 01 00", false),
    ])
    func notesWrittenOutCA(hex: String, encodesDefault: Bool) throws {
        let decoded = try BasicConstraints(extensionValue: embedded(hex))
        #expect(decoded.encodesDefaultCA == encodesDefault)
        #expect(decoded == BasicConstraints(isCertificateAuthority: decoded.isCertificateAuthority,
                                            pathLengthConstraint: decoded.pathLengthConstraint))
    }

    @Test(arguments: [
        ("", DERError(.missingElement(expected: .sequence), at: 0)),
        ("31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        ("04 00", DERError(.unexpectedTag(expected: .sequence, found: .octetString), at: 0)),
        ("30 80 00 00", DERError(.indefiniteLength, at: 1)),
        ("30 00 00", DERError(.trailingData, at: 2)),
        // BOOLEAN must be exactly one octet 0x00 or 0xFF (SECTRUST.md §10).
        ("30 03 01 01 01", DERError(.invalidBoolean, at: 4)),
        ("30 03 01 01 7F", DERError(.invalidBoolean, at: 4)),
        ("30 02 01 00", DERError(.invalidBoolean, at: 4)),
        ("30 04 01 02 FF FF", DERError(.invalidBoolean, at: 4)),
        // pathLenConstraint is INTEGER (0..MAX): negative, oversized, empty and non-minimal fail.
        ("30 06 01 01 FF 02 01 FF", DERError(.integerOutOfRange, at: 7)),
        ("30 07 01 01 FF 02 02 FF 00", DERError(.integerOutOfRange, at: 7)),
        ("30 0A 01 01 FF 02 05 01 00 00 00 00", DERError(.integerOutOfRange, at: 7)),
        ("30 05 01 01 FF 02 00", DERError(.emptyInteger, at: 7)),
        ("30 07 01 01 FF 02 02 00 05", DERError(.nonMinimalInteger, at: 7)),
        // Fields out of order, of the wrong type, or cut off.
        ("30 06 02 01 01 01 01 FF", DERError(.trailingData, at: 5)),
        ("30 05 01 01 FF 05 00", DERError(.trailingData, at: 5)),
        ("30 04 01 01 FF 02", DERError(.truncated, at: 6)),
        ("30 06 01 01 FF 02 02 00", DERError(.truncated, at: 5)),
        ("30 07 01 01 FF 02 02 00", DERError(.truncated, at: 0)),
    ])
    func rejects(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try BasicConstraints(extensionValue: embedded(hex)) }
    }
}
