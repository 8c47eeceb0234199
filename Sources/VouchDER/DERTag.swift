/// An ASN.1 identifier: tag class, tag number and the constructed bit (X.690 §8.1.2).
///
/// The constructed bit is part of the identity: `DERTag.sequence` (0x30) and a primitive universal
/// 16 (0x10) are different tags, and DER fixes which form each universal type takes.
public struct DERTag: Hashable, Sendable, CustomStringConvertible {
    /// The four tag classes of X.690 §8.1.2.2.
    public enum TagClass: UInt8, Sendable {
        /// The types of ASN.1 itself (bits `00`): INTEGER, SEQUENCE, …
        case universal = 0
        /// Types of one application (bits `01`); X.509 uses none.
        case application = 1
        /// Tags whose meaning the enclosing structure gives (bits `10`): `[0]`, `[3]`, …
        case contextSpecific = 2
        /// Tags of one organisation (bits `11`).
        case `private` = 3
    }

    /// The class.
    public let tagClass: TagClass
    /// The tag number.
    public let number: UInt32
    /// Whether the encoding is constructed (its content is a series of elements).
    public let isConstructed: Bool

    /// Creates a tag from its parts.
    @inlinable
    public init(_ tagClass: TagClass, _ number: UInt32, constructed: Bool) {
        self.tagClass = tagClass
        self.number = number
        self.isConstructed = constructed
    }

    /// The tag of a one-octet identifier (tag number below 31).
    @inlinable @inline(__always)
    init(identifierOctet octet: UInt8) {
        self.tagClass = TagClass(rawValue: octet >> 6) ?? .private
        self.number = UInt32(octet & 0x1F)
        self.isConstructed = octet & 0x20 != 0
    }

    /// Universal tag numbers DER encodes primitive (X.690 §10.2): 1–7, 9, 10, 12–15, 18–30.
    @usableFromInline static let universalPrimitiveMask: UInt32 = 0b0111_1111_1111_1100_1111_0110_1111_1110
    /// Universal tag numbers always constructed: EXTERNAL (8), EMBEDDED PDV (11), SEQUENCE, SET.
    @usableFromInline static let universalConstructedMask: UInt32 = 1 << 8 | 1 << 11 | 1 << 16 | 1 << 17

    /// A context-specific tag `[number]`, constructed for EXPLICIT tagging and for implicitly tagged
    /// SEQUENCEs, primitive for implicitly tagged primitive types.
    @inlinable
    public static func contextSpecific(_ number: UInt32, constructed: Bool) -> DERTag {
        DERTag(.contextSpecific, number, constructed: constructed)
    }

    /// UNIVERSAL 1, boolean, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var boolean: DERTag { DERTag(.universal, 1, constructed: false) }
    /// UNIVERSAL 2, integer, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var integer: DERTag { DERTag(.universal, 2, constructed: false) }
    /// UNIVERSAL 3, bitString, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var bitString: DERTag { DERTag(.universal, 3, constructed: false) }
    /// UNIVERSAL 4, octetString, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var octetString: DERTag { DERTag(.universal, 4, constructed: false) }
    /// UNIVERSAL 5, null, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var null: DERTag { DERTag(.universal, 5, constructed: false) }
    /// UNIVERSAL 6, objectIdentifier, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var objectIdentifier: DERTag { DERTag(.universal, 6, constructed: false) }
    /// UNIVERSAL 10, enumerated, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var enumerated: DERTag { DERTag(.universal, 10, constructed: false) }
    /// UNIVERSAL 12, utf8String, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var utf8String: DERTag { DERTag(.universal, 12, constructed: false) }
    /// UNIVERSAL 16, sequence, constructed (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var sequence: DERTag { DERTag(.universal, 16, constructed: true) }
    /// UNIVERSAL 17, set, constructed (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var set: DERTag { DERTag(.universal, 17, constructed: true) }
    /// UNIVERSAL 18, numericString, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var numericString: DERTag { DERTag(.universal, 18, constructed: false) }
    /// UNIVERSAL 19, printableString, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var printableString: DERTag { DERTag(.universal, 19, constructed: false) }
    /// UNIVERSAL 20, teletexString, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var teletexString: DERTag { DERTag(.universal, 20, constructed: false) }
    /// UNIVERSAL 22, ia5String, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var ia5String: DERTag { DERTag(.universal, 22, constructed: false) }
    /// UNIVERSAL 23, utcTime, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var utcTime: DERTag { DERTag(.universal, 23, constructed: false) }
    /// UNIVERSAL 24, generalizedTime, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var generalizedTime: DERTag { DERTag(.universal, 24, constructed: false) }
    /// UNIVERSAL 26, visibleString, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var visibleString: DERTag { DERTag(.universal, 26, constructed: false) }
    /// UNIVERSAL 28, universalString, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var universalString: DERTag { DERTag(.universal, 28, constructed: false) }
    /// UNIVERSAL 30, bmpString, primitive (X.680 §8.6, X.690 §8.1.2).
    @inlinable public static var bmpString: DERTag { DERTag(.universal, 30, constructed: false) }

