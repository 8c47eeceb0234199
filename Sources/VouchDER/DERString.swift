/// A character string of one of the ASN.1 string types X.509 names use, checked against its
/// type's character set and kept as a view of its octets.
public struct DERString: Hashable, Sendable, CustomStringConvertible {
    /// The string types VouchDER decodes.
    public enum Kind: Sendable, CaseIterable {
        /// UTF-8 (RFC 3629): well-formed, no surrogates, no overlong forms.
        case utf8String
        /// X.680 §41.4: `A–Z a–z 0–9 space ' ( ) + , - . / : = ?`.
        case printableString
        /// International Alphabet 5: octets 0x00–0x7F.
        case ia5String
        /// ISO 646 graphic characters: 0x20–0x7E.
        case visibleString
        /// Digits and space.
        case numericString
        /// T.61. Certificates use it for Latin-1 text in practice; every octet is accepted and read
        /// as ISO 8859-1, as OpenSSL and pyca do.
        case teletexString
        /// UCS-2, big-endian: an even number of octets, no surrogate code units.
        case bmpString
        /// UCS-4, big-endian: a multiple of four octets, each a Unicode scalar value.
        case universalString

        /// The universal tag of this type.
        public var tag: DERTag {
            switch self {
            case .utf8String: return .utf8String
            case .printableString: return .printableString
            case .ia5String: return .ia5String
            case .visibleString: return .visibleString
            case .numericString: return .numericString
            case .teletexString: return .teletexString
            case .bmpString: return .bmpString
            case .universalString: return .universalString
            }
        }

        /// The kind whose universal tag is `tag`, if it is one of these string types.
        public init?(tag: DERTag) {
            guard let kind = Kind.allCases.first(where: { $0.tag == tag }) else { return nil }
            self = kind
        }
    }

    /// The string type.
    public let kind: Kind
    /// The content octets, a view into the input.
    public let bytes: ArraySlice<UInt8>

    /// Validates the content of `element` as `kind`.
    ///
    /// - Throws: ``DERError/Kind/invalidStringCharacter(_:)`` at the first octet (or code unit)
    ///   outside the type's set.
    public init(_ element: DERElement, kind: Kind) throws(DERError) {
        if let bad = Self.firstInvalidOffset(element.content, kind: kind) {
            throw DERError(.invalidStringCharacter(kind.tag), at: bad)
        }
        self.kind = kind
        self.bytes = element.content
    }

    /// The text. Cannot fail: the octets were validated on decoding.
    public var text: String {
        switch kind {
        case .utf8String, .printableString, .ia5String, .visibleString, .numericString:
            return String(decoding: bytes, as: UTF8.self)
        case .teletexString:
            // Each octet is the code point of the same value (Latin-1), encoded into one buffer:
            // a string built scalar by scalar costs several times more on long values.
            var utf8: [UInt8] = []
            utf8.reserveCapacity(2 * bytes.count)
            for octet in bytes { Self.append(Unicode.Scalar(octet), to: &utf8) }
            return String(decoding: utf8, as: UTF8.self)
        case .bmpString, .universalString:
            let width = kind == .bmpString ? 2 : 4
            var utf8: [UInt8] = []
            utf8.reserveCapacity(bytes.count / width * 4)
            var index = bytes.startIndex
            while bytes.endIndex - index >= width {
                var value: UInt32 = 0
                for octet in bytes[index..<(index + width)] { value = value << 8 | UInt32(octet) }
                Self.append(Unicode.Scalar(value) ?? "\u{FFFD}", to: &utf8)
                index += width
            }
            return String(decoding: utf8, as: UTF8.self)
        }
    }

    /// Appends the UTF-8 encoding of `scalar` to `utf8`.
    private static func append(_ scalar: Unicode.Scalar, to utf8: inout [UInt8]) {
        UTF8.encode(scalar) { utf8.append($0) }
    }

    /// The text.
    public var description: String { text }

