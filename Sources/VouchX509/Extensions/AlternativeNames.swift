import VouchDER

/// subjectAltName (RFC 5280 §4.2.1.6): `GeneralNames`, every form.
public struct SubjectAlternativeNames: CertificateExtension {
    /// The extension's identifier, `OID.subjectAltName`.
    public static let oid = OID.subjectAltName

    /// The names that decode as their form, in encoding order.
    public let names: [GeneralName]
    /// The entries whose content does not decode as the form their tag names (an otherName
    /// without its `[0]` value, a directoryName that is not a Name, a registeredID that is not an
    /// OID), in encoding order. Apple's parser checks only the tags (`SecCEPSubjectAltName`,
    /// `SecCertificateParseGeneralNameContentProperty` in OSX/sec/Security/SecCertificate.c), so
    /// such an entry does not make the extension unparseable; name constraints on its form
    /// judge it as a name that matches no subtree.
    public let undecodedNames: [UndecodedName]

    /// A SAN entry kept as it was encoded.
    public struct UndecodedName: Sendable {
        /// The GeneralName form its tag names (0…8).
        public let form: Int
        /// The entry's encoding (tag, length and content).
        public let encoded: ArraySlice<UInt8>
    }

    /// Entries read, at most: Apple's `MAX_GENERAL_NAMES` (8,192), whose loop keeps the entry
    /// that passes that count and ignores the rest of the list unread.
    public static let maximumNamesRead = 8_193

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING.
    ///
    /// It reads what Apple's parser reads: a non-empty SEQUENCE of elements whose tags are
    /// GeneralName forms (with the constructed bit each form has; a URI may also be a
    /// constructed `[6]` holding an IA5String, as some old CAs wrote it), the content of each
    /// decoded where it can be (``undecodedNames`` otherwise), and at most ``maximumNamesRead``.
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        (names, undecodedNames) = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (list) throws(DERError) in
                guard !list.isAtEnd else {
                    throw DERError(.missingElement(expected: .contextSpecific(2, constructed: false)), at: list.offset)
                }
                var names: [GeneralName] = [], undecoded: [UndecodedName] = []
                // Room for a typical list at once: growing one name at a time reallocated twice.
                names.reserveCapacity(4)
                var count = 0
                while !list.isAtEnd {
                    // The usual entry decodes as its form (every tag GeneralName reads is one Apple
                    // accepts): read once. Otherwise its element is read again and judged.
                    var probe = list
                    if let name = try? GeneralName(reading: &probe) {
                        names.append(name)
                        list = probe
                    } else {
                        try Self.readAsApple(&list, into: &names, undecoded: &undecoded)
                    }
                    count += 1
                    if count == Self.maximumNamesRead { list = DERReader(ArraySlice<UInt8>()) }
                }
                return (names, undecoded)
            }
        }
    }

    /// One entry GeneralName does not decode: refused unless its tag is a GeneralName form Apple
    /// accepts; a constructed `[6]` must hold an IA5String (the URI); any other is kept undecoded.
    private static func readAsApple(
        _ list: inout DERReader, into names: inout [GeneralName], undecoded: inout [UndecodedName]
    ) throws(DERError) {
        let element = try list.readElement()
        let tag = element.tag
        guard tag.tagClass == .contextSpecific, tag.number <= 8,
            tag.isConstructed == [0, 3, 4, 5].contains(tag.number) || tag.number == 6
        else {
            throw DERError(.unexpectedTag(expected: .contextSpecific(2, constructed: false), found: tag), at: element.offset)
        }
        if tag.number == 6, tag.isConstructed {
            // Apple: the content's first element must be an IA5String, read as the URI.
            var inner = DERReader(element.content)
            names.append(.uniformResourceIdentifier(try inner.readElement(.ia5String).content))
        } else {
            undecoded.append(UndecodedName(form: Int(tag.number), encoded: element.encoded))
        }
    }

    /// The dNSName entries as octets (Apple judges their text later, SECTRUST.md §5).
    public var dnsNames: [ArraySlice<UInt8>] {
        names.compactMap { if case .dnsName(let name) = $0 { return name } else { return nil } }
    }

    /// The iPAddress entries as octets.
    public var ipAddresses: [ArraySlice<UInt8>] {
        names.compactMap { if case .ipAddress(let address) = $0 { return address } else { return nil } }
    }

    /// The rfc822Name entries as text.
    public var emailAddresses: [String] {
        names.compactMap { if case .rfc822Name(let name) = $0 { return GeneralName.text(name) } else { return nil } }
    }

    /// The URI entries as text.
    public var uris: [String] {
        names.compactMap { if case .uniformResourceIdentifier(let uri) = $0 { return GeneralName.text(uri) } else { return nil } }
    }
}

/// issuerAltName (RFC 5280 §4.2.1.7): `GeneralNames`.
public struct IssuerAlternativeNames: CertificateExtension {
    /// The extension's identifier, `OID.issuerAltName`.
    public static let oid = OID.issuerAltName

    /// The names in encoding order.
    public let names: [GeneralName]

    /// Decodes the extension's value: the content of its `extnValue` OCTET STRING. (Apple's
    /// parser accepts any issuerAltName; this is Vouch's reading, every name decoded.)
    ///
    /// - Throws: `DERError` at the offset where the value breaks its syntax.
    public init(extensionValue: ArraySlice<UInt8>) throws(DERError) {
        names = try DERReader.readAll(extensionValue) { (reader) throws(DERError) in try GeneralName.readSequence(&reader) }
    }
}
