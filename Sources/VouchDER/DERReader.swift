/// A cursor over DER input whose every read returns a value or throws a ``DERError``; it never
/// traps and never reads outside its input.
///
/// All positions are absolute indices of the caller's buffer: a reader made from a slice that
/// starts at 1000 reports offsets from 1000 on. Readers for nested content are made by
/// ``nested(_:_:)``, which also demands that the content is consumed completely.
///
/// ```swift
/// let serial = try DERReader.readAll(bytes) { (r) throws(DERError) in
///     try r.nested(.sequence) { (r) throws(DERError) in try r.readInteger() }
/// }
/// ```
public struct DERReader: Sendable {
    /// Choices that relax the defaults.
    public struct Options: OptionSet, Sendable {
        /// The option bits.
        public let rawValue: UInt8
        /// Options from their bits.
        @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Accept the high-tag-number form (tag numbers ≥ 31), minimal and at most
        /// ``DERLimits/maximumHighTagNumber``. Off by default: no PKI structure uses it.
        public static let allowHighTagNumbers = Options(rawValue: 1)
    }

    /// The bytes this reader may read (its window of the caller's buffer).
    @usableFromInline let window: ArraySlice<UInt8>
    /// The absolute index of the next unread byte.
    @usableFromInline var position: Int
    /// How many constructed elements enclose this reader's input.
    public let depth: Int
    /// The options, inherited by nested readers.
    public let options: Options

    /// Creates a reader over `bytes` at nesting depth 0.
    @inlinable
    public init(_ bytes: ArraySlice<UInt8>, options: Options = []) {
        self.window = bytes
        self.position = bytes.startIndex
        self.depth = 0
        self.options = options
    }

    /// Creates a reader over all of `bytes`; offsets count from 0.
    @inlinable
    public init(_ bytes: [UInt8], options: Options = []) {
        self.init(bytes[...], options: options)
    }

    /// A reader over `bytes` that counts as nested `depth` levels deep.
    @inlinable
    init(_ bytes: ArraySlice<UInt8>, options: Options, depth: Int) {
        self.window = bytes
        self.position = bytes.startIndex
        self.depth = depth
        self.options = options
    }

    /// The bytes not read yet.
    @inlinable public var remaining: ArraySlice<UInt8> { window[position...] }

    /// Whether every byte has been read.
    @inlinable public var isAtEnd: Bool { position == window.endIndex }

    /// The absolute offset of the next byte.
    @inlinable public var offset: Int { position }

