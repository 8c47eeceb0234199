import Testing
import VouchDER
import VouchX509

/// OpenSSL's X509_CERT_AUX, decoded from hand-written DER: what parses and exactly how, and every
/// malformation with its field and absolute offset.
@Suite struct CertificateTrustAuxiliaryTests {
    @Test(arguments: [
        // An aux with nothing in it (`openssl x509 -trustout -clrreject` of a reject-only aux).
        ("30 00", ""),
        // An empty trust list is not an absent one: OpenSSL then trusts the certificate for nothing
        // (p11-kit writes this for a certificate that is neither an anchor nor blocklisted).
        ("30 02 30 00", "trust=[]"),
        // openssl x509 -trustout -addtrust serverAuth -addtrust emailProtection -addreject clientAuth -setalias "My CA"
        ("""
         30 29 30 14 06 08 2B 06 01 05 05 07 03 01 06 08 2B 06 01 05 05 07 03 04
         A0 0A 06 08 2B 06 01 05 05 07 03 02 0C 05 4D 79 20 43 41
         """,
         "trust=[1.3.6.1.5.5.7.3.1,1.3.6.1.5.5.7.3.4] reject=[1.3.6.1.5.5.7.3.2] alias=My CA"),
        // -addreject anyExtendedKeyUsage
        ("30 08 A0 06 06 04 55 1D 25 00", "reject=[2.5.29.37.0]"),
        // An empty reject list reads as no rejects (OpenSSL treats both alike); an empty alias is kept.
        ("30 04 A0 00 0C 00", "alias="),
        ("30 09 0C 07 5A C3 BC 72 69 63 68", "alias=Zürich"),
        ("30 05 04 03 01 02 03", "keyid=010203"),
        ("30 02 04 00", "keyid="),
        // other [1]: one AlgorithmIdentifier without parameters, one with NULL.
        ("30 1E A1 1C 30 0B 06 09 2A 86 48 86 F7 0D 01 01 0B 30 0D 06 09 2A 86 48 86 F7 0D 01 01 01 05 00",
         "other=[1.2.840.113549.1.1.11,1.2.840.113549.1.1.1]"),
        // Every field, in order.
        ("""
         30 29 30 06 06 04 55 1D 25 00 A0 0A 06 08 2B 06 01 05 05 07 03 03
         0C 01 41 04 01 FF A1 0D 30 0B 06 09 2A 86 48 86 F7 0D 01 01 0B
         """,
         "trust=[2.5.29.37.0] reject=[1.3.6.1.5.5.7.3.3] alias=A keyid=ff other=[1.2.840.113549.1.1.11]"),
        // An empty `other` reads as none.
        ("30 02 A1 00", ""),
    ])
    func decodes(hex: String, expected: String) throws {
        let auxiliary = try CertificateTrustAuxiliary(derEncoded: embedded(hex))
        #expect(render(auxiliary) == expected)
    }

    @Test func distinguishesAbsentFromEmptyTrustList() throws {
        let absent = try CertificateTrustAuxiliary(derEncoded: hexBytes("30 00"))
        let empty = try CertificateTrustAuxiliary(derEncoded: hexBytes("30 02 30 00"))
        #expect(absent.trusted.isEmpty && !absent.hasTrustList)
        #expect(empty.trusted.isEmpty && empty.hasTrustList)
        #expect(absent != empty)
        #expect(absent == CertificateTrustAuxiliary(trusted: [], hasTrustList: false))
    }

