import VouchDER

/// An X.509 certificate (RFC 5280 §4.1), parsed as Apple's `SecCertificateCreateWithData` parses.
///
/// Parsing walks the whole structure once and rejects what Apple rejects (SECTRUST.md §10); every
/// field is a view into the original bytes, and extensions are decoded when asked for. Bytes after
/// the certificate's outer SEQUENCE are ignored and dropped from ``derEncoded``. Two certificates
/// are equal iff their DER is equal (Apple's identity for anchors, deduplication and chains).
public struct Certificate: Hashable, Sendable {
    /// The parsed fields, shared by every copy: copying a certificate (into a pool, a path, a
    /// result) costs one reference count. Fields are kept as ranges of the DER, so parsing
    /// retains the input once; each accessor cuts its views when asked.
    private final class Storage: Sendable {
        let derEncoded: ArraySlice<UInt8>
        let tbsCertificate: Range<Int>
        let version: Int
        let serialNumber: Range<Int>
        let tbsSignatureAlgorithm: AlgorithmIdentifier.Ranges
        let issuer: Range<Int>
        let validity: Validity
        let subject: Range<Int>
        let subjectPublicKeyInfo: SubjectPublicKeyInfo.Ranges
        let issuerUniqueID: BitStringRange?
        let subjectUniqueID: BitStringRange?
        let extensions: Extensions.Parsed?
        let signatureAlgorithm: AlgorithmIdentifier.Ranges
        let signature: BitStringRange

        init(
            derEncoded: ArraySlice<UInt8>, tbsCertificate: Range<Int>, version: Int, serialNumber: Range<Int>,
            tbsSignatureAlgorithm: AlgorithmIdentifier.Ranges, issuer: Range<Int>, validity: Validity, subject: Range<Int>,
            subjectPublicKeyInfo: SubjectPublicKeyInfo.Ranges, issuerUniqueID: BitStringRange?,
            subjectUniqueID: BitStringRange?, extensions: Extensions.Parsed?,
            signatureAlgorithm: AlgorithmIdentifier.Ranges, signature: BitStringRange
        ) {
            self.derEncoded = derEncoded
            self.tbsCertificate = tbsCertificate
            self.version = version
            self.serialNumber = serialNumber
            self.tbsSignatureAlgorithm = tbsSignatureAlgorithm
            self.issuer = issuer
            self.validity = validity
            self.subject = subject
            self.subjectPublicKeyInfo = subjectPublicKeyInfo
            self.issuerUniqueID = issuerUniqueID
            self.subjectUniqueID = subjectUniqueID
            self.extensions = extensions
            self.signatureAlgorithm = signatureAlgorithm
            self.signature = signature
        }
    }

    /// A validated BIT STRING's unused-bit count and data octets.
    struct BitStringRange {
        let unusedBits: UInt8
        let bytes: Range<Int>

        func bitString(in der: ArraySlice<UInt8>) -> DERBitString {
            DERBitString(unusedBits: unusedBits, validatedBytes: der[bytes])
        }
    }

    private let storage: Storage

