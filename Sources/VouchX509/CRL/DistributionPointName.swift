import VouchDER

/// DistributionPointName (RFC 5280 §4.2.1.13): `CHOICE { fullName [0] GeneralNames,
/// nameRelativeToCRLIssuer [1] RelativeDistinguishedName }`, as the issuingDistributionPoint CRL
/// extension carries it.
public enum DistributionPointName: Sendable {
    /// The names of the distribution point.
    case fullName([GeneralName])
    /// An RDN to append to the CRL issuer's name: the content of its SET, a view.
    case nameRelativeToCRLIssuer(ArraySlice<UInt8>)

    /// Reads the CHOICE inside its `[0]` wrapper's content.
    init(reading reader: inout DERReader) throws(DERError) {
        if try reader.peekTag() == .contextSpecific(0, constructed: true) {
            self = .fullName(try GeneralName.readSequence(&reader, tag: .contextSpecific(0, constructed: true)))
            return
        }
        let element = try reader.readElement(.contextSpecific(1, constructed: true))
        var set = try reader.reader(overContentOf: element)
        guard !set.isAtEnd else { throw DERError(.missingElement(expected: .sequence), at: set.offset) }
        while !set.isAtEnd {
            try set.nested(.sequence) { (attribute) throws(DERError) in
                _ = try attribute.readOID()
                _ = try attribute.readElement()
            }
        }
        self = .nameRelativeToCRLIssuer(element.content)
    }

    /// The names this point stands for: the full names, or `issuer` with the relative name
    /// appended as its last RDN (RFC 5280 §5.2.5), as one directoryName.
    public func names(relativeTo issuer: DistinguishedName) -> [GeneralName] {
        switch self {
        case .fullName(let names): return names
        case .nameRelativeToCRLIssuer(let relative):
            var writer = DERWriter()
            writer.writeElement(.sequence) { names in
                // The issuer was validated when parsed, so this walk cannot fail.
                _ = try? DERReader.readAll(issuer.encoded) { (reader) throws(DERError) in
                    try reader.nested(.sequence) { (rdns) throws(DERError) in
                        while !rdns.isAtEnd { names.writeEncoded(try rdns.readElement().encoded) }
                    }
                }
                names.writeElement(.set, content: relative)
            }
            guard let name = try? DistinguishedName(derEncoded: writer.bytes[...]) else { return [] }
            return [.directoryName(name)]
        }
    }
}
