import Testing
import VouchDER
import VouchX509

/// One change to a built certificate and what SecCertificateCreateWithData makes of it.
struct CertificateRow: Sendable, CustomTestStringConvertible {
    let name: String
    /// The field whose offset the expected error offset counts from.
    let base: X509Error.Field
    let outcome: Outcome
    let change: @Sendable (inout CertificateBuilder) -> Void

    init(_ name: String, _ outcome: Outcome, from base: X509Error.Field,
         _ change: @escaping @Sendable (inout CertificateBuilder) -> Void) {
        self.name = name
        self.base = base
        self.outcome = outcome
        self.change = change
    }

    var testDescription: String { "\(name): \(outcome)" }
}

/// The structures around the judged fields: AlgorithmIdentifiers, names, the key, unique IDs, the
/// TBSCertificate and Certificate SEQUENCEs (SECTRUST.md §10: malformed structures are rejected).
@Suite struct CertificateStructureTests {
    static let rows: [CertificateRow] = [
        CertificateRow("the default certificate", .parses, from: .certificate) { _ in },
        // AlgorithmIdentifier, inner and outer.
        CertificateRow("signature without OID", .fails(.malformed(.missingElement(expected: .objectIdentifier)), .signature, at: 2), from: .signature) {
            $0.signature = DER.sequence()
        },
        CertificateRow("signature with two parameters", .fails(.malformed(.trailingData), .signature, at: 15), from: .signature) {
            $0.signature = DER.sequence(DER.oid(.sha256WithRSAEncryption), DER.null, DER.null)
        },
        CertificateRow("signature parameters absent", .parses, from: .signature) {
            $0.signature = DER.algorithm(.sha256WithRSAEncryption, parameters: nil)
        },
        CertificateRow("outer signatureAlgorithm a SET", .fails(.malformed(.unexpectedTag(expected: .sequence, found: .set)), .signatureAlgorithm, at: 0),
                       from: .signatureAlgorithm) {
            $0.signatureAlgorithm = DER.set(DER.oid(.sha256WithRSAEncryption))
        },
        CertificateRow("signatureValue an OCTET STRING", .fails(.malformed(.unexpectedTag(expected: .bitString, found: .octetString)), .signatureValue, at: 0),
                       from: .signatureValue) {
            $0.signatureValue = DER.octetString([1, 2, 3])
        },
        CertificateRow("signatureValue with bad padding", .fails(.malformed(.nonZeroBitStringPadding), .signatureValue, at: 3), from: .signatureValue) {
            $0.signatureValue = DER.bitString([0x01], unused: 1)
        },
        // The 32-octet signature value is 35 octets of DER; the trailer starts right after it.
        CertificateRow("bytes after the signature", .fails(.malformed(.trailingData), .certificate, at: 35), from: .signatureValue) {
            $0.certificateTrailer = [0x05, 0x00]
        },
        CertificateRow("signature value missing", .fails(.malformed(.missingElement(expected: .bitString)), .signatureValue, at: 0), from: .signatureValue) {
            $0.signatureValue = []
        },
        // Names.
        CertificateRow("issuer a SET", .fails(.malformed(.unexpectedTag(expected: .sequence, found: .set)), .issuer, at: 0), from: .issuer) {
            $0.issuer = DER.set()
        },
        CertificateRow("issuer RDN not a SET", .fails(.malformed(.unexpectedTag(expected: .set, found: .sequence)), .issuer, at: 2), from: .issuer) {
            $0.issuer = DER.sequence(DER.sequence())
        },
        CertificateRow("subject attribute without value", .fails(.malformed(.truncated), .subject, at: 11), from: .subject) {
            $0.subject = DER.sequence(DER.set(DER.sequence(DER.oid(.commonName))))
        },
        CertificateRow("subject attribute with two values", .fails(.malformed(.trailingData), .subject, at: 14), from: .subject) {
            $0.subject = DER.sequence(DER.set(DER.sequence(DER.oid(.commonName), DER.string(.utf8String, "a"), DER.null)))
        },
        CertificateRow("empty subject", .parses, from: .subject) { $0.subject = DER.sequence() },
        // The key.
        CertificateRow("SPKI empty", .fails(.malformed(.missingElement(expected: .sequence)), .subjectPublicKeyInfo, at: 2),
                       from: .subjectPublicKeyInfo) {
            $0.subjectPublicKeyInfo = DER.sequence()
        },
        CertificateRow("SPKI key an OCTET STRING", .fails(.malformed(.unexpectedTag(expected: .bitString, found: .octetString)), .subjectPublicKeyInfo, at: 9),
                       from: .subjectPublicKeyInfo) {
            $0.subjectPublicKeyInfo = DER.sequence(DER.algorithm(.ed25519, parameters: nil), DER.octetString([1]))
        },
        CertificateRow("SPKI of an unsupported algorithm", .parses, from: .subjectPublicKeyInfo) {
            $0.subjectPublicKeyInfo = DER.sequence(DER.algorithm(.x25519, parameters: nil), DER.bitString([UInt8](repeating: 9, count: 32)))
        },
        // Unique IDs (v2): implicitly tagged BIT STRINGs [1] and [2], in that order.
        CertificateRow("both unique IDs", .parses, from: .issuerUniqueID) {
            $0.issuerUniqueID = hexBytes("81 03 00 AB CD")
            $0.subjectUniqueID = hexBytes("82 02 00 EF")
        },
        CertificateRow("issuerUniqueID with 8 unused bits", .fails(.malformed(.invalidBitStringLength), .issuerUniqueID, at: 2), from: .issuerUniqueID) {
            $0.issuerUniqueID = hexBytes("81 02 08 00")
        },
        CertificateRow("subjectUniqueID with bad padding", .fails(.malformed(.nonZeroBitStringPadding), .subjectUniqueID, at: 3), from: .subjectUniqueID) {
            $0.subjectUniqueID = hexBytes("82 02 01 01")
        },
        CertificateRow("issuerUniqueID constructed", .fails(.malformed(.trailingData), .tbsCertificate, at: 0), from: .issuerUniqueID) {
            $0.issuerUniqueID = hexBytes("A1 00")
        },
        CertificateRow("unique IDs swapped", .fails(.malformed(.trailingData), .tbsCertificate, at: 0), from: .subjectUniqueID) {
            $0.issuerUniqueID = hexBytes("82 02 00 EF")
            $0.subjectUniqueID = hexBytes("81 02 00 AB")
        },
        // The TBSCertificate itself.
        // [3] { SEQUENCE { keyUsage } } is 17 octets; the NULL after it is left over.
        CertificateRow("bytes after the extensions", .fails(.malformed(.trailingData), .tbsCertificate, at: 17), from: .extensions) {
            $0.extensionsField = DER.explicit(3, DER.sequence(DER.extensionEntry(.keyUsage, value: DER.bitString([0x80], unused: 7))))
                + DER.null
        },
        CertificateRow("extensions as [3] primitive", .fails(.malformed(.trailingData), .tbsCertificate, at: 0), from: .extensions) {
            $0.extensionsField = DER.tlv(.contextSpecific(3, constructed: false), [])
        },
    ]

