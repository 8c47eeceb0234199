/// A v1 signed certificate timestamp (RFC 6962 §3.2): a log's promise to include a certificate,
/// with the log's key ID, the time, extensions and the log's signature, as views into the input.
///
/// ```
/// struct {
///     Version sct_version;            // 1 byte, v1(0)
///     LogID id;                       // 32 bytes: SHA-256 of the log's SubjectPublicKeyInfo
///     uint64 timestamp;               // milliseconds since 1970
///     CtExtensions extensions;        // opaque <0..2^16-1>
///     digitally-signed struct { ... } // hash (1), signature algorithm (1), opaque <0..2^16-1>
/// } SignedCertificateTimestamp;
/// ```
///
/// The layout is read as Apple's `getSCTValidatingLog` reads it (`CertificateTransparency.m`):
/// the structure first, with no byte allowed after the signature, then the version, which must be 0.
public struct SignedCertificateTimestamp: Sendable, Hashable {
    /// The whole SCT as received: what a list entry, or `SecTrustSetSignedCertificateTimestamps`, carries.
    public let encoded: ArraySlice<UInt8>
    /// `sct_version`: always 0 (v1) for a parsed SCT.
    public let version: UInt8
    /// The log's ID: the SHA-256 of its SubjectPublicKeyInfo (32 bytes).
    public let logID: ArraySlice<UInt8>
    /// When the log saw the certificate, in milliseconds since 1970.
    public let timestamp: UInt64
    /// The CtExtensions' bytes (empty in every log RFC 6962 knows).
    public let extensions: ArraySlice<UInt8>
    /// The TLS HashAlgorithm of the signature (RFC 5246 §7.4.1.4.1): 4 is SHA-256.
    public let hashAlgorithm: UInt8
    /// The TLS SignatureAlgorithm (RFC 5246 §7.4.1.4.1): 1 is RSA, 3 is ECDSA.
    public let signatureAlgorithm: UInt8
    /// The signature's bytes (DER `ECDSA-Sig-Value` for ECDSA, the PKCS #1 block for RSA).
    public let signature: ArraySlice<UInt8>

    /// Parses one SCT; nothing may follow the signature.
    ///
    /// - Throws: ``SignedCertificateTimestampError`` with ``SignedCertificateTimestampError/Kind/truncated``,
    ///   ``SignedCertificateTimestampError/Kind/trailingData`` or
    ///   ``SignedCertificateTimestampError/Kind/unsupportedVersion(_:)`` and the offset.
    public init(encoded bytes: ArraySlice<UInt8>) throws(SignedCertificateTimestampError) {
        var reader = TLSReader(bytes)
        let versionOffset = reader.position
        let version = try reader.readUInt8(.version)
        logID = try reader.read(32, .logID)
        timestamp = try reader.readUInt64(.timestamp)
        extensions = try reader.readVector16(.extensions)
        hashAlgorithm = try reader.readUInt8(.signature)
        signatureAlgorithm = try reader.readUInt8(.signature)
        signature = try reader.readVector16(.signature)
        guard reader.isAtEnd else { throw SignedCertificateTimestampError(.trailingData, in: .signature, at: reader.position) }
        guard version == 0 else { throw SignedCertificateTimestampError(.unsupportedVersion(version), in: .version, at: versionOffset) }
        self.version = version
        encoded = bytes
    }

    /// Parses one SCT from the start of `bytes` (offsets count from 0).
    public init(encoded bytes: [UInt8]) throws(SignedCertificateTimestampError) {
        try self.init(encoded: bytes[...])
    }

    /// The timestamp in whole seconds since 1970 (the milliseconds dropped, as Apple drops them).
    public var secondsSince1970: Int64 { Int64(clamping: timestamp / 1000) }

    /// `ecdsa-sha256`, `rsa-sha256`, …: the TLS names of the two algorithm octets
    /// (`hash-7` or `signature-9` for values RFC 5246 does not name).
    public var algorithmName: String {
        let signatureNames = ["anonymous", "rsa", "dsa", "ecdsa"]
        let hashNames = ["none", "md5", "sha1", "sha224", "sha256", "sha384", "sha512"]
        let signatureName = Int(signatureAlgorithm) < signatureNames.count ? signatureNames[Int(signatureAlgorithm)] : "signature-\(signatureAlgorithm)"
        let hashName = Int(hashAlgorithm) < hashNames.count ? hashNames[Int(hashAlgorithm)] : "hash-\(hashAlgorithm)"
        return "\(signatureName)-\(hashName)"
    }

    /// Whether two SCTs have the same bytes.
    public static func == (lhs: SignedCertificateTimestamp, rhs: SignedCertificateTimestamp) -> Bool {
        lhs.encoded.elementsEqual(rhs.encoded)
    }

    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(encoded.count)
        for octet in encoded { hasher.combine(octet) }
    }
}