    @Test(arguments: [
        ("", X509Error.Field.trustAuxiliary, DERError.Kind.missingElement(expected: .sequence), 0),
        ("31 00", .trustAuxiliary, .unexpectedTag(expected: .sequence, found: .set), 0),
        // Truncated: the SEQUENCE announces more than there is, or an element inside does.
        ("30 05 30 03 06 01", .trustAuxiliary, .truncated, 0),
        ("30 04 30 02 06 01", .trustedPurposes, .truncated, 4),
        ("30 29 30 14 06 08 2B 06 01 05 05 07 03 01", .trustAuxiliary, .truncated, 0),
        ("30 81 02 30 00", .trustAuxiliary, .nonMinimalLength, 1),
        ("30 80 00 00", .trustAuxiliary, .indefiniteLength, 1),
        // Wrong tags inside the lists.
        ("30 05 30 03 02 01 01", .trustedPurposes, .unexpectedTag(expected: .objectIdentifier, found: .integer), 4),
        ("30 05 A0 03 0C 01 41", .rejectedPurposes, .unexpectedTag(expected: .objectIdentifier, found: .utf8String), 4),
        ("30 04 A1 02 30 00", .auxiliaryAlgorithms, .missingElement(expected: .objectIdentifier), 6),
        ("30 04 A1 02 06 00", .auxiliaryAlgorithms, .unexpectedTag(expected: .sequence, found: .objectIdentifier), 4),
        // Bad OIDs.
        ("30 06 30 04 06 02 80 01", .trustedPurposes, .nonMinimalObjectIdentifierArc, 6),
        ("30 05 A0 03 06 01 80", .rejectedPurposes, .invalidObjectIdentifier, 6),
        ("30 04 30 02 06 00", .trustedPurposes, .invalidObjectIdentifier, 6),
        // Fields with the wrong tag, out of order, repeated or unknown are left over: trailing data.
        ("30 02 80 00", .trustAuxiliary, .trailingData, 2),  // reject primitive instead of constructed
        ("30 03 13 01 41", .trustAuxiliary, .trailingData, 2),  // alias a PrintableString
        ("30 05 0C 01 41 30 00", .trustAuxiliary, .trailingData, 5),  // alias before trust
        ("30 05 04 00 0C 01 41", .trustAuxiliary, .trailingData, 4),  // keyid before alias
        ("30 04 30 00 30 00", .trustAuxiliary, .trailingData, 4),  // trust twice
        ("30 03 30 00 05", .trustAuxiliary, .trailingData, 4),  // a stray octet inside
        ("30 04 A1 00 A2 00", .trustAuxiliary, .trailingData, 4),  // an unknown [2]
        // Bytes after the SEQUENCE.
        ("30 00 00", .trustAuxiliary, .trailingData, 2),
        ("30 00 30 00", .trustAuxiliary, .trailingData, 2),
        // An alias that is not UTF-8.
        ("30 03 0C 01 FF", .alias, .invalidStringCharacter(.utf8String), 4),
        ("30 04 0C 02 C3 28", .alias, .invalidStringCharacter(.utf8String), 4),
        ("30 04 0C 02 41 80", .alias, .invalidStringCharacter(.utf8String), 5),
        ("30 03 03 01 00", .trustAuxiliary, .trailingData, 2),  // keyid a BIT STRING
        // Malformed AlgorithmIdentifiers in `other`: an empty OID, two parameters.
        ("30 06 A1 04 30 02 06 00", .auxiliaryAlgorithms, .invalidObjectIdentifier, 8),
        ("30 0D A1 0B 30 09 06 03 2A 03 04 05 00 05 00", .auxiliaryAlgorithms, .trailingData, 13),
    ])
    func rejects(hex: String, field: X509Error.Field, kind: DERError.Kind, offset: Int) {
        let expected = X509Error(.malformed(kind), in: field, at: offset + valueBase)
        #expect(throws: expected) { try CertificateTrustAuxiliary(derEncoded: embedded(hex)) }
    }

    @Test func describesErrorsWithOpenSSLFieldNames() {
        let error = X509Error(.malformed(.unexpectedTag(expected: .objectIdentifier, found: .integer)), in: .rejectedPurposes, at: 812)
        #expect(error.description == "offset 812: reject: expected OBJECT IDENTIFIER, found INTEGER")
        #expect(X509Error.Field.auxiliaryKeyIdentifier.rawValue == "keyid")
        #expect(X509Error.Field.trustedPurposes.rawValue == "trust")
        #expect(X509Error.Field.auxiliaryAlgorithms.rawValue == "other")
    }
}

/// An aux as `trust=[…] reject=[…] alias=… keyid=hex other=[…]`, listing present fields only
/// (a trust list when present, even empty; rejects and other algorithms when there are some).
func render(_ auxiliary: CertificateTrustAuxiliary) -> String {
    func list(_ oids: [OID]) -> String { "[" + oids.map(\.dotted).joined(separator: ",") + "]" }
    var parts: [String] = []
    if auxiliary.hasTrustList { parts.append("trust=" + list(auxiliary.trusted)) }
    if !auxiliary.rejected.isEmpty { parts.append("reject=" + list(auxiliary.rejected)) }
    if let alias = auxiliary.alias { parts.append("alias=" + alias) }
    if let keyIdentifier = auxiliary.keyIdentifier { parts.append("keyid=" + hexString(keyIdentifier)) }
    if !auxiliary.otherAlgorithms.isEmpty { parts.append("other=" + list(auxiliary.otherAlgorithms.map(\.algorithm))) }
    return parts.joined(separator: " ")
}
