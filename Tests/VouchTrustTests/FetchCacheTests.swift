import Foundation
import Testing
@testable import VouchTrust

/// The caches' semantics, from Apple's `CAIssuerCacheTests.m` and `OCSPCacheTests.m`
/// (SECTRUST.md §16.8 items 2, 4 and 5) and SecOCSPCache.c's SQL, on real files.
@Suite struct FetchCacheTests {
    static let uri = "http://certs.apple.com/apsecc12g1.der"
    static let certificate: [UInt8] = Array("certificate one".utf8)
    static let now: Int64 = 1_800_000_000

    @Test("caIssuers testCacheOps: expiry = now is returned but not fresh (strict >); removeAll and flush empty the cache")
    func caIssuersOperations() throws {
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        #expect(cache.caIssuersEntry(uri: Self.uri) == nil)
        cache.storeCAIssuers(uri: Self.uri, certificates: [Self.certificate], expiry: Self.now, now: Self.now)
        let entry = try #require(cache.caIssuersEntry(uri: Self.uri))
        #expect(entry == CAIssuersEntry(certificates: [Self.certificate], expiry: Self.now, inserted: Self.now))
        #expect(!entry.isFresh(at: Self.now))
        #expect(entry.isFresh(at: Self.now - 1))
        #expect(cache.caIssuersEntry(uri: Self.uri + "x") == nil)
        cache.removeAll()
        #expect(cache.caIssuersEntry(uri: Self.uri) == nil)
        cache.storeCAIssuers(uri: Self.uri, certificates: [Self.certificate], expiry: Self.now, now: Self.now)
        cache.flush()
        #expect(cache.caIssuersEntry(uri: Self.uri) == nil)
    }

    @Test("caIssuers: a store over an expired entry replaces it (testExpiredCacheNetworkSuccess); an empty list stores nothing")
    func caIssuersReplace() throws {
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        cache.storeCAIssuers(uri: Self.uri, certificates: [Self.certificate], expiry: Self.now - 10, now: Self.now - 100)
        #expect(cache.caIssuersEntry(uri: Self.uri)?.isFresh(at: Self.now) == false)
        let fetched = [Array("intermediate".utf8), Array("root".utf8)]
        cache.storeCAIssuers(uri: Self.uri, certificates: fetched, expiry: Self.now + 86_400, now: Self.now)
        let entry = try #require(cache.caIssuersEntry(uri: Self.uri))
        #expect(entry.certificates == fetched && entry.isFresh(at: Self.now) && entry.inserted == Self.now)
        cache.storeCAIssuers(uri: Self.uri, certificates: [], expiry: Self.now + 1, now: Self.now)
        #expect(cache.caIssuersEntry(uri: Self.uri) == entry)
        #expect(FetchCacheFixture.entries(cache.caIssuersDirectory).count == 1)
    }

