import VouchDER

/// A SignedCertificateTimestampList (RFC 6962 §3.3): the SCTs a certificate extension, a TLS
/// extension or an OCSP response carries, each entry kept as received.
///
/// ```
/// opaque SerializedSCT<1..2^16-1>;
/// struct { SerializedSCT sct_list <1..2^16-1>; } SignedCertificateTimestampList;
/// ```
///
/// As Apple's `SecCreateSignedCertificateTimestampsArrayFromSerializedSCTList` does, the list's
/// lengths must add up exactly, but the entries are not parsed here: an entry that is not a valid
/// SCT is skipped when SCTs are verified, and the others still count. ``timestamps`` parses them.
public struct SignedCertificateTimestampList: Sendable {
    /// The entries' bytes, in order (an entry may be empty: Apple keeps it, and it never verifies).
    public let entries: [ArraySlice<UInt8>]

    /// Reads the TLS encoding: a 2-byte total length that must match the rest exactly, then
    /// entries of a 2-byte length and that many bytes.
    ///
    /// - Throws: ``SignedCertificateTimestampError`` (``SignedCertificateTimestampError/Kind/lengthMismatch``,
    ///   ``SignedCertificateTimestampError/Kind/truncated``, ``SignedCertificateTimestampError/Kind/emptyList``,
    ///   ``SignedCertificateTimestampError/Kind/tooManyTimestamps``) with the offset.
    public init(tlsEncoded bytes: ArraySlice<UInt8>) throws(SignedCertificateTimestampError) {
        var reader = TLSReader(bytes)
        let total = try reader.readUInt16(.list)
        guard total == reader.remainingCount else {
            throw SignedCertificateTimestampError(.lengthMismatch, in: .list, at: bytes.startIndex)
        }
        guard !reader.isAtEnd else { throw SignedCertificateTimestampError(.emptyList, in: .list, at: bytes.startIndex) }
        var entries: [ArraySlice<UInt8>] = []
        while !reader.isAtEnd {
            guard entries.count < SignedCertificateTimestampLimits.maximumTimestampsPerList else {
                throw SignedCertificateTimestampError(.tooManyTimestamps, in: .entry, at: reader.position)
            }
            entries.append(try reader.readVector16(.entry))
        }
        self.entries = entries
    }

    /// Reads the TLS encoding from the start of `bytes` (offsets count from 0).
    public init(tlsEncoded bytes: [UInt8]) throws(SignedCertificateTimestampError) {
        try self.init(tlsEncoded: bytes[...])
    }

    /// Reads the value of the certificate extension 1.3.6.1.4.1.11129.2.4.2 or the OCSP
    /// extension 1.3.6.1.4.1.11129.2.4.5: an OCTET STRING whose content is the TLS encoding.
    ///
    /// - Throws: ``SignedCertificateTimestampError`` in ``SignedCertificateTimestampError/Part/extensionValue``
    ///   when the DER is not one OCTET STRING, or the list's own errors.
    public init(extensionValue value: ArraySlice<UInt8>) throws(SignedCertificateTimestampError) {
        let content: ArraySlice<UInt8>
        do {
            content = try DERReader.readAll(value) { (reader) throws(DERError) in try reader.readOctetString() }
        } catch {
            throw SignedCertificateTimestampError(.malformed(error.kind), in: .extensionValue, at: error.offset)
        }
        try self.init(tlsEncoded: content)
    }

    /// Each entry parsed, or the reason it does not parse, in order.
    public var timestamps: [Result<SignedCertificateTimestamp, SignedCertificateTimestampError>] {
        entries.map { (entry) -> Result<SignedCertificateTimestamp, SignedCertificateTimestampError> in
            Result { () throws(SignedCertificateTimestampError) in try SignedCertificateTimestamp(encoded: entry) }
        }
    }
}

extension Certificate {
    /// The SCTs embedded in the certificate (RFC 6962 §3.3: extension 1.3.6.1.4.1.11129.2.4.2,
    /// the first one when repeated, as Apple reads it), or `nil` without the extension.
    ///
    /// - Throws: ``SignedCertificateTimestampError`` when the extension's value is not a list.
    public func signedCertificateTimestamps() throws(SignedCertificateTimestampError) -> SignedCertificateTimestampList? {
        guard let value = extensions[.signedCertificateTimestampList]?.value else { return nil }
        return try SignedCertificateTimestampList(extensionValue: value)
    }
}

extension OCSPSingleResponse {
    /// The SCTs of the single response's extension 1.3.6.1.4.1.11129.2.4.5 (RFC 6962 §3.3), the
    /// first one when repeated, or `nil` without it.
    ///
    /// - Throws: ``SignedCertificateTimestampError`` when the extension's value is not a list.
    public func signedCertificateTimestamps() throws(SignedCertificateTimestampError) -> SignedCertificateTimestampList? {
        guard let value = extensions[.ocspSignedCertificateTimestampList]?.value else { return nil }
        return try SignedCertificateTimestampList(extensionValue: value)
    }
}
