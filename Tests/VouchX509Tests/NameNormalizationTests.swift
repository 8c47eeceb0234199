import Testing
import VouchDER
@testable import VouchX509
import VouchTestSupport

/// Apple's name normalisation for issuer lookup (SECTRUST.md §2.2): PrintableString values are
/// upper-cased, trimmed and have runs of blanks collapsed; every other value is kept byte for byte.
@Suite struct NameNormalizationTests {
    static func name(_ attributes: [(OID, DERTag, String)]) throws -> DistinguishedName {
        try DistinguishedName(derEncoded: DER.name(attributes)[...])
    }

    @Test(arguments: [
        ("Example Org", "EXAMPLE ORG"),
        ("  Example   Org  ", "EXAMPLE ORG"),
        ("example org", "EXAMPLE ORG"),
        ("a-b.c (d) 'e' +f=g?/:", "A-B.C (D) 'E' +F=G?/:"),
        ("", ""),
        ("    ", ""),
        ("x", "X"),
        // Apple collapses `isblank` characters: space and TAB (outside PrintableString's set, but
        // Apple does not check the set).
        ("a\tb", "A B"),
        (" \t a \t\t b \t", "A B"),
        // Only ASCII letters change case.
        ("\u{7F}~*@", "\u{7F}~*@"),
        (String(repeating: "a ", count: 70), String(repeating: "A ", count: 69) + "A"),
        (String(repeating: " ", count: 100) + "x" + String(repeating: " ", count: 100), "X"),
    ])
    func printableString(value: String, normalized: String) throws {
        let name = try Self.name([(.countryName, .printableString, "us"), (.commonName, .printableString, value)])
        let expected = DER.name([(.countryName, .printableString, "US"), (.commonName, .printableString, normalized)])
        #expect(name.appleNormalizedEncoding == expected)
    }

    @Test(arguments: [DERTag.utf8String, .ia5String, .teletexString, .visibleString])
    func otherStringTypesAreUntouched(tag: DERTag) throws {
        let der = DER.name([(.commonName, tag, "  Example   org ")])
        #expect(try DistinguishedName(derEncoded: der[...]).appleNormalizedEncoding == der)
    }

    @Test func bmpAndNonStringValuesAreUntouched() throws {
        let der = DER.tlv(.sequence, DER.set(DER.sequence(DER.oid(.commonName), DER.tlv(.bmpString, [0, 0x20, 0, 0x61])))
                          + DER.set(DER.sequence(DER.oid(.commonName), DER.integer([1]))))
        #expect(try DistinguishedName(derEncoded: der[...]).appleNormalizedEncoding == der)
    }

    /// Matching for chain building: equal after normalisation iff Apple would match the names.
    @Test(arguments: [
        ([(OID.commonName, DERTag.printableString, "Example  CA")], [(OID.commonName, DERTag.printableString, "EXAMPLE CA")], true),
        ([(.commonName, .printableString, " example ca")], [(.commonName, .printableString, "Example CA ")], true),
        // A UTF8String issuer never matches a PrintableString subject with the same text (§13 row 41).
        ([(.commonName, .utf8String, "Example CA")], [(.commonName, .printableString, "Example CA")], false),
        ([(.commonName, .utf8String, "Example CA")], [(.commonName, .utf8String, "EXAMPLE CA")], false),
        ([(.commonName, .printableString, "Example CA")], [(.organizationName, .printableString, "Example CA")], false),
        ([(.countryName, .printableString, "US"), (.commonName, .printableString, "a")],
         [(.commonName, .printableString, "a"), (.countryName, .printableString, "US")], false),
    ] as [([(OID, DERTag, String)], [(OID, DERTag, String)], Bool)])
    func matching(issuer: [(OID, DERTag, String)], subject: [(OID, DERTag, String)], matches: Bool) throws {
        let left = try Self.name(issuer)
        let right = try Self.name(subject)
        #expect((left.appleNormalizedEncoding == right.appleNormalizedEncoding) == matches)
    }

    @Test func multiValuedRDNsKeepTheirShape() throws {
        let der = DER.tlv(.sequence, DER.set(
            DER.sequence(DER.oid(.commonName), DER.string(.printableString, "a  b")),
            DER.sequence(DER.oid(.organizationName), DER.string(.utf8String, "c  d"))))
        let expected = DER.tlv(.sequence, DER.set(
            DER.sequence(DER.oid(.commonName), DER.string(.printableString, "A B")),
            DER.sequence(DER.oid(.organizationName), DER.string(.utf8String, "c  d"))))
        let name = try DistinguishedName(derEncoded: der[...])
        #expect(name.appleNormalizedEncoding == expected)
        // Normalising twice changes nothing.
        #expect(try DistinguishedName(derEncoded: expected[...]).appleNormalizedEncoding == expected)
    }

    /// The in-place fast path (case changes only) and the element-by-element rewrite agree, on a
    /// name that is a slice at a non-zero offset of a larger buffer, and on every subject and
    /// issuer of the system bundle.
    @Test func fastPathAgreesWithTheRewrite() throws {
        let der = DER.name([(.countryName, .printableString, "us"), (.organizationName, .utf8String, "lower case"),
                                (.commonName, .printableString, "Mixed Case Name")])
        let padded = [0xFF, 0xFF, 0xFF] + der
        let name = try DistinguishedName(derEncoded: padded[3...])
        #expect(name.appleNormalizedEncoding == name.rewrittenNormalizedEncoding)
        #expect(name.appleNormalizedEncoding != der, "the PrintableString letters were upper-cased")
        var checked = 0
        for certificateDER in TestData.systemCertificates {
            let certificate = try Certificate(derEncoded: certificateDER)
            for name in [certificate.subject, certificate.issuer] {
                #expect(name.appleNormalizedEncoding == name.rewrittenNormalizedEncoding, "\(name)")
                checked += 1
            }
        }
        print("name normalisation: \(checked) bundle names, fast path = rewrite")
    }

    @Test("only case changes keep the fast path", arguments: [
        ("", true), ("abc", true), ("a b c", true), (" a", false), ("a ", false), ("a  b", false), ("a\tb", false), (" ", false),
    ])
    func caseOnly(value: String, caseOnly: Bool) {
        #expect(DistinguishedName.needsCaseChangeOnly(Array(value.utf8)[...]) == caseOnly)
    }
}
