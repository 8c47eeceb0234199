/// Strings: one pass over the bytes that checks UTF-8 (RFC 8259 §8.1, Unicode's Table 3-7) and
/// refuses raw control characters; a string without escapes becomes a `String` in one step from
/// its byte range, one with escapes is decoded into the reused `decoded` buffer first.
extension JSONParser {
    /// Reads the string that starts at `position` (its opening quote).
    mutating func readString() throws(JSONError) -> String {
        let start = position
        position += 1
        var runStart = position  // the first byte not yet copied to `decoded`
        var hasEscapes = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte >= 0x80 {
                position = try endOfMultibyteCharacter(at: position)
            } else if byte == UInt8(ascii: "\"") {
                let end = position
                position += 1
                // The bytes are valid UTF-8 (checked above), so decoding repairs nothing.
                guard hasEscapes else { return String(decoding: bytes[runStart..<end], as: UTF8.self) }
                decoded.append(contentsOf: bytes[runStart..<end])
                return String(decoding: decoded, as: UTF8.self)
            } else if byte == UInt8(ascii: "\\") {
                if !hasEscapes {
                    decoded.removeAll(keepingCapacity: true)
                    hasEscapes = true
                }
                decoded.append(contentsOf: bytes[runStart..<position])
                let scalar = try readEscape()
                UTF8.encode(scalar) { decoded.append($0) }
                runStart = position
            } else if byte < 0x20 {
                throw JSONError(message: "control character in a string", offset: position)
            } else {
                position += 1
            }
        }
        throw JSONError(message: "unterminated string", offset: start)
    }

    /// The offset just past the UTF-8 character whose first byte (0x80 or more) is at `offset`.
    ///
    /// - Throws: "invalid UTF-8 in a string" at `offset` when the bytes there are not a
    ///   well-formed UTF-8 sequence (Unicode's Table 3-7: no overlong forms, no surrogates,
    ///   nothing above U+10FFFF, no truncated or stray continuation bytes).
    private func endOfMultibyteCharacter(at offset: Int) throws(JSONError) -> Int {
        let invalid = JSONError(message: "invalid UTF-8 in a string", offset: offset)
        let length: Int
        var lowestSecond: UInt8 = 0x80
        var highestSecond: UInt8 = 0xBF
        switch bytes[offset] {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lowestSecond = 0xA0  // shorter forms are overlong
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; highestSecond = 0x9F  // 0xA0...0xBF would encode a surrogate
        case 0xF0: length = 4; lowestSecond = 0x90  // shorter forms are overlong
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; highestSecond = 0x8F  // more would exceed U+10FFFF
        default: throw invalid  // a continuation byte, an overlong lead (0xC0, 0xC1) or 0xF5...0xFF
        }
        guard bytes.count - offset >= length else { throw invalid }
        guard (lowestSecond...highestSecond).contains(bytes[offset + 1]) else { throw invalid }
        for index in (offset + 2)..<(offset + length) where !(0x80...0xBF).contains(bytes[index]) {
            throw invalid
        }
        return offset + length
    }

    /// Reads the escape at `position` (its backslash).
    private mutating func readEscape() throws(JSONError) -> Unicode.Scalar {
        let start = position
        position += 1
        guard let byte = peek() else { throw JSONError(message: "unterminated escape", offset: start) }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"): return try readUnicodeEscape(escapeStart: start)
        default: throw JSONError(message: "unknown escape", offset: start)
        }
    }

    /// The rest of a `\uXXXX` escape, and of its low surrogate `\uXXXX` when it is a high one.
    private mutating func readUnicodeEscape(escapeStart: Int) throws(JSONError) -> Unicode.Scalar {
        let unpaired = JSONError(message: "unpaired surrogate escape", offset: escapeStart)
        let high = try readHex4(escapeStart: escapeStart)
        guard (0xD800..<0xDC00).contains(high) else {
            guard let scalar = Unicode.Scalar(high) else { throw unpaired }  // a lone low surrogate
            return scalar
        }
        guard peek() == UInt8(ascii: "\\"), bytes.count - position > 1, bytes[position + 1] == UInt8(ascii: "u") else {
            throw unpaired
        }
        position += 2
        let low = try readHex4(escapeStart: escapeStart)
        guard (0xDC00..<0xE000).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
            throw unpaired
        }
        return scalar
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt8
            switch peek() {
            case let byte? where (0x30...0x39).contains(byte): digit = byte - 0x30
            case let byte? where (0x41...0x46).contains(byte): digit = byte - 0x41 + 10
            case let byte? where (0x61...0x66).contains(byte): digit = byte - 0x61 + 10
            default: throw JSONError(message: "short \\u escape", offset: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }
}
