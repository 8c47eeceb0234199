import Testing
import VouchDER
import VouchX509

/// How Certificate(derEncoded:) treats a known extension that does not decode (SECTRUST.md §10):
/// critical rejects the certificate, non-critical is flagged and reads as absent.
@Suite struct ExtensionCriticalityTests {
    /// Every known extension with a valid value, a broken one, and the broken one's error
    /// (offset relative to the value's first octet).
    static let known: [(OID, String, String, DERError)] = [
        (.basicConstraints, "30 03 01 01 FF", "30 03 01 01 01", DERError(.invalidBoolean, at: 4)),
        (.keyUsage, "03 02 07 80", "03 01 00", DERError(.invalidBitStringLength, at: 0)),
        (.extendedKeyUsage, "30 0A 06 08 2B 06 01 05 05 07 03 01", "31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        (.subjectAltName, "30 03 82 01 61", "30 00", DERError(.missingElement(expected: .contextSpecific(2, constructed: false)), at: 2)),
        (.nameConstraints, "30 07 A0 05 30 03 82 01 61", "30 0A A0 08 30 06 82 01 61 81 01 05", DERError(.trailingData, at: 9)),
        (.authorityKeyIdentifier, "30 06 80 04 01 02 03 04", "30 03 82 01 05",
         DERError(.missingElement(expected: .contextSpecific(1, constructed: true)), at: 2)),
        (.subjectKeyIdentifier, "04 04 01 02 03 04", "30 00", DERError(.unexpectedTag(expected: .octetString, found: .sequence), at: 0)),
        (.certificatePolicies, "30 08 30 06 06 04 55 1D 20 00", "30 00", DERError(.missingElement(expected: .sequence), at: 2)),
        (.policyMappings, "30 0C 30 0A 06 03 2A 03 04 06 03 2A 03 05", "30 00", DERError(.missingElement(expected: .sequence), at: 2)),
        (.policyConstraints, "30 03 80 01 00", "30 03 80 01 FF", DERError(.integerOutOfRange, at: 4)),
        (.inhibitAnyPolicy, "02 01 00", "02 01 FF", DERError(.integerOutOfRange, at: 2)),
        (.cRLDistributionPoints, "30 09 30 07 A0 05 A0 03 82 01 61", "30 02 30 00",
         DERError(.missingElement(expected: .contextSpecific(0, constructed: true)), at: 4)),
        (.authorityInformationAccess, "30 0F 30 0D 06 08 2B 06 01 05 05 07 30 02 82 01 61", "30 00",
         DERError(.missingElement(expected: .sequence), at: 2)),
        (.subjectInformationAccess, "30 0F 30 0D 06 08 2B 06 01 05 05 07 30 02 82 01 61", "30 00",
         DERError(.missingElement(expected: .sequence), at: 2)),
        (.qcStatements, "30 0A 30 08 06 06 04 00 8E 46 01 01", "30 00", DERError(.missingElement(expected: .sequence), at: 2)),
    ]

    /// Extensions Apple's parser knows but accepts whatever their value (its parser returns true).
    static let acceptingAnyValue: [OID] = [
        .privateKeyUsagePeriod, .issuerAltName, .netscapeCertificateType, .entrustVersionInformation, .ocspNoCheck,
    ]
    /// Extensions Apple knows without a parser: the exact OIDs, and one OID below each arc.
    static let knownUnparsed: [OID] = [.microsoftApplicationPolicies, .etsiQIPolicy, .etsiQIRSID]
    static let belowKnownArcs: [OID] = ["1.3.6.1.4.1.41577.5.1", "2.23.146.2.1.7", "1.2.840.113635.100.6.23.1"].compactMap { OID(dotted: $0) }
    /// Extensions Vouch decodes that Apple's parser does not know, and the arcs themselves.
    static let unknownToApple: [OID] = [.freshestCRL, .signedCertificateTimestampList]
        + ["1.3.6.1.4.1.41577.5", "2.23.146.2.1", "1.2.840.113635.100.6"].compactMap { OID(dotted: $0) }

    /// Whether the convenience accessor for `oid` decoded something (`nil`: it has none).
    static func accessorDecodes(_ certificate: Certificate, _ oid: OID) -> Bool? {
        switch oid {
        case .basicConstraints: return certificate.basicConstraints != nil
        case .keyUsage: return certificate.keyUsage != nil
        case .extendedKeyUsage: return certificate.extendedKeyUsage != nil
        case .subjectAltName: return certificate.subjectAlternativeNames != nil
        case .issuerAltName: return certificate.issuerAlternativeNames != nil
        case .nameConstraints: return certificate.nameConstraints != nil
        case .authorityKeyIdentifier: return certificate.authorityKeyIdentifier != nil
        case .subjectKeyIdentifier: return certificate.subjectKeyIdentifier != nil
        case .certificatePolicies: return certificate.certificatePolicies != nil
        case .policyMappings: return certificate.policyMappings != nil
        case .policyConstraints: return certificate.policyConstraints != nil
        case .inhibitAnyPolicy: return certificate.inhibitAnyPolicy != nil
        case .cRLDistributionPoints: return certificate.crlDistributionPoints != nil
        case .authorityInformationAccess: return certificate.authorityInformationAccess != nil
        case .subjectInformationAccess: return certificate.subjectInformationAccess != nil
        default: return nil
        }
    }

    /// An unknown, non-critical extension placed before the one under test.
    static let filler = OID(dotted: "1.3.6.1.4.1.99999.9") ?? .anyPolicy

    static func builder(_ entries: [[UInt8]]) -> CertificateBuilder {
        var builder = CertificateBuilder()
        builder.extensionEntries = entries
        return builder
    }

    @Test func everyExtensionDecoderIsInTheTable() {
        let listed = Self.known.map(\.0) + Self.acceptingAnyValue + Self.knownUnparsed
        #expect(Set(Extension.knownOIDs) == Set(listed))
        #expect(Extension.knownOIDs.count == listed.count)
    }

    @Test("Apple knows these whatever their value: never unparseable, never an unknown critical extension")
    func knownWithoutReading() throws {
        for oid in Self.acceptingAnyValue + Self.knownUnparsed + Self.belowKnownArcs {
            for critical in [true, false] {
                let certificate = try Self.builder([DER.extensionEntry(oid, critical: critical, value: hexBytes("FF 00"))]).parse()
                #expect(certificate.extensions.unparseable.isEmpty, "\(oid)")
                #expect(certificate.extensions.unknownCritical.isEmpty, "\(oid)")
                #expect(try certificate.extensions[oid]?.validateIfKnown() == true, "\(oid)")
            }
        }
    }

    @Test("Apple has no parser for freshestCRL or the SCT list: critical, they are unknown; broken, not unparseable")
    func unknownToApple() throws {
        for oid in Self.unknownToApple {
            let critical = try Self.builder([DER.extensionEntry(oid, critical: true, value: hexBytes("FF 00"))]).parse()
            #expect(critical.extensions.unknownCritical.map(\.oid) == [oid])
            let broken = try Self.builder([DER.extensionEntry(oid, critical: false, value: hexBytes("FF 00"))]).parse()
            #expect(broken.extensions.unparseable.isEmpty)
            #expect(try broken.extensions[oid]?.validateIfKnown() == false)
        }
    }

    @Test(arguments: known)
    func validKnownExtension(oid: OID, valid: String, broken: String, error: DERError) throws {
        for critical in [true, false] as [Bool?] + [nil] {
            let certificate = try Self.builder([DER.extensionEntry(oid, critical: critical, value: hexBytes(valid))]).parse()
            #expect(certificate.extensions.unparseable.isEmpty)
            #expect(certificate.extensions.unknownCritical.isEmpty)
            #expect(Self.accessorDecodes(certificate, oid) ?? true)
            #expect(try certificate.extensions[oid]?.validateIfKnown() == true)
        }
    }

    @Test(arguments: known)
    func criticalBrokenExtensionRejectsTheCertificate(oid: OID, valid: String, broken: String, error: DERError) {
        let builder = Self.builder([
            DER.extensionEntry(Self.filler, value: hexBytes("04 01 01")),
            DER.extensionEntry(oid, critical: true, value: hexBytes(broken)),
        ])
        let offset = builder.valueOffset(ofExtension: 1) + error.offset
        #expect(throws: X509Error(.unparseableCriticalExtension(oid, error.kind), in: .extensionValue, at: offset)) {
            try builder.parse()
        }
    }

