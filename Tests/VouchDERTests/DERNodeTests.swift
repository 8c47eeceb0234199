import Testing
@testable import VouchDER

/// A certificate-shaped structure (not a real certificate), 136 octets.
private let certificateLike: [UInt8] = hexBytes(
    "30 81 85"  // 0 Certificate
        + " 30 6F"  // 3 TBSCertificate
        + " A0 03 02 01 02"  // 5 [0] version
        + " 02 01 05"  // 10 serialNumber
        + " 30 0D 06 09 2A 86 48 86 F7 0D 01 01 0B 05 00"  // 13 signature
        + " 30 0C 31 0A 30 08 06 03 55 04 03 13 01 41"  // 28 issuer CN=A (PrintableString at 39)
        + " 30 20 17 0D 32 35 30 31 30 31 30 30 30 30 30 30 5A"  // 42 validity: UTCTime 250101000000Z
        + " 18 0F 32 30 32 36 30 31 30 31 30 30 30 30 30 30 5A"  // 59 GeneralizedTime 20260101000000Z
        + " 03 04 00 02 01 07"  // 76 BIT STRING holding INTEGER 7
        + " A3 20 30 1E"  // 82 [3] extensions
        + " 30 0F 06 03 55 1D 13 01 01 FF 04 05 30 03 01 01 FF"  // 86 basicConstraints, critical, cA
        + " 30 0B 06 03 55 1D 0E 04 04 02 02 00 05"  // 103 an OCTET STRING that is not DER inside
        + " 30 0D 06 09 2A 86 48 86 F7 0D 01 01 0B 05 00"  // 116 signatureAlgorithm
        + " 03 03 00 AB CD")  // 131 signature: not an element

/// One line per node: indented by its depth, `↳` for an encapsulated node, then tag and value.
private func outline(_ nodes: [DERNode], encapsulated: Bool = false) -> [String] {
    nodes.flatMap { node -> [String] in
        let indent = String(repeating: "  ", count: node.depth) + (encapsulated ? "↳ " : "")
        return [indent + node.element.tag.description + summary(node.value)]
            + outline(node.children) + outline(node.encapsulated, encapsulated: true)
    }
}

private func summary(_ value: DERNode.Value?) -> String {
    switch value {
    case nil: return ""
    case .boolean(let value): return " \(value)"
    case .integer(let integer): return " \(integer.value(as: Int.self).map(String.init) ?? "big")"
    case .bitString(let bits): return " \(bits.bitCount) bits"
    case .octetString(let octets): return " \(octets.count) octets"
    case .null: return ""
    case .objectIdentifier(let oid): return " " + (oid.name ?? oid.dotted)
    case .time(let time): return " " + time.rfc3339
    case .string(let string): return " \"\(string.text)\""
    case .opaque(let octets): return " opaque \(octets.count) octets"
    }
}

/// `levels` SEQUENCEs nested in each other around `innermost`.
private func nested(_ levels: Int, around innermost: [UInt8]) -> [UInt8] {
    (0..<levels).reduce(innermost) { inner, _ in [0x30, UInt8(inner.count)] + inner }
}

