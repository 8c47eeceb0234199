/// An INTEGER (or ENUMERATED) as a view of its two's-complement content octets.
///
/// Decoding checks minimality (X.690 §8.3.2) and keeps the octets as encoded, so serial numbers of
/// any length round-trip exactly; ``value(as:)`` converts when the number is small.
public struct DERInteger: Hashable, Sendable {
    /// The content octets, as encoded (big-endian two's complement, minimal).
    public let content: ArraySlice<UInt8>

    /// Validates and wraps the content of `element`.
    ///
    /// - Throws: ``DERError/Kind/emptyInteger`` or ``DERError/Kind/nonMinimalInteger`` at the content.
    public init(_ element: DERElement) throws(DERError) {
        let content = element.content
        guard let first = content.first else { throw DERError(.emptyInteger, at: element.contentOffset) }
        if content.count > 1 {
            let second = content[content.startIndex + 1]
            // 0x00 followed by a clear top bit, or 0xFF followed by a set one, is redundant.
            if (first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0) {
                throw DERError(.nonMinimalInteger, at: element.contentOffset)
            }
        }
        self.content = content
    }

    /// Whether the number is negative.
    public var isNegative: Bool { (content.first ?? 0) & 0x80 != 0 }

    /// For a non-negative number: its big-endian magnitude without the sign octet (empty for zero).
    public var magnitude: ArraySlice<UInt8> {
        var bytes = content
        while let first = bytes.first, first == 0 { bytes = bytes.dropFirst() }
        return bytes
    }

    /// The number as `T`, or `nil` if it does not fit (including negatives for unsigned `T`).
    public func value<T: FixedWidthInteger>(as type: T.Type = T.self) -> T? {
        if isNegative {
            guard T.isSigned, content.count <= MemoryLayout<T>.size else { return nil }
            var result: T = ~0  // sign extension: start from all ones
            for octet in content { result = result << 8 | T(truncatingIfNeeded: octet) }
            return result
        }
        let magnitude = self.magnitude
        let bits = magnitude.count * 8 - (magnitude.first.map { $0.leadingZeroBitCount } ?? 0)
        guard bits <= T.bitWidth - (T.isSigned ? 1 : 0) else { return nil }
        var result: T = 0
        for octet in magnitude { result = result << 8 | T(truncatingIfNeeded: octet) }
        return result
    }
}

extension DERReader {
    /// Reads an INTEGER (or an implicitly tagged one when `tag` is given).
    public mutating func readInteger(_ tag: DERTag = .integer) throws(DERError) -> DERInteger {
        try DERInteger(readElement(tag))
    }

    /// Reads an INTEGER that must fit `T`.
    ///
    /// - Throws: ``DERError/Kind/integerOutOfRange`` at the content if it does not.
    public mutating func readInteger<T: FixedWidthInteger>(
        as type: T.Type, _ tag: DERTag = .integer
    ) throws(DERError) -> T {
        let element = try readElement(tag)
        guard let value = try DERInteger(element).value(as: T.self) else {
            throw DERError(.integerOutOfRange, at: element.contentOffset)
        }
        return value
    }
}
