/// A strict reader of XML property lists (Apple's `PropertyList-1.0.dtd`), without Foundation:
/// for the trust-settings documents `security trust-settings-export` writes, and any other
/// well-formed XML plist.
///
/// What it accepts: an optional UTF-8 byte order mark; an optional XML declaration (version 1.0,
/// encoding UTF-8 if named); comments, processing instructions and one `<!DOCTYPE plist …>`
/// (without an internal subset) before the root; the root `<plist>` (its `version` attribute, if
/// any, `"1.0"`) holding exactly one value; comments and white space after it. Values are the
/// elements `dict`, `key`, `array`, `string`, `integer`, `real`, `true`, `false`, `date` and
/// `data`, without attributes, in their empty forms (`<dict/>`, `<string/>`, …) too. Text is
/// valid UTF-8 of XML characters, with the five predefined entities, character references and
/// CDATA sections; line ends in text read as XML says (`\r\n` and a lone `\r` become `\n`; a
/// `&#13;` reference stays `\r`). Comments may stand between and inside elements.
///
/// What it refuses, each with the offset of the first byte that is wrong: anything else of XML
/// (other elements, attributes, entities, an internal DTD subset, processing instructions after
/// the prolog, text between elements), mismatched end tags, a `<key>` without a value or one
/// that repeats (keys compare as Swift strings compare), malformed numbers, dates and Base64,
/// integers beyond `Int64`, truncated input, and anything after `</plist>` but white space and
/// comments. Bounded: the input size and the nesting depth have limits (``Limits``), since the
/// reader recurses once per level; it reads in time linear in the input.
public enum PropertyListReader {
    /// The default nesting limit: 64 levels. The reader recurses once per level, so this bounds
    /// its stack; a trust-settings document nests 6 levels (plist, `trustList`, an entry,
    /// `trustSettings`, a usage constraint, its value), and VouchJSON allows the same 64.
    public static let defaultMaximumDepth = 64

    /// The default size limit: 16 MiB. A trust-settings export of every root in the system
    /// keychain with its own constraints is under 1 MB (about 1.5 KB an entry); the limit leaves
    /// room for larger plists and refuses a mistaken argument such as a disk image before memory
    /// grows with it.
    public static let defaultMaximumSize = 16 << 20

    /// How much a document may hold.
    public struct Limits: Sendable {
        /// How many values may nest: a scalar in `<plist>` is one level, `<array><true/></array>`
        /// two. A value deeper than this is refused at its `<`.
        public var maximumDepth: Int
        /// A longer input (in bytes) is refused before it is read.
        public var maximumSize: Int

        /// ``PropertyListReader/defaultMaximumDepth`` levels and
        /// ``PropertyListReader/defaultMaximumSize`` bytes, or limits of your own.
        public init(maximumDepth: Int = defaultMaximumDepth, maximumSize: Int = defaultMaximumSize) {
            self.maximumDepth = maximumDepth
            self.maximumSize = maximumSize
        }
    }

    /// Reads `bytes` as one XML property list.
    ///
    /// - Throws: ``PropertyListError`` with the offset of the first byte that is wrong: malformed
    ///   or unsupported XML (a missing `>`, an unknown element or entity, an attribute on a value,
    ///   a mismatched end tag, text between elements, a processing instruction after the prolog,
    ///   an encoding other than UTF-8), invalid UTF-8 or a character XML forbids, a `<key>` without
    ///   a value or a repeated one (at the `<key>`), a malformed `<integer>`, `<real>`, `<date>` or
    ///   `<data>` or an integer beyond `Int64` (at its text), anything but white space and comments
    ///   after `</plist>`, the end of the input inside the document (offset: the input's length),
    ///   nesting deeper than `limits.maximumDepth` (at the value too deep), or an input longer than
    ///   `limits.maximumSize` (offset: that size, the first byte beyond it).
    public static func parse(_ bytes: [UInt8], limits: Limits = .init()) throws(PropertyListError) -> PropertyList {
        guard bytes.count <= limits.maximumSize else {
            throw PropertyListError(message: "larger than \(limits.maximumSize) bytes", offset: limits.maximumSize)
        }
        var parser = PropertyListParser(bytes: bytes, maximumDepth: limits.maximumDepth)
        return try parser.readDocument()
    }
}