    /// The one identifier octet of this tag when DER's header rules accept it as it stands (a
    /// number below 31; for a universal tag, not end-of-contents and the form DER demands); `nil`
    /// otherwise. A reader that finds this octet knows the identifier is valid without parsing it.
    @inlinable @inline(__always)
    public var acceptedIdentifierOctet: UInt8? {
        guard number < 31 else { return nil }
        if tagClass == .universal {
            let bit: UInt32 = 1 << number
            if number == 0 { return nil }
            let wrongForm = isConstructed ? Self.universalPrimitiveMask & bit != 0 : Self.universalConstructedMask & bit != 0
            if wrongForm { return nil }
        }
        return tagClass.rawValue << 6 | (isConstructed ? 0x20 : 0) | UInt8(number)
    }

    /// For universal tags: whether DER demands the constructed form (`true`), the primitive form
    /// (`false`), or leaves it open (`nil`: other classes and the rarely used universal types).
    ///
    /// X.690 §10.2 forbids constructed encodings of string types; SEQUENCE and SET are always
    /// constructed (§8.9, §8.11).
    public var requiredConstruction: Bool? {
        guard tagClass == .universal, number < 32 else { return nil }
        let bit: UInt32 = 1 << number
        if Self.universalConstructedMask & bit != 0 { return true }
        if Self.universalPrimitiveMask & bit != 0 { return false }
        return nil
    }

    /// The universal type's name (`SEQUENCE`, `INTEGER`, …) or `[n]`, `[APPLICATION n]`, `[PRIVATE n]`.
    public var name: String {
        switch tagClass {
        case .universal: return Self.universalNames[Int(number)] ?? "[UNIVERSAL \(number)]"
        case .application: return "[APPLICATION \(number)]"
        case .contextSpecific: return "[\(number)]"
        case .private: return "[PRIVATE \(number)]"
        }
    }

    /// The name, and for context-specific tags whether they are constructed.
    public var description: String {
        tagClass == .universal ? name : name + (isConstructed ? " constructed" : " primitive")
    }

    private static let universalNames: [Int: String] = [
        0: "END OF CONTENTS", 1: "BOOLEAN", 2: "INTEGER", 3: "BIT STRING", 4: "OCTET STRING",
        5: "NULL", 6: "OBJECT IDENTIFIER", 7: "ObjectDescriptor", 8: "EXTERNAL", 9: "REAL",
        10: "ENUMERATED", 11: "EMBEDDED PDV", 12: "UTF8String", 13: "RELATIVE-OID", 14: "TIME",
        16: "SEQUENCE", 17: "SET", 18: "NumericString", 19: "PrintableString", 20: "TeletexString",
        21: "VideotexString", 22: "IA5String", 23: "UTCTime", 24: "GeneralizedTime",
        25: "GraphicString", 26: "VisibleString", 27: "GeneralString", 28: "UniversalString",
        29: "CHARACTER STRING", 30: "BMPString",
    ]
}
