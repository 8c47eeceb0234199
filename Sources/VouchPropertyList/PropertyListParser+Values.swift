/// Values: one element of the DTD at a time, `<dict>` and `<array>` by recursion (one call per
/// level, refused past `maximumDepth`), the text elements through `readText(of:)` and
/// PropertyListScalars.
extension PropertyListParser {
    /// Reads the value element at `position` (its `<`), `depth` levels below the top.
    ///
    /// - Throws: nesting deeper than `maximumDepth` (at the `<`), `<key>` or `<plist>` where a
    ///   value should be, or whatever the element's content does wrong.
    mutating func readValue(depth: Int) throws(PropertyListError) -> PropertyList {
        let start = position
        guard depth < maximumDepth else {
            throw PropertyListError(message: "nested deeper than \(maximumDepth) levels", offset: start)
        }
        let tag = try readStartTag()
        switch tag.element {
        case .dict:
            return .dictionary(try readDictionary(tag, depth: depth))
        case .array:
            return .array(try readArray(tag, depth: depth))
        case .string:
            _ = try readText(of: tag)
            return .string(String(decoding: text, as: UTF8.self))
        case .integer:
            let content = try readText(of: tag)
            return .integer(try PropertyListScalars.integer(text, content))
        case .real:
            let content = try readText(of: tag)
            return .real(try PropertyListScalars.real(text, content))
        case .date:
            let content = try readText(of: tag)
            return .date(try PropertyListScalars.date(text, content))
        case .data:
            let content = try readText(of: tag)
            return .data(try PropertyListScalars.data(text, content))
        case .true, .false:
            if !tag.isEmpty {
                guard has(Self.endTagOpen) else {
                    guard position < bytes.count else { throw endOfInput("in <\(tag.element.rawValue)>") }
                    throw PropertyListError(message: "<\(tag.element.rawValue)> must be empty", offset: position)
                }
                try readEndTag(of: tag.element)
            }
            return .boolean(tag.element == .true)
        case .key:
            throw PropertyListError(message: "expected a value, found <key>", offset: start)
        case .plist:
            throw PropertyListError(message: "<plist> inside <plist>", offset: start)
        }
    }

    /// The entries of the `<dict>` that `tag` opened: `<key>` and value, in turn, to `</dict>`.
    ///
    /// - Throws: an element other than `<key>` where a key should be, a key without a value or a
    ///   repeated key (both at the `<key>`).
    private mutating func readDictionary(_ tag: StartTag, depth: Int) throws(PropertyListError) -> [String: PropertyList] {
        var entries: [String: PropertyList] = [:]
        guard !tag.isEmpty else { return entries }
        while true {
            try skipBetweenElements(in: .dict)
            if has(Self.endTagOpen) {
                try readEndTag(of: .dict)
                return entries
            }
            let keyOffset = position
            let keyTag = try readStartTag()
            guard keyTag.element == .key else {
                throw PropertyListError(message: "expected <key> in <dict>, found <\(keyTag.element.rawValue)>", offset: keyOffset)
            }
            _ = try readText(of: keyTag)
            let key = String(decoding: text, as: UTF8.self)
            guard entries[key] == nil else {
                throw PropertyListError(message: "duplicate key \"\(Self.quoted(text[...]))\"", offset: keyOffset)
            }
            try skipBetweenElements(in: .dict)
            if has(Self.endTagOpen) {
                throw PropertyListError(message: "key \"\(Self.quoted(text[...]))\" has no value", offset: keyOffset)
            }
            if case .key? = peekElement() {
                throw PropertyListError(message: "key \"\(Self.quoted(text[...]))\" has no value", offset: keyOffset)
            }
            entries[key] = try readValue(depth: depth + 1)
        }
    }

    /// The elements of the `<array>` that `tag` opened, to `</array>`.
    private mutating func readArray(_ tag: StartTag, depth: Int) throws(PropertyListError) -> [PropertyList] {
        var elements: [PropertyList] = []
        guard !tag.isEmpty else { return elements }
        while true {
            try skipBetweenElements(in: .array)
            if has(Self.endTagOpen) {
                try readEndTag(of: .array)
                return elements
            }
            elements.append(try readValue(depth: depth + 1))
        }
    }

    /// The element whose start tag is at `position`, without moving: nil when its name is none
    /// of the DTD's.
    private func peekElement() -> PropertyListElement? {
        var lookahead = self
        lookahead.position += 1
        return PropertyListElement(name: lookahead.readName())
    }
}
