import VouchDER

/// nameConstraints (RFC 5280 §4.2.1.10):
/// `SEQUENCE { permittedSubtrees [0] GeneralSubtrees OPTIONAL, excludedSubtrees [1] GeneralSubtrees OPTIONAL }`.
public struct NameConstraints: CertificateExtension {
    public static let oid = OID.nameConstraints

    /// One GeneralSubtree: a base name (minimum and maximum must be absent in RFC 5280 profiles;
    /// they are parsed and kept).
    public struct Subtree: Sendable {
        public let base: GeneralName
        public let minimum: Int
        public let maximum: Int?
    }

    /// The permitted subtrees (`nil` when the field is absent).
    public let permittedSubtrees: [Subtree]?
    /// The excluded subtrees (`nil` when the field is absent).
    public let excludedSubtrees: [Subtree]?

    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        (permittedSubtrees, excludedSubtrees) = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (inner) throws(DERError) in
                let permitted = try inner.optionalNested(.contextSpecific(0, constructed: true), Self.readSubtrees)
                let excluded = try inner.optionalNested(.contextSpecific(1, constructed: true), Self.readSubtrees)
                return (permitted, excluded)
            }
        }
    }

    /// `GeneralSubtrees ::= SEQUENCE SIZE (1..MAX) OF GeneralSubtree` (the content of the [0]/[1]).
    private static func readSubtrees(_ list: inout DERReader) throws(DERError) -> [Subtree] {
        guard !list.isAtEnd else { throw DERError(.missingElement(expected: .sequence), at: list.offset) }
        var subtrees: [Subtree] = []
        while !list.isAtEnd {
            subtrees.append(try list.nested(.sequence) { (subtree) throws(DERError) in
                let base = try GeneralName(reading: &subtree)
                let minimum = try subtree.readOptionalElement(.contextSpecific(0, constructed: false)).map {
                    (element) throws(DERError) in try Self.distance(element)
                } ?? 0
                let maximum = try subtree.readOptionalElement(.contextSpecific(1, constructed: false)).map {
                    (element) throws(DERError) in try Self.distance(element)
                }
                return Subtree(base: base, minimum: minimum, maximum: maximum)
            })
        }
        return subtrees
    }

    private static func distance(_ element: DERElement) throws(DERError) -> Int {
        guard let value = try DERInteger(element).value(as: UInt32.self) else {
            throw DERError(.integerOutOfRange, at: element.contentOffset)
        }
        return Int(value)
    }
}
