import VouchDER

/// One element read under BER's rules (X.690 §8.1): its tag, where it starts, its content and its
/// whole encoding. Slices keep the absolute indices of the caller's buffer.
struct BERElement {
    /// The tag (low tag numbers only).
    let tag: DERTag
    /// The absolute offset of the identifier octet.
    let offset: Int
    /// The content octets; for the indefinite form, without the end-of-contents octets.
    let content: ArraySlice<UInt8>
    /// Identifier, length, content and, for the indefinite form, the end-of-contents octets.
    let encoded: ArraySlice<UInt8>
    /// Whether the length was the indefinite form (0x80, X.690 §8.1.3.6).
    let isIndefinite: Bool
}

/// A cursor over BER, for the outer layers of a CMS message only (``CertificatesOnlyCMS``): the
/// same contract as ``DERReader`` (every read returns a value or throws a ``DERError`` at an
/// absolute offset; nothing is read outside the input) with two BER freedoms that real `.p7c`
/// files use and Apple's decoder (NSS's `SEC_ASN1Decode`) accepts:
/// - the indefinite length form on constructed elements, ended by two zero octets (X.690 §8.1.5);
/// - definite lengths in more octets than needed (X.690 §8.1.3.5 allows them).
///
/// Nesting of indefinite-length elements, which has to be walked to find where they end, is bounded
/// by ``DERLimits/maximumNestingDepth`` like every other nesting. Tag numbers of 31 and above are
/// refused as in DER: no CMS type has one. Everything inside a certificate is read by the strict
/// DER parser, not by this one.
struct BERReader {
    /// The bytes this reader may read.
    private let window: ArraySlice<UInt8>
    /// The absolute index of the next unread byte.
    private var position: Int
    /// How many constructed elements enclose this reader's input.
    let depth: Int

    /// A reader over `bytes` at nesting depth 0.
    init(_ bytes: ArraySlice<UInt8>) {
        self.init(bytes, depth: 0)
    }

    private init(_ bytes: ArraySlice<UInt8>, depth: Int) {
        window = bytes
        position = bytes.startIndex
        self.depth = depth
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position == window.endIndex }

    /// The absolute offset of the next byte.
    var offset: Int { position }

    /// Throws ``DERError/Kind/trailingData`` unless every byte has been read.
    func finish() throws(DERError) {
        guard isAtEnd else { throw DERError(.trailingData, at: position) }
    }

    /// The tag of the next element, or `nil` at the end of input.
    func peekTag() throws(DERError) -> DERTag? {
        guard !isAtEnd else { return nil }
        return try Self.identifier(window, at: position)
    }

    /// Reads the next element, whatever its tag.
    mutating func readElement() throws(DERError) -> BERElement {
        let element = try Self.element(window, at: position, depth: depth)
        position = element.encoded.endIndex
        return element
    }

    /// Reads the next element and demands that it has `tag`.
    mutating func readElement(_ tag: DERTag) throws(DERError) -> BERElement {
        guard let found = try peekTag() else { throw DERError(.missingElement(expected: tag), at: position) }
        guard found == tag else { throw DERError(.unexpectedTag(expected: tag, found: found), at: position) }
        return try readElement()
    }

    /// Reads the next element if it has `tag`; returns `nil` (and reads nothing) otherwise.
    mutating func readOptionalElement(_ tag: DERTag) throws(DERError) -> BERElement? {
        guard try peekTag() == tag else { return nil }
        return try readElement()
    }

    /// Reads every element up to the end, checking only that each is well formed.
    mutating func skipToEnd() throws(DERError) {
        while !isAtEnd { _ = try readElement() }
    }

    /// A reader over the content of `element`, one level deeper.
    ///
    /// - Throws: ``DERError/Kind/nestingTooDeep`` past ``DERLimits/maximumNestingDepth``.
    func reader(overContentOf element: BERElement) throws(DERError) -> BERReader {
        guard depth < DERLimits.maximumNestingDepth else { throw DERError(.nestingTooDeep, at: element.offset) }
        return BERReader(element.content, depth: depth + 1)
    }

