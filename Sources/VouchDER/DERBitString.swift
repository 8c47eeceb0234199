/// A BIT STRING: the number of unused bits in the last octet and a view of the data octets.
public struct DERBitString: Hashable, Sendable {
    /// Bits of the last octet that are not part of the value (0–7).
    public let unusedBits: UInt8
    /// The data octets (the content after the unused-bits octet), a view into the input.
    public let bytes: ArraySlice<UInt8>

    /// Validates and wraps the content of `element` (X.690 §8.6.2, §11.2).
    ///
    /// - Throws: ``DERError/Kind/invalidBitStringLength`` when the unused-bits octet is missing,
    ///   above 7, or not 0 for an empty string; ``DERError/Kind/nonZeroBitStringPadding`` when an
    ///   unused bit is set.
    public init(_ element: DERElement) throws(DERError) {
        let content = element.content
        self.unusedBits = try content.withUnsafeBufferPointer { (octets) throws(DERError) in
            try Self.validate(octets, at: content.startIndex)
        }
        self.bytes = content.dropFirst()
    }

    /// A BIT STRING whose content was validated already (by ``validate(_:at:)``).
    @inlinable
    package init(unusedBits: UInt8, validatedBytes bytes: ArraySlice<UInt8>) {
        self.unusedBits = unusedBits
        self.bytes = bytes
    }

    /// The rules of ``init(_:)`` over the content octets `content`, whose first octet has absolute
    /// offset `offset`; returns the unused-bit count.
    @inlinable
    package static func validate(_ content: UnsafeBufferPointer<UInt8>, at offset: Int) throws(DERError) -> UInt8 {
        guard let unused = content.first else {
            throw DERError(.invalidBitStringLength, at: offset)
        }
        guard unused <= 7, !(content.count == 1 && unused != 0) else {
            throw DERError(.invalidBitStringLength, at: offset)
        }
        if content.count > 1, content[content.count - 1] & ~(0xFF << unused) != 0 {
            throw DERError(.nonZeroBitStringPadding, at: offset + content.count - 1)
        }
        return unused
    }

    /// The number of bits in the value.
    public var bitCount: Int { bytes.count * 8 - Int(unusedBits) }

    /// Whether bit `index` (0 is the most significant bit of the first octet) is set; `false` past the end.
    public func isSet(_ index: Int) -> Bool {
        guard index >= 0, index < bitCount else { return false }
        let octet = bytes[bytes.startIndex + index / 8]
        return octet & (0x80 >> UInt8(index % 8)) != 0
    }
}

extension DERReader {
    /// Reads a BIT STRING (or an implicitly tagged one when `tag` is given).
    public mutating func readBitString(_ tag: DERTag = .bitString) throws(DERError) -> DERBitString {
        try DERBitString(readElement(tag))
    }
}
