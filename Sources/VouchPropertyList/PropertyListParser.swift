/// The reader behind ``PropertyListReader/parse(_:limits:)``: one pass over the bytes, one call
/// per nesting level (bounded by `maximumDepth`). The document's frame (byte order mark, prolog,
/// `<plist>`, what may follow it) is here; values are in PropertyListParser+Values.swift, tags,
/// comments and the prolog's markup in +Markup, text, references and UTF-8 in +Text, and the
/// conversion of text to numbers, dates and bytes in PropertyListScalars.swift.
struct PropertyListParser {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let commentOpen = Array("<!--".utf8)
    static let cdataOpen = Array("<![CDATA[".utf8)
    static let doctypeOpen = Array("<!DOCTYPE".utf8)
    static let instructionOpen = Array("<?".utf8)
    static let endTagOpen = Array("</".utf8)
    static let cdataClose = Array("]]>".utf8)

    /// The input.
    let bytes: [UInt8]
    /// A value this deep (the value in `<plist>` is at depth 0) is refused.
    let maximumDepth: Int
    /// The offset of the next byte to read.
    var position = 0
    /// The decoded content of the last text element read (kept between elements so that its
    /// storage is reused).
    var text: [UInt8] = []

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// The whole document: prolog, `<plist>` with one value, then only white space and comments.
    mutating func readDocument() throws(PropertyListError) -> PropertyList {
        if has(Self.byteOrderMark) { position = Self.byteOrderMark.count }
        if atXMLDeclaration { try readXMLDeclaration() }
        try readProlog()
        let rootOffset = position
        guard position < bytes.count else { throw endOfInput("before <plist>") }
        guard peek() == UInt8(ascii: "<") else { throw PropertyListError(message: "text before <plist>", offset: position) }
        let root = try readStartTag()
        guard root.element == .plist else {
            throw PropertyListError(message: "expected <plist>, found <\(root.element.rawValue)>", offset: rootOffset)
        }
        guard !root.isEmpty else { throw PropertyListError(message: "<plist> holds no value", offset: rootOffset) }
        try skipBetweenElements(in: .plist)
        if has(Self.endTagOpen) { throw PropertyListError(message: "<plist> holds no value", offset: position) }
        let value = try readValue(depth: 0)
        try skipBetweenElements(in: .plist)
        guard has(Self.endTagOpen) else {
            throw PropertyListError(message: "<plist> holds more than one value", offset: position)
        }
        try readEndTag(of: .plist)
        try readEpilog()
        return value
    }

    /// White space, comments, processing instructions and one `<!DOCTYPE>`, up to the root's `<`.
    private mutating func readProlog() throws(PropertyListError) {
        var hasDoctype = false
        while true {
            skipWhitespace()
            if has(Self.commentOpen) {
                try skipComment()
            } else if has(Self.doctypeOpen) {
                guard !hasDoctype else { throw PropertyListError(message: "a second <!DOCTYPE>", offset: position) }
                try readDoctype()
                hasDoctype = true
            } else if has(Self.instructionOpen) {
                try skipProcessingInstruction()
            } else {
                return
            }
        }
    }

    /// After `</plist>`: white space and comments, then the end of the input.
    private mutating func readEpilog() throws(PropertyListError) {
        while true {
            skipWhitespace()
            guard has(Self.commentOpen) else { break }
            try skipComment()
        }
        guard position == bytes.count else {
            let what = has(Self.instructionOpen) ? "a processing instruction" : "data"
            throw PropertyListError(message: "\(what) after </plist>", offset: position)
        }
    }

    // MARK: - The cursor

    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Whether the input at `position` starts with `literal`.
    func has(_ literal: [UInt8]) -> Bool {
        guard bytes.count - position >= literal.count else { return false }
        for (index, byte) in literal.enumerated() where bytes[position + index] != byte { return false }
        return true
    }

    /// Whether the input ends inside one of `literals`: what is left is a proper prefix of one
    /// (so that a cut-off `<!-` or `</` is reported as the end of the input, not as bad markup).
    func endsInside(_ literals: [UInt8]...) -> Bool {
        let rest = bytes[position...]
        return literals.contains { rest.count < $0.count && $0.starts(with: rest) }
    }

    /// The markup openers whose cut-off forms `endsInside` looks for between and inside elements.
    static let markupOpeners = [commentOpen, cdataOpen, doctypeOpen, instructionOpen, endTagOpen]

    /// Moves past XML white space (space, tab, line feed, carriage return); whether there was any.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        return position > start
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// "unexpected end of the input `context`", at the input's length.
    func endOfInput(_ context: String) -> PropertyListError {
        PropertyListError(message: "unexpected end of the input \(context)", offset: bytes.count)
    }

    /// `bytes` as text for a message: decoded (invalid UTF-8 repaired), cut after 40 bytes.
    static func quoted(_ bytes: ArraySlice<UInt8>) -> String {
        let shown = String(decoding: bytes.prefix(40), as: UTF8.self)
        return bytes.count > 40 ? shown + "…" : shown
    }
}