    /// The absolute offset of the first octet that breaks `kind`'s character set, or `nil`.
    static func firstInvalidOffset(_ bytes: ArraySlice<UInt8>, kind: Kind) -> Int? {
        switch kind {
        case .printableString: return bytes.firstIndex { !isPrintable($0) }
        case .ia5String: return bytes.firstIndex { $0 > 0x7F }
        case .visibleString: return bytes.firstIndex { $0 < 0x20 || $0 > 0x7E }
        case .numericString: return bytes.firstIndex { !($0 == 0x20 || (0x30...0x39).contains($0)) }
        case .teletexString: return nil
        case .utf8String: return firstInvalidUTF8(bytes)
        case .bmpString, .universalString:
            let width = kind == .bmpString ? 2 : 4
            var index = bytes.startIndex
            while index < bytes.endIndex {
                guard bytes.endIndex - index >= width else { return index }
                var value: UInt32 = 0
                for octet in bytes[index..<(index + width)] { value = value << 8 | UInt32(octet) }
                guard Unicode.Scalar(value) != nil else { return index }
                index += width
            }
            return nil
        }
    }

    private static func isPrintable(_ octet: UInt8) -> Bool {
        switch octet {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39: return true
        case 0x20, 0x27, 0x28, 0x29, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F, 0x3A, 0x3D, 0x3F: return true
        default: return false
        }
    }

    /// The offset of the first octet of an ill-formed UTF-8 sequence (RFC 3629 §4), or `nil`:
    /// what `String(validating:as: UTF8.self)` accepts, decided without making a string.
    package static func firstInvalidUTF8(_ bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            guard let end = endOfUTF8Sequence(bytes, at: index) else { return index }
            index = end
        }
        return nil
    }

    /// The end of the well-formed UTF-8 sequence (RFC 3629 §4) that starts at `index` of `bytes`
    /// (which must be a valid index), or `nil` when the octets there are not one: no overlong
    /// forms, no surrogates, nothing above U+10FFFF, no truncated or stray continuation octets.
    package static func endOfUTF8Sequence(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let count: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // range of the second octet
        switch lead {
        case 0x00...0x7F: return index + 1
        case 0xC2...0xDF: count = 1
        case 0xE0: count = 2; low = 0xA0  // shorter forms are overlong
        case 0xE1...0xEC, 0xEE...0xEF: count = 2
        case 0xED: count = 2; high = 0x9F  // no surrogates
        case 0xF0: count = 3; low = 0x90  // shorter forms are overlong
        case 0xF1...0xF3: count = 3
        case 0xF4: count = 3; high = 0x8F  // nothing above U+10FFFF
        default: return nil  // a continuation octet, an overlong lead (0xC0, 0xC1) or 0xF5...0xFF
        }
        guard bytes.endIndex - index > count else { return nil }
        for position in 1...count {
            let octet = bytes[index + position]
            let range = position == 1 ? low...high : 0x80...0xBF
            guard range.contains(octet) else { return nil }
        }
        return index + count + 1
    }
}

extension DERReader {
    /// Reads a string of any of the ``DERString/Kind`` types (X.509's `DirectoryString` and friends).
    ///
    /// - Throws: ``DERError/Kind/unexpectedTag(expected:found:)`` (naming UTF8String) for a tag
    ///   that is not a string type, or a character-set error.
    public mutating func readString() throws(DERError) -> DERString {
        let element = try readElement()
        guard let kind = DERString.Kind(tag: element.tag) else {
            throw DERError(.unexpectedTag(expected: .utf8String, found: element.tag), at: element.offset)
        }
        return try DERString(element, kind: kind)
    }

    /// Reads a string of exactly `kind` (or an implicitly tagged one when `tag` is given).
    public mutating func readString(_ kind: DERString.Kind, _ tag: DERTag? = nil) throws(DERError) -> DERString {
        try DERString(readElement(tag ?? kind.tag), kind: kind)
    }
}
