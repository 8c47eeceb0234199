import VouchCrypto
import VouchDER

// The on-disk caches of SECTRUST.md §16.6: what trustd keeps in `caissuercache.sqlite3`
// (`SecCAIssuerCache.c`) and `ocspcache.sqlite3` (`SecOCSPCache.c`), in Vouch's own format.
//
// Layout under the directory (created on the first write, mode 0700; files 0600):
//
//     ca-issuers/<sha256(URI as UTF-8)>                       one caIssuers response
//     ocsp/responses/<sha256(response)>-<expiry>-<g|r>        one OCSP response, with the keys it is filed under
//     ocsp/keys/<sha256(DER of OCSPKey)>                      one key's index: the names of its responses
//
// A SHA-256 is 64 lower-case hex digits; a response's name also carries its expiry (decimal) and
// whether it is revoked, so that the sweep after each OCSP write works from the listing alone
// (OCSPResponseFileName). Other names are not entries (`.tmp-<pid>-<counter>-<random>` are
// writes under way, removed by a sweep after 10 minutes). Every file is one DER value:
//
//     CacheFile ::= SEQUENCE {
//         version  INTEGER (1),
//         entry    CHOICE {
//             caIssuers    [0] IMPLICIT SEQUENCE {
//                 uri           OCTET STRING,              -- UTF-8; must equal the URI asked for
//                 expiry        INTEGER,                   -- seconds since 1970
//                 inserted      INTEGER,                   -- seconds since 1970
//                 certificates  SEQUENCE OF OCTET STRING   -- each a certificate's DER, not parsed here
//             },
//             ocspResponse [1] IMPLICIT SEQUENCE {
//                 keys          SEQUENCE SIZE (0..16) OF OCSPKey,
//                 expiry        INTEGER,
//                 inserted      INTEGER,
//                 isRevoked     BOOLEAN,
//                 response      OCTET STRING               -- the OCSPResponse as received
//             },
//             ocspKeyIndex [2] IMPLICIT SEQUENCE {
//                 key           OCSPKey,                   -- must equal the key asked for
//                 responses     SEQUENCE SIZE (0..16) OF OCTET STRING  -- response file names, oldest first
//             } },
//         digest   OCTET STRING (SIZE (32))   -- SHA-256 of the entry's DER: any altered octet shows
//     }
//     OCSPKey ::= SEQUENCE { hashAlgorithm, issuerNameHash, issuerKeyHash, serialNumber OCTET STRING }
//
// Reading is strict and bounded (FetchCacheLimits): a file that is not exactly such a value of the
// kind its directory holds, whose key or contents differ from what its name says, or that is not a
// regular file (a directory, a symbolic link, a FIFO) is removed and read as absent.
//
// Concurrency. A file is written under a temporary name, `fsync`ed and renamed over its entry, so
// no reader ever sees a part of one; of two writers the last rename wins. Readers take no lock. The
// OCSP writers read before they write (a key's index, the listing they sweep), so they hold an
// exclusive `flock` on `ocsp/`, waiting at most 100 ms and otherwise dropping the write; a
// caIssuers write is one rename, and only its eviction takes the lock on `ca-issuers/`, without
// waiting (a busy lock means another process is sweeping). An index may name a response that a
// sweep has since removed: readers skip such a name.

/// A directory holding Vouch's caIssuers and OCSP caches (SECTRUST.md §16.6), shared safely by the
/// threads of one process and by several processes.
///
/// The cache stores octets and times and judges nothing: the engine verifies every response it
/// reads again, in full, as macOS does, and computes every expiry itself (§16.3.6, §16.6). A
/// missing, unwritable or read-only directory is an empty cache: reads find nothing and writes are
/// dropped; no operation fails or throws. Corrupted, truncated or foreign files are removed.
public final class FetchCache: Sendable {
    /// The directory, as given.
    public let directory: String

    /// A cache in `directory`, which need not exist yet: the first write creates it and its
    /// parents (mode 0700). Nothing is touched before then.
    public init(directory: String) {
        self.directory = directory
    }

    /// The user's cache directory for Vouch: `$XDG_CACHE_HOME/vouch`, else `$HOME/.cache/vouch`
    /// (XDG Base Directory: a relative `XDG_CACHE_HOME` is ignored); `nil` when neither is set
    /// to an absolute path.
    public static var defaultDirectory: String? {
        if let cache = FileSystem.environment("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/vouch" }
        if let home = FileSystem.environment("HOME"), home.hasPrefix("/") { return home + "/.cache/vouch" }
        return nil
    }

    /// Whether the OCSP cache may hold a response (its index directory exists): when it cannot,
    /// an evaluation need not ask it about every certificate (``TrustFetcher``).
    public var mayHoldOCSPResponses: Bool { FileSystem.exists(ocspKeysDirectory) }

    var caIssuersDirectory: String { directory + "/ca-issuers" }
    var ocspDirectory: String { directory + "/ocsp" }
    var ocspResponsesDirectory: String { directory + "/ocsp/responses" }
    var ocspKeysDirectory: String { directory + "/ocsp/keys" }

    // MARK: caIssuers (`SecCAIssuerCache.c`)

    /// The entry stored for `uri`, whatever its expiry: Apple's `SecCAIssuerCacheCopyMatching(uri,
    /// expired: true)`. The caller asks ``CAIssuersEntry/isFresh(at:)`` for a cache hit (§16.2 (2a))
    /// and takes any entry as the fallback after failed requests (§16.2 (2d)).
    public func caIssuersEntry(uri: String) -> CAIssuersEntry? {
        let key = Array(uri.utf8)
        guard key.count <= FetchCacheLimits.maximumURIBytes else { return nil }
        return readEntry(caIssuersDirectory + "/" + Self.name(key)) { file in
            guard case .caIssuers(let stored, let entry) = file, stored == key else { return nil }
            return entry
        }
    }

