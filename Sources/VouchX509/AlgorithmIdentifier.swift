import VouchDER

/// An AlgorithmIdentifier (RFC 5280 §4.1.1.2): an OID and optional parameters, kept as views.
public struct AlgorithmIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The algorithm.
    public let algorithm: OID
    /// The parameters' whole encoding (a NULL, a curve OID, RSASSA-PSS-params, …), or `nil`.
    public let parameters: ArraySlice<UInt8>?
    /// The AlgorithmIdentifier's whole encoding, for byte-for-byte comparison.
    public let encoded: ArraySlice<UInt8>

    /// Reads `SEQUENCE { algorithm OID, parameters ANY OPTIONAL }`.
    public init(reading reader: inout DERReader) throws(DERError) {
        self = try reader.withCursor { (cursor, bytes) throws(DERError) in try AlgorithmIdentifier(cursor: &cursor, in: bytes) }
    }

    /// ``init(reading:)`` over a cursor on `bytes`.
    @inline(__always)
    init(cursor: inout DERCursor, in bytes: ArraySlice<UInt8>) throws(DERError) {
        self.init(try Self.validate(&cursor), in: bytes)
    }

    /// Where an AlgorithmIdentifier's parts lie in its input.
    struct Ranges {
        /// The whole encoding.
        let encoded: Range<Int>
        /// The OID's content.
        let algorithm: Range<Int>
        /// The parameters' whole encoding; empty when absent (an element is never empty).
        let parameters: Range<Int>
    }

    /// Reads an AlgorithmIdentifier by ``init(reading:)``'s rules and returns where its parts lie.
    @inline(__always)
    static func validate(_ cursor: inout DERCursor) throws(DERError) -> Ranges {
        let element = try cursor.readElement(.sequence)
        var inner = try cursor.cursor(overContentOf: element)
        let algorithm = try inner.readOID()
        let parameters = inner.isAtEnd ? inner.offset..<inner.offset : try inner.readElement().range
        try inner.finish()
        return Ranges(encoded: element.range, algorithm: algorithm, parameters: parameters)
    }

    /// The AlgorithmIdentifier `ranges` of `bytes` describe (validated by ``validate(_:)``).
    @inline(__always)
    init(_ ranges: Ranges, in bytes: ArraySlice<UInt8>) {
        algorithm = OID(validatedBytes: bytes[ranges.algorithm])
        parameters = ranges.parameters.isEmpty ? nil : bytes[ranges.parameters]
        encoded = bytes[ranges.encoded]
    }

    /// Whether the parameters are absent or an ASN.1 NULL (the two forms RSA signature OIDs see).
    public var hasAbsentOrNullParameters: Bool {
        parameters == nil || parameters?.elementsEqual([0x05, 0x00]) == true
    }

    /// The algorithm's name, or its dotted OID.
    public var description: String { algorithm.name ?? algorithm.dotted }

    /// Whether the two have the same DER (OID and parameters).
    public static func == (lhs: AlgorithmIdentifier, rhs: AlgorithmIdentifier) -> Bool {
        lhs.encoded.elementsEqual(rhs.encoded)
    }

    /// Hashes the DER `==` compares.
    public func hash(into hasher: inout Hasher) {
        for octet in encoded { hasher.combine(octet) }
    }
}
