/// DER's header rules (X.690 §8.1.2, §8.1.3, §10.1), written once for both readers:
/// ``DERReader`` over an array slice and ``DERCursor`` over borrowed memory, which must give the
/// same answers and the same ``DERError``s at the same offsets.
///
/// Each function reads the input through `octet(i)`, the octet at absolute index `i`, and never
/// at or past `end`, the absolute index after the input; every error names an absolute index.
/// The common forms are decided inline; the rare ones (a high tag number, a long length) each
/// reader calls out of line through its own one function (`highTagIdentifier`, `longLength`),
/// which runs the rules below with the reader's octet access inlined: one copy per reader, not
/// one per call site.
@usableFromInline
enum DERHeader {
    /// The identifier octets at `start`: the tag and the index after them. Low tag numbers only
    /// unless `allowsHighTagNumbers`; no end-of-contents tag; universal types in the form DER
    /// demands (X.690 §10.2).
    @inlinable @inline(__always)
    static func parseIdentifier(
        at start: Int, end: Int, octet: (Int) -> UInt8,
        highTagIdentifier: (Int) throws(DERError) -> (tag: DERTag, end: Int)
    ) throws(DERError) -> (tag: DERTag, end: Int) {
        guard start < end else { throw DERError(.truncated, at: start) }
        let first = octet(start)
        guard first & 0x1F != 0x1F else { return try highTagIdentifier(start) }
        let tag = DERTag(identifierOctet: first)
        if first & 0xC0 == 0 {
            // Universal: no end-of-contents, and the form DER demands (X.690 §10.2).
            let bit: UInt32 = 1 << UInt32(first & 0x1F)
            if first & 0x1F == 0 { throw DERError(.endOfContentsTag, at: start) }
            let wrongForm = tag.isConstructed
                ? DERTag.universalPrimitiveMask & bit != 0 : DERTag.universalConstructedMask & bit != 0
            if wrongForm { throw DERError(.wrongConstruction(tag), at: start) }
        }
        return (tag, start + 1)
    }

    /// The high-tag-number form (X.690 §8.1.2.4), only when allowed: minimal, at least 31, at
    /// most ``DERLimits/maximumHighTagNumber``.
    @inlinable @inline(__always)
    static func parseHighTagIdentifier(
        at start: Int, end: Int, allowsHighTagNumbers: Bool, octet: (Int) -> UInt8
    ) throws(DERError) -> (tag: DERTag, end: Int) {
        guard allowsHighTagNumbers else { throw DERError(.highTagNumber, at: start) }
        let first = octet(start)
        var index = start + 1
        var number: UInt32 = 0
        while true {
            guard index < end else { throw DERError(.truncated, at: index) }
            let current = octet(index)
            // A leading 0x80 octet is a non-minimal encoding (X.690 §8.1.2.4.2 c).
            if index == start + 1 && current == 0x80 { throw DERError(.invalidHighTagNumber, at: index) }
            guard number <= DERLimits.maximumHighTagNumber >> 7 else {
                throw DERError(.invalidHighTagNumber, at: index)
            }
            number = number << 7 | UInt32(current & 0x7F)
            index += 1
            if current & 0x80 == 0 { break }
        }
        // Numbers below 31 must use the one-octet form.
        guard number >= 31 else { throw DERError(.invalidHighTagNumber, at: start + 1) }
        let tag = DERTag(DERTag.TagClass(rawValue: first >> 6) ?? .private, number, constructed: first & 0x20 != 0)
        return (tag, index)
    }

    /// The length octets at `start`: the content's length and the index of its first octet. The
    /// short form (one octet below 0x80), the common case, is decided here; the long form out of
    /// line.
    @inlinable @inline(__always)
    static func parseLength(
        from start: Int, end: Int, octet: (Int) -> UInt8,
        longLength: (Int) throws(DERError) -> (length: Int, contentStart: Int)
    ) throws(DERError) -> (length: Int, contentStart: Int) {
        if start < end, octet(start) < 0x80 { return (Int(octet(start)), start + 1) }
        return try longLength(start)
    }

    /// The long form: definite (no 0x80), at most ``DERLimits/maximumLengthOctets`` octets, within
    /// the input, minimal (not below 128, no leading zero octet) and at most
    /// ``DERLimits/maximumElementLength``.
    @inlinable @inline(__always)
    static func parseLongLength(from start: Int, end: Int, octet: (Int) -> UInt8) throws(DERError) -> (length: Int, contentStart: Int) {
        guard start < end else { throw DERError(.truncated, at: start) }
        let first = octet(start)
        if first < 0x80 { return (Int(first), start + 1) }
        // The long forms certificates use, when minimal and within the input: one octet
        // (128–255) or two (256–65,535). The general code below decides everything else.
        if first == 0x81, end - start > 1, octet(start + 1) >= 0x80 { return (Int(octet(start + 1)), start + 2) }
        if first == 0x82, end - start > 2, octet(start + 1) != 0 {
            return (Int(octet(start + 1)) << 8 | Int(octet(start + 2)), start + 3)
        }
        if first == 0x80 { throw DERError(.indefiniteLength, at: start) }
        let count = Int(first & 0x7F)
        guard count <= DERLimits.maximumLengthOctets else {
            throw DERError(.lengthTooLong, at: start)
        }
        guard end - (start + 1) >= count else {
            throw DERError(.truncated, at: start)
        }
        var length: UInt64 = 0
        for index in (start + 1)...(start + count) {
            length = length << 8 | UInt64(octet(index))
        }
        // Minimal: the long form only for lengths ≥ 128, and no leading zero octet.
        guard length >= 0x80, octet(start + 1) != 0 else {
            throw DERError(.nonMinimalLength, at: start)
        }
        guard length <= UInt64(DERLimits.maximumElementLength) else {
            throw DERError(.elementTooLarge, at: start)
        }
        // Cannot trap: length ≤ maximumElementLength (1 GiB), which fits Int everywhere.
        return (Int(length), start + 1 + count)
    }
}