    /// Stores the certificates of one response for `uri`, replacing what was there (Apple's
    /// `INSERT OR REPLACE`), with its `expiry` and `now` (default: the clock) as insertion time.
    ///
    /// Nothing is stored for an empty list (Apple's `convertArrayOfCertsToData` gives NULL), a URI
    /// over ``FetchCacheLimits/maximumURIBytes`` or certificates over
    /// ``FetchCacheLimits/maximumPayloadBytes`` together. More than
    /// ``FetchCacheLimits/maximumEntries`` entries evict the oldest-inserted.
    public func storeCAIssuers(uri: String, certificates: [[UInt8]], expiry: Int64, now: Int64? = nil) {
        let key = Array(uri.utf8)
        let total = certificates.reduce(0) { $0 + $1.count }
        guard !certificates.isEmpty, key.count <= FetchCacheLimits.maximumURIBytes,
            total <= FetchCacheLimits.maximumPayloadBytes,
            FetchCacheDirectory.makeDirectories(caIssuersDirectory)
        else { return }
        let entry = CAIssuersEntry(certificates: certificates, expiry: expiry, inserted: now ?? Clock.now)
        let file = FetchCacheFile.caIssuers(uri: key, entry: entry)
        guard FetchCacheDirectory.writeAtomically(file.encoded, to: caIssuersDirectory + "/" + Self.name(key), directory: caIssuersDirectory)
        else { return }
        let directory = caIssuersDirectory
        guard FetchCacheDirectory.entryNames(in: directory).count > FetchCacheLimits.maximumEntries else { return }
        _ = FetchCacheLock.withLock(on: directory, wait: false) {
            var inserted: [(time: Int64, name: String)] = []
            for name in FetchCacheDirectory.entryNames(in: directory, removingStaleTemporariesAt: Clock.now) {
                let time: Int64? = readEntry(directory + "/" + name, checkingDigest: false) { file in
                    guard case .caIssuers(_, let entry) = file else { return nil }
                    return entry.inserted
                }
                if let time { inserted.append((time, name)) }
            }
            evictOldest(inserted, in: directory)
        }
    }

    // MARK: Both

    /// Empties the caIssuers cache and drops every OCSP response that is not revoked: trustd's
    /// `SecTrustResetSettings(kSecTrustResetOCSPCache | kSecTrustResetIssuersCache)`, i.e.
    /// `SecOCSPCacheFlush` (`flushSQL`: `DELETE FROM ocsp WHERE certStatus!=1`, then the responses
    /// no revoked row names) and `SecCAIssuerCacheClear` (`DELETE FROM issuers`). Revoked answers
    /// survive it (§16.6 "a flush keeps them"; §16.8 item 4: after a flush, an offline
    /// re-evaluation still fails with the kept revoked response).
    public func flush() {
        for name in FetchCacheDirectory.entryNames(in: caIssuersDirectory) {
            FetchCacheDirectory.remove(caIssuersDirectory + "/" + name)
        }
        let swept: Void? = FetchCacheLock.withLock(on: ocspDirectory, wait: true) { sweepOCSP(now: nil) }
        if swept == nil { sweepOCSP(now: nil) }
    }

    /// Removes every entry of both caches, revoked OCSP responses included: Apple's
    /// `SecOCSPCacheDeleteContent` (`DELETE FROM responses`, used by its tests to start clean) with
    /// `SecCAIssuerCacheClear`. Writes under way in other processes may still land afterwards.
    public func removeAll() {
        for directory in [caIssuersDirectory, ocspResponsesDirectory, ocspKeysDirectory] {
            for name in FetchCacheDirectory.entryNames(in: directory) {
                FetchCacheDirectory.remove(directory + "/" + name)
            }
        }
    }

    // MARK: Helpers

    /// The file name of an entry keyed by `key`: its SHA-256 in lower-case hex.
    static func name(_ key: some Collection<UInt8>) -> String { Hex.encode(SHA256.digest(key)) }

    /// What `accept` makes of the file at `path`: `nil` when there is none, and also when the file
    /// is unusable, does not decode, or `accept` refuses it, in which cases the file is removed.
    /// Sweeps pass `checkingDigest: false` (see ``FetchCacheFile/init(decoding:checkingDigest:)``).
    func readEntry<Value>(_ path: String, checkingDigest: Bool = true, _ accept: (FetchCacheFile) -> Value?) -> Value? {
        switch FetchCacheDirectory.read(path) {
        case .missing:
            return nil
        case .unusable:
            FetchCacheDirectory.remove(path)
            return nil
        case .contents(let bytes):
            if let file = FetchCacheFile(decoding: bytes, checkingDigest: checkingDigest), let value = accept(file) { return value }
            FetchCacheDirectory.remove(path)
            return nil
        }
    }

    /// The oldest-inserted of `entries` (ties: the lower name) down to
    /// ``FetchCacheLimits/evictionTarget`` when there are more than
    /// ``FetchCacheLimits/maximumEntries``, removed from `directory` unless `removing` is false.
    @discardableResult
    func evictOldest(_ entries: [(time: Int64, name: String)], in directory: String, removing: Bool = true) -> [String] {
        guard entries.count > FetchCacheLimits.maximumEntries else { return [] }
        let victims = entries.sorted { ($0.time, $0.name) < ($1.time, $1.name) }
            .prefix(entries.count - FetchCacheLimits.evictionTarget).map(\.name)
        if removing { for victim in victims { FetchCacheDirectory.remove(directory + "/" + victim) } }
        return victims
    }
}
