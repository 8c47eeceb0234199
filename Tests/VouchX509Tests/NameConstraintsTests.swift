import Testing
import VouchDER
import VouchX509

/// nameConstraints (RFC 5280 §4.2.1.10):
/// `SEQUENCE { permittedSubtrees [0] GeneralSubtrees OPTIONAL, excludedSubtrees [1] GeneralSubtrees OPTIONAL }`.
@Suite struct NameConstraintsTests {
    static func render(_ subtrees: [NameConstraints.Subtree]?) -> String {
        VouchX509Tests.render(subtrees?.map(\.base))
    }

    @Test(arguments: [
        ("30 07 A0 05 30 03 82 01 61", "dns:a", "-"),
        ("30 07 A1 05 30 03 82 01 61", "-", "dns:a"),
        ("30 0E A0 05 30 03 82 01 61 A1 05 30 03 82 01 62", "dns:a", "dns:b"),
        ("30 0C A0 0A 30 03 82 01 61 30 03 82 01 62", "dns:a dns:b", "-"),
        ("30 0E A0 0C 30 0A 87 08 C0 00 02 00 FF FF FF 00", "ip:c0000200ffffff00", "-"),
        ("30 08 A1 06 30 04 A4 02 30 00", "-", "dir:"),
        // An explicit minimum of 0 (the DEFAULT, so not DER) is accepted, as Apple does.
        ("30 0A A0 08 30 06 82 01 61 80 01 00", "dns:a", "-"),
        // Neither list: RFC 5280 forbids issuing it, but it parses (Apple parses it too).
        ("30 00", "-", "-"),
    ])
    func decodes(hex: String, permitted: String, excluded: String) throws {
        let constraints = try NameConstraints(extensionValue: embedded(hex))
        #expect(Self.render(constraints.permittedSubtrees) == permitted)
        #expect(Self.render(constraints.excludedSubtrees) == excluded)
        for subtree in (constraints.permittedSubtrees ?? []) + (constraints.excludedSubtrees ?? []) {
            #expect(subtree.minimum == 0)
            #expect(subtree.maximum == nil)
        }
    }

    @Test(arguments: [
        ("", DERError(.missingElement(expected: .sequence), at: 0)),
        ("31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        ("30 00 00", DERError(.trailingData, at: 2)),
        // GeneralSubtrees ::= SEQUENCE SIZE (1..MAX).
        ("30 02 A0 00", DERError(.missingElement(expected: .sequence), at: 4)),
        ("30 02 A1 00", DERError(.missingElement(expected: .sequence), at: 4)),
        // Wrong order, wrong form, wrong subtree type.
        ("30 0E A1 05 30 03 82 01 62 A0 05 30 03 82 01 61", DERError(.trailingData, at: 9)),
        ("30 07 80 05 30 03 82 01 61", DERError(.trailingData, at: 2)),
        ("30 07 A0 05 31 03 82 01 61", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 4)),
        // The base: a GeneralName is required and must be well-formed.
        ("30 04 A0 02 30 00", DERError(.truncated, at: 6)),
        ("30 07 A0 05 30 03 16 01 61",
         DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false), found: .ia5String), at: 6)),
        // minimum must be 0 and maximum absent (RFC 5280 §4.2.1.10; Apple's parser rejects anything else).
        ("30 0A A0 08 30 06 82 01 61 80 01 01", DERError(.integerOutOfRange, at: 11)),
        ("30 0A A0 08 30 06 82 01 61 80 01 FF", DERError(.integerOutOfRange, at: 11)),
        ("30 0B A0 09 30 07 82 01 61 80 02 00 01", DERError(.nonMinimalInteger, at: 11)),
        ("30 09 A0 07 30 05 82 01 61 80 00", DERError(.emptyInteger, at: 11)),
        ("30 0A A0 08 30 06 82 01 61 81 01 05", DERError(.trailingData, at: 9)),
        ("30 0A A0 08 30 06 82 01 61 81 01 00", DERError(.trailingData, at: 9)),
        ("30 0D A0 0B 30 09 82 01 61 80 01 00 81 01 05", DERError(.trailingData, at: 12)),
        ("30 0D A0 0B 30 09 82 01 61 81 01 05 80 01 00", DERError(.trailingData, at: 9)),
    ])
    func rejects(hex: String, error: DERError) {
        #expect(throws: shifted(error)) { try NameConstraints(extensionValue: embedded(hex)) }
    }
}
