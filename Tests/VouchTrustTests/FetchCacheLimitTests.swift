import Foundation
import Testing
@testable import VouchTrust

/// FetchCacheLimits at N and N + 1 (docs/LIMITS.md).
@Suite struct FetchCacheLimitTests {
    static let now: Int64 = 1_800_000_000

    /// Writes `count` caIssuers entry files straight into the cache (no `fsync`), inserted at 1 … count.
    static func fillCAIssuers(_ cache: FetchCache, count: Int) throws {
        try FileManager.default.createDirectory(atPath: cache.caIssuersDirectory, withIntermediateDirectories: true)
        for index in 1...count {
            let uri = Array("http://filler.example/\(index)".utf8)
            let file = FetchCacheFile.caIssuers(uri: uri, entry: CAIssuersEntry(certificates: [[1, 2, 3]], expiry: now, inserted: Int64(index)))
            FetchCacheFixture.write(file.encoded, to: cache.caIssuersDirectory + "/" + FetchCache.name(uri))
        }
    }

    /// Writes `count` OCSP response files straight into the cache, inserted at 1 … count, unexpired.
    static func fillOCSP(_ cache: FetchCache, count: Int) throws {
        try FileManager.default.createDirectory(atPath: cache.ocspResponsesDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cache.ocspKeysDirectory, withIntermediateDirectories: true)
        for index in 1...count {
            let response = FetchCacheFixture.response(10_000 + index)
            let entry = OCSPCacheEntry(response: response, expiry: now + 3_600, inserted: Int64(index), isRevoked: false)
            let file = FetchCacheFile.ocspResponse(keys: [FetchCacheFixture.key(index)], entry: entry)
            FetchCacheFixture.write(file.encoded, to: cache.responsePath(OCSPResponseFileName(entry)))
        }
    }

    @Test("maximumEntries (caIssuers): 4,096 entries kept / the 4,097th evicts the oldest-inserted down to evictionTarget (3,584)")
    func caIssuersEntries() throws {
        #expect(FetchCacheLimits.maximumEntries == 4_096 && FetchCacheLimits.evictionTarget == 3_584)
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        try Self.fillCAIssuers(cache, count: FetchCacheLimits.maximumEntries - 1)
        cache.storeCAIssuers(uri: "http://new.example/1", certificates: [[9]], expiry: Self.now, now: Self.now)
        #expect(FetchCacheFixture.entries(cache.caIssuersDirectory).count == FetchCacheLimits.maximumEntries)
        #expect(cache.caIssuersEntry(uri: "http://filler.example/1") != nil)
        cache.storeCAIssuers(uri: "http://new.example/2", certificates: [[9]], expiry: Self.now, now: Self.now)
        #expect(FetchCacheFixture.entries(cache.caIssuersDirectory).count == FetchCacheLimits.evictionTarget)
        let evicted = FetchCacheLimits.maximumEntries + 1 - FetchCacheLimits.evictionTarget
        #expect(cache.caIssuersEntry(uri: "http://filler.example/\(evicted)") == nil)
        #expect(cache.caIssuersEntry(uri: "http://filler.example/\(evicted + 1)") != nil)
        #expect(cache.caIssuersEntry(uri: "http://new.example/1") != nil && cache.caIssuersEntry(uri: "http://new.example/2") != nil)
    }