    /// The certificate's own DER (trailing input dropped).
    public var derEncoded: ArraySlice<UInt8> { storage.derEncoded }
    /// The TBSCertificate DER: the bytes the signature covers.
    public var tbsCertificateBytes: ArraySlice<UInt8> { storage.derEncoded[storage.tbsCertificate] }
    /// 1, 2 or 3.
    public var version: Int { storage.version }
    /// The serial number's content octets as encoded (leading 0x00 kept; never empty).
    public var serialNumber: ArraySlice<UInt8> { storage.derEncoded[storage.serialNumber] }
    /// The TBSCertificate's `signature` field (must name the same algorithm as ``signatureAlgorithm``).
    public var tbsSignatureAlgorithm: AlgorithmIdentifier {
        AlgorithmIdentifier(storage.tbsSignatureAlgorithm, in: storage.derEncoded)
    }
    /// The issuer's name (RFC 5280 §4.1.2.4): must equal the subject of the certificate that signed this one.
    public var issuer: DistinguishedName { DistinguishedName(validatedEncoding: storage.derEncoded[storage.issuer]) }
    /// When the certificate is valid, both ends inclusive (RFC 5280 §4.1.2.5).
    public var validity: Validity { storage.validity }
    /// The subject's name (RFC 5280 §4.1.2.6); may be empty when a critical subjectAltName names the subject.
    public var subject: DistinguishedName { DistinguishedName(validatedEncoding: storage.derEncoded[storage.subject]) }
    /// The subject's public key and its algorithm (RFC 5280 §4.1.2.7).
    public var subjectPublicKeyInfo: SubjectPublicKeyInfo {
        SubjectPublicKeyInfo(storage.subjectPublicKeyInfo, in: storage.derEncoded)
    }
    /// `[1] IMPLICIT UniqueIdentifier` (RFC 5280 §4.1.2.8): v2 and v3 only, and rarely present.
    public var issuerUniqueID: DERBitString? { storage.issuerUniqueID?.bitString(in: storage.derEncoded) }
    /// `[2] IMPLICIT UniqueIdentifier` (RFC 5280 §4.1.2.8): v2 and v3 only, and rarely present.
    public var subjectUniqueID: DERBitString? { storage.subjectUniqueID?.bitString(in: storage.derEncoded) }
    /// The extensions (empty for v1 and v2 certificates without any).
    public var extensions: Extensions {
        guard let parsed = storage.extensions else { return Extensions() }
        return Extensions(parsed, in: storage.derEncoded)
    }
    /// The outer `signatureAlgorithm`.
    public var signatureAlgorithm: AlgorithmIdentifier {
        AlgorithmIdentifier(storage.signatureAlgorithm, in: storage.derEncoded)
    }
    /// The signature value.
    public var signature: DERBitString { storage.signature.bitString(in: storage.derEncoded) }

    /// Parses a certificate from `bytes`, which start with its DER (anything after it is ignored).
    ///
    /// - Throws: ``X509Error`` naming the field, the byte offset and what was wrong.
    public init(derEncoded bytes: ArraySlice<UInt8>) throws(X509Error) {
        storage = try bytes.withUnsafeBufferPointer { (buffer) throws(X509Error) -> Storage in
            var input = DERCursor(buffer, origin: bytes.startIndex)
            return try Self.parse(&input, in: bytes)
        }
    }

    /// The whole parse, over a cursor on `bytes`: every field validated, then cut from `bytes`.
    private static func parse(_ input: inout DERCursor, in bytes: ArraySlice<UInt8>) throws(X509Error) -> Storage {
        let outer = try reading(.certificate) { () throws(DERError) in try input.readElement(.sequence) }
        var certificate = try reading(.certificate) { () throws(DERError) in try input.cursor(overContentOf: outer) }
        let tbs = try reading(.tbsCertificate) { () throws(DERError) in try certificate.readElement(.sequence) }
        var fields = try reading(.tbsCertificate) { () throws(DERError) in try certificate.cursor(overContentOf: tbs) }

        let version = try readVersion(&fields)
        let serialNumber = try readSerialNumber(&fields)
        let tbsSignatureAlgorithm = try reading(.signature) { () throws(DERError) in try AlgorithmIdentifier.validate(&fields) }
        let issuer = try reading(.issuer) { () throws(DERError) in try DistinguishedName.validate(&fields) }
        let validity = try reading(.validity) { () throws(DERError) in try Validity(cursor: &fields) }
        let subject = try reading(.subject) { () throws(DERError) in try DistinguishedName.validate(&fields) }
        let subjectPublicKeyInfo = try reading(.subjectPublicKeyInfo) { () throws(DERError) in
            try SubjectPublicKeyInfo.validate(&fields)
        }
        let issuerUniqueID = try reading(.issuerUniqueID) { () throws(DERError) in
            try readUniqueIdentifier(&fields, .contextSpecific(1, constructed: false))
        }
        let subjectUniqueID = try reading(.subjectUniqueID) { () throws(DERError) in
            try readUniqueIdentifier(&fields, .contextSpecific(2, constructed: false))
        }
        let hasExtensions = try reading(.extensions) { () throws(DERError) in
            try fields.peekTag() == .contextSpecific(3, constructed: true)
        }
        let extensions = hasExtensions ? try Extensions.validate(&fields, in: bytes) : nil
        try reading(.tbsCertificate) { () throws(DERError) in try fields.finish() }

        let signatureAlgorithm = try reading(.signatureAlgorithm) { () throws(DERError) in
            try AlgorithmIdentifier.validate(&certificate)
        }
        let signature = try reading(.signatureValue) { () throws(DERError) in try certificate.readBitString() }
        try reading(.certificate) { () throws(DERError) in try certificate.finish() }

        return Storage(
            derEncoded: bytes[outer.range], tbsCertificate: tbs.range, version: version, serialNumber: serialNumber,
            tbsSignatureAlgorithm: tbsSignatureAlgorithm, issuer: issuer, validity: validity, subject: subject,
            subjectPublicKeyInfo: subjectPublicKeyInfo, issuerUniqueID: issuerUniqueID, subjectUniqueID: subjectUniqueID,
            extensions: extensions, signatureAlgorithm: signatureAlgorithm,
            signature: BitStringRange(unusedBits: signature.unusedBits, bytes: signature.bytes))
    }

