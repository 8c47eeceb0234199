import Testing
import VouchDER
import VouchTestSupport
import VouchX509

/// The `extensions` list itself: duplicates (flagged), the count limit and emptiness (rejected),
/// and the structure of each Extension (SECTRUST.md §10, §4.3).
@Suite struct ExtensionListTests {
    static func entry(_ index: Int) -> [UInt8] {
        DER.extensionEntry(OID(dotted: "1.3.6.1.4.1.99999.\(index)") ?? .anyPolicy, value: DER.null)
    }

    static func builder(_ entries: [[UInt8]]) -> CertificateBuilder {
        var builder = CertificateBuilder()
        builder.extensionEntries = entries
        return builder
    }

    /// Up to 32 extensions are compared pairwise, more are sorted: both paths, on both sides of 32.
    @Test(arguments: [
        (1, nil, false), (2, nil, false), (2, (0, 1), true), (3, (0, 2), true),
        (32, nil, false), (32, (0, 31), true), (32, (30, 31), true),
        (33, nil, false), (33, (5, 32), true),
        (40, nil, false), (40, (3, 39), true), (40, (38, 39), true), (40, (0, 1), true),
    ] as [(Int, (Int, Int)?, Bool)])
    func duplicates(count: Int, duplicate: (Int, Int)?, expected: Bool) throws {
        var entries = (0..<count).map(Self.entry)
        if let (first, second) = duplicate { entries[second] = entries[first] }
        let extensions = try Self.builder(entries).parse().extensions
        #expect(extensions.count == count)
        #expect(extensions.hasDuplicates == expected)
        #expect(extensions.anomalies.hasDuplicates == expected)
    }

