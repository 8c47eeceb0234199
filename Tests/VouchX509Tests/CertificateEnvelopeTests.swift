import Testing
import VouchDER
import VouchX509

/// What surrounds the certificate: trailing input, text instead of DER, truncation, the position of
/// the certificate in a larger buffer, and identity by DER (SECTRUST.md §10).
@Suite struct CertificateEnvelopeTests {
    static let builder = CertificateBuilder()
    static let der = builder.der

    @Test(arguments: [[0x00], [0xFF, 0xFF, 0xFF], [0x30, 0x03, 0x02, 0x01, 0x01], Array("garbage\n".utf8)] as [[UInt8]])
    func trailingBytesAreIgnoredAndTrimmed(trailer: [UInt8]) throws {
        let certificate = try Certificate(derEncoded: Self.der + trailer)
        #expect(Array(certificate.derEncoded) == Self.der)
        #expect(certificate == (try Certificate(derEncoded: Self.der)))
    }

    /// Offsets are absolute in the caller's buffer, for parsed views and for errors alike.
    @Test func offsetsCountFromTheCallersBuffer() throws {
        let prefix = [UInt8](repeating: 0xEE, count: 100)
        let certificate = try Certificate(derEncoded: (prefix + Self.der)[100...])
        #expect(certificate.derEncoded.startIndex == 100)
        #expect(certificate.tbsCertificateBytes.startIndex == 100 + Self.builder.offset(of: .tbsCertificate))

        var broken = Self.builder
        broken.version = hexBytes("A0 03 02 01 00")
        #expect(throws: X509Error(.unsupportedVersion, in: .version, at: 100 + broken.offset(of: .version) + 2)) {
            try Certificate(derEncoded: (prefix + broken.der)[100...])
        }
    }

    @Test(arguments: [
        // PEM: "-----BEGIN" starts with 0x2D, a constructed universal 13, which DER forbids.
        ("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
         X509Error.Kind.malformed(.wrongConstruction(DERTag(.universal, 13, constructed: true))), 0),
        // Base64 without armour: "M" is 0x4D, [APPLICATION 13].
        ("MIIBszCCAVmgAwIBAgIU", .malformed(.unexpectedTag(expected: .sequence, found: DERTag(.application, 13, constructed: false))), 0),
        ("", .malformed(.missingElement(expected: .sequence)), 0),
    ])
    func textIsNotDER(text: String, kind: X509Error.Kind, offset: Int) {
        #expect(throws: X509Error(kind, in: .certificate, at: offset)) { try Certificate(derEncoded: Array(text.utf8)) }
    }

    /// Cutting the input: the outer SEQUENCE announces more than there is.
    @Test(arguments: [1, 2, 3, 4, 10, 100, der.count - 1])
    func truncatedInput(length: Int) {
        let kind: DERError.Kind = .truncated
        // One or two octets end inside the header (the length octets are missing).
        let offset = length <= 3 ? 1 : 0
        #expect(throws: X509Error(.malformed(kind), in: .certificate, at: offset)) {
            try Certificate(derEncoded: Array(Self.der.prefix(length)))
        }
    }

    /// Cutting the TBSCertificate inside (or right before) each field, with lengths recomputed, so
    /// that the field itself runs out: the error names that field and where it starts.
    @Test(arguments: [
        (X509Error.Field.version, 1, DERError.Kind.truncated, 1),
        (.version, 3, .truncated, 0),
        (.serialNumber, 0, .missingElement(expected: .integer), 0),
        (.serialNumber, 2, .truncated, 0),
        (.signature, 0, .missingElement(expected: .sequence), 0),
        (.signature, 5, .truncated, 0),
        (.issuer, 0, .missingElement(expected: .sequence), 0),
        (.issuer, 10, .truncated, 0),
        (.validity, 0, .missingElement(expected: .sequence), 0),
        (.validity, 20, .truncated, 0),
        (.subject, 0, .missingElement(expected: .sequence), 0),
        (.subject, 1, .truncated, 1),
        (.subjectPublicKeyInfo, 0, .missingElement(expected: .sequence), 0),
        (.subjectPublicKeyInfo, 50, .truncated, 0),
        (.extensions, 1, .truncated, 1),
        (.extensions, 8, .truncated, 0),
    ])
    func truncatedField(field: X509Error.Field, keep: Int, kind: DERError.Kind, offset: Int) {
        var builder = Self.builder
        builder.tbsContentPrefix = builder.tbsContentOffset(of: field) + keep
        let cut = builder.offset(of: field)
        #expect(throws: X509Error(.malformed(kind), in: field, at: cut + offset)) { try builder.parse() }
    }

    @Test func extensionsAreOptional() throws {
        var builder = Self.builder
        builder.tbsContentPrefix = builder.tbsContentOffset(of: .extensions)
        let certificate = try builder.parse()
        #expect(certificate.extensions.count == 0)
        #expect(certificate.version == 3)
    }

    @Test func identityIsTheDER() throws {
        let first = try Certificate(derEncoded: Self.der)
        let second = try Certificate(derEncoded: Self.der + [0])
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        var other = Self.builder
        other.serialNumber = DER.integer([0x01, 0x02, 0x04])
        #expect(try Certificate(derEncoded: other.der) != first)
        #expect(Set([first, second, try Certificate(derEncoded: other.der)]).count == 2)
    }

    @Test(arguments: [(true, true), (false, false)])
    func selfIssued(sameNames: Bool, expected: Bool) throws {
        var builder = Self.builder
        if sameNames { builder.subject = builder.issuer }
        #expect(try builder.parse().isSelfIssued == expected)
    }
}
