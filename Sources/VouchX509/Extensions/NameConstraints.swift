import VouchDER

/// nameConstraints (RFC 5280 §4.2.1.10):
/// `SEQUENCE { permittedSubtrees [0] GeneralSubtrees OPTIONAL, excludedSubtrees [1] GeneralSubtrees OPTIONAL }`.
public struct NameConstraints: CertificateExtension {
    /// The extension's identifier, `OID.nameConstraints`.
    public static let oid = OID.nameConstraints

    /// One GeneralSubtree: a base name. RFC 5280 §4.2.1.10 fixes minimum at 0 and maximum absent,
    /// and Apple's parser rejects anything else, so a decoded subtree always has those values.
    public struct Subtree: Sendable {
        /// The constraint: a name of one GeneralName form, matched as RFC 5280 §4.2.1.10 says for that form.
        public let base: GeneralName
        /// Always 0 (an explicit 0 is accepted; any other value does not parse).
        public let minimum: Int
        /// Always `nil` (a present maximum does not parse).
        public let maximum: Int?
    }

    /// The permitted subtrees (`nil` when the field is absent).
    public let permittedSubtrees: [Subtree]?
    /// The excluded subtrees (`nil` when the field is absent).
    public let excludedSubtrees: [Subtree]?

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
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
                // minimum [0] BaseDistance DEFAULT 0: only 0 (Apple: `require_quiet(minimum == 0)`).
                if let element = try subtree.readOptionalElement(.contextSpecific(0, constructed: false)),
                    try Self.distance(element) != 0
                {
                    throw DERError(.integerOutOfRange, at: element.contentOffset)
                }
                // maximum [1] must be absent (Apple: `require_quiet(derGS.maximum.length == 0)`): it is
                // left unread, so `nested` reports it as trailing data.
                return Subtree(base: base, minimum: 0, maximum: nil)
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
