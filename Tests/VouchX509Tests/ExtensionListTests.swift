import Testing
import VouchDER
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

    /// An explicitly encoded FALSE is not DER, but Apple and real CAs accept it.
    @Test(arguments: [("01 01 00", false), ("01 01 FF", true), ("", false)])
    func criticality(boolean: String, isCritical: Bool) throws {
        var builder = CertificateBuilder()
        builder.extensionsField = DER.explicit(3, DER.sequence(DER.sequence(DER.oid(.keyUsage), hexBytes(boolean),
                                                                             DER.octetString(hexBytes("03 02 07 80")))))
        let extensions = try builder.parse().extensions
        #expect(extensions.map(\.isCritical) == [isCritical])
        #expect(extensions.map(\.offset) == [builder.offset(of: .extensions) + 4])
    }
}