    /// Reads `body` over all of `bytes` and then demands that nothing is left.
    ///
    /// - Throws: whatever `body` throws, or ``DERError/Kind/trailingData`` at the first unread byte.
    @inlinable
    public static func readAll<T>(
        _ bytes: ArraySlice<UInt8>, options: Options = [],
        _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T {
        var reader = DERReader(bytes, options: options)
        let result = try body(&reader)
        try reader.finish()
        return result
    }

    /// Throws ``DERError/Kind/trailingData`` unless every byte has been read.
    @inlinable
    public func finish() throws(DERError) {
        guard isAtEnd else { throw DERError(.trailingData, at: position) }
    }

    /// The tag of the next element, or `nil` at the end of input.
    ///
    /// - Throws: a ``DERError`` if the identifier octets themselves are malformed.
    @inlinable @inline(__always)
    public func peekTag() throws(DERError) -> DERTag? {
        guard !isAtEnd else { return nil }
        return try Self.parseIdentifier(window, at: position, options: options).tag
    }

    /// Reads the next element, whatever its tag.
    ///
    /// Enforces every header rule of DER: low tag numbers unless opted in, no end-of-contents tag,
    /// the form universal types demand, definite minimal lengths of at most
    /// ``DERLimits/maximumLengthOctets`` octets, and content within the input.
    @inlinable @inline(__always)
    public mutating func readElement() throws(DERError) -> DERElement {
        let element = try Self.parseElement(window, at: position, options: options)
        position = element.encoded.endIndex
        return element
    }

    /// Reads the next element and demands that it has `tag`.
    ///
    /// - Throws: ``DERError/Kind/missingElement(expected:)`` at the end of input,
    ///   ``DERError/Kind/unexpectedTag(expected:found:)`` for another tag, or a header error.
    @inlinable @inline(__always)
    public mutating func readElement(_ tag: DERTag) throws(DERError) -> DERElement {
        guard !isAtEnd else { throw DERError(.missingElement(expected: tag), at: position) }
        // The tag is judged before the length, so a wrong element reads as a wrong tag.
        let (found, identifierEnd) = try Self.parseIdentifier(window, at: position, options: options)
        guard found == tag else {
            throw DERError(.unexpectedTag(expected: tag, found: found), at: position)
        }
        let element = try Self.parseContent(window, at: position, tag: found, identifierEnd: identifierEnd)
        position = element.encoded.endIndex
        return element
    }

    /// Reads the next element if it has `tag`; returns `nil` (and reads nothing) otherwise.
    @inlinable
    public mutating func readOptionalElement(_ tag: DERTag) throws(DERError) -> DERElement? {
        guard try peekTag() == tag else { return nil }
        return try readElement()
    }

    /// Reads an element with `tag` and runs `body` over its content, which must be consumed completely.
    ///
    /// - Throws: ``DERError/Kind/nestingTooDeep`` past ``DERLimits/maximumNestingDepth``, whatever
    ///   `body` throws, or ``DERError/Kind/trailingData`` if `body` leaves content unread.
    @inlinable
    public mutating func nested<T>(
        _ tag: DERTag, _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T {
        let element = try readElement(tag)
        var inner = try reader(overContentOf: element)
        let result = try body(&inner)
        try inner.finish()
        return result
    }

    /// Like ``nested(_:_:)`` when the next element has `tag`; `nil` (reading nothing) otherwise.
    @inlinable
    public mutating func optionalNested<T>(
        _ tag: DERTag, _ body: (inout DERReader) throws(DERError) -> T
    ) throws(DERError) -> T? {
        guard try peekTag() == tag else { return nil }
        return try nested(tag, body)
    }

    /// A reader over the content of `element`, one level deeper than this one.
    ///
    /// - Throws: ``DERError/Kind/nestingTooDeep`` past ``DERLimits/maximumNestingDepth``.
    @inlinable @inline(__always)
    public func reader(overContentOf element: DERElement) throws(DERError) -> DERReader {
        guard depth < DERLimits.maximumNestingDepth else {
            throw DERError(.nestingTooDeep, at: element.offset)
        }
        return DERReader(element.content, options: options, depth: depth + 1)
    }

    // MARK: Header rules (X.690 §8.1.2, §8.1.3, §10.1)

    /// Parses the element at `start` of `bytes` (header and content bounds).
    @inlinable @inline(__always)
    static func parseElement(_ bytes: ArraySlice<UInt8>, at start: Int, options: Options) throws(DERError) -> DERElement {
        let (tag, identifierEnd) = try parseIdentifier(bytes, at: start, options: options)
        return try parseContent(bytes, at: start, tag: tag, identifierEnd: identifierEnd)
    }

    /// Parses the length octets after the identifier and bounds the content.
    @inlinable @inline(__always)
    static func parseContent(
        _ bytes: ArraySlice<UInt8>, at start: Int, tag: DERTag, identifierEnd: Int
    ) throws(DERError) -> DERElement {
        let (length, contentStart) = try DERHeader.parseLength(from: identifierEnd, end: bytes.endIndex, octet: { bytes[$0] }) {
            (start) throws(DERError) in try parseLongLength(bytes, from: start)
        }
        guard bytes.endIndex - contentStart >= length else { throw DERError(.truncated, at: start) }
        return DERElement(tag: tag, headerLength: contentStart - start, encoded: bytes[start..<(contentStart + length)])
    }

    /// Parses the identifier octets at `start` of `bytes`; returns the tag and the index after them
    /// (``DERHeader``'s rules, which ``DERCursor`` shares).
    @inlinable @inline(__always)
    static func parseIdentifier(
        _ bytes: ArraySlice<UInt8>, at start: Int, options: Options
    ) throws(DERError) -> (tag: DERTag, end: Int) {
        try DERHeader.parseIdentifier(at: start, end: bytes.endIndex, octet: { bytes[$0] }) { (start) throws(DERError) in
            try parseHighTagIdentifier(bytes, at: start, options: options)
        }
    }

    /// The high-tag-number form, out of line (``DERHeader``'s rules).
    @usableFromInline
    static func parseHighTagIdentifier(
        _ bytes: ArraySlice<UInt8>, at start: Int, options: Options
    ) throws(DERError) -> (tag: DERTag, end: Int) {
        try DERHeader.parseHighTagIdentifier(
            at: start, end: bytes.endIndex, allowsHighTagNumbers: options.contains(.allowHighTagNumbers)) { bytes[$0] }
    }

    /// A long-form length, out of line (``DERHeader``'s rules).
    @usableFromInline
    static func parseLongLength(_ bytes: ArraySlice<UInt8>, from start: Int) throws(DERError) -> (length: Int, contentStart: Int) {
        try DERHeader.parseLongLength(from: start, end: bytes.endIndex) { bytes[$0] }
    }
}
