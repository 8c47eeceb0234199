/// The markup of the prolog (the XML declaration, `<!DOCTYPE>`, processing instructions) and
/// comments, which may stand anywhere between elements.
extension PropertyListParser {
    /// Whether `<?xml` followed by white space is at `position`: the XML declaration, which may
    /// only open the document (after a byte order mark).
    var atXMLDeclaration: Bool {
        guard has(Array("<?xml".utf8)), bytes.count - position > 5 else { return false }
        return Self.isWhitespace(bytes[position + 5])
    }

    /// Reads `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`: the version 1.0, then
    /// optionally an encoding, which must be UTF-8, and optionally `standalone`, in that order.
    mutating func readXMLDeclaration() throws(PropertyListError) {
        let start = position
        position += 5
        var seen = 0  // 1 after version, 2 after encoding, 3 after standalone: each comes after the last
        while true {
            let hasSpace = skipWhitespace()
            if has(Array("?>".utf8)) {
                position += 2
                break
            }
            guard position < bytes.count, !endsInside(Array("?>".utf8)) else { throw endOfInput("in the XML declaration") }
            guard hasSpace else {
                throw PropertyListError(message: "expected white space or '?>' in the XML declaration", offset: position)
            }
            let attribute = try readAttribute()
            let value = String(decoding: attribute.value, as: UTF8.self)
            switch String(decoding: attribute.name, as: UTF8.self) {
            case "version" where seen == 0:
                guard value == "1.0" else {
                    throw PropertyListError(
                        message: "unsupported XML version \"\(Self.quoted(attribute.value))\"", offset: attribute.valueOffset)
                }
                seen = 1
            case "encoding" where seen == 1:
                guard value.lowercased() == "utf-8" else {
                    throw PropertyListError(
                        message: "unsupported encoding \"\(Self.quoted(attribute.value))\" (only UTF-8)", offset: attribute.valueOffset)
                }
                seen = 2
            case "standalone" where seen == 1 || seen == 2:
                guard value == "yes" || value == "no" else {
                    throw PropertyListError(message: "standalone must be \"yes\" or \"no\"", offset: attribute.valueOffset)
                }
                seen = 3
            default:
                throw PropertyListError(
                    message: "unexpected \(Self.quoted(attribute.name)) in the XML declaration", offset: attribute.offset)
            }
        }
        guard seen > 0 else { throw PropertyListError(message: "the XML declaration has no version", offset: start) }
    }

    /// Moves past `<!-- … -->` at `position`, checking its characters.
    ///
    /// - Throws: `--` inside the comment (XML 1.0 §2.5), invalid UTF-8 or a character XML
    ///   forbids, or the end of the input.
    mutating func skipComment() throws(PropertyListError) {
        position += Self.commentOpen.count
        while true {
            guard let byte = peek() else { throw endOfInput("in a comment") }
            if byte == UInt8(ascii: "-"), bytes.count - position > 1, bytes[position + 1] == UInt8(ascii: "-") {
                guard bytes.count - position > 2 else { throw endOfInput("in a comment") }
                guard bytes[position + 2] == UInt8(ascii: ">") else {
                    throw PropertyListError(message: "'--' inside a comment", offset: position)
                }
                position += 3
                return
            }
            position = try endOfCharacter(at: position)
        }
    }

    /// Moves past a processing instruction `<?target …?>` in the prolog.
    ///
    /// - Throws: an XML declaration that does not open the document, a missing target, invalid
    ///   characters, or the end of the input.
    mutating func skipProcessingInstruction() throws(PropertyListError) {
        let start = position
        position += Self.instructionOpen.count
        let target = readName()
        guard position < bytes.count else { throw endOfInput("in a processing instruction") }
        guard !target.isEmpty else {
            throw PropertyListError(message: "processing instruction without a target", offset: position)
        }
        guard !String(decoding: target, as: UTF8.self).lowercased().elementsEqual("xml") else {
            throw PropertyListError(message: "XML declaration not at the start of the document", offset: start)
        }
        while true {
            guard let byte = peek() else { throw endOfInput("in a processing instruction") }
            if byte == UInt8(ascii: "?"), bytes.count - position > 1, bytes[position + 1] == UInt8(ascii: ">") {
                position += 2
                return
            }
            position = try endOfCharacter(at: position)
        }
    }

    /// Reads `<!DOCTYPE plist PUBLIC "…" "…">` (or `SYSTEM "…"`, or no external identifier).
    ///
    /// - Throws: a document type other than `plist`, an internal subset (`[…]`, which could
    ///   declare entities; Vouch knows only XML's five), or malformed syntax.
    mutating func readDoctype() throws(PropertyListError) {
        position += Self.doctypeOpen.count
        guard skipWhitespace() else {
            guard position < bytes.count else { throw endOfInput("in <!DOCTYPE>") }
            throw PropertyListError(message: "expected white space after <!DOCTYPE", offset: position)
        }
        let nameOffset = position
        let name = readName()
        guard name.elementsEqual("plist".utf8) else {
            guard position < bytes.count else { throw endOfInput("in <!DOCTYPE>") }
            throw PropertyListError(message: "document type \"\(Self.quoted(name))\", not plist", offset: nameOffset)
        }
        if skipWhitespace(), peek() != UInt8(ascii: ">"), peek() != UInt8(ascii: "[") {
            let keywordOffset = position
            let keyword = readName()
            let literals: Int
            if keyword.elementsEqual("PUBLIC".utf8) {
                literals = 2
            } else if keyword.elementsEqual("SYSTEM".utf8) {
                literals = 1
            } else {
                guard position < bytes.count else { throw endOfInput("in <!DOCTYPE>") }
                throw PropertyListError(message: "expected PUBLIC, SYSTEM or '>' in <!DOCTYPE>", offset: keywordOffset)
            }
            for _ in 0..<literals {
                guard skipWhitespace() else {
                    guard position < bytes.count else { throw endOfInput("in <!DOCTYPE>") }
                    throw PropertyListError(message: "expected white space in <!DOCTYPE>", offset: position)
                }
                try skipQuotedLiteral()
            }
            skipWhitespace()
        }
        guard let byte = peek() else { throw endOfInput("in <!DOCTYPE>") }
        guard byte != UInt8(ascii: "[") else {
            throw PropertyListError(message: "internal DTD subset not supported", offset: position)
        }
        guard byte == UInt8(ascii: ">") else {
            throw PropertyListError(message: "expected '>' to end <!DOCTYPE>", offset: position)
        }
        position += 1
    }

    /// Moves past a `"…"` or `'…'` literal of `<!DOCTYPE>`.
    private mutating func skipQuotedLiteral() throws(PropertyListError) {
        guard let quote = peek() else { throw endOfInput("in <!DOCTYPE>") }
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw PropertyListError(message: "expected a quoted literal in <!DOCTYPE>", offset: position)
        }
        position += 1
        while true {
            guard let byte = peek() else { throw endOfInput("in <!DOCTYPE>") }
            if byte == quote {
                position += 1
                return
            }
            position = try endOfCharacter(at: position)
        }
    }
}