    // MARK: Header rules (X.690 §8.1.2, §8.1.3, §8.1.5)

    /// The tag of the identifier octet at `start` (checked to be inside `bytes`).
    private static func identifier(_ bytes: ArraySlice<UInt8>, at start: Int) throws(DERError) -> DERTag {
        guard start < bytes.endIndex else { throw DERError(.truncated, at: start) }
        let octet = bytes[start]
        guard octet & 0x1F != 0x1F else { throw DERError(.highTagNumber, at: start) }
        // Universal 0 is end-of-contents: only where an indefinite-length content ends.
        guard octet & 0xDF != 0 else { throw DERError(.endOfContentsTag, at: start) }
        return DERTag(DERTag.TagClass(rawValue: octet >> 6) ?? .private, UInt32(octet & 0x1F), constructed: octet & 0x20 != 0)
    }

    /// The element at `start` of `bytes`, read at nesting `depth`: its end is found by walking the
    /// content when the length is indefinite.
    private static func element(_ bytes: ArraySlice<UInt8>, at start: Int, depth: Int) throws(DERError) -> BERElement {
        let tag = try identifier(bytes, at: start)
        let lengthStart = start + 1
        guard lengthStart < bytes.endIndex else { throw DERError(.truncated, at: lengthStart) }
        if bytes[lengthStart] == 0x80 {
            // The indefinite form is for constructed encodings only (X.690 §8.1.3.2 a).
            guard tag.isConstructed else { throw DERError(.indefiniteLength, at: lengthStart) }
            guard depth < DERLimits.maximumNestingDepth else { throw DERError(.nestingTooDeep, at: start) }
            let contentStart = lengthStart + 1
            var index = contentStart
            while true {
                guard index < bytes.endIndex else { throw DERError(.truncated, at: start) }
                if bytes[index] == 0 {
                    // End-of-contents: a zero identifier and a zero length (X.690 §8.1.5).
                    guard bytes.endIndex - index >= 2 else { throw DERError(.truncated, at: index) }
                    guard bytes[index + 1] == 0 else { throw DERError(.endOfContentsTag, at: index) }
                    return BERElement(
                        tag: tag, offset: start, content: bytes[contentStart..<index], encoded: bytes[start..<(index + 2)],
                        isIndefinite: true)
                }
                index = try element(bytes, at: index, depth: depth + 1).encoded.endIndex
            }
        }
        let (length, contentStart) = try definiteLength(bytes, at: lengthStart)
        guard bytes.endIndex - contentStart >= length else { throw DERError(.truncated, at: start) }
        let end = contentStart + length
        return BERElement(tag: tag, offset: start, content: bytes[contentStart..<end], encoded: bytes[start..<end], isIndefinite: false)
    }

    /// A definite length at `start` (checked to be inside `bytes`, and not 0x80): its value and
    /// the index of the first content octet. At most ``DERLimits/maximumLengthOctets`` octets
    /// (0xFF, reserved, is refused with them) and ``DERLimits/maximumElementLength``; leading zero
    /// octets are allowed, as BER allows them.
    private static func definiteLength(_ bytes: ArraySlice<UInt8>, at start: Int) throws(DERError) -> (length: Int, contentStart: Int) {
        let first = bytes[start]
        if first < 0x80 { return (Int(first), start + 1) }
        let count = Int(first & 0x7F)
        guard count <= DERLimits.maximumLengthOctets else { throw DERError(.lengthTooLong, at: start) }
        guard bytes.endIndex - (start + 1) >= count else { throw DERError(.truncated, at: start) }
        var length: UInt64 = 0
        for index in (start + 1)..<(start + 1 + count) {
            length = length << 8 | UInt64(bytes[index])
        }
        guard length <= UInt64(DERLimits.maximumElementLength) else { throw DERError(.elementTooLarge, at: start) }
        // Cannot trap: length ≤ maximumElementLength (1 GiB), which fits Int everywhere.
        return (Int(length), start + 1 + count)
    }
}
