/// One DER document found in a file that may be DER or PEM.
public struct DERDocument: Sendable {
    /// The PEM label (`CERTIFICATE`, …), or `nil` when the file itself is the DER.
    public let label: String?
    /// The block's position among the file's PEM blocks (0 for a DER file).
    public let index: Int
    /// The DER bytes: a view of the file for DER, the decoded block for PEM.
    public let der: ArraySlice<UInt8>

    /// The DER documents of `bytes`, detected the way the command line contract says: the bytes
    /// themselves when they start like DER (0x30, a SEQUENCE) or contain no line starting with
    /// `-----BEGIN `; otherwise every PEM block, in order.
    ///
    /// - Throws: ``PEMError`` when the text has PEM blocks and one of them is malformed.
    public static func documents(in bytes: ArraySlice<UInt8>) throws(PEMError) -> [DERDocument] {
        guard bytes.first != 0x30, hasPEMBeginLine(bytes) else {
            return [DERDocument(label: nil, index: 0, der: bytes)]
        }
        return try PEM.blocks(in: bytes).enumerated().map {
            DERDocument(label: $0.element.label, index: $0.offset, der: $0.element.der[...])
        }
    }

    /// Whether some line of `bytes` starts with `-----BEGIN `.
    public static func hasPEMBeginLine(_ bytes: ArraySlice<UInt8>) -> Bool {
        let marker = Array("-----BEGIN ".utf8)
        var rest = bytes
        while !rest.isEmpty {
            if rest.starts(with: marker) { return true }
            guard let newline = rest.firstIndex(of: 0x0A) else { return false }
            rest = rest[(newline + 1)...]
        }
        return false
    }
}