    @Test(arguments: rows)
    func structure(row: CertificateRow) throws {
        var builder = CertificateBuilder()
        row.change(&builder)
        if let error = row.outcome.error(base: builder.offset(of: row.base)) {
            #expect(throws: error) { try builder.parse() }
        } else {
            let certificate = try builder.parse()
            #expect(Array(certificate.derEncoded) == builder.der)
            #expect(Array(certificate.tbsCertificateBytes) == builder.tbs)
        }
    }

    @Test func uniqueIDsAreKept() throws {
        var builder = CertificateBuilder()
        builder.version = hexBytes("A0 03 02 01 01")
        builder.extensionEntries = nil
        builder.issuerUniqueID = hexBytes("81 03 00 AB CD")
        builder.subjectUniqueID = hexBytes("82 02 04 E0")
        let certificate = try builder.parse()
        #expect(certificate.version == 2)
        #expect(certificate.issuerUniqueID.map { hexString($0.bytes) } == "abcd")
        #expect(certificate.subjectUniqueID.map { hexString($0.bytes) } == "e0")
        #expect(certificate.subjectUniqueID?.bitCount == 4)
        #expect(certificate.extensions.count == 0)

        builder.issuerUniqueID = []
        let onlySubject = try builder.parse()
        #expect(onlySubject.issuerUniqueID == nil)
        #expect(onlySubject.subjectUniqueID != nil)
    }

    /// Apple compares the algorithm OIDs only, never the parameters (SECTRUST.md §7).
    @Test(arguments: [
        (DER.algorithm(.sha256WithRSAEncryption), DER.algorithm(.sha256WithRSAEncryption), true),
        (DER.algorithm(.sha256WithRSAEncryption, parameters: nil), DER.algorithm(.sha256WithRSAEncryption), true),
        (DER.algorithm(.sha256WithRSAEncryption, parameters: DER.integer([1])), DER.algorithm(.sha256WithRSAEncryption), true),
        (DER.algorithm(.sha1WithRSAEncryption), DER.algorithm(.sha256WithRSAEncryption), false),
        (DER.algorithm(.ecdsaWithSHA256, parameters: nil), DER.algorithm(.sha256WithRSAEncryption), false),
    ])
    func signatureAlgorithmsMatch(inner: [UInt8], outer: [UInt8], match: Bool) throws {
        var builder = CertificateBuilder()
        builder.signature = inner
        builder.signatureAlgorithm = outer
        let certificate = try builder.parse()
        #expect(certificate.signatureAlgorithmsMatch == match)
        #expect(Array(certificate.tbsSignatureAlgorithm.encoded) == inner)
        #expect(Array(certificate.signatureAlgorithm.encoded) == outer)
    }
}