    @Test("maximumEntries (OCSP): 4,096 responses kept / the 4,097th evicts the oldest-inserted, and their indexes")
    func ocspEntries() throws {
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        try Self.fillOCSP(cache, count: FetchCacheLimits.maximumEntries - 2)
        // One through the API, so that one filler-era key has an index to lose.
        cache.storeOCSP(response: FetchCacheFixture.response(1), keys: [FetchCacheFixture.key(1)], expiry: Self.now + 60, isRevoked: true, now: 0)
        cache.storeOCSP(response: FetchCacheFixture.response(2), keys: [FetchCacheFixture.key(2)], expiry: Self.now + 60, isRevoked: false, now: Self.now)
        #expect(FetchCacheFixture.entries(cache.ocspResponsesDirectory).count == FetchCacheLimits.maximumEntries)
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(1)).count == 1)
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            cache.storeOCSP(response: FetchCacheFixture.response(3), keys: [FetchCacheFixture.key(3)], expiry: Self.now + 60, isRevoked: false, now: Self.now)
        }
        print("FetchCache: an OCSP write that sweeps \(FetchCacheLimits.maximumEntries + 1) responses and evicts: \(elapsed)")
        #expect(FetchCacheFixture.entries(cache.ocspResponsesDirectory).count == FetchCacheLimits.evictionTarget)
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(1)).isEmpty)  // revoked, but the oldest: the bound wins
        #expect(FetchCacheFixture.entries(cache.ocspKeysDirectory).count == 2)
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(3)).count == 1)
    }

    @Test("maximumPayloadBytes: 1 MiB of certificates or response stored / 1 MiB + 1 not")
    func payloadBytes() throws {
        #expect(FetchCacheLimits.maximumPayloadBytes == 1 << 20)
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        let limit = FetchCacheLimits.maximumPayloadBytes
        for (extra, stored) in [(0, true), (1, false)] {
            let uri = "http://big.example/\(extra)"
            cache.storeCAIssuers(uri: uri, certificates: [[UInt8](repeating: 1, count: limit - 10), [UInt8](repeating: 2, count: 10 + extra)], expiry: Self.now, now: Self.now)
            #expect((cache.caIssuersEntry(uri: uri) != nil) == stored, "caIssuers +\(extra)")
            let key = FetchCacheFixture.key(extra)
            cache.storeOCSP(response: [UInt8](repeating: 3, count: limit + extra), keys: [key], expiry: Self.now, isRevoked: false, now: Self.now)
            #expect(cache.ocspEntries(for: key).count == (stored ? 1 : 0), "OCSP +\(extra)")
        }
    }

    @Test("maximumFileBytes: a file of that size is read / one octet more is unusable unread")
    func fileBytes() throws {
        #expect(FetchCacheLimits.maximumFileBytes == (1 << 20) + (64 << 10))
        let path = FetchCacheFixture.directory()
        defer { try? FileManager.default.removeItem(atPath: path) }
        for (extra, readable) in [(0, true), (1, false)] {
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            #expect(truncate(path, off_t(FetchCacheLimits.maximumFileBytes + extra)) == 0)
            let outcome = FetchCacheDirectory.read(path)
            #expect((outcome != .unusable) == readable, "+\(extra)")
            #expect(FetchCacheFile(decoding: [UInt8](repeating: 0, count: FetchCacheLimits.maximumFileBytes + extra)) == nil)
        }
    }

    @Test("maximumURIBytes: a 4,096-octet URI is stored / 4,097 is not, and never looked up")
    func uriBytes() {
        #expect(FetchCacheLimits.maximumURIBytes == 4_096)
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        for (length, stored) in [(FetchCacheLimits.maximumURIBytes, true), (FetchCacheLimits.maximumURIBytes + 1, false)] {
            let uri = "http://" + String(repeating: "a", count: length - 7)
            cache.storeCAIssuers(uri: uri, certificates: [[1]], expiry: Self.now, now: Self.now)
            #expect((cache.caIssuersEntry(uri: uri) != nil) == stored, "\(length)")
        }
    }

    @Test("maximumKeyFieldBytes: a 255-octet serial number is a key / 256 is not")
    func keyFieldBytes() {
        #expect(FetchCacheLimits.maximumKeyFieldBytes == 255)
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        for (length, stored) in [(255, true), (256, false)] {
            var key = FetchCacheFixture.key(1)
            key.serialNumber = [UInt8](repeating: 7, count: length)
            cache.storeOCSP(response: FetchCacheFixture.response(length), keys: [key], expiry: Self.now, isRevoked: false, now: Self.now)
            #expect(cache.ocspEntries(for: key).count == (stored ? 1 : 0), "\(length)")
        }
        #expect(FetchCacheFixture.entries(cache.ocspResponsesDirectory).count == 1)
    }

    @Test("maximumKeysPerResponse: the 16th key finds the response / the 17th does not")
    func keysPerResponse() {
        #expect(FetchCacheLimits.maximumKeysPerResponse == 16)
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        let keys = (1...17).map(FetchCacheFixture.key)
        cache.storeOCSP(response: FetchCacheFixture.response(1), keys: keys, expiry: Self.now, isRevoked: false, now: Self.now)
        #expect(cache.ocspEntries(for: keys[15]).count == 1)
        #expect(cache.ocspEntries(for: keys[16]).isEmpty)
    }

    @Test("maximumResponsesPerKey: 16 responses under one key / the 17th drops the oldest")
    func responsesPerKey() {
        #expect(FetchCacheLimits.maximumResponsesPerKey == 16)
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        let key = FetchCacheFixture.key(1)
        for index in 1...16 {
            cache.storeOCSP(response: FetchCacheFixture.response(index), keys: [key], expiry: Self.now + Int64(index), isRevoked: false, now: Self.now)
        }
        #expect(cache.ocspEntries(for: key).count == 16)
        cache.storeOCSP(response: FetchCacheFixture.response(17), keys: [key], expiry: Self.now + 17, isRevoked: false, now: Self.now)
        let entries = cache.ocspEntries(for: key)
        #expect(entries.count == 16 && entries.first?.expiry == Self.now + 17 && entries.last?.expiry == Self.now + 2)
    }

    @Test("lockAttempts × lockRetryMicroseconds: a writer waits about 100 ms for another process's lock, then drops its write")
    func lockWait() throws {
        #expect(FetchCacheLimits.lockAttempts == 50 && FetchCacheLimits.lockRetryMicroseconds == 2_000)
        guard let flock = ["/usr/bin/flock", "/bin/flock"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            Issue.record("util-linux flock(1) is not installed")
            return
        }
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(cache) }
        cache.storeOCSP(response: FetchCacheFixture.response(1), keys: [FetchCacheFixture.key(1)], expiry: Self.now, isRevoked: false, now: Self.now)
        // flock(1) takes the same kind of lock (flock(2)) on the same directory, in another process.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: flock)
        holder.arguments = ["--exclusive", cache.ocspDirectory, "sleep", "1.5"]
        try holder.run()
        defer { holder.waitUntilExit() }
        usleep(300_000)  // flock(1) has it
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            cache.storeOCSP(response: FetchCacheFixture.response(2), keys: [FetchCacheFixture.key(2)], expiry: Self.now, isRevoked: false, now: Self.now)
        }
        #expect(elapsed >= .milliseconds(100) && elapsed < .milliseconds(1_000), "\(elapsed)")
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(2)).isEmpty)
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(1)).count == 1)  // readers take no lock
        holder.waitUntilExit()
        cache.storeOCSP(response: FetchCacheFixture.response(2), keys: [FetchCacheFixture.key(2)], expiry: Self.now, isRevoked: false, now: Self.now)
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(2)).count == 1)
    }
}
