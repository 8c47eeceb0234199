internal import VouchTrustData

extension ApplePinningDatabase {
    /// The text of every `<string>` element of the embedded list that is the value of a
    /// `policyName` or `suffix` key (entities `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`
    /// replaced), read once with one pass over its bytes, without decoding the list; `nil` if some
    /// string uses other markup (the prefilter then always says "maybe").
    static let embeddedStrings: Set<[UInt8]>? = AppleTrustStore.pinningPropertyList.withUTF8Buffer { buffer in
        strings(ofPropertyList: Array(buffer))
    }

    /// The texts of the `policyName` and `suffix` strings of `bytes` (``embeddedStrings``); `nil` for markup
    /// the pass does not read (CDATA, an entity other than the five, a `<` inside a string).
    static func strings(ofPropertyList bytes: [UInt8]) -> Set<[UInt8]>? {
        let open = Array("<string>".utf8), close = Array("</string>".utf8), cdata = Array("<![CDATA[".utf8)
        let less = UInt8(ascii: "<"), count = bytes.count
        let suffixKey = Array("<key>suffix</key>".utf8), nameKey = Array("<key>policyName</key>".utf8)
        func has(_ literal: [UInt8], at position: Int) -> Bool {
            guard position >= 0, count - position >= literal.count else { return false }
            for offset in literal.indices where bytes[position + offset] != literal[offset] { return false }
            return true
        }
        /// Whether the `<string>` at `position` is the value of a `suffix` or `policyName` key.
        func followsWantedKey(_ position: Int) -> Bool {
            var end = position
            while end > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[end - 1]) { end -= 1 }
            return has(suffixKey, at: end - suffixKey.count) || has(nameKey, at: end - nameKey.count)
        }
        var strings: Set<[UInt8]> = []
        var index = 0
        // One pass, byte by byte, looking closer only at a `<`.
        while index < count {
            guard bytes[index] == less else {
                index += 1
                continue
            }
            if has(cdata, at: index) { return nil }
            guard has(open, at: index) else {
                index += 1
                continue
            }
            let start = index + open.count
            var end = start
            while end < count && bytes[end] != less { end += 1 }
            guard has(close, at: end), let text = unescaped(bytes[start..<end]) else { return nil }
            if followsWantedKey(index) { strings.insert(text) }
            index = end + close.count
        }
        return strings
    }

    /// `text` with the five predefined entities replaced; `nil` for any other `&` markup.
    private static func unescaped(_ text: ArraySlice<UInt8>) -> [UInt8]? {
        guard text.contains(UInt8(ascii: "&")) else { return Array(text) }
        let entities: [(String, UInt8)] = [("&amp;", 0x26), ("&lt;", 0x3C), ("&gt;", 0x3E), ("&quot;", 0x22), ("&apos;", 0x27)]
        var result: [UInt8] = []
        var rest = text
        while let first = rest.first {
            guard first == UInt8(ascii: "&") else {
                result.append(first)
                rest = rest.dropFirst()
                continue
            }
            guard let (name, value) = entities.first(where: { rest.starts(with: Array($0.0.utf8)) }) else { return nil }
            result.append(value)
            rest = rest.dropFirst(name.utf8.count)
        }
        return result
    }

    /// Whether the embedded list could have rules for an SSL policy with `hostname` named
    /// `policyName`: the name (unless `sslServer`) or the hostname's suffix (as
    /// ``rules(forHostname:)`` takes it) is one of its strings. `false` is certain, so an
    /// evaluation of a host the list does not name never decodes the list (about 22 million
    /// instructions); `true` may be wrong, and the lookup then decides.
    static func embeddedMayMatch(policyName: String?, hostname: String) -> Bool {
        guard let strings = embeddedStrings else { return true }
        if let policyName, policyName != "sslServer", strings.contains(Array(policyName.utf8)) { return true }
        let bytes = Array(hostname.utf8)
        guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) else { return false }
        var suffix = bytes[(dot + 1)...]
        if suffix.last == UInt8(ascii: ".") { suffix = suffix.dropLast() }
        return strings.contains(Array(suffix))
    }
}
