import VouchDER

/// An X.501 Name (RFC 5280 §4.1.2.4): `SEQUENCE OF SET OF SEQUENCE { type OID, value ANY }`.
///
/// Parsing validates the structure and keeps the raw encoding, which is what issuer/subject
/// comparisons use byte for byte; relative names and attributes are decoded when asked for.
/// Attribute values are not checked against their string type's character set: Apple's parser
/// does not, and certificates with a `*` in a PrintableString are common.
public struct DistinguishedName: Hashable, Sendable, CustomStringConvertible {
    /// The whole Name DER, header included.
    public let encoded: ArraySlice<UInt8>

    /// Reads a Name and checks its structure.
    public init(reading reader: inout DERReader) throws(DERError) {
        self = try reader.withCursor { (cursor, bytes) throws(DERError) in try DistinguishedName(cursor: &cursor, in: bytes) }
    }

    /// ``init(reading:)`` over a cursor on `bytes`.
    init(cursor: inout DERCursor, in bytes: ArraySlice<UInt8>) throws(DERError) {
        let range = try Self.validate(&cursor)
        encoded = bytes[range]
    }

    /// Reads a Name, checks its structure, and returns the range of its DER.
    static func validate(_ cursor: inout DERCursor) throws(DERError) -> Range<Int> {
        let element = try cursor.readElement(.sequence)
        var names = try cursor.cursor(overContentOf: element)
        while !names.isAtEnd {
            // SET OF AttributeTypeAndValue, each consumed completely (DERReader.nested's rules).
            let setElement = try names.readElement(.set)
            var set = try names.cursor(overContentOf: setElement)
            while !set.isAtEnd {
                let attributeElement = try set.readElement(.sequence)
                var attribute = try set.cursor(overContentOf: attributeElement)
                _ = try attribute.readOID()
                _ = try attribute.readElement()
                try attribute.finish()
            }
            try set.finish()
        }
        return element.range
    }

    /// A Name whose structure was checked already (by ``validate(_:)``).
    init(validatedEncoding encoded: ArraySlice<UInt8>) {
        self.encoded = encoded
    }

    /// Parses a standalone Name DER.
    public init(derEncoded bytes: ArraySlice<UInt8>) throws(DERError) {
        self = try DERReader.readAll(bytes) { (reader) throws(DERError) in try DistinguishedName(reading: &reader) }
    }

    /// The relative distinguished names, in encoding order (most significant first).
    public var relativeDistinguishedNames: [[NameAttribute]] {
        var result: [[NameAttribute]] = []
        // The structure was validated on construction, so this walk cannot fail.
        _ = try? DERReader.readAll(encoded) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (names) throws(DERError) in
                while !names.isAtEnd {
                    var attributes: [NameAttribute] = []
                    try names.nested(.set) { (set) throws(DERError) in
                        while !set.isAtEnd {
                            try set.nested(.sequence) { (attribute) throws(DERError) in
                                attributes.append(NameAttribute(type: try attribute.readOID(), value: try attribute.readElement()))
                            }
                        }
                    }
                    result.append(attributes)
                }
            }
        }
        return result
    }

    /// Every attribute in encoding order, multi-valued RDNs flattened in order.
    public var attributes: [NameAttribute] { relativeDistinguishedNames.flatMap { $0 } }

    /// Whether the name has no attributes (an empty SEQUENCE, or, were the encoder careless,
    /// only empty SETs). Walks the encoding without decoding the attributes.
    public var isEmpty: Bool {
        encoded.withUnsafeBufferPointer { buffer in
            // The structure was validated on construction, so this walk cannot fail.
            var input = DERCursor(buffer, origin: encoded.startIndex)
            let found = try? { () throws(DERError) -> Bool in
                var names = try input.cursor(overContentOf: try input.readElement(.sequence))
                while !names.isAtEnd {
                    if try names.readElement(.set).length > 0 { return true }
                }
                return false
            }()
            return found != true
        }
    }

    /// The RFC 4514 string: RDNs last to first, `+` within an RDN, short names for CN, L, ST,
    /// O, OU, C, STREET, DC and UID, dotted OIDs for the rest, values escaped per §2.4.
    public var rfc4514: String {
        relativeDistinguishedNames.reversed().map { rdn in
            rdn.map { $0.rfc4514 }.joined(separator: "+")
        }.joined(separator: ",")
    }

    /// The RFC 4514 string.
    public var description: String { rfc4514 }

    /// The texts of the commonName attributes, in order.
    public var commonNames: [String] { attributes.filter { $0.type == .commonName }.map(\.text) }

    /// Whether the two names have the same DER (no normalisation: path building normalises apart).
    /// (Compared eight octets at a time; `elementsEqual` went octet by octet.)
    public static func == (lhs: DistinguishedName, rhs: DistinguishedName) -> Bool {
        lhs.encoded.hasSameOctets(as: rhs.encoded)
    }

    /// Hashes the DER `==` compares.
    public func hash(into hasher: inout Hasher) {
        for octet in encoded { hasher.combine(octet) }
    }
}

/// One AttributeTypeAndValue of a name.
public struct NameAttribute: Sendable {
    /// The attribute type (commonName, organizationName, …).
    public let type: OID
    /// The value's element (usually a string type), a view into the certificate.
    public let value: DERElement

    /// The value as text: strings decoded by their type (lossily if they break their character
    /// set), anything else as `#` and the hex of its DER (RFC 4514 §2.4).
    public var text: String {
        guard let kind = DERString.Kind(tag: value.tag) else { return "#" + Hex.encode(value.encoded) }
        if let string = try? DERString(value, kind: kind) { return string.text }
        return String(decoding: value.content, as: UTF8.self)
    }

    /// `TYPE=value` with RFC 4514 §2.4 escaping.
    public var rfc4514: String {
        let name = Self.shortNames[type] ?? type.dotted
        guard DERString.Kind(tag: value.tag) != nil else { return name + "=" + text }
        return name + "=" + Self.escape(text)
    }

    static let shortNames: [OID: String] = [
        .commonName: "CN", .localityName: "L", .stateOrProvinceName: "ST", .organizationName: "O",
        .organizationalUnitName: "OU", .countryName: "C", .streetAddress: "STREET",
        .domainComponent: "DC", .userID: "UID",
    ]

    /// RFC 4514 §2.4: `\` before `"+,;<>\`, before a leading `#` or space and a trailing space;
    /// NUL as `\00`.
    static func escape(_ value: String) -> String {
        var output = ""
        let scalars = Array(value.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\\", "\"", "+", ",", ";", "<", ">": output += "\\" + String(scalar)
            case "\0": output += "\\00"
            case "#" where index == 0: output += "\\#"
            case " " where index == 0 || index == scalars.count - 1: output += "\\ "
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
