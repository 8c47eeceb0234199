/// A strict JSON reader (RFC 8259) that keeps where each value starts, without Foundation: for
/// pin-set files (VouchPinning), x509-limbo suites (`vouch limbo`) and anything else that must
/// say which byte of a bad document is wrong.
///
/// Strict: one value with optional white space around it; no comments, trailing commas, leading
/// zeros, `NaN` or byte order mark; strings are valid UTF-8 without raw control characters,
/// escapes are RFC 8259's and surrogate escapes come in pairs; an object may not repeat a member
/// name (names compare as Swift strings compare, so that no two members answer the same
/// ``JSONNode/subscript(member:)``). Bounded: the input size and the nesting depth have limits
/// (``Limits``), since the reader recurses once per level.
///
/// The reader works on the bytes: it validates UTF-8 itself (so an error names the first bad
/// byte) and makes each string in one step from its byte range.
public enum JSONReader {
    /// The default nesting limit: 64 levels. The reader recurses once per level, so this bounds
    /// its stack; the documents Vouch reads nest far less (x509-limbo suites 5 levels, pin-set
    /// files 4), and common JSON libraries allow 100 to 512 with a stack per level as deep.
    public static let defaultMaximumDepth = 64

    /// The default size limit: 64 MiB. It admits x509-limbo's whole suite (`limbo-dev.json`,
    /// about 24.8 MB, the largest document Vouch reads) with room to grow, and refuses a mistaken
    /// argument such as a disk image before memory grows with it.
    public static let defaultMaximumSize = 64 << 20

    /// How much a document may hold.
    public struct Limits: Sendable {
        /// How many values may nest: a scalar at the top is one level, `[1]` is two. A value
        /// deeper than this is refused at its first byte.
        public var maximumDepth: Int
        /// A longer input (in bytes) is refused before it is read.
        public var maximumSize: Int

        /// Limits of your own (pin-set files, say, allow 16 levels and 1 MiB).
        public init(maximumDepth: Int, maximumSize: Int) {
            self.maximumDepth = maximumDepth
            self.maximumSize = maximumSize
        }

        /// ``JSONReader/defaultMaximumDepth`` levels and ``JSONReader/defaultMaximumSize`` bytes.
        public static let `default` = Limits(maximumDepth: defaultMaximumDepth, maximumSize: defaultMaximumSize)
    }

    /// Reads `bytes` as one JSON value surrounded by optional white space.
    ///
    /// - Throws: ``JSONError`` with the offset of the first byte that is wrong: malformed JSON
    ///   (a missing or unexpected character, a malformed number or escape, an unpaired surrogate,
    ///   a raw control character), invalid UTF-8 (the offset of the sequence's first byte), a
    ///   duplicate member name (the offset of the second name), nesting deeper than
    ///   `limits.maximumDepth` (the offset of the value too deep), or an input longer than
    ///   `limits.maximumSize` (offset: that size, the first byte beyond it).
    public static func parse(_ bytes: [UInt8], limits: Limits = .default) throws(JSONError) -> JSONNode {
        guard bytes.count <= limits.maximumSize else {
            throw JSONError(message: "larger than \(limits.maximumSize) bytes", offset: limits.maximumSize)
        }
        var parser = JSONParser(bytes: bytes, maximumDepth: limits.maximumDepth)
        return try parser.readDocument()
    }
}
