/// One element found by a ``DERCursor``: its tag and where its header and content lie, as
/// absolute indices of the caller's buffer. Plain integers: copying one costs no reference count.
@usableFromInline package struct DERSpan: Sendable {
    /// The identifier.
    @usableFromInline package let tag: DERTag
    /// The absolute index of the first identifier octet.
    @usableFromInline package let start: Int
    /// The absolute index of the first content octet.
    @usableFromInline package let contentStart: Int
    /// The absolute index after the last content octet.
    @usableFromInline package let end: Int

    @inlinable
    init(tag: DERTag, start: Int, contentStart: Int, end: Int) {
        self.tag = tag
        self.start = start
        self.contentStart = contentStart
        self.end = end
    }

    /// Header and content.
    @inlinable package var range: Range<Int> { start..<end }
    /// The content.
    @inlinable package var contentRange: Range<Int> { contentStart..<end }
    /// The number of content octets.
    @inlinable package var length: Int { end - contentStart }
}

/// ``DERReader``'s rules over borrowed memory: the same checks in the same order, the same
/// ``DERError``s at the same absolute offsets, but elements are ``DERSpan``s (integers) instead of
/// slices, so a walk costs no reference counting and no bounds-checked collection access.
///
/// A cursor is valid only inside the `withUnsafeBufferPointer` call that made its buffer; parsers
/// use it to validate and then cut the slices they keep from the original `ArraySlice`.
/// Every read is bounded by `end`, which never exceeds the buffer.
@usableFromInline package struct DERCursor {
    /// The caller's whole buffer; `buffer[0]` is absolute index `origin`.
    @usableFromInline let buffer: UnsafeBufferPointer<UInt8>
    /// The absolute index of `buffer[0]`.
    @usableFromInline let origin: Int
    /// The absolute index of the next unread octet.
    @usableFromInline package var position: Int
    /// The absolute index after this cursor's window (at most `origin + buffer.count`).
    @usableFromInline package let end: Int
    /// How many constructed elements enclose this cursor's input.
    @usableFromInline package let depth: Int
    /// Whether the high-tag-number form is accepted (``DERReader/Options/allowHighTagNumbers``).
    @usableFromInline let allowsHighTagNumbers: Bool

    /// A cursor over all of `buffer`, whose first octet has absolute index `origin`.
    @inlinable
    package init(_ buffer: UnsafeBufferPointer<UInt8>, origin: Int) {
        self.init(buffer, origin: origin, position: origin, end: origin + buffer.count, depth: 0, allowsHighTagNumbers: false)
    }

    /// A cursor over absolute indices `position..<end` of `buffer` (which starts at `origin`).
    @inlinable
    package init(
        _ buffer: UnsafeBufferPointer<UInt8>, origin: Int, position: Int, end: Int, depth: Int, allowsHighTagNumbers: Bool
    ) {
        self.buffer = buffer
        self.origin = origin
        self.position = position
        self.end = end
        self.depth = depth
        self.allowsHighTagNumbers = allowsHighTagNumbers
    }

    /// Whether every octet has been read.
    @inlinable package var isAtEnd: Bool { position == end }

    /// The absolute offset of the next octet.
    @inlinable package var offset: Int { position }

    /// The octet at absolute index `index` (the caller checked `index < end`).
    @inlinable @inline(__always)
    package func octet(_ index: Int) -> UInt8 { buffer[index &- origin] }

    /// The octets at absolute indices `range` (within this cursor's buffer), borrowed.
    @inlinable @inline(__always)
    package func octets(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[(range.lowerBound &- origin)..<(range.upperBound &- origin)])
    }

    /// Throws ``DERError/Kind/trailingData`` unless every octet has been read.
    @inlinable @inline(__always)
    package func finish() throws(DERError) {
        guard isAtEnd else { throw DERError(.trailingData, at: position) }
    }

    /// The tag of the next element, or `nil` at the end of input.
    @inlinable @inline(__always)
    package func peekTag() throws(DERError) -> DERTag? {
        guard !isAtEnd else { return nil }
        return try parseIdentifier(at: position).tag
    }

    /// Reads the next element, whatever its tag (``DERReader/readElement()``).
    @inlinable @inline(__always)
    package mutating func readElement() throws(DERError) -> DERSpan {
        let (tag, identifierEnd) = try parseIdentifier(at: position)
        let span = try parseContent(at: position, tag: tag, identifierEnd: identifierEnd)
        position = span.end
        return span
    }

    /// Reads the next element and demands `tag` (``DERReader/readElement(_:)``).
    @inlinable @inline(__always)
    package mutating func readElement(_ tag: DERTag) throws(DERError) -> DERSpan {
        guard !isAtEnd else { throw DERError(.missingElement(expected: tag), at: position) }
        // The common case: the expected tag's own octet, which parseIdentifier would accept.
        if let expected = tag.acceptedIdentifierOctet, octet(position) == expected {
            let span = try parseContent(at: position, tag: tag, identifierEnd: position + 1)
            position = span.end
            return span
        }
        return try readElementSlowly(tag)
    }

    /// ``readElement(_:)`` when the identifier octet is not the expected one: parsed in full, so
    /// the error is the one DERReader gives.
    @usableFromInline
    mutating func readElementSlowly(_ tag: DERTag) throws(DERError) -> DERSpan {
        // The tag is judged before the length, so a wrong element reads as a wrong tag.
        let (found, identifierEnd) = try parseIdentifier(at: position)
        guard found == tag else {
            throw DERError(.unexpectedTag(expected: tag, found: found), at: position)
        }
        let span = try parseContent(at: position, tag: found, identifierEnd: identifierEnd)
        position = span.end
        return span
    }

    /// Reads the next element if it has `tag`; `nil` (reading nothing) otherwise.
    @inlinable @inline(__always)
    package mutating func readOptionalElement(_ tag: DERTag) throws(DERError) -> DERSpan? {
        guard !isAtEnd else { return nil }
        let first = octet(position)
        if let expected = tag.acceptedIdentifierOctet {
            if first == expected {
                let span = try parseContent(at: position, tag: tag, identifierEnd: position + 1)
                position = span.end
                return span
            }
            // Another octet is another tag, or an identifier peekTag would reject.
            if first & 0x1F != 0x1F, first & 0x1F != 0 || first & 0xC0 != 0,
                DERTag(identifierOctet: first).acceptedIdentifierOctet != nil
            {
                return nil
            }
        }
        guard try peekTag() == tag else { return nil }
        return try readElement()
    }

    /// A cursor over the content of `span`, one level deeper (``DERReader/reader(overContentOf:)``).
    @inlinable @inline(__always)
    package func cursor(overContentOf span: DERSpan) throws(DERError) -> DERCursor {
        guard depth < DERLimits.maximumNestingDepth else {
            throw DERError(.nestingTooDeep, at: span.start)
        }
        return DERCursor(buffer, origin: origin, position: span.contentStart, end: span.end, depth: depth + 1,
                         allowsHighTagNumbers: allowsHighTagNumbers)
    }

    // MARK: Header rules (X.690 §8.1.2, §8.1.3, §10.1): DERHeader's, shared with DERReader

    /// The identifier at `start` (``DERHeader``'s rules).
    @inlinable @inline(__always)
    func parseIdentifier(at start: Int) throws(DERError) -> (tag: DERTag, end: Int) {
        try DERHeader.parseIdentifier(at: start, end: end, octet: { octet($0) }) { (start) throws(DERError) in
            try parseHighTagIdentifier(at: start)
        }
    }

    /// The high-tag-number form, out of line (``DERHeader``'s rules).
    @usableFromInline
    func parseHighTagIdentifier(at start: Int) throws(DERError) -> (tag: DERTag, end: Int) {
        try DERHeader.parseHighTagIdentifier(at: start, end: end, allowsHighTagNumbers: allowsHighTagNumbers) { octet($0) }
    }

    /// The length octets after the identifier and the content's bounds.
    @inlinable @inline(__always)
    func parseContent(at start: Int, tag: DERTag, identifierEnd: Int) throws(DERError) -> DERSpan {
        let (length, contentStart) = try DERHeader.parseLength(from: identifierEnd, end: end, octet: { octet($0) }) {
            (start) throws(DERError) in try parseLongLength(from: start)
        }
        guard end - contentStart >= length else { throw DERError(.truncated, at: start) }
        return DERSpan(tag: tag, start: start, contentStart: contentStart, end: contentStart + length)
    }

    /// A long-form length, out of line (``DERHeader``'s rules).
    @usableFromInline
    func parseLongLength(from start: Int) throws(DERError) -> (length: Int, contentStart: Int) {
        try DERHeader.parseLongLength(from: start, end: end) { octet($0) }
    }

    // MARK: Primitives, by the same rules as their types' initialisers

    /// Reads an OBJECT IDENTIFIER (``DERReader/readOID(_:)``); returns its content's range.
    @inlinable @inline(__always)
    package mutating func readOID(_ tag: DERTag = .objectIdentifier) throws(DERError) -> Range<Int> {
        let span = try readElement(tag)
        try OID.validate(octets(span.contentRange), at: span.contentStart)
        return span.contentRange
    }

    /// Reads a BIT STRING (``DERReader/readBitString(_:)``); returns the unused-bit count and the
    /// data octets' range.
    @inlinable
    package mutating func readBitString(_ tag: DERTag = .bitString) throws(DERError) -> (unusedBits: UInt8, bytes: Range<Int>) {
        let span = try readElement(tag)
        let unused = try DERBitString.validate(octets(span.contentRange), at: span.contentStart)
        return (unused, (span.contentStart + 1)..<span.end)
    }

    /// The content of `span` as a BOOLEAN (``DERElement/decodeBoolean()``).
    @inlinable
    package func decodeBoolean(_ span: DERSpan) throws(DERError) -> Bool {
        guard span.length == 1 else { throw DERError(.invalidBoolean, at: span.contentStart) }
        let value = octet(span.contentStart)
        guard value == 0x00 || value == 0xFF else { throw DERError(.invalidBoolean, at: span.contentStart) }
        return value == 0xFF
    }

    /// Reads a UTCTime or a GeneralizedTime (``DERReader/readTime()``).
    @inlinable
    package mutating func readTime() throws(DERError) -> DERTime {
        if let span = try readOptionalElement(.generalizedTime) {
            return try DERTime(octets(span.contentRange), at: span.contentStart, form: .generalizedTime)
        }
        let span = try readElement(.utcTime)
        return try DERTime(octets(span.contentRange), at: span.contentStart, form: .utcTime)
    }

    /// Checks the content of an INTEGER `span` as ``DERInteger/init(_:)`` does.
    @inlinable
    package func validateInteger(_ span: DERSpan) throws(DERError) {
        guard span.length > 0 else { throw DERError(.emptyInteger, at: span.contentStart) }
        if span.length > 1 {
            let first = octet(span.contentStart), second = octet(span.contentStart + 1)
            // 0x00 followed by a clear top bit, or 0xFF followed by a set one, is redundant.
            if (first == 0x00 && second & 0x80 == 0) || (first == 0xFF && second & 0x80 != 0) {
                throw DERError(.nonMinimalInteger, at: span.contentStart)
            }
        }
    }
}

extension DERReader {
    /// Runs `body` with a ``DERCursor`` at this reader's position, over the same window, depth and
    /// options, and moves this reader to where the cursor stopped (also when `body` throws, as the
    /// reader's own reads would have left it).
    @inlinable
    package mutating func withCursor<T>(
        _ body: (inout DERCursor, ArraySlice<UInt8>) throws(DERError) -> T
    ) throws(DERError) -> T {
        let window = self.window
        var stopped = position
        defer { position = stopped }
        return try window.withUnsafeBufferPointer { (buffer) throws(DERError) -> T in
            var cursor = DERCursor(buffer, origin: window.startIndex, position: stopped, end: window.endIndex, depth: depth,
                                   allowsHighTagNumbers: options.contains(.allowHighTagNumbers))
            defer { stopped = cursor.position }
            return try body(&cursor, window)
        }
    }
}
