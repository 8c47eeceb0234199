import VouchDER

/// The two integers of an ECDSA-Sig-Value (RFC 5480 §2.2.3, RFC 3279 §2.2.3):
/// `SEQUENCE { r INTEGER, s INTEGER }`, read strictly as DER.
struct ECDSASignature {
    /// r's big-endian magnitude, without a sign octet.
    let r: ArraySlice<UInt8>
    /// s's big-endian magnitude, without a sign octet.
    let s: ArraySlice<UInt8>

    /// Parses `der`: exactly one SEQUENCE of exactly two minimal INTEGERs, nothing after it, and
    /// both INTEGERs non-negative; `nil` otherwise.
    ///
    /// With `allowingMissingZeroPadding`, an INTEGER whose first content octet has its top bit
    /// set, i.e. a positive number whose 0x00 sign octet the signer forgot, is read as that
    /// positive number. This is Apple's fallback in `SecVerifySignatureWithPublicKey`
    /// (SecSignatureVerificationSupport.c), which re-encodes such a signature with the padding
    /// and verifies again; nothing else is relaxed.
    init?(der: ArraySlice<UInt8>, allowingMissingZeroPadding: Bool) {
        let elements = try? DERReader.readAll(der) { (reader) throws(DERError) in
            try reader.nested(.sequence) { (reader) throws(DERError) in
                (try reader.readElement(.integer), try reader.readElement(.integer))
            }
        }
        guard let elements,
            let r = Self.magnitude(elements.0, allowingMissingZeroPadding),
            let s = Self.magnitude(elements.1, allowingMissingZeroPadding)
        else { return nil }
        self.r = r
        self.s = s
    }

    private static func magnitude(_ element: DERElement, _ allowingMissingZeroPadding: Bool) -> ArraySlice<UInt8>? {
        guard let first = element.content.first else { return nil }
        if first & 0x80 != 0 {
            // Negative as DER; with the repair, the same octets as an unsigned number.
            return allowingMissingZeroPadding ? element.content : nil
        }
        guard let integer = try? DERInteger(element) else { return nil }
        return integer.magnitude
    }
}