    @Test(arguments: known)
    func nonCriticalBrokenExtensionIsFlagged(oid: OID, valid: String, broken: String, error: DERError) throws {
        for critical in [false, nil] as [Bool?] {
            let builder = Self.builder([
                DER.extensionEntry(Self.filler, value: hexBytes("04 01 01")),
                DER.extensionEntry(oid, critical: critical, value: hexBytes(broken)),
            ])
            let certificate = try builder.parse()
            #expect(certificate.extensions.unparseable.map(\.oid) == [oid])
            #expect(certificate.extensions.unknownCritical.isEmpty)
            #expect(Self.accessorDecodes(certificate, oid) != true)
            let absolute = DERError(error.kind, at: builder.valueOffset(ofExtension: 1) + error.offset)
            #expect(throws: absolute) { try certificate.extensions[oid]?.validateIfKnown() }
        }
    }

    @Test func unknownExtensions() throws {
        let unknown = OID(dotted: "1.3.6.1.4.1.99999.1") ?? .anyPolicy
        let other = OID(dotted: "1.3.6.1.4.1.99999.2") ?? .anyPolicy
        let certificate = try Self.builder([
            DER.extensionEntry(unknown, critical: true, value: [0x05, 0x00]),
            DER.extensionEntry(other, critical: false, value: [0xFF]),
            DER.extensionEntry(.keyUsage, critical: true, value: hexBytes("03 02 01 06")),
        ]).parse()
        #expect(certificate.extensions.unknownCritical.map(\.oid) == [unknown])
        #expect(certificate.extensions.unparseable.isEmpty)
        #expect(certificate.extensions.map(\.oid) == [unknown, other, .keyUsage])
        #expect(certificate.extensions.map(\.isCritical) == [true, false, true])
        #expect(certificate.extensions.count == 3)
        #expect(certificate.extensions[other].map { Array($0.value) } == [0xFF])
        #expect(try certificate.extensions[unknown]?.validateIfKnown() == false)
        #expect(certificate.keyUsage?.usages == [.keyCertSign, .cRLSign])
    }

    /// Apple counts critical extensions under its own arcs as known (SECTRUST.md §10): OIDs strictly
    /// below 1.2.840.113635.100.{6, 11, 12, 13, 15}.
    @Test(arguments: [
        ("1.2.840.113635.100.6.2.1", false),
        ("1.2.840.113635.100.6.1", false),
        ("1.2.840.113635.100.11.1", false),
        ("1.2.840.113635.100.12.7", false),
        ("1.2.840.113635.100.13.3", false),
        ("1.2.840.113635.100.15.1", false),
        ("1.2.840.113635.100.6", true),
        ("1.2.840.113635.100.14.1", true),
        ("1.2.840.113635.100.16.1", true),
        ("1.2.840.113635.101.6.1", true),
        ("1.2.840.113636.100.6.1", true),
    ])
    func appleArcs(dotted: String, isUnknown: Bool) throws {
        let oid = OID(dotted: dotted) ?? .anyPolicy
        let certificate = try Self.builder([DER.extensionEntry(oid, critical: true, value: [0x05, 0x00])]).parse()
        #expect(certificate.extensions.unknownCritical.map(\.oid) == (isUnknown ? [oid] : []))
    }
}
