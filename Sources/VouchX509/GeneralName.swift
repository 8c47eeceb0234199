import VouchDER

/// A GeneralName (RFC 5280 §4.2.1.6), every form, kept as views into the certificate.
///
/// Names of IA5String types (rfc822Name, dNSName, URI) are kept as octets: Apple decodes dNSName
/// as UTF-8 and judges it later (SECTRUST.md §5), so octets outside IA5 do not reject a certificate.
public enum GeneralName: Sendable {
    /// `[0] OtherName`: a type OID and the value's DER.
    case otherName(typeID: OID, value: ArraySlice<UInt8>)
    /// `[1] rfc822Name`: an email address.
    case rfc822Name(ArraySlice<UInt8>)
    /// `[2] dNSName`.
    case dnsName(ArraySlice<UInt8>)
    /// `[3] x400Address`, as its content DER.
    case x400Address(ArraySlice<UInt8>)
    /// `[4] directoryName`.
    case directoryName(DistinguishedName)
    /// `[5] ediPartyName`, as its content DER.
    case ediPartyName(ArraySlice<UInt8>)
    /// `[6] uniformResourceIdentifier`.
    case uniformResourceIdentifier(ArraySlice<UInt8>)
    /// `[7] iPAddress`: 4 or 16 octets for an address, 8 or 32 for a constraint (address and mask).
    case ipAddress(ArraySlice<UInt8>)
    /// `[8] registeredID`.
    case registeredID(OID)

    /// Reads one GeneralName.
    ///
    /// - Throws: `DERError` for a malformed form, or an unexpected tag for a tag outside [0]…[8].
    public init(reading reader: inout DERReader) throws(DERError) {
        let element = try reader.readElement()
        let tag = element.tag
        guard tag.tagClass == .contextSpecific else {
            throw DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false), found: tag), at: element.offset)
        }
        switch (tag.number, tag.isConstructed) {
        case (0, true):
            var inner = try reader.reader(overContentOf: element)
            let typeID = try inner.readOID()
            let value = try inner.readElement(.contextSpecific(0, constructed: true))
            try inner.finish()
            self = .otherName(typeID: typeID, value: value.content)
        case (1, false): self = .rfc822Name(element.content)
        case (2, false): self = .dnsName(element.content)
        case (3, true): self = .x400Address(element.content)
        case (4, true):
            var inner = try reader.reader(overContentOf: element)
            let name = try DistinguishedName(reading: &inner)
            try inner.finish()
            self = .directoryName(name)
        case (5, true): self = .ediPartyName(element.content)
        case (6, false): self = .uniformResourceIdentifier(element.content)
        case (7, false): self = .ipAddress(element.content)
        case (8, false): self = .registeredID(try OID(element))
        default:
            throw DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false), found: tag), at: element.offset)
        }
    }

    /// Reads `GeneralNames ::= SEQUENCE SIZE (1..MAX) OF GeneralName` from `reader`.
    ///
    /// - Throws: `DERError`; an empty sequence is `DERError.Kind.missingElement(expected:)`.
    public static func readSequence(_ reader: inout DERReader, tag: DERTag = .sequence) throws(DERError) -> [GeneralName] {
        try reader.nested(tag) { (names) throws(DERError) in
            guard !names.isAtEnd else {
                throw DERError(.missingElement(expected: .contextSpecific(2, constructed: false)), at: names.offset)
            }
            var result: [GeneralName] = []
            while !names.isAtEnd { result.append(try GeneralName(reading: &names)) }
            return result
        }
    }

    /// Text of an IA5String-typed name (lossy for octets outside ASCII, which are kept as U+FFFD).
    static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
