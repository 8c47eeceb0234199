/// One decoded TLV: its tag, where it starts, and a view of its content.
///
/// `offset` and the indices of `content` are absolute positions in the buffer the caller handed to
/// ``DERReader``, so an element can be traced back to the input byte for byte.
public struct DERElement: Sendable {
    /// The identifier.
    public let tag: DERTag
    /// The absolute offset of the first identifier octet.
    public let offset: Int
    /// Identifier and length octets together.
    public let headerLength: Int
    /// The content octets, a view into the caller's buffer.
    public let content: ArraySlice<UInt8>

    /// The whole encoding (header and content), a view into the caller's buffer.
    public let encoded: ArraySlice<UInt8>

    /// The absolute offset of the first content octet.
    public var contentOffset: Int { content.startIndex }
    /// The number of content octets.
    public var length: Int { content.count }
}
