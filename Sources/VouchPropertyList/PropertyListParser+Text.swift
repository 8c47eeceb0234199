/// Text: the content of `<key>`, `<string>` and the other text elements, with XML's references,
/// CDATA sections, comments and line ends, and the character check every byte of the document
/// passes through (UTF-8 as Unicode's Table 3-7 defines it, and XML 1.0's `Char`).
import VouchDER

extension PropertyListParser {
    /// Where a text element's content starts, and whether `text` is that content byte for byte
    /// (no reference, CDATA section, comment or carriage return), so that an error found in
    /// `text` can name the input's offset.
    struct TextContent {
        let start: Int
        let isVerbatim: Bool

        /// The input offset of `text[index]` when the content is verbatim, else the content's start.
        func offset(of index: Int) -> Int { isVerbatim ? start + index : start }
    }

    /// Reads the content of the text element `tag` opened, and its end tag, into `text`.
    ///
    /// - Throws: an element inside it, a processing instruction, `]]>` outside a CDATA section, a
    ///   malformed or unknown reference, invalid UTF-8 or a character XML forbids, a mismatched
    ///   end tag, or the end of the input.
    mutating func readText(of tag: StartTag) throws(PropertyListError) -> TextContent {
        text.removeAll(keepingCapacity: true)
        let start = position
        guard !tag.isEmpty else { return TextContent(start: start, isVerbatim: true) }
        var isVerbatim = true
        var runStart = position  // the first byte not yet copied to `text`
        while true {
            guard let byte = peek() else { throw endOfInput("in <\(tag.element.rawValue)>") }
            switch byte {
            case UInt8(ascii: "<"):
                text.append(contentsOf: bytes[runStart..<position])
                if Self.markupOpeners.contains(where: { endsInside($0) }) {
                    throw endOfInput("in <\(tag.element.rawValue)>")
                } else if has(Self.endTagOpen) {
                    try readEndTag(of: tag.element)
                    return TextContent(start: start, isVerbatim: isVerbatim)
                } else if has(Self.cdataOpen) {
                    try readCDATA()
                } else if has(Self.commentOpen) {
                    try skipComment()
                } else if has(Self.instructionOpen) {
                    throw PropertyListError(message: "processing instruction after the prolog", offset: position)
                } else {
                    throw PropertyListError(message: "markup inside <\(tag.element.rawValue)>", offset: position)
                }
                isVerbatim = false
                runStart = position
            case UInt8(ascii: "&"):
                text.append(contentsOf: bytes[runStart..<position])
                try readReference()
                isVerbatim = false
                runStart = position
            case 0x0D:
                text.append(contentsOf: bytes[runStart..<position])
                skipLineEnd()
                isVerbatim = false
                runStart = position
            case UInt8(ascii: "]"):
                guard !has(Self.cdataClose) else {
                    throw PropertyListError(message: "']]>' outside a CDATA section", offset: position)
                }
                position += 1
            default:
                position = try endOfCharacter(at: position)
            }
        }
    }

    /// A carriage return at `position`, with the line feed after it if any, read as one line
    /// feed (XML 1.0 §2.11).
    private mutating func skipLineEnd() {
        text.append(0x0A)
        position += 1
        if peek() == 0x0A { position += 1 }
    }

    /// Appends the content of the CDATA section at `position` to `text`.
    private mutating func readCDATA() throws(PropertyListError) {
        position += Self.cdataOpen.count
        var runStart = position
        while true {
            guard let byte = peek() else { throw endOfInput("in a CDATA section") }
            if byte == UInt8(ascii: "]"), has(Self.cdataClose) {
                text.append(contentsOf: bytes[runStart..<position])
                position += 3
                return
            }
            if byte == 0x0D {
                text.append(contentsOf: bytes[runStart..<position])
                skipLineEnd()
                runStart = position
            } else {
                position = try endOfCharacter(at: position)
            }
        }
    }

    /// Appends the character the reference at `position` (its `&`) stands for to `text`: one of
    /// `&lt;` `&gt;` `&amp;` `&quot;` `&apos;`, or `&#N;` / `&#xH;` naming an XML character.
    private mutating func readReference() throws(PropertyListError) {
        let start = position
        position += 1
        if peek() == UInt8(ascii: "#") {
            position += 1
            var radix: UInt32 = 10
            if peek() == UInt8(ascii: "x") {
                radix = 16
                position += 1
            }
            var value: UInt32 = 0
            var digits = 0
            while let byte = peek(), let digit = Self.digitValue(byte, radix: radix) {
                value = min(value * radix + digit, 0x11_0000)  // past U+10FFFF stays past it, without overflow
                digits += 1
                position += 1
            }
            guard position < bytes.count else { throw endOfInput("in a character reference") }
            guard digits > 0, peek() == UInt8(ascii: ";") else {
                throw PropertyListError(message: "malformed character reference", offset: start)
            }
            position += 1
            guard Self.isXMLCharacter(value), let scalar = Unicode.Scalar(value) else {
                throw PropertyListError(message: "character reference to a character XML forbids", offset: start)
            }
            UTF8.encode(scalar) { text.append($0) }
            return
        }
        let nameStart = position
        while let byte = peek(), byte != UInt8(ascii: ";"), position - nameStart < 32, !Self.isWhitespace(byte),
            byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&")
        {
            position += 1
        }
        let name = bytes[nameStart..<position]
        guard position < bytes.count else { throw endOfInput("in a reference") }
        guard peek() == UInt8(ascii: ";"), !name.isEmpty else {
            throw PropertyListError(message: "'&' that starts no reference (write &amp;)", offset: start)
        }
        position += 1
        switch String(decoding: name, as: UTF8.self) {
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "amp": text.append(UInt8(ascii: "&"))
        case "quot": text.append(UInt8(ascii: "\""))
        case "apos": text.append(UInt8(ascii: "'"))
        default: throw PropertyListError(message: "unknown entity &\(Self.quoted(name));", offset: start)
        }
    }

    static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// XML 1.0's `Char`: tab, line feed, carriage return, U+0020…U+D7FF, U+E000…U+FFFD,
    /// U+10000…U+10FFFF.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: return true
        default: return false
        }
    }

    /// The offset just past the character whose first byte is at `offset`.
    ///
    /// - Throws: "invalid UTF-8" at `offset` when the bytes there are not a well-formed UTF-8
    ///   sequence (no overlong forms, no surrogates, nothing above U+10FFFF, no truncated or
    ///   stray continuation bytes); "character XML forbids" for a control character other than
    ///   tab, line feed and carriage return, and for U+FFFE and U+FFFF.
    func endOfCharacter(at offset: Int) throws(PropertyListError) -> Int {
        let lead = bytes[offset]
        if lead < 0x80 {
            guard lead >= 0x20 || lead == 0x09 || lead == 0x0A || lead == 0x0D else {
                throw PropertyListError(message: "control character XML forbids", offset: offset)
            }
            return offset + 1
        }
        // VouchDER's table of well-formed sequences (RFC 3629 §4), shared with the DER strings.
        guard let end = DERString.endOfUTF8Sequence(bytes[...], at: offset) else {
            throw PropertyListError(message: "invalid UTF-8", offset: offset)
        }
        // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are well-formed UTF-8 but not XML characters.
        if lead == 0xEF, bytes[offset + 1] == 0xBF, bytes[offset + 2] >= 0xBE {
            throw PropertyListError(message: "character XML forbids (U+FFFE or U+FFFF)", offset: offset)
        }
        return end
    }
}
