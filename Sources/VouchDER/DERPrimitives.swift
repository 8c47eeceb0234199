// BOOLEAN, NULL and OCTET STRING: the primitives with nothing to them but a length rule.

extension DERElement {
    /// The content as a BOOLEAN: exactly one octet, 0x00 or 0xFF (X.690 §11.1).
    ///
    /// Any tag is accepted, so that implicitly tagged fields decode too; the caller checked it.
    /// - Throws: ``DERError/Kind/invalidBoolean`` at the content.
    public func decodeBoolean() throws(DERError) -> Bool {
        guard content.count == 1, let octet = content.first, octet == 0x00 || octet == 0xFF else {
            throw DERError(.invalidBoolean, at: contentOffset)
        }
        return octet == 0xFF
    }

    /// Checks that the content is empty, as NULL demands (X.690 §8.8.2).
    /// - Throws: ``DERError/Kind/invalidNull`` at the content.
    public func decodeNull() throws(DERError) {
        guard content.isEmpty else { throw DERError(.invalidNull, at: contentOffset) }
    }
}

extension DERReader {
    /// Reads a BOOLEAN (or an implicitly tagged one when `tag` is given).
    public mutating func readBoolean(_ tag: DERTag = .boolean) throws(DERError) -> Bool {
        try readElement(tag).decodeBoolean()
    }

    /// Reads a NULL.
    public mutating func readNull(_ tag: DERTag = .null) throws(DERError) {
        try readElement(tag).decodeNull()
    }

    /// Reads an OCTET STRING and returns a view of its content. DER allows only the primitive form.
    public mutating func readOctetString(_ tag: DERTag = .octetString) throws(DERError) -> ArraySlice<UInt8> {
        try readElement(tag).content
    }
}
