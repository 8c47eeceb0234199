import VouchDER

/// nameConstraints (RFC 5280 §4.2.1.10):
/// `SEQUENCE { permittedSubtrees [0] GeneralSubtrees OPTIONAL, excludedSubtrees [1] GeneralSubtrees OPTIONAL }`.
public struct NameConstraints: CertificateExtension {
    /// The extension's identifier, `OID.nameConstraints`.
    public static let oid = OID.nameConstraints

    /// One GeneralSubtree: a base name. RFC 5280 §4.2.1.10 fixes minimum at 0 and maximum absent,
    /// and Apple's parser rejects anything else, so a decoded subtree always has those values.
    public struct Subtree: Sendable {
        /// The constraint: a name of one GeneralName form, matched as RFC 5280 §4.2.1.10 says for
        /// that form; `nil` when the base is one element that does not decode as the form its tag
        /// names (an otherName without its `[0]` value, a directoryName that is not a Name, a tag
        /// outside `[0]`…`[8]`). Apple's parser keeps every base as undecoded bytes and reads
        /// them only when comparing, so such a subtree does not make the extension unparseable:
        /// it is of ``form`` and matches no name.
        public let base: GeneralName?
        /// The base's encoding (tag, length and content).
        public let encodedBase: ArraySlice<UInt8>
        /// The GeneralName form the base's tag names, as Apple's `nc_gn_type_convert` reads it:
        /// the tag number for `[0]`…`[8]` (a constructed `[6]` is a URI too), and 0 (otherName)
        /// for any other tag.
        public let form: Int
        /// Always 0 (an explicit 0 is accepted; any other value does not parse).
        public let minimum: Int
        /// Always `nil` (a present maximum does not parse).
        public let maximum: Int?
    }

    /// Subtrees read from one list, at most: Apple's `MAX_SUBTREE_NAMES` (8,192) in
    /// OSX/sec/Security/SecCertificate.c, whose loop keeps the subtree that passes that count and
    /// ignores the rest of the list unread. (Path validation refuses far shorter lists: see
    /// VouchTrust's `TrustLimits.maximumNameConstraintSubtrees`.)
    public static let maximumSubtreesRead = 8_193

    /// The permitted subtrees (`nil` when the field is absent or empty).
    public let permittedSubtrees: [Subtree]?
    /// The excluded subtrees (`nil` when the field is absent or empty).
    public let excludedSubtrees: [Subtree]?
    /// Whether a subtree writes out `minimum 0`: the DEFAULT, which DER leaves out (X.690 §11.5).
    public let encodesDefaultMinimum: Bool

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// It reads what Apple's parser reads (`SecCEPNameConstraints`, `parseGeneralSubtrees`): an
    /// empty `[0]` or `[1]` is taken as absent, a base is any one element (see ``Subtree/base``),
    /// and a list stops after ``maximumSubtreesRead`` subtrees.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        var encodesMinimum = false
        (permittedSubtrees, excludedSubtrees) = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (inner) throws(DERError) in
                let permitted = try inner.optionalNested(.contextSpecific(0, constructed: true)) { (list) throws(DERError) in
                    try Self.readSubtrees(&list, encodesMinimum: &encodesMinimum)
                }
                let excluded = try inner.optionalNested(.contextSpecific(1, constructed: true)) { (list) throws(DERError) in
                    try Self.readSubtrees(&list, encodesMinimum: &encodesMinimum)
                }
                return (permitted ?? nil, excluded ?? nil)
            }
        }
        encodesDefaultMinimum = encodesMinimum
    }

    /// `GeneralSubtrees ::= SEQUENCE SIZE (1..MAX) OF GeneralSubtree` (the content of the [0]/[1]);
    /// `nil` for an empty list, which Apple does not read. Sets `encodesMinimum` when a subtree
    /// writes out its minimum.
    private static func readSubtrees(_ list: inout DERReader, encodesMinimum: inout Bool) throws(DERError) -> [Subtree]? {
        guard !list.isAtEnd else { return nil }
        var subtrees: [Subtree] = []
        while !list.isAtEnd {
            subtrees.append(try list.nested(.sequence) { (subtree) throws(DERError) in
                var probe = subtree
                let element = try subtree.readElement()
                let base = try? GeneralName(reading: &probe)
                // minimum [0] BaseDistance DEFAULT 0: only 0 (Apple: `require_quiet(minimum == 0)`).
                if let minimum = try subtree.readOptionalElement(.contextSpecific(0, constructed: false)) {
                    guard try Self.distance(minimum) == 0 else { throw DERError(.integerOutOfRange, at: minimum.contentOffset) }
                    encodesMinimum = true
                }
                // maximum [1] must be absent (Apple: `require_quiet(derGS.maximum.length == 0)`): it is
                // left unread, so `nested` reports it as trailing data.
                return Subtree(base: base, encodedBase: element.encoded, form: Self.form(of: element.tag), minimum: 0, maximum: nil)
            })
            if subtrees.count == maximumSubtreesRead {
                // Apple stops reading here: what follows is neither read nor judged.
                list = DERReader(ArraySlice<UInt8>())
                break
            }
        }
        return subtrees
    }

    /// The GeneralName form a base's tag names (Apple's `nc_gn_type_convert`).
    static func form(of tag: DERTag) -> Int {
        guard tag.tagClass == .contextSpecific, tag.number <= 8 else { return 0 }
        let number = Int(tag.number)
        switch number {
        case 0, 3, 4, 5: return tag.isConstructed ? number : 0
        case 6: return 6
        default: return tag.isConstructed ? 0 : number
        }
    }

    private static func distance(_ element: DERElement) throws(DERError) -> Int {
        guard let value = try DERInteger(element).value(as: UInt32.self) else {
            throw DERError(.integerOutOfRange, at: element.contentOffset)
        }
        return Int(value)
    }
}
