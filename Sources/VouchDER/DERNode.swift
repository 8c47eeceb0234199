/// One node of a fully decoded DER tree, as `vouch asn1` shows it: the element, its decoded value
/// (primitives) or its children (constructed), and what an OCTET or BIT STRING encapsulates.
///
/// ``DERNode/parse(_:options:)`` walks any DER input schema-free, applying every rule VouchDER
/// knows: header rules everywhere, and the value rules of each universal primitive type.
public struct DERNode: Sendable {
    /// A primitive's decoded value.
    public enum Value: Sendable {
        /// A BOOLEAN (X.690 §8.2, §11.1).
        case boolean(Bool)
        /// An INTEGER or ENUMERATED (X.690 §8.3, §8.4).
        case integer(DERInteger)
        /// A BIT STRING (X.690 §8.6).
        case bitString(DERBitString)
        /// An OCTET STRING's content (X.690 §8.7).
        case octetString(ArraySlice<UInt8>)
        /// A NULL (X.690 §8.8).
        case null
        /// An OBJECT IDENTIFIER (X.690 §8.19).
        case objectIdentifier(OID)
        /// A UTCTime or GeneralizedTime.
        case time(DERTime)
        /// One of the character string types X.509 names use.
        case string(DERString)
        /// Content VouchDER has no rule for (context-specific primitives, REAL, …), as octets.
        case opaque(ArraySlice<UInt8>)
    }

    /// The element.
    public let element: DERElement
    /// How many constructed elements (and encapsulating strings) enclose this one.
    public let depth: Int
    /// The decoded value, for primitives.
    public let value: Value?
    /// The child nodes, for constructed elements.
    public let children: [DERNode]
    /// For an OCTET STRING or BIT STRING whose content is itself exactly one DER element (as
    /// certificate extensions and public keys are), that element's tree; empty otherwise.
    public let encapsulated: [DERNode]

    /// Walks every top-level element of `bytes`, which must be consumed completely.
    ///
    /// - Throws: the first ``DERError`` found anywhere in the tree.
    public static func parse(
        _ bytes: ArraySlice<UInt8>, options: DERReader.Options = []
    ) throws(DERError) -> [DERNode] {
        var reader = DERReader(bytes, options: options)
        var nodes: [DERNode] = []
        while !reader.isAtEnd {
            nodes.append(try node(reading: &reader))
        }
        return nodes
    }

    /// Reads one element from `reader` and decodes it, recursing into constructed content.
    static func node(reading reader: inout DERReader) throws(DERError) -> DERNode {
        let element = try reader.readElement()
        guard !element.tag.isConstructed else {
            var inner = try reader.reader(overContentOf: element)
            var children: [DERNode] = []
            while !inner.isAtEnd {
                children.append(try node(reading: &inner))
            }
            return DERNode(element: element, depth: reader.depth, value: nil, children: children, encapsulated: [])
        }
        let value = try decodeValue(element)
        var encapsulated: [DERNode] = []
        switch value {
        case .octetString(let content):
            encapsulated = Self.encapsulatedNodes(content, of: element, reader: reader)
        case .bitString(let bits) where bits.unusedBits == 0:
            encapsulated = Self.encapsulatedNodes(bits.bytes, of: element, reader: reader)
        default: break
        }
        return DERNode(element: element, depth: reader.depth, value: value, children: [], encapsulated: encapsulated)
    }

    /// Decodes a primitive's content by the rules of its universal type.
    static func decodeValue(_ element: DERElement) throws(DERError) -> Value {
        let tag = element.tag
        guard tag.tagClass == .universal else { return .opaque(element.content) }
        switch tag.number {
        case 1: return .boolean(try element.decodeBoolean())
        case 2, 10: return .integer(try DERInteger(element))
        case 3: return .bitString(try DERBitString(element))
        case 4: return .octetString(element.content)
        case 5: try element.decodeNull(); return .null
        case 6: return .objectIdentifier(try OID(element))
        case 23: return .time(try DERTime(element, form: .utcTime))
        case 24: return .time(try DERTime(element, form: .generalizedTime))
        default:
            guard let kind = DERString.Kind(tag: tag) else { return .opaque(element.content) }
            return .string(try DERString(element, kind: kind))
        }
    }

    /// The tree of `content` if it is exactly one well-formed element; otherwise nothing.
    ///
    /// A failed attempt is not an error: the string is then plain data. Each level of content is
    /// walked once per enclosing attempt, and depth is bounded, so the cost stays linear in the
    /// input times ``DERLimits/maximumNestingDepth``.
    private static func encapsulatedNodes(
        _ content: ArraySlice<UInt8>, of element: DERElement, reader: DERReader
    ) -> [DERNode] {
        guard !content.isEmpty, var inner = try? reader.reader(overContentOf: element) else { return [] }
        inner = DERReader(content, options: reader.options, depth: inner.depth)
        guard let node = try? node(reading: &inner), inner.isAtEnd else { return [] }
        return [node]
    }
}
