/// The bounds of ``FetchCache``: how much a cache directory may hold and how long a writer waits
/// for another. Apple's SQLite caches (`SecCAIssuerCache.c`, `SecOCSPCache.c`) have none; a file
/// per entry needs them, so that a cache fed by attacker-chosen URLs cannot fill the disk.
public enum FetchCacheLimits {
    /// Entries kept per kind (caIssuers responses; OCSP responses). A CLI user meets a few dozen
    /// distinct issuers and responders a week and a busy service a few hundred; 4,096 leaves room
    /// for both while the listing every OCSP write sweeps stays small. Over it, the
    /// oldest-inserted are evicted down to ``evictionTarget``.
    public static let maximumEntries = 4_096

    /// What an eviction leaves: seven eighths of ``maximumEntries``, so that a full cache pays the
    /// reading of every entry once per 512 writes rather than on each one.
    public static let evictionTarget = maximumEntries - maximumEntries / 8

    /// The largest payload of one entry (a caIssuers response's certificates together, or one OCSP
    /// response): the HTTP body cap of SECTRUST.md §16.7 (1 MiB), so every body the fetcher
    /// accepts can be cached, and a directory holds at most 4 GiB plus the framing.
    public static let maximumPayloadBytes = 1 << 20

    /// The largest caIssuers URI stored, in UTF-8 octets: far above any real one (a few dozen),
    /// and below the 8 KiB request line most HTTP servers accept.
    public static let maximumURIBytes = 4_096

    /// The largest field of an ``OCSPCacheKey``: a hash (SHA-512: 64 octets), a hash algorithm's
    /// OID content (about 10) or a serial number (RFC 5280 allows 20, Apple up to 37).
    public static let maximumKeyFieldBytes = 255

    /// The keys indexed per OCSP response: a responder answers the one CertID Vouch asks for
    /// (Apple sends one per request, §16.3.3); a batch answer keeps its first 16 reachable, so
    /// that one response cannot create thousands of index files.
    public static let maximumKeysPerResponse = 16

    /// The responses an index file names per key, oldest dropped first. Apple keeps every
    /// response until the next write expires it; the engine passes the superseded entry to
    /// ``FetchCache/storeOCSP(response:keys:expiry:isRevoked:now:replacing:)``, so more than two
    /// per certificate means repeated fetches of unchanged answers.
    public static let maximumResponsesPerKey = 16

    /// The largest file read: a payload of ``maximumPayloadBytes`` and 64 KiB of framing (URI,
    /// keys, times, one DER header per certificate). Larger files are foreign and removed.
    public static let maximumFileBytes = maximumPayloadBytes + (64 << 10)

    /// How often a writer tries the kind's lock (`flock`, non-blocking) before dropping its write,
    /// and the pause between tries: at most 100 ms spent behind another writer, so that a hung
    /// process holding the lock costs a cache write, never an evaluation's time.
    public static let lockAttempts = 50
    /// The pause between two tries of the lock, in microseconds.
    public static let lockRetryMicroseconds: UInt32 = 2_000

    /// A temporary file older than this (in seconds) was left by a writer that died between
    /// creating and renaming it (a write takes microseconds); a sweep removes it.
    public static let staleTemporaryFileAge: Int64 = 600
}