    @Test("OCSP testNewDatabase / ReOpen / replaceResponse: write, read, read through a new FetchCache, replace")
    func ocspWriteReadReopenReplace() throws {
        let directory = FetchCacheFixture.directory()
        let cache = FetchCache(directory: directory)
        defer { FetchCacheFixture.remove(cache) }
        let key = FetchCacheFixture.key(1)
        cache.storeOCSP(response: FetchCacheFixture.response(1), keys: [key], expiry: Self.now + 3_600, isRevoked: false, now: Self.now)
        let first = try #require(cache.ocspEntries(for: key).first)
        #expect(first == OCSPCacheEntry(response: FetchCacheFixture.response(1), expiry: Self.now + 3_600, inserted: Self.now, isRevoked: false))
        let reopened = FetchCache(directory: directory)
        #expect(reopened.ocspEntries(for: key) == [first])
        reopened.storeOCSP(
            response: FetchCacheFixture.response(2), keys: [key], expiry: Self.now + 7_200, isRevoked: false, now: Self.now + 60,
            replacing: first)
        #expect(cache.ocspEntries(for: key).map(\.response) == [FetchCacheFixture.response(2)])
        #expect(FetchCacheFixture.entries(cache.ocspResponsesDirectory).count == 1)
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(2)).isEmpty)
    }

    @Test("OCSP testGCExpiredResponses: the next write deletes an expired good entry (2 ⇒ 1); expiry = now is not yet past (expires<?)")
    func ocspExpiredGoodIsDeleted() throws {
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        let key = FetchCacheFixture.key(1)
        cache.storeOCSP(response: FetchCacheFixture.response(1), keys: [key], expiry: Self.now, isRevoked: false, now: Self.now - 600)
        cache.storeOCSP(response: FetchCacheFixture.response(2), keys: [key], expiry: Self.now + 600, isRevoked: false, now: Self.now)
        #expect(FetchCacheFixture.entries(cache.ocspResponsesDirectory).count == 2)
        #expect(cache.ocspEntries(for: key).map(\.expiry) == [Self.now + 600, Self.now])  // no expiry filter, highest first
        cache.storeOCSP(response: FetchCacheFixture.response(3), keys: [FetchCacheFixture.key(2)], expiry: Self.now + 600, isRevoked: false, now: Self.now + 1)
        #expect(cache.ocspEntries(for: key).map(\.response) == [FetchCacheFixture.response(2)])
        #expect(FetchCacheFixture.entries(cache.ocspResponsesDirectory).count == 2)
    }

    @Test("OCSP testNoGCExpiredRevokedResponses: an expired revoked entry survives the next write (2 ⇒ 2)")
    func ocspExpiredRevokedStays() throws {
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        let key = FetchCacheFixture.key(1)
        cache.storeOCSP(response: FetchCacheFixture.response(1), keys: [key], expiry: Self.now - 86_400, isRevoked: true, now: Self.now - 90_000)
        cache.storeOCSP(response: FetchCacheFixture.response(2), keys: [key], expiry: Self.now + 600, isRevoked: false, now: Self.now)
        #expect(FetchCacheFixture.entries(cache.ocspResponsesDirectory).count == 2)
        #expect(cache.ocspEntries(for: key).map(\.isRevoked) == [false, true])
    }

    @Test("OCSP: a flush keeps revoked responses and drops the rest (SecOCSPCacheFlush's flushSQL); removeAll drops all")
    func ocspFlush() throws {
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        cache.storeOCSP(response: FetchCacheFixture.response(1), keys: [FetchCacheFixture.key(1)], expiry: Self.now + 600, isRevoked: true, now: Self.now)
        cache.storeOCSP(response: FetchCacheFixture.response(2), keys: [FetchCacheFixture.key(2)], expiry: Self.now + 600, isRevoked: false, now: Self.now)
        cache.flush()
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(1)).count == 1)
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(2)).isEmpty)
        #expect(FetchCacheFixture.entries(cache.ocspKeysDirectory).count == 1)  // the good one's index went with it
        cache.removeAll()
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(1)).isEmpty)
        #expect(FetchCacheFixture.entries(cache.ocspResponsesDirectory).isEmpty && FetchCacheFixture.entries(cache.ocspKeysDirectory).isEmpty)
    }

    @Test("OCSP: one response under several keys; replacing it through one key removes it for all; the same octets keep their old keys")
    func ocspSeveralKeys() throws {
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        let (a, b, c) = (FetchCacheFixture.key(1), FetchCacheFixture.key(2), FetchCacheFixture.key(3))
        cache.storeOCSP(response: FetchCacheFixture.response(1), keys: [a, b], expiry: Self.now + 600, isRevoked: false, now: Self.now)
        let shared = try #require(cache.ocspEntries(for: a).first)
        #expect(cache.ocspEntries(for: b) == [shared])
        // The same response again under c: a and b still find it.
        cache.storeOCSP(response: FetchCacheFixture.response(1), keys: [c], expiry: Self.now + 600, isRevoked: false, now: Self.now)
        #expect([a, b, c].map { cache.ocspEntries(for: $0).count } == [1, 1, 1])
        #expect(cache.ocspEntries(forAnyOf: [a, b, c]).count == 1)
        cache.storeOCSP(response: FetchCacheFixture.response(2), keys: [a], expiry: Self.now + 900, isRevoked: false, now: Self.now, replacing: shared)
        #expect(cache.ocspEntries(for: a).map(\.response) == [FetchCacheFixture.response(2)])
        #expect(cache.ocspEntries(for: b).isEmpty && cache.ocspEntries(for: c).isEmpty)  // dangling names are skipped
        #expect(FetchCacheFixture.entries(cache.ocspKeysDirectory).count == 1)  // and their indexes swept
    }

    @Test("defaultDirectory: $XDG_CACHE_HOME/vouch when absolute, else $HOME/.cache/vouch")
    func defaultDirectory() {
        let environment = ProcessInfo.processInfo.environment
        let expected: String? =
            if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { cache + "/vouch" }
            else if let home = environment["HOME"], home.hasPrefix("/") { home + "/.cache/vouch" }
            else { nil }
        #expect(FetchCache.defaultDirectory == expected)
    }
}

/// Directories, keys and responses for the FetchCache suites.
enum FetchCacheFixture {
    /// A path under the temporary directory that does not exist yet.
    static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("vouch-cache-\(UUID().uuidString)").path
    }

    /// Removes the cache's directory (after making it writable again).
    static func remove(_ cache: FetchCache) {
        chmod(cache.directory, 0o700)
        try? FileManager.default.removeItem(atPath: cache.directory)
    }

    /// A SHA-1 CertID key whose hashes and serial derive from `number`.
    static func key(_ number: Int) -> OCSPCacheKey {
        let low = UInt8(truncatingIfNeeded: number), high = UInt8(truncatingIfNeeded: number >> 8)
        return OCSPCacheKey(
            hashAlgorithm: [0x2B, 0x0E, 0x03, 0x02, 0x1A], issuerNameHash: Array(repeating: 0xA1, count: 20),
            issuerKeyHash: Array(repeating: 0xB2, count: 20), serialNumber: [0x01, high, low])
    }

    /// Stand-in octets for an OCSP response (the cache does not parse them).
    static func response(_ number: Int) -> [UInt8] { Array("ocsp response \(number)".utf8) + Array(repeating: 0x30, count: 200) }

    /// Writes `bytes` to `path` in place, quickly (Foundation's `Data.write` syncs: 7 ms a file here).
    static func write(_ bytes: [UInt8], to path: String) {
        guard let file = fopen(path, "wb") else { return }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }

    /// The path of the file of ``response(_:)`` `number` stored with `expiry` and `isRevoked`.
    static func responsePath(_ cache: FetchCache, _ number: Int, expiry: Int64, isRevoked: Bool = false) -> String {
        cache.responsePath(OCSPResponseFileName(OCSPCacheEntry(response: response(number), expiry: expiry, inserted: 0, isRevoked: isRevoked)))
    }

    /// The entry names in `directory`.
    static func entries(_ directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(FetchCacheDirectory.isEntryName).sorted()
    }
}
