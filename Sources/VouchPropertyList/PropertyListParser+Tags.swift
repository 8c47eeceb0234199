/// Tags: start tags with their attributes (only `<plist version="1.0">` may have one), end tags,
/// and what may stand between elements (white space and comments).
extension PropertyListParser {
    /// Reads the start tag at `position` (its `<`).
    ///
    /// - Throws: an unknown element name at the `<`; an attribute on a value element, an
    ///   attribute of `<plist>` other than `version="1.0"`, or malformed tag syntax at the byte.
    mutating func readStartTag() throws(PropertyListError) -> StartTag {
        let start = position
        position += 1
        let name = readName()
        guard position < bytes.count else { throw endOfInput("in a tag") }
        guard !name.isEmpty else {
            throw PropertyListError(message: "expected an element name after '<'", offset: position)
        }
        guard let element = PropertyListElement(name: name) else {
            throw PropertyListError(message: "unknown element <\(Self.quoted(name))>", offset: start)
        }
        var hasVersion = false
        while true {
            let hasSpace = skipWhitespace()
            guard let byte = peek() else { throw endOfInput("in the tag <\(element.rawValue)>") }
            if byte == UInt8(ascii: ">") {
                position += 1
                return StartTag(element: element, offset: start, isEmpty: false)
            }
            if byte == UInt8(ascii: "/") {
                position += 1
                guard let next = peek() else { throw endOfInput("in the tag <\(element.rawValue)>") }
                guard next == UInt8(ascii: ">") else {
                    throw PropertyListError(message: "expected '>' after '/' in <\(element.rawValue)>", offset: position)
                }
                position += 1
                return StartTag(element: element, offset: start, isEmpty: true)
            }
            guard hasSpace else {
                throw PropertyListError(message: "expected white space, '>' or '/>' in <\(element.rawValue)>", offset: position)
            }
            let attribute = try readAttribute()
            guard element == .plist else {
                throw PropertyListError(
                    message: "attribute \(Self.quoted(attribute.name)) on <\(element.rawValue)>", offset: attribute.offset)
            }
            guard attribute.name.elementsEqual("version".utf8), !hasVersion else {
                let problem = hasVersion && attribute.name.elementsEqual("version".utf8) ? "repeated" : "unknown"
                throw PropertyListError(
                    message: "\(problem) attribute \(Self.quoted(attribute.name)) on <plist>", offset: attribute.offset)
            }
            guard attribute.value.elementsEqual("1.0".utf8) else {
                throw PropertyListError(
                    message: "unsupported plist version \"\(Self.quoted(attribute.value))\"", offset: attribute.valueOffset)
            }
            hasVersion = true
        }
    }

    /// Reads the end tag `</element>` (white space allowed before its `>`) at `position`.
    ///
    /// - Throws: at its `<` when it closes another element.
    mutating func readEndTag(of element: PropertyListElement) throws(PropertyListError) {
        let start = position
        position += Self.endTagOpen.count
        let name = readName()
        skipWhitespace()
        guard let byte = peek() else { throw endOfInput("in the end tag of <\(element.rawValue)>") }
        guard name.elementsEqual(element.rawValue.utf8) else {
            throw PropertyListError(message: "expected </\(element.rawValue)>, found </\(Self.quoted(name))>", offset: start)
        }
        guard byte == UInt8(ascii: ">") else {
            throw PropertyListError(message: "expected '>' in </\(element.rawValue)>", offset: position)
        }
        position += 1
    }

    /// Moves past white space and comments in `element`'s content, to the `<` of the next element
    /// or end tag.
    ///
    /// - Throws: text (character data, references, CDATA) between elements, a processing
    ///   instruction or other markup, or the end of the input.
    mutating func skipBetweenElements(in element: PropertyListElement) throws(PropertyListError) {
        while true {
            skipWhitespace()
            guard let byte = peek() else { throw endOfInput("in <\(element.rawValue)>") }
            guard byte == UInt8(ascii: "<") else {
                throw PropertyListError(message: "text between elements in <\(element.rawValue)>", offset: position)
            }
            if Self.markupOpeners.contains(where: { endsInside($0) }) {
                throw endOfInput("in <\(element.rawValue)>")
            } else if has(Self.commentOpen) {
                try skipComment()
            } else if has(Self.instructionOpen) {
                throw PropertyListError(message: "processing instruction after the prolog", offset: position)
            } else if has(Self.cdataOpen) {
                throw PropertyListError(message: "text between elements in <\(element.rawValue)>", offset: position)
            } else if bytes.count - position > 1, bytes[position + 1] == UInt8(ascii: "!") {
                throw PropertyListError(message: "unexpected markup in <\(element.rawValue)>", offset: position)
            } else {
                return
            }
        }
    }

    /// The bytes of a name: up to white space, `/`, `>`, `<`, `=`, `?`, `[` or the end of the input.
    /// Empty when none is there. Names are compared with the DTD's, so no character class is
    /// checked here: a name that is not one of them is refused anyway.
    mutating func readName() -> ArraySlice<UInt8> {
        let start = position
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "="),
                UInt8(ascii: "?"), UInt8(ascii: "["):
                return bytes[start..<position]
            default: position += 1
            }
        }
        return bytes[start..<position]
    }

    /// An attribute as read: its name and where it starts, its value (between the quotes, raw)
    /// and where that starts.
    struct Attribute {
        let name: ArraySlice<UInt8>
        let offset: Int
        let value: ArraySlice<UInt8>
        let valueOffset: Int
    }

    /// Reads `name = "value"` (or `'value'`) at `position`. The value is kept raw: the only
    /// values Vouch accepts (`1.0`, `UTF-8`, `yes`, `no`) have no references to decode.
    mutating func readAttribute() throws(PropertyListError) -> Attribute {
        let start = position
        let name = readName()
        guard !name.isEmpty else { throw PropertyListError(message: "expected an attribute name", offset: start) }
        skipWhitespace()
        guard let equals = peek() else { throw endOfInput("in an attribute") }
        guard equals == UInt8(ascii: "=") else {
            throw PropertyListError(message: "expected '=' after the attribute \(Self.quoted(name))", offset: position)
        }
        position += 1
        skipWhitespace()
        guard let quote = peek() else { throw endOfInput("in an attribute") }
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw PropertyListError(message: "expected a quoted value for the attribute \(Self.quoted(name))", offset: position)
        }
        position += 1
        let valueStart = position
        while true {
            guard let byte = peek() else { throw endOfInput("in an attribute value") }
            if byte == quote { break }
            guard byte != UInt8(ascii: "<") else {
                throw PropertyListError(message: "'<' in an attribute value", offset: position)
            }
            position = try endOfCharacter(at: position)
        }
        position += 1
        return Attribute(name: name, offset: start, value: bytes[valueStart..<(position - 1)], valueOffset: valueStart)
    }
}
