/// A DER decoding failure: what went wrong and the byte offset where it went wrong.
///
/// The offset is an absolute position in the buffer the caller handed to ``DERReader``: the first
/// byte of the offending header, length or value. Errors compare equal when kind and offset agree,
/// so tests can assert both.
public struct DERError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong. The set is closed: every failure of VouchDER is one of these.
    public enum Kind: Equatable, Sendable {
        /// The input ended inside a header or before the content its length announced (X.690 §8.1).
        case truncated
        /// The indefinite length form (0x80) is not DER (X.690 §10.1).
        case indefiniteLength
        /// A length was not encoded in the fewest octets (X.690 §10.1).
        case nonMinimalLength
        /// A length used more than ``DERLimits/maximumLengthOctets`` octets, or the reserved 0xFF form.
        case lengthTooLong
        /// An element is larger than ``DERLimits/maximumElementLength``.
        case elementTooLarge
        /// A tag number of 31 or more (high-tag-number form) when the caller did not opt in.
        case highTagNumber
        /// A high-tag-number form that was not minimal, or whose number overflows.
        case invalidHighTagNumber
        /// Universal tag 0 (end-of-contents) outside BER's indefinite form.
        case endOfContentsTag
        /// A different element was expected here.
        case unexpectedTag(expected: DERTag, found: DERTag)
        /// The input ended where an element was required.
        case missingElement(expected: DERTag)
        /// A universal type was encoded constructed where DER demands primitive, or the reverse.
        case wrongConstruction(DERTag)
        /// Bytes remained after a structure that must be consumed completely.
        case trailingData
        /// Elements nested deeper than ``DERLimits/maximumNestingDepth``.
        case nestingTooDeep
        /// A BOOLEAN whose content is not exactly one octet 0x00 or 0xFF (X.690 §11.1).
        case invalidBoolean
        /// A NULL with content (X.690 §8.8).
        case invalidNull
        /// An INTEGER or ENUMERATED with no content octets (X.690 §8.3.1).
        case emptyInteger
        /// An INTEGER with a redundant leading 0x00 or 0xFF octet (X.690 §8.3.2).
        case nonMinimalInteger
        /// An INTEGER that does not fit the Swift type asked for (or is negative where it may not be).
        case integerOutOfRange
        /// A BIT STRING with no content octets, or unused bits above 7, or unused bits with no data.
        case invalidBitStringLength
        /// A BIT STRING whose unused trailing bits are not zero (X.690 §11.2.1).
        case nonZeroBitStringPadding
        /// An OBJECT IDENTIFIER with no content octets or whose last arc is cut off.
        case invalidObjectIdentifier
        /// An OBJECT IDENTIFIER arc with a leading 0x80 octet (X.690 §8.19.2).
        case nonMinimalObjectIdentifierArc
        /// An OBJECT IDENTIFIER arc too large to represent (over 64 bits).
        case objectIdentifierArcTooLarge
        /// A UTCTime or GeneralizedTime that is not one of the accepted forms (SECTRUST.md §6).
        case invalidTimeFormat
        /// A time whose fields are out of range (month 13, February 30, hour 24, …).
        case invalidTimeValue
        /// A string whose octets break its type's character set.
        case invalidStringCharacter(DERTag)
    }

    /// What was wrong.
    public let kind: Kind
    /// The absolute byte offset of the failure in the caller's buffer.
    public let offset: Int

    /// Creates an error of `kind` at `offset`.
    @inlinable
    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// A one-line reason, citing the rule that was broken.
    public var reason: String {
        switch kind {
        case .truncated: return "truncated: the input ends before the element does (X.690 §8.1)"
        case .indefiniteLength: return "indefinite length is not DER (X.690 §10.1)"
        case .nonMinimalLength: return "length not in minimal form (X.690 §10.1)"
        case .lengthTooLong: return "length uses more than \(DERLimits.maximumLengthOctets) octets"
        case .elementTooLarge: return "element larger than \(DERLimits.maximumElementLength) bytes"
        case .highTagNumber: return "high-tag-number form not allowed here (tag number ≥ 31)"
        case .invalidHighTagNumber: return "high tag number not minimal or too large (X.690 §8.1.2.4)"
        case .endOfContentsTag: return "end-of-contents tag is not DER"
        case .unexpectedTag(let expected, let found): return "expected \(expected), found \(found)"
        case .missingElement(let expected): return "expected \(expected), found end of input"
        case .wrongConstruction(let tag): return "\(tag) must be \(tag.isConstructed ? "primitive" : "constructed") in DER (X.690 §10.2)"
        case .trailingData: return "unexpected bytes after the end of the structure"
        case .nestingTooDeep: return "nesting deeper than \(DERLimits.maximumNestingDepth) levels"
        case .invalidBoolean: return "BOOLEAN must be one octet 0x00 or 0xFF (X.690 §11.1)"
        case .invalidNull: return "NULL must be empty (X.690 §8.8)"
        case .emptyInteger: return "INTEGER has no content octets (X.690 §8.3.1)"
        case .nonMinimalInteger: return "INTEGER not minimally encoded (X.690 §8.3.2)"
        case .integerOutOfRange: return "INTEGER out of range for this field"
        case .invalidBitStringLength: return "BIT STRING unused-bits octet invalid (X.690 §8.6.2)"
        case .nonZeroBitStringPadding: return "BIT STRING unused bits not zero (X.690 §11.2.1)"
        case .invalidObjectIdentifier: return "OBJECT IDENTIFIER empty or truncated (X.690 §8.19)"
        case .nonMinimalObjectIdentifierArc: return "OBJECT IDENTIFIER arc not minimal (X.690 §8.19.2)"
        case .objectIdentifierArcTooLarge: return "OBJECT IDENTIFIER arc larger than 64 bits"
        case .invalidTimeFormat: return "time not in an accepted form (RFC 5280 §4.1.2.5)"
        case .invalidTimeValue: return "time field out of range"
        case .invalidStringCharacter(let tag): return "\(tag) contains a character outside its set"
        }
    }

    /// `offset N: reason`.
    public var description: String { "offset \(offset): \(reason)" }
}
