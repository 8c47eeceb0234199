import VouchDER

/// An X.509 certificate (RFC 5280 §4.1), parsed as Apple's `SecCertificateCreateWithData` parses.
///
/// Parsing walks the whole structure once and rejects what Apple rejects (SECTRUST.md §10); every
/// field is a view into the original bytes, and extensions are decoded when asked for. Bytes after
/// the certificate's outer SEQUENCE are ignored and dropped from ``derEncoded``. Two certificates
/// are equal iff their DER is equal (Apple's identity for anchors, deduplication and chains).
public struct Certificate: Hashable, Sendable {
    /// The certificate's own DER (trailing input dropped).
    public let derEncoded: ArraySlice<UInt8>
    /// The TBSCertificate DER: the bytes the signature covers.
    public let tbsCertificateBytes: ArraySlice<UInt8>
    /// 1, 2 or 3.
    public let version: Int
    /// The serial number's content octets as encoded (leading 0x00 kept; never empty).
    public let serialNumber: ArraySlice<UInt8>
    /// The TBSCertificate's `signature` field (must name the same algorithm as ``signatureAlgorithm``).
    public let tbsSignatureAlgorithm: AlgorithmIdentifier
    /// The issuer's name (RFC 5280 §4.1.2.4): must equal the subject of the certificate that signed this one.
    public let issuer: DistinguishedName
    /// When the certificate is valid, both ends inclusive (RFC 5280 §4.1.2.5).
    public let validity: Validity
    /// The subject's name (RFC 5280 §4.1.2.6); may be empty when a critical subjectAltName names the subject.
    public let subject: DistinguishedName
    /// The subject's public key and its algorithm (RFC 5280 §4.1.2.7).
    public let subjectPublicKeyInfo: SubjectPublicKeyInfo
    /// `[1] IMPLICIT UniqueIdentifier` (RFC 5280 §4.1.2.8): v2 and v3 only, and rarely present.
    public let issuerUniqueID: DERBitString?
    /// `[2] IMPLICIT UniqueIdentifier` (RFC 5280 §4.1.2.8): v2 and v3 only, and rarely present.
    public let subjectUniqueID: DERBitString?
    /// The extensions (empty for v1 and v2 certificates without any).
    public let extensions: Extensions
    /// The outer `signatureAlgorithm`.
    public let signatureAlgorithm: AlgorithmIdentifier
    /// The signature value.
    public let signature: DERBitString

    /// Parses a certificate from `bytes`, which start with its DER (anything after it is ignored).
    ///
    /// - Throws: ``X509Error`` naming the field, the byte offset and what was wrong.
    public init(derEncoded bytes: ArraySlice<UInt8>) throws(X509Error) {
        var input = DERReader(bytes)
        let outer = try reading(.certificate) { () throws(DERError) in try input.readElement(.sequence) }
        var certificate = try reading(.certificate) { () throws(DERError) in try input.reader(overContentOf: outer) }
        let tbs = try reading(.tbsCertificate) { () throws(DERError) in try certificate.readElement(.sequence) }
        var fields = try reading(.tbsCertificate) { () throws(DERError) in try certificate.reader(overContentOf: tbs) }

        version = try Self.readVersion(&fields)
        serialNumber = try Self.readSerialNumber(&fields)
        tbsSignatureAlgorithm = try reading(.signature) { () throws(DERError) in try AlgorithmIdentifier(reading: &fields) }
        issuer = try reading(.issuer) { () throws(DERError) in try DistinguishedName(reading: &fields) }
        validity = try reading(.validity) { () throws(DERError) in try Validity(reading: &fields) }
        subject = try reading(.subject) { () throws(DERError) in try DistinguishedName(reading: &fields) }
        subjectPublicKeyInfo = try reading(.subjectPublicKeyInfo) { () throws(DERError) in
            try SubjectPublicKeyInfo(reading: &fields)
        }
        issuerUniqueID = try reading(.issuerUniqueID) { () throws(DERError) in
            try fields.readOptionalElement(.contextSpecific(1, constructed: false)).map(DERBitString.init)
        }
        subjectUniqueID = try reading(.subjectUniqueID) { () throws(DERError) in
            try fields.readOptionalElement(.contextSpecific(2, constructed: false)).map(DERBitString.init)
        }
        let hasExtensions = try reading(.extensions) { () throws(DERError) in
            try fields.peekTag() == .contextSpecific(3, constructed: true)
        }
        extensions = hasExtensions ? try Extensions(reading: &fields) : Extensions()
        try reading(.tbsCertificate) { () throws(DERError) in try fields.finish() }

        signatureAlgorithm = try reading(.signatureAlgorithm) { () throws(DERError) in
            try AlgorithmIdentifier(reading: &certificate)
        }
        signature = try reading(.signatureValue) { () throws(DERError) in try certificate.readBitString() }
        try reading(.certificate) { () throws(DERError) in try certificate.finish() }

        derEncoded = outer.encoded
        tbsCertificateBytes = tbs.encoded
    }

    /// Parses a certificate from the start of `bytes` (offsets in errors count from 0).
    public init(derEncoded bytes: [UInt8]) throws(X509Error) {
        try self.init(derEncoded: bytes[...])
    }

    /// `[0] EXPLICIT Version DEFAULT v1`: absent is v1; explicit values must be 1 or 2.
    private static func readVersion(_ fields: inout DERReader) throws(X509Error) -> Int {
        let explicit = try reading(.version) { () throws(DERError) in
            try fields.optionalNested(.contextSpecific(0, constructed: true)) { (inner) throws(DERError) in
                (inner.offset, try inner.readInteger())
            }
        }
        guard let (offset, integer) = explicit else { return 1 }
        guard let value = integer.value(as: Int.self), value == 1 || value == 2 else {
            throw X509Error(.unsupportedVersion, in: .version, at: offset)
        }
        return value + 1
    }

    /// The serial number INTEGER's octets: 1 to 37 of them (Apple does not demand minimal form).
    private static func readSerialNumber(_ fields: inout DERReader) throws(X509Error) -> ArraySlice<UInt8> {
        let element = try reading(.serialNumber) { () throws(DERError) in try fields.readElement(.integer) }
        guard (1...X509Limits.maximumSerialNumberLength).contains(element.length) else {
            throw X509Error(.invalidSerialNumberLength, in: .serialNumber, at: element.offset)
        }
        return element.content
    }

    /// Whether the outer and inner signature algorithm OIDs agree (Apple compares OIDs only;
    /// a mismatch means the signature never verifies).
    public var signatureAlgorithmsMatch: Bool {
        signatureAlgorithm.algorithm == tbsSignatureAlgorithm.algorithm
    }

    /// Whether issuer and subject names are byte-for-byte equal (self-issued, RFC 5280 §6.1).
    public var isSelfIssued: Bool { issuer == subject }

    /// Whether the two certificates have the same DER: Apple's identity for anchors, deduplication and chains.
    public static func == (lhs: Certificate, rhs: Certificate) -> Bool {
        lhs.derEncoded.elementsEqual(rhs.derEncoded)
    }

    /// Hashes the length and the last octets of the DER (its signature).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(derEncoded.count)
        // The signature's last octets differ between any two certificates; hashing them is enough
        // for buckets, and equality compares all the DER.
        for octet in derEncoded.suffix(32) { hasher.combine(octet) }
    }
}
