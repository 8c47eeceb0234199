import Testing
import VouchDER
import VouchX509

/// nameConstraints (RFC 5280 §4.2.1.10):
/// `SEQUENCE { permittedSubtrees [0] GeneralSubtrees OPTIONAL, excludedSubtrees [1] GeneralSubtrees OPTIONAL }`.
@Suite struct NameConstraintsTests {
    static func render(_ subtrees: [NameConstraints.Subtree]?) -> String {
        guard let subtrees else { return "-" }
        return subtrees.map { subtree in
            subtree.base.map { VouchX509Tests.render([$0]) } ?? "undecoded\(subtree.form):" + hexString(subtree.encodedBase)
        }.joined(separator: " ")
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
        // An empty list (SIZE (1..MAX) forbids it) is read as absent: Apple skips a [0] or [1]
        // without content.
        ("30 02 A0 00", "-", "-"),
        ("30 09 A0 00 A1 05 30 03 82 01 62", "-", "dns:b"),
        // A base is any one element, kept undecoded when it is not a GeneralName of the form its
        // tag names (Apple's parser reads the base as ANY): an otherName without its [0] value,
        // a universal tag (form otherName, as Apple's nc_gn_type_convert reads it), a
        // directoryName that is not a Name, a constructed URI.
        ("30 0C A0 0A 30 08 A0 06 06 04 2B 06 01 04", "undecoded0:a00606042b060104", "-"),
        ("30 07 A0 05 30 03 16 01 61", "undecoded0:160161", "-"),
        ("30 08 A1 06 30 04 A4 02 04 00", "-", "undecoded4:a4020400"),
        ("30 0A A0 08 30 06 A6 04 16 02 61 62", "undecoded6:a60416026162", "-"),
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

    /// A written-out `minimum 0` (the DEFAULT, not DER) is noted, in either list, for the strict
    /// profile's DER rule; the subtrees read the same.
    @Test(arguments: [
        ("30 07 A0 05 30 03 82 01 61", false),
        ("30 0E A0 05 30 03 82 01 61 A1 05 30 03 82 01 62", false),
        ("30 0A A0 08 30 06 82 01 61 80 01 00", true),
        ("30 0A A1 08 30 06 82 01 62 80 01 00", true),
        ("30 11 A0 05 30 03 82 01 61 A1 08 30 06 82 01 62 80 01 00", true),
        ("30 0F A0 0D 30 03 82 01 61 30 06 82 01 62 80 01 00", true),
    ])
    func notesWrittenOutMinimum(hex: String, encodesDefault: Bool) throws {
        #expect(try NameConstraints(extensionValue: embedded(hex)).encodesDefaultMinimum == encodesDefault)
    }

    @Test(arguments: [
        ("", DERError(.missingElement(expected: .sequence), at: 0)),
        ("31 00", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 0)),
        ("30 00 00", DERError(.trailingData, at: 2)),
        // Wrong order, wrong form, wrong subtree type.
        ("30 0E A1 05 30 03 82 01 62 A0 05 30 03 82 01 61", DERError(.trailingData, at: 9)),
        ("30 07 80 05 30 03 82 01 61", DERError(.trailingData, at: 2)),
        ("30 07 A0 05 31 03 82 01 61", DERError(.unexpectedTag(expected: .sequence, found: .set), at: 4)),
        // The base: one element is required, and must be one.
        ("30 04 A0 02 30 00", DERError(.truncated, at: 6)),
        ("30 05 A0 03 30 01 82", DERError(.truncated, at: 7)),
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

    @Test("a list is read up to 8,193 subtrees and the rest ignored unread, as Apple's parseGeneralSubtrees stops")
    func longList() throws {
        let subtree: [UInt8] = [0x30, 0x03, 0x82, 0x01, 0x61]
        let malformed: [UInt8] = [0x30, 0x00]
        func value(_ count: Int) -> [UInt8] {
            let list = Array([[UInt8]](repeating: subtree, count: count).joined()) + malformed
            return DER.tlv(.sequence, DER.tlv(.contextSpecific(0, constructed: true), list))
        }
        let read = try NameConstraints(extensionValue: value(NameConstraints.maximumSubtreesRead)[...])
        #expect(read.permittedSubtrees?.count == 8_193)
        // One fewer, and the malformed subtree is read: the extension does not parse.
        #expect(throws: DERError.self) { try NameConstraints(extensionValue: value(NameConstraints.maximumSubtreesRead - 1)[...]) }
    }
}
