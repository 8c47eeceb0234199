import Testing
import VouchDER
import VouchX509

/// cRLDistributionPoints (RFC 5280 §4.2.1.13), also the syntax of freshestCRL (§4.2.1.15).
@Suite struct CRLDistributionPointsTests {
    /// A point as `full=…|rel=…|reasons=…|issuer=…`, `-` for an absent field.
    static func render(_ point: CRLDistributionPoints.DistributionPoint) -> String {
        let reasons = point.reasons.map { hexString([$0.unusedBits] + $0.bytes) } ?? "-"
        return "full=\(VouchX509Tests.render(point.fullName))|rel=\(point.nameRelativeToCRLIssuer.map(hexString) ?? "-")"
            + "|reasons=\(reasons)|issuer=\(VouchX509Tests.render(point.crlIssuer))"
    }

    @Test(arguments: [
        ("30 09 30 07 A0 05 A0 03 82 01 61", ["full=dns:a|rel=-|reasons=-|issuer=-"]),
        ("30 17 30 15 A0 13 A0 11 86 0F 68 74 74 70 3A 2F 2F 61 2E 74 65 73 74 2F 78",
         ["full=uri:http://a.test/x|rel=-|reasons=-|issuer=-"]),
        ("30 10 30 0E A0 0C A1 0A 30 08 06 03 55 04 03 0C 01 61",
         ["full=-|rel=300806035504030c0161|reasons=-|issuer=-"]),
        // An empty RelativeDistinguishedName breaks SIZE (1..MAX); Apple does not look inside it.
        ("30 06 30 04 A0 02 A1 00", ["full=-|rel=|reasons=-|issuer=-"]),
        ("30 0B 30 09 81 02 05 60 A2 03 82 01 62", ["full=-|rel=-|reasons=0560|issuer=dns:b"]),
        ("30 07 30 05 A2 03 82 01 62", ["full=-|rel=-|reasons=-|issuer=dns:b"]),
        ("30 12 30 10 A0 05 A0 03 82 01 61 81 02 05 60 A2 03 82 01 62", ["full=dns:a|rel=-|reasons=0560|issuer=dns:b"]),
        ("30 12 30 07 A0 05 A0 03 82 01 61 30 07 A0 05 A0 03 82 01 62",
         ["full=dns:a|rel=-|reasons=-|issuer=-", "full=dns:b|rel=-|reasons=-|issuer=-"]),
    ])
    func decodes(hex: String, expected: [String]) throws {
        #expect(try CRLDistributionPoints(extensionValue: embedded(hex)).points.map(Self.render) == expected)
    }

    @Test(arguments: [
        ("", DERError(.missingElement(expected: .sequence), at: 0)),
        ("31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        ("30 00", DERError(.missingElement(expected: .sequence), at: 2)),
        ("30 09 30 07 A0 05 A0 03 82 01 61 00", DERError(.trailingData, at: 11)),
        // A point must name a distribution point or a CRL issuer (RFC 5280 §4.2.1.13; Apple rejects it).
        ("30 02 30 00", DERError(.missingElement(expected: .contextSpecific(0, constructed: true)), at: 4)),
        ("30 06 30 04 81 02 05 60", DERError(.missingElement(expected: .contextSpecific(0, constructed: true)), at: 4)),
        // DistributionPointName: [0] fullName or [1] nameRelativeToCRLIssuer, exactly one.
        ("30 04 30 02 A0 00", DERError(.missingElement(expected: .contextSpecific(1, constructed: true)), at: 6)),
        ("30 06 30 04 A0 02 A2 00", DERError(.unexpectedTag(expected: .contextSpecific(1, constructed: true),
                                                            found: .contextSpecific(2, constructed: true)), at: 6)),
        ("30 06 30 04 A0 02 A0 00", DERError(.missingElement(expected: .contextSpecific(2, constructed: false)), at: 8)),
        ("30 0B 30 09 A0 07 A0 03 82 01 61 05 00", DERError(.trailingData, at: 11)),
        ("30 08 30 06 A0 04 A1 02 31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 8)),
        ("30 07 30 05 80 03 82 01 61", DERError(.trailingData, at: 4)),
        // reasons: a BIT STRING in DER.
        ("30 0D 30 0B A0 05 A0 03 82 01 61 81 02 05 61", DERError(.nonZeroBitStringPadding, at: 14)),
        ("30 0D 30 0B A0 05 A0 03 82 01 61 A1 02 05 60", DERError(.trailingData, at: 11)),
        // cRLIssuer: GeneralNames SIZE (1..MAX), after the other fields.
        ("30 04 30 02 A2 00", DERError(.missingElement(expected: .contextSpecific(2, constructed: false)), at: 6)),
        ("30 0B 30 09 A2 03 82 01 62 81 02 05 60", DERError(.trailingData, at: 9)),
    ])
    func rejects(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try CRLDistributionPoints(extensionValue: embedded(hex)) }
    }

    /// freshestCRL has cRLDistributionPoints' syntax, but Apple's parser does not know it: a
    /// critical one is an unknown critical extension, a malformed one is not unparseable.
    @Test func freshestCRLSharesTheSyntax() throws {
        #expect(!Extension.knownOIDs.contains(.freshestCRL))
        #expect(Extension.knownOIDs.contains(.cRLDistributionPoints))
        let points = try CRLDistributionPoints(extensionValue: embedded("30 0B 30 09 A0 07 A0 05 86 03 61 3A 62"))
        #expect(points.points.count == 1)
    }
}
