/// One decoded TLV: its tag, where it starts, and a view of its content.
///
/// `offset` and the indices of `content` are absolute positions in the buffer the caller handed to
/// ``DERReader``, so an element can be traced back to the input byte for byte.
public struct DERElement: Sendable {
    /// The identifier.
    public let tag: DERTag
    /// Identifier and length octets together.
    public let headerLength: Int
    /// The whole encoding (header and content), a view into the caller's buffer.
    public let encoded: ArraySlice<UInt8>

    @inlinable
    init(tag: DERTag, headerLength: Int, encoded: ArraySlice<UInt8>) {
        self.tag = tag
        self.headerLength = headerLength
        self.encoded = encoded
    }

    /// The absolute offset of the first identifier octet.
    @inlinable public var offset: Int { encoded.startIndex }
    /// The content octets, a view into the caller's buffer.
    @inlinable public var content: ArraySlice<UInt8> { encoded[(encoded.startIndex + headerLength)...] }
    /// The absolute offset of the first content octet.
    @inlinable public var contentOffset: Int { encoded.startIndex + headerLength }
    /// The number of content octets.
    @inlinable public var length: Int { encoded.count - headerLength }
}