@Suite struct DERNodeTests {
    @Test func walksACertificateShapedStructure() throws {
        let nodes = try DERNode.parse(certificateLike[...])
        #expect(outline(nodes) == [
            "SEQUENCE",
            "  SEQUENCE",
            "    [0] constructed",
            "      INTEGER 2",
            "    INTEGER 5",
            "    SEQUENCE",
            "      OBJECT IDENTIFIER sha256WithRSAEncryption",
            "      NULL",
            "    SEQUENCE",
            "      SET",
            "        SEQUENCE",
            "          OBJECT IDENTIFIER commonName",
            "          PrintableString \"A\"",
            "    SEQUENCE",
            "      UTCTime 2025-01-01T00:00:00Z",
            "      GeneralizedTime 2026-01-01T00:00:00Z",
            "    BIT STRING 24 bits",
            "      ↳ INTEGER 7",
            "    [3] constructed",
            "      SEQUENCE",
            "        SEQUENCE",
            "          OBJECT IDENTIFIER basicConstraints",
            "          BOOLEAN true",
            "          OCTET STRING 5 octets",
            "            ↳ SEQUENCE",
            "              BOOLEAN true",
            "        SEQUENCE",
            "          OBJECT IDENTIFIER subjectKeyIdentifier",
            "          OCTET STRING 4 octets",
            "  SEQUENCE",
            "    OBJECT IDENTIFIER sha256WithRSAEncryption",
            "    NULL",
            "  BIT STRING 16 bits",
        ])
    }

    @Test func depthsAndOffsets() throws {
        let certificate = try #require(try DERNode.parse(certificateLike[...]).first)
        let tbs = try #require(certificate.children.first)
        let subjectPublicKey = tbs.children[5]
        #expect([certificate.depth, tbs.depth, subjectPublicKey.depth] == [0, 1, 2])
        #expect(subjectPublicKey.element.offset == 76)
        #expect(subjectPublicKey.encapsulated.map(\.depth) == [3])
        #expect(subjectPublicKey.encapsulated.map(\.element.offset) == [79])
        let basicConstraints = tbs.children[6].children[0].children[0].children[2]
        #expect(basicConstraints.depth == 5)
        #expect(basicConstraints.encapsulated.map(\.element.offset) == [98])
        #expect(basicConstraints.encapsulated.first?.children.map(\.depth) == [7])
    }

    @Test func offsetsAreAbsoluteOnASlice() throws {
        let buffer = [0xEE, 0xEE, 0xEE] + certificateLike
        let tbs = try #require(try DERNode.parse(buffer[3...]).first?.children.first)
        #expect(tbs.element.offset == 6)
        #expect(tbs.children[5].encapsulated.first?.element.contentOffset == 84)
    }

    /// One octet of the certificate changed, and where the error is reported.
    @Test(arguments: [
        (95, UInt8(0x01), DERError(.invalidBoolean, at: 95)),  // the critical flag: 0x01
        (18, 0x80, DERError(.nonMinimalObjectIdentifierArc, at: 18)),  // 2A 80 48 …
        (41, 0x2A, DERError(.invalidStringCharacter(.printableString), at: 41)),  // CN=*
        (65, 0x32, DERError(.invalidTimeValue, at: 65)),  // notAfter month 21
        (78, 0x08, DERError(.invalidBitStringLength, at: 78)),  // subjectPublicKey: eight unused bits
        (133, 0x01, DERError(.nonZeroBitStringPadding, at: 135)),  // signature: one unused bit, and it is set
    ] as [(Int, UInt8, DERError)])
    func strictErrorsDeepInside(index: Int, octet: UInt8, error: DERError) {
        var bytes = certificateLike
        bytes[index] = octet
        #expect(throws: error) { try DERNode.parse(bytes[...]) }
        let prefixed = [0xEE, 0xEE, 0xEE, 0xEE] + bytes
        #expect(throws: DERError(error.kind, at: error.offset + 4)) { try DERNode.parse(prefixed[4...]) }
    }

    @Test func aStrictErrorInsideAnEncapsulationIsNotAnError() throws {
        var bytes = certificateLike
        bytes[102] = 0x01  // cA inside the basicConstraints OCTET STRING: BOOLEAN 0x01
        let certificate = try #require(try DERNode.parse(bytes[...]).first)
        let basicConstraints = certificate.children[0].children[6].children[0].children[0].children[2]
        #expect(basicConstraints.element.tag == .octetString)
        #expect(basicConstraints.encapsulated.isEmpty)
        #expect(outline([certificate]).count == 31)  // the two encapsulated lines are gone
    }

    @Test(arguments: [
        ("04 04 05 00 05 00", "two elements"),
        ("04 04 02 02 00 05", "a non-minimal INTEGER"),
        ("04 04 30 03 02 01", "a truncated SEQUENCE"),
        ("04 02 00 00", "end-of-contents"),
        ("04 02 9F 1F", "a high tag"),
        ("04 01 05", "a lone tag"),
        ("04 00", "nothing"),
        ("03 03 04 05 00", "a NULL, but unused bits"),
        ("03 04 00 05 00 FF", "a NULL and a trailing octet"),
    ])
    func failedEncapsulationIsPlainData(hex: String, note: String) throws {
        let nodes = try DERNode.parse(hexBytes(hex)[...])
        #expect(nodes.count == 1, "\(note)")
        #expect(nodes.first?.encapsulated.isEmpty == true, "\(note)")
        #expect(nodes.first?.value != nil)
    }

    @Test(arguments: ["04 02 05 00", "03 03 00 05 00", "04 05 30 03 01 01 00"])
    func successfulEncapsulation(hex: String) throws {
        let node = try #require(try DERNode.parse(hexBytes(hex)[...]).first)
        #expect(node.encapsulated.count == 1)
        #expect(node.encapsulated.first?.depth == 1)
        #expect(node.encapsulated.first?.element.offset == (hex.hasPrefix("03") ? 3 : 2))
    }

    @Test func valuesOfOtherTags() throws {
        let nodes = try DERNode.parse(hexBytes("0A 01 03 80 02 AB CD 09 00 0C 02 C3 A9")[...])
        #expect(outline(nodes) == ["ENUMERATED 3", "[0] primitive opaque 2 octets", "REAL opaque 0 octets", "UTF8String \"é\""])
    }

    @Test func topLevelSequenceMustBeComplete() {
        #expect(throws: DERError(.truncated, at: 4)) { try DERNode.parse(hexBytes("02 01 05 02")[...]) }
        #expect(throws: DERError(.highTagNumber, at: 2)) { try DERNode.parse(hexBytes("30 03 9F 1F 00")[...]) }
    }

    @Test func highTagsWhenOptedIn() throws {
        let nodes = try DERNode.parse(hexBytes("30 03 9F 1F 00")[...], options: .allowHighTagNumbers)
        #expect(outline(nodes) == ["SEQUENCE", "  [31] primitive opaque 0 octets"])
    }

    // MARK: Depth limit (DERLimits.maximumNestingDepth, at N and N + 1)

    @Test func nestingAtTheLimit() throws {
        let nodes = try DERNode.parse(nested(DERLimits.maximumNestingDepth, around: [])[...])
        var node = try #require(nodes.first)
        while let child = node.children.first { node = child }
        #expect(node.depth == DERLimits.maximumNestingDepth - 1)
        #expect(throws: DERError(.nestingTooDeep, at: 2 * DERLimits.maximumNestingDepth)) {
            try DERNode.parse(nested(DERLimits.maximumNestingDepth + 1, around: [])[...])
        }
    }

    @Test func encapsulationStopsQuietlyAtTheLimit() throws {
        // An OCTET STRING holding an empty SEQUENCE, inside N − 2 and N − 1 SEQUENCEs.
        let limit = DERLimits.maximumNestingDepth
        for (levels, expected) in [(limit - 2, 1), (limit - 1, 0)] {
            var node = try #require(try DERNode.parse(nested(levels, around: [0x04, 0x02, 0x30, 0x00])[...]).first)
            while let child = node.children.first { node = child }
            #expect(node.element.tag == .octetString)
            #expect(node.encapsulated.count == expected, "OCTET STRING at depth \(node.depth)")
        }
    }
}
