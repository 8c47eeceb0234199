import Testing
import VouchDER
import VouchX509

/// certificatePolicies, policyMappings, policyConstraints and inhibitAnyPolicy (RFC 5280 §4.2.1.4, .5, .11, .14).
@Suite struct CertificatePoliciesTests {
    static func render(_ policy: CertificatePolicies.Policy) -> String {
        policy.identifier.dotted + policy.qualifiers.map { "[\($0.id.dotted)=\(hexString($0.qualifier))]" }.joined()
    }

    @Test(arguments: [
        ("30 08 30 06 06 04 55 1D 20 00", ["2.5.29.32.0"]),
        ("30 10 30 06 06 04 55 1D 20 00 30 06 06 04 2A 03 04 05", ["2.5.29.32.0", "1.2.3.4.5"]),
        ("30 1B 30 19 06 06 67 81 0C 01 02 01 30 0F 30 0D 06 08 2B 06 01 05 05 07 02 01 16 01 78",
         ["2.23.140.1.2.1[1.3.6.1.5.5.7.2.1=160178]"]),
        // An empty policyQualifiers list breaks SIZE (1..MAX), but Apple keeps qualifiers unparsed.
        ("30 0A 30 08 06 04 55 1D 20 00 30 00", ["2.5.29.32.0"]),
    ])
    func policies(hex: String, expected: [String]) throws {
        #expect(try CertificatePolicies(extensionValue: embedded(hex)).policies.map(Self.render) == expected)
    }

    @Test(arguments: [
        ("", DERError(.missingElement(expected: .sequence), at: 0)),
        ("31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        ("30 00", DERError(.missingElement(expected: .sequence), at: 2)),
        ("30 03 06 01 00", DERError(.unexpectedTag(expected: .sequence, found: .objectIdentifier), at: 2)),
        ("30 02 30 00", DERError(.missingElement(expected: .objectIdentifier), at: 4)),
        ("30 08 30 06 02 04 55 1D 20 00", DERError(.unexpectedTag(expected: .objectIdentifier, found: .integer), at: 4)),
        ("30 0A 30 08 06 04 55 1D 20 00 05 00", DERError(.trailingData, at: 10)),
        ("30 0C 30 0A 06 04 55 1D 20 00 30 02 30 00", DERError(.missingElement(expected: .objectIdentifier), at: 14)),
        ("30 11 30 0F 06 04 55 1D 20 00 30 07 30 05 06 03 2A 03 04", DERError(.truncated, at: 19)),
        ("30 08 30 06 06 04 55 1D 20 00 00", DERError(.trailingData, at: 10)),
        ("30 09 30 06 06 04 55 1D 20 00 00", DERError(.endOfContentsTag, at: 10)),
        ("30 09 30 07 06 04 55 1D 20 00 00", DERError(.endOfContentsTag, at: 10)),
    ])
    func policiesRejected(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try CertificatePolicies(extensionValue: embedded(hex)) }
    }

    @Test(arguments: [
        ("30 0C 30 0A 06 03 2A 03 04 06 03 2A 03 05", ["1.2.3.4>1.2.3.5"]),
        ("30 18 30 0A 06 03 2A 03 04 06 03 2A 03 05 30 0A 06 03 2A 03 06 06 03 2A 03 07",
         ["1.2.3.4>1.2.3.5", "1.2.3.6>1.2.3.7"]),
    ])
    func mappings(hex: String, expected: [String]) throws {
        let mappings = try PolicyMappings(extensionValue: embedded(hex)).mappings
        #expect(mappings.map { "\($0.issuerDomainPolicy.dotted)>\($0.subjectDomainPolicy.dotted)" } == expected)
    }

    @Test(arguments: [
        ("30 00", DERError(.missingElement(expected: .sequence), at: 2)),
        ("31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        ("30 07 30 05 06 03 2A 03 04", DERError(.missingElement(expected: .objectIdentifier), at: 9)),
        ("30 0E 30 0C 06 03 2A 03 04 06 03 2A 03 05 05 00", DERError(.trailingData, at: 14)),
        ("30 0C 30 0A 06 03 2A 03 04 02 03 2A 03 05",
         DERError(.unexpectedTag(expected: .objectIdentifier, found: .integer), at: 9)),
    ])
    func mappingsRejected(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try PolicyMappings(extensionValue: embedded(hex)) }
    }

    @Test(arguments: [
        ("30 00", nil, nil),
        ("30 03 80 01 00", 0, nil),
        ("30 03 81 01 02", nil, 2),
        ("30 06 80 01 01 81 01 02", 1, 2),
        ("30 07 80 05 00 FF FF FF FF", 4_294_967_295, nil),
    ] as [(String, Int?, Int?)])
    func constraints(hex: String, requireExplicitPolicy: Int?, inhibitPolicyMapping: Int?) throws {
        let constraints = try PolicyConstraints(extensionValue: embedded(hex))
        #expect(constraints.requireExplicitPolicy == requireExplicitPolicy)
        #expect(constraints.inhibitPolicyMapping == inhibitPolicyMapping)
    }

    @Test(arguments: [
        ("31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        ("30 03 80 01 FF", DERError(.integerOutOfRange, at: 4)),
        ("30 07 80 05 01 00 00 00 00", DERError(.integerOutOfRange, at: 4)),
        ("30 02 80 00", DERError(.emptyInteger, at: 4)),
        ("30 04 80 02 00 01", DERError(.nonMinimalInteger, at: 4)),
        ("30 06 81 01 02 80 01 01", DERError(.trailingData, at: 5)),
        ("30 05 A0 03 02 01 00", DERError(.trailingData, at: 2)),
        ("30 03 02 01 00", DERError(.trailingData, at: 2)),
    ])
    func constraintsRejected(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try PolicyConstraints(extensionValue: embedded(hex)) }
    }

    @Test(arguments: [("02 01 00", 0), ("02 01 05", 5), ("02 02 00 80", 128), ("02 05 00 FF FF FF FF", 4_294_967_295)])
    func inhibitAnyPolicy(hex: String, skipCerts: Int) throws {
        #expect(try InhibitAnyPolicy(extensionValue: embedded(hex)).skipCerts == skipCerts)
    }

    @Test(arguments: [
        ("", DERError(.missingElement(expected: .integer), at: 0)),
        ("02 01 FF", DERError(.integerOutOfRange, at: 2)),
        ("02 05 01 00 00 00 00", DERError(.integerOutOfRange, at: 2)),
        ("02 00", DERError(.emptyInteger, at: 2)),
        ("02 02 00 01", DERError(.nonMinimalInteger, at: 2)),
        ("0A 01 00", DERError(.unexpectedTag(expected: .integer, found: .enumerated), at: 0)),
        ("30 03 02 01 00", DERError(.unexpectedTag(expected: .integer, found: .sequence), at: 0)),
        ("02 01 00 00", DERError(.trailingData, at: 3)),
    ])
    func inhibitAnyPolicyRejected(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try InhibitAnyPolicy(extensionValue: embedded(hex)) }
    }
}