    /// `[1]` or `[2] IMPLICIT UniqueIdentifier` (a BIT STRING) if present.
    @inline(__always)
    private static func readUniqueIdentifier(_ fields: inout DERCursor, _ tag: DERTag) throws(DERError) -> BitStringRange? {
        guard let span = try fields.readOptionalElement(tag) else { return nil }
        let unusedBits = try DERBitString.validate(fields.octets(span.contentRange), at: span.contentStart)
        return BitStringRange(unusedBits: unusedBits, bytes: (span.contentStart + 1)..<span.end)
    }

    /// Parses a certificate from the start of `bytes` (offsets in errors count from 0).
    public init(derEncoded bytes: [UInt8]) throws(X509Error) {
        try self.init(derEncoded: bytes[...])
    }

    /// `[0] EXPLICIT Version DEFAULT v1`: absent is v1; explicit values must be 1 or 2.
    @inline(__always)
    private static func readVersion(_ fields: inout DERCursor) throws(X509Error) -> Int {
        let explicit = try reading(.version) { () throws(DERError) -> (Int, DERSpan)? in
            let tag = DERTag.contextSpecific(0, constructed: true)
            guard try fields.peekTag() == tag else { return nil }
            let element = try fields.readElement(tag)
            var inner = try fields.cursor(overContentOf: element)
            let offset = inner.offset
            let integer = try inner.readElement(.integer)
            try inner.validateInteger(integer)
            try inner.finish()
            return (offset, integer)
        }
        guard let (offset, integer) = explicit else { return 1 }
        // A minimal INTEGER is 1 or 2 exactly when it is the one octet 0x01 or 0x02.
        let value = integer.length == 1 ? Int(fields.octet(integer.contentStart)) : 0
        guard value == 1 || value == 2 else {
            throw X509Error(.unsupportedVersion, in: .version, at: offset)
        }
        return value + 1
    }

    /// The serial number INTEGER's octets: 1 to 37 of them (Apple does not demand minimal form).
    @inline(__always)
    private static func readSerialNumber(_ fields: inout DERCursor) throws(X509Error) -> Range<Int> {
        let element = try reading(.serialNumber) { () throws(DERError) in try fields.readElement(.integer) }
        guard (1...X509Limits.maximumSerialNumberLength).contains(element.length) else {
            throw X509Error(.invalidSerialNumberLength, in: .serialNumber, at: element.start)
        }
        return element.contentRange
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
        lhs.storage === rhs.storage || lhs.derEncoded.hasSameOctets(as: rhs.derEncoded)
    }

    /// Hashes the length and the last octets of the DER (its signature).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(derEncoded.count)
        // The signature's last octets differ between any two certificates; hashing them is enough
        // for buckets, and equality compares all the DER.
        derEncoded.suffix(32).withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
