/// Where an OCSP answer is filed: one single response's CertID (RFC 6960 §4.1.1), as Apple's
/// `ocsp` table keys it (`SecOCSPCache.c`: hashAlgorithm, issuerNameHash, issuerPubKeyHash,
/// serialNum). The cache compares octets; it never computes a hash.
public struct OCSPCacheKey: Hashable, Sendable {
    /// The content octets of the CertID's hash algorithm OID (SHA-1: `2B 0E 03 02 1A`).
    public var hashAlgorithm: [UInt8]
    /// The hash of the certificate's issuer Name, as the CertID carries it.
    public var issuerNameHash: [UInt8]
    /// The hash of the issuer's subjectPublicKey bits, as the CertID carries it.
    public var issuerKeyHash: [UInt8]
    /// The content octets of the certificate's serialNumber INTEGER.
    public var serialNumber: [UInt8]

    /// A key from the four CertID fields.
    public init(hashAlgorithm: [UInt8], issuerNameHash: [UInt8], issuerKeyHash: [UInt8], serialNumber: [UInt8]) {
        self.hashAlgorithm = hashAlgorithm
        self.issuerNameHash = issuerNameHash
        self.issuerKeyHash = issuerKeyHash
        self.serialNumber = serialNumber
    }
}

/// One cached OCSP response, exactly as the network delivered it: the engine parses and verifies
/// it again before using it (SECTRUST.md §16.6, as macOS does: *"the cache is user-modifiable"*).
public struct OCSPCacheEntry: Hashable, Sendable {
    /// The OCSPResponse DER as received.
    public var response: [UInt8]
    /// When it stops being usable, in seconds since 1970 (§16.3.6: min(nextUpdate, max-age), or
    /// the certificate's notAfter for a revoked answer). The cache keeps it past this time; the
    /// next write deletes it unless ``isRevoked``.
    public var expiry: Int64
    /// When it was stored, in seconds since 1970: Apple's `lastUsed` column, which is the insertion
    /// time. `kSecRevocationOnlineCheck` reads only entries with `inserted > now − 300`.
    public var inserted: Int64
    /// Whether one of its single responses says revoked: such an entry survives expiry and a flush.
    public var isRevoked: Bool

    /// An entry from its parts.
    public init(response: [UInt8], expiry: Int64, inserted: Int64, isRevoked: Bool) {
        self.response = response
        self.expiry = expiry
        self.inserted = inserted
        self.isRevoked = isRevoked
    }
}

/// The cached answer of one caIssuers URI: all the certificates of the one response that yielded
/// some (SECTRUST.md §16.2 (2c)), unfiltered, in the order the body gave them.
public struct CAIssuersEntry: Hashable, Sendable {
    /// Each certificate's DER, as parsed out of the body (the cache does not parse them).
    public var certificates: [[UInt8]]
    /// The end of its freshness, in seconds since 1970: completion time + max-age (§16.6).
    public var expiry: Int64
    /// When it was stored, in seconds since 1970.
    public var inserted: Int64

    /// An entry from its parts.
    public init(certificates: [[UInt8]], expiry: Int64, inserted: Int64) {
        self.certificates = certificates
        self.expiry = expiry
        self.inserted = inserted
    }

    /// Whether a read at `now` counts as fresh: `expiry > now`, strictly, as Apple's
    /// `selectNonExpiredIssuerSQL` (`expires>?`). An entry that is not fresh is still the
    /// fallback after every request failed (§16.2 (2d)).
    public func isFresh(at now: Int64) -> Bool { expiry > now }
}
