/// A cursor over TLS presentation-language bytes (RFC 8446 §3): big-endian integers and vectors
/// with a length prefix. Every read checks the bounds first and returns a slice of the input, so
/// offsets stay absolute; an error names the part being read.
struct TLSReader {
    private let bytes: ArraySlice<UInt8>
    private(set) var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    var isAtEnd: Bool { position == bytes.endIndex }
    var remainingCount: Int { bytes.endIndex - position }

    mutating func read(_ count: Int, _ part: SignedCertificateTimestampError.Part) throws(SignedCertificateTimestampError) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.endIndex - position >= count else {
            throw SignedCertificateTimestampError(.truncated, in: part, at: position)
        }
        let start = position
        position += count
        return bytes[start..<position]
    }

    mutating func readUInt8(_ part: SignedCertificateTimestampError.Part) throws(SignedCertificateTimestampError) -> UInt8 {
        let octets = try read(1, part)
        return octets.first ?? 0
    }

    mutating func readUInt16(_ part: SignedCertificateTimestampError.Part) throws(SignedCertificateTimestampError) -> Int {
        try read(2, part).reduce(0) { $0 << 8 | Int($1) }
    }

    mutating func readUInt64(_ part: SignedCertificateTimestampError.Part) throws(SignedCertificateTimestampError) -> UInt64 {
        try read(8, part).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// `opaque <0..2^16-1>`: a 2-byte length, then that many bytes.
    mutating func readVector16(_ part: SignedCertificateTimestampError.Part) throws(SignedCertificateTimestampError) -> ArraySlice<UInt8> {
        let start = position
        let length = try readUInt16(part)
        guard bytes.endIndex - position >= length else {
            throw SignedCertificateTimestampError(.truncated, in: part, at: start)
        }
        return try read(length, part)
    }
}
