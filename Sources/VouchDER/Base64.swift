/// Base64 with the RFC 4648 §4 alphabet, written here so that VouchDER needs nothing but the
/// standard library. Decoding is strict: only the alphabet, `=` padding only at the end, a length
/// that is a multiple of four, and zero bits in the padding (one text for each byte string).
public enum Base64 {
    /// Why a base64 text was rejected, and where (an absolute index of the text).
    public struct DecodingError: Error, Equatable, Sendable {
        /// What was wrong.
        public enum Kind: Equatable, Sendable {
            /// A character outside `A–Z a–z 0–9 + /` and the final `=` padding.
            case invalidCharacter
            /// The text does not end on a four-character boundary.
            case invalidLength
            /// `=` somewhere other than the last one or two places, or non-zero padding bits.
            case invalidPadding
        }
        /// What was wrong.
        public let kind: Kind
        /// The index of the offending character in the text.
        public let offset: Int
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Each octet's value in the alphabet, 0xFF for any other octet (`=` included).
    fileprivate static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in alphabet.enumerated() { table[Int(character)] = UInt8(value) }
        return table
    }()

    /// The base64 text of `bytes`, padded, on one line.
    public static func encode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        encode(bytes, alphabet: alphabet, padded: true)
    }

    /// The text of `bytes` in the 64-character `alphabet` (RFC 4648 §4's, or §5's base64url),
    /// padded with `=` to whole groups when `padded`.
    package static func encode<Bytes: Collection>(_ bytes: Bytes, alphabet: [UInt8], padded: Bool) -> String where Bytes.Element == UInt8 {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let first = iterator.next() {
            let second = iterator.next()
            let third = second == nil ? nil : iterator.next()
            let group = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            if second != nil { output.append(alphabet[Int(group >> 6 & 0x3F)]) } else if padded { output.append(UInt8(ascii: "=")) }
            if third != nil { output.append(alphabet[Int(group & 0x3F)]) } else if padded { output.append(UInt8(ascii: "=")) }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes of the strict base64 `text`.
    ///
    /// - Throws: ``DecodingError`` naming the first offending index of `text`.
    public static func decode(_ text: ArraySlice<UInt8>) throws(DecodingError) -> [UInt8] {
        var decoder = Decoder()
        try decoder.append(contentsOf: text)
        try decoder.finish(at: text.endIndex)
        return decoder.output
    }

    /// The bytes of the strict base64 `text`, or `nil`.
    public static func decode(_ text: String) -> [UInt8]? {
        try? decode(Array(text.utf8)[...])
    }

    /// An incremental decoder, so that PEM can feed it line by line and report text offsets, and
    /// a property list's `<data>` character by character between its white space.
    package struct Decoder {
        package private(set) var output: [UInt8] = []
        private var group: UInt32 = 0
        /// Characters in the current group.
        package private(set) var count = 0
        /// `=` seen in the current group.
        package private(set) var padding = 0
        /// A padded group was completed: nothing may follow.
        package private(set) var finished = false

        package init() {}

        package mutating func append(_ character: UInt8, at offset: Int) throws(DecodingError) {
            guard !finished else { throw DecodingError(kind: .invalidPadding, offset: offset) }
            let value: UInt32
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(character - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(character - UInt8(ascii: "a")) + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(character - UInt8(ascii: "0")) + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="):
                // Padding may only fill the third and fourth places of a group.
                guard count >= 2 else { throw DecodingError(kind: .invalidPadding, offset: offset) }
                padding += 1
                value = 0
            default:
                throw DecodingError(kind: .invalidCharacter, offset: offset)
            }
            if padding > 0 && character != UInt8(ascii: "=") {
                throw DecodingError(kind: .invalidPadding, offset: offset)
            }
            group = group << 6 | value
            count += 1
            guard count == 4 else { return }
            // Non-zero bits under the padding would let two texts decode to the same bytes.
            let unusedMask: UInt32 = padding == 2 ? 0xFFFF : (padding == 1 ? 0xFF : 0)
            guard group & unusedMask == 0 else { throw DecodingError(kind: .invalidPadding, offset: offset) }
            output.append(UInt8(truncatingIfNeeded: group >> 16))
            if padding < 2 { output.append(UInt8(truncatingIfNeeded: group >> 8)) }
            if padding < 1 { output.append(UInt8(truncatingIfNeeded: group)) }
            finished = padding > 0
            group = 0
            count = 0
        }

        /// Appends every character of `text` (offsets are its indices): whole groups of four
        /// alphabet characters through a table, anything else (padding, a group that straddles
        /// a call, a bad character) through ``append(_:at:)``, which judges it.
        mutating func append(contentsOf text: ArraySlice<UInt8>) throws(DecodingError) {
            // Room for this text's octets, grown geometrically: reserving exactly what each line
            // needs reallocated and copied the whole output once per line (a 100 KB PEM block
            // cost 97 million instructions of copying, BENCHMARKS.md "Worst cost").
            let needed = output.count + text.count / 4 * 3
            if output.capacity < needed { output.reserveCapacity(max(needed, 2 * output.capacity)) }
            var index = text.startIndex
            text.withUnsafeBufferPointer { buffer in
                guard count == 0, !finished, let base = buffer.baseAddress else { return }
                var position = 0
                while buffer.count - position >= 4 {
                    let a = Base64.values[Int(base[position])], b = Base64.values[Int(base[position + 1])]
                    let c = Base64.values[Int(base[position + 2])], d = Base64.values[Int(base[position + 3])]
                    // 0xFF marks every octet outside the alphabet: the slow path judges it.
                    guard (a | b | c | d) & 0xC0 == 0 else { break }
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    output.append(UInt8(truncatingIfNeeded: group >> 16))
                    output.append(UInt8(truncatingIfNeeded: group >> 8))
                    output.append(UInt8(truncatingIfNeeded: group))
                    position += 4
                }
                index += position
            }
            while index < text.endIndex {
                try append(text[index], at: index)
                index += 1
            }
        }

        package func finish(at offset: Int) throws(DecodingError) {
            guard count == 0 else { throw DecodingError(kind: .invalidLength, offset: offset) }
        }
    }
}