    /// The one-walk scan checks id-ce OIDs (2.5.29.n, n < 128) by a bit per arc and the others
    /// pairwise: a repeat in either group, and none across them, whatever the arc (below 64, up
    /// to 127, or 128 and above, which takes two octets and joins the others).
    @Test("duplicates among id-ce arcs and other OIDs, as the pairwise rule finds them", arguments: [
        (["2.5.29.19", "2.5.29.15", "1.3.6.1.5.5.7.1.1"], false),
        (["2.5.29.19", "2.5.29.15", "2.5.29.19"], true),
        (["2.5.29.100", "2.5.29.63", "2.5.29.64", "2.5.29.127"], false),
        (["2.5.29.100", "2.5.29.63", "2.5.29.100"], true),
        (["2.5.29.127", "2.5.29.63", "2.5.29.127"], true),
        (["2.5.29.200", "2.5.29.72", "2.5.29.200"], true),
        (["2.5.29.200", "2.5.29.72", "2.5.29.201"], false),
        (["1.3.6.1.5.5.7.1.1", "2.5.29.19", "1.3.6.1.5.5.7.1.1"], true),
        (["1.3.6.1.5.5.7.1.1", "2.5.29.17", "1.3.6.1.4.1.11129.2.4.2", "2.5.29.32"], false),
    ] as [([String], Bool)])
    func duplicatesByGroup(oids: [String], expected: Bool) throws {
        let entries = try oids.map { DER.extensionEntry(try #require(OID(dotted: $0)), value: DER.null) }
        let extensions = try Self.builder(entries).parse().extensions
        #expect(extensions.hasDuplicates == expected)
        #expect(extensions.anomalies.hasDuplicates == expected)
    }

    @Test func duplicatesIgnoreCriticalityAndValue() throws {
        let extensions = try Self.builder([
            DER.extensionEntry(.subjectAltName, critical: true, value: hexBytes("30 03 82 01 61")),
            DER.extensionEntry(.keyUsage, value: hexBytes("03 02 07 80")),
            DER.extensionEntry(.subjectAltName, value: hexBytes("30 03 82 01 62")),
        ]).parse().extensions
        #expect(extensions.hasDuplicates)
        // The first one wins for lookups.
        #expect(extensions[.subjectAltName]?.isCritical == true)
    }

    /// The lookup compares raw extnID encodings: an OID that is a prefix of another, an OID's
    /// octets inside another extension's value, and an OID too long for a short-form length
    /// (the general path) each find exactly their own extension.
    @Test func lookupMatchesWholeIdentifiers() throws {
        let short = try #require(OID(dotted: "1.3.6.1.4.1.99999.1"))
        let longer = try #require(OID(dotted: "1.3.6.1.4.1.99999.1.5"))
        let absent = try #require(OID(dotted: "1.3.6.1.4.1.99999.2"))
        // 130 content octets: 1.3 then 128 arcs of 1.
        let huge = try #require(OID(dotted: "1.3" + String(repeating: ".1", count: 129)))
        #expect(huge.bytes.count >= 128)
        let extensions = try Self.builder([
            DER.extensionEntry(longer, value: DER.null),
            DER.extensionEntry(.keyUsage, value: DER.oid(short)),  // `short`'s encoding as a value
            DER.extensionEntry(huge, value: DER.null),
            DER.extensionEntry(short, critical: false, value: hexBytes("04 01 2A")),
        ]).parse().extensions
        #expect(extensions[longer]?.oid == longer)
        #expect(extensions[short]?.oid == short)
        #expect(extensions[short]?.value.elementsEqual(hexBytes("04 01 2A")) == true)
        #expect(extensions[huge]?.oid == huge)
        #expect(extensions[absent] == nil)
        for item in extensions { #expect(extensions[item.oid]?.offset == item.offset) }
    }

    /// On real certificates, the lookup finds what a walk of the list finds (the first of an OID).
    @Test("lookup equals a walk, on the system bundle and cryptography-vectors",
          .enabled(if: TestData.exists(TestData.systemBundle), "no \(TestData.systemBundle): run scripts/setup"),
          .enabled(if: TestData.exists(TestData.cryptographyX509), MissingData.cryptographyVectors))
    func lookupEqualsWalk() throws {
        var certificates = TestData.systemCertificates.compactMap { try? Certificate(derEncoded: $0) }
        for file in TestData.files(under: TestData.cryptographyX509) {
            guard let bytes = TestData.bytes(TestData.cryptographyX509 + "/" + file),
                let documents = try? DERDocument.documents(in: bytes[...])
            else { continue }
            certificates += documents.compactMap { try? Certificate(derEncoded: $0.der) }
        }
        var lookups = 0
        for certificate in certificates {
            // The one-walk answers equal the three separate ones.
            let anomalies = certificate.extensions.anomalies
            #expect(anomalies.hasDuplicates == certificate.extensions.hasDuplicates)
            #expect(anomalies.hasUnparseable == !certificate.extensions.unparseable.isEmpty)
            #expect(anomalies.hasUnknownCritical == !certificate.extensions.unknownCritical.isEmpty)
            let oids = certificate.extensions.map(\.oid) + Extension.knownOIDs
            for oid in oids {
                let walked = certificate.extensions.first { $0.oid == oid }
                let found = certificate.extensions[oid]
                #expect(found?.offset == walked?.offset && found?.isCritical == walked?.isCritical, "\(oid)")
                #expect(found?.value.elementsEqual(walked?.value ?? []) ?? (walked == nil), "\(oid)")
                lookups += 1
            }
        }
        #expect(lookups > 5_000)
    }

    /// Apple rejects 10,000 extensions or more; 9,999 parse. One repeated 7-octet extension keeps it fast.
    @Test(arguments: [X509Limits.maximumExtensionCount - 1, X509Limits.maximumExtensionCount])
    func extensionCountLimit(count: Int) throws {
        let entry = Self.entry(1)
        let builder = Self.builder(Array(repeating: entry, count: count))
        guard count >= X509Limits.maximumExtensionCount else {
            #expect(try builder.parse().extensions.count == count)
            return
        }
        let headers = builder.extensions.count - count * entry.count
        let last = builder.offset(of: .extensions) + headers + (count - 1) * entry.count
        #expect(throws: X509Error(.tooManyExtensions, in: .extensions, at: last)) { try builder.parse() }
    }

    @Test(arguments: [
        // [3] EXPLICIT SEQUENCE SIZE (1..MAX) OF Extension.
        ("A3 02 30 00", X509Error.Kind.emptyExtensions, 4),
        ("A3 00", .malformed(.missingElement(expected: .sequence)), 2),
        ("A3 02 31 00", .malformed(.unexpectedTag(expected: .sequence, found: .set)), 2),
        ("A3 04 30 00 30 00", .malformed(.trailingData), 4),
        // Extension ::= SEQUENCE { extnID, critical BOOLEAN DEFAULT FALSE, extnValue OCTET STRING }.
        ("A3 09 30 07 30 05 06 03 55 1D 13", .malformed(.missingElement(expected: .octetString)), 11),
        ("A3 0C 30 0A 30 08 06 03 55 1D 13 03 01 00", .malformed(.unexpectedTag(expected: .octetString, found: .bitString)), 11),
        ("A3 0F 30 0D 30 0B 06 03 55 1D 13 01 01 01 04 01 00", .malformed(.invalidBoolean), 13),
        ("A3 0F 30 0D 30 0B 06 03 55 1D 13 01 01 80 04 01 00", .malformed(.invalidBoolean), 13),
        ("A3 0E 30 0C 30 0A 06 03 55 1D 13 01 00 04 01 00", .malformed(.invalidBoolean), 13),
        ("A3 0D 30 0B 30 09 06 01 00 04 00 04 02 05 00", .malformed(.trailingData), 11),
        ("A3 08 30 06 30 04 04 00 04 00", .malformed(.unexpectedTag(expected: .objectIdentifier, found: .octetString)), 6),
        ("A3 07 30 05 30 03 06 01 80", .malformed(.invalidObjectIdentifier), 8),
        ("A3 06 30 04 31 02 05 00", .malformed(.unexpectedTag(expected: .sequence, found: .set)), 4),
    ])
    func malformedList(hex: String, kind: X509Error.Kind, offset: Int) {
        var builder = CertificateBuilder()
        builder.extensionsField = hexBytes(hex)
        #expect(throws: X509Error(kind, in: .extensions, at: builder.offset(of: .extensions) + offset)) { try builder.parse() }
    }

    /// An explicitly encoded FALSE is not DER, but Apple and real CAs accept it; the list notes
    /// it, for the strict profile's DER rule.
    @Test(arguments: [("01 01 00", false), ("01 01 FF", true), ("", false)])
    func criticality(boolean: String, isCritical: Bool) throws {
        var builder = CertificateBuilder()
        builder.extensionsField = DER.explicit(3, DER.sequence(DER.sequence(DER.oid(.keyUsage), hexBytes(boolean),
                                                                             DER.octetString(hexBytes("03 02 07 80")))))
        let extensions = try builder.parse().extensions
        #expect(extensions.map(\.isCritical) == [isCritical])
        #expect(extensions.map(\.offset) == [builder.offset(of: .extensions) + 4])
        #expect(extensions.encodesDefaultCritical == (boolean == "01 01 00"))
    }

    /// The list notes a written-out `critical FALSE` in any of its extensions; none without a list.
    @Test(arguments: [nil, 0, 1, 2] as [Int?])
    func writtenOutCriticalityInTheList(position: Int?) throws {
        var entries = (0..<3).map(Self.entry)
        if let position {
            entries[position] = DER.extensionEntry(OID(dotted: "1.3.6.1.4.1.99999.\(position)") ?? .anyPolicy, critical: false,
                                                   value: DER.null)
        }
        #expect(try Self.builder(entries).parse().extensions.encodesDefaultCritical == (position != nil))
        var none = CertificateBuilder()
        none.extensionEntries = nil
        #expect(try none.parse().extensions.encodesDefaultCritical == false)
    }
}
