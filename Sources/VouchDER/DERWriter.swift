/// Appends DER encodings to a byte array: what the layers above need to re-encode a value
/// (a normalised name, a canonical key), not a general serialiser.
public struct DERWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    /// Creates an empty writer.
    public init() {}

    /// Appends an element with `tag` whose content `body` writes (lengths come out minimal).
    public mutating func writeElement(_ tag: DERTag, _ body: (inout DERWriter) -> Void) {
        var inner = DERWriter()
        body(&inner)
        writeElement(tag, content: inner.bytes)
    }

    /// Appends an element with `tag` and `content`.
    public mutating func writeElement<Content: Collection>(_ tag: DERTag, content: Content) where Content.Element == UInt8 {
        writeIdentifier(tag)
        writeLength(content.count)
        bytes.append(contentsOf: content)
    }

    /// Appends octets that are already DER (a whole element kept from the input).
    public mutating func writeEncoded<Encoded: Collection>(_ encoded: Encoded) where Encoded.Element == UInt8 {
        bytes.append(contentsOf: encoded)
    }

    private mutating func writeIdentifier(_ tag: DERTag) {
        let leading = tag.tagClass.rawValue << 6 | (tag.isConstructed ? 0x20 : 0)
        guard tag.number >= 31 else {
            bytes.append(leading | UInt8(tag.number))
            return
        }
        bytes.append(leading | 0x1F)
        var groups: [UInt8] = [UInt8(tag.number & 0x7F)]
        var rest = tag.number >> 7
        while rest > 0 {
            groups.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(contentsOf: groups.reversed())
    }

    private mutating func writeLength(_ length: Int) {
        guard length >= 0x80 else {
            bytes.append(UInt8(length))
            return
        }
        var octets: [UInt8] = []
        var rest = length
        while rest > 0 {
            octets.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
        bytes.append(0x80 | UInt8(octets.count))
        bytes.append(contentsOf: octets.reversed())
    }
}
