extension String {
    /// The string with ASCII `A`–`Z` lowercased and everything else untouched: host names and URL
    /// schemes compare this way (RFC 4343, RFC 3986 §3.1), never by Unicode case folding.
    var asciiLowercased: String {
        String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
