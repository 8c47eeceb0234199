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
        guard let unused = element.content.first else {
            throw DERError(.invalidBitStringLength, at: element.contentOffset)
        }
        let data = element.content.dropFirst()
        guard unused <= 7, !(data.isEmpty && unused != 0) else {
            throw DERError(.invalidBitStringLength, at: element.contentOffset)
        }
        if let last = data.last, last & ~(0xFF << unused) != 0 {
            throw DERError(.nonZeroBitStringPadding, at: data.endIndex - 1)
        }
        self.unusedBits = unused
        self.bytes = data
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
