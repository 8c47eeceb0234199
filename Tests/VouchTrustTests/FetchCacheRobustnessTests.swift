import Foundation
import Testing
@testable import VouchTrust

/// What the cache does with directories it cannot use and files it did not write: an empty cache,
/// never an error, a crash or a hang (SECTRUST.md §16.6, issue 36 item 3).
@Suite struct FetchCacheRobustnessTests {
    static let uri = "http://ca.example/issuer.der"
    static let now: Int64 = 1_800_000_000

    /// A cache holding one caIssuers entry and one OCSP response, and the entry file's path.
    static func populated() -> (cache: FetchCache, caIssuersFile: String) {
        let cache = FetchCache(directory: FetchCacheFixture.directory())
        cache.storeCAIssuers(uri: uri, certificates: [Array("issuer".utf8)], expiry: now + 60, now: now)
        cache.storeOCSP(response: FetchCacheFixture.response(1), keys: [FetchCacheFixture.key(1)], expiry: now + 60, isRevoked: false, now: now)
        return (cache, cache.caIssuersDirectory + "/" + FetchCache.name(Array(uri.utf8)))
    }

    @Test("a missing directory reads as empty and is not created by reads; the first write creates it with mode 0700")
    func missingDirectory() throws {
        let directory = FetchCacheFixture.directory() + "/nested/deeper"
        let cache = FetchCache(directory: directory)
        defer { try? FileManager.default.removeItem(atPath: (directory as NSString).deletingLastPathComponent) }
        #expect(cache.caIssuersEntry(uri: Self.uri) == nil)
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(1)).isEmpty)
        cache.flush()
        cache.removeAll()
        #expect(!FileManager.default.fileExists(atPath: directory))
        cache.storeCAIssuers(uri: Self.uri, certificates: [[1]], expiry: Self.now, now: Self.now)
        #expect(cache.caIssuersEntry(uri: Self.uri) != nil)
        let mode = try FileManager.default.attributesOfItem(atPath: directory)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let file = cache.caIssuersDirectory + "/" + FetchCache.name(Array(Self.uri.utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
    }

    @Test("a directory below a regular file (mkdir fails for every user, root included) drops writes and reads nothing")
    func directoryUnderAFile() throws {
        let file = FetchCacheFixture.directory()
        try Data("a file".utf8).write(to: URL(fileURLWithPath: file))
        defer { try? FileManager.default.removeItem(atPath: file) }
        let cache = FetchCache(directory: file + "/cache")
        cache.storeCAIssuers(uri: Self.uri, certificates: [[1]], expiry: Self.now, now: Self.now)
        cache.storeOCSP(response: [1], keys: [FetchCacheFixture.key(1)], expiry: Self.now, isRevoked: false, now: Self.now)
        #expect(cache.caIssuersEntry(uri: Self.uri) == nil)
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(1)).isEmpty)
        cache.flush()
        cache.removeAll()
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data("a file".utf8))
    }

    @Test(
        "a read-only cache (every directory chmod 0500, or chattr +i when running as root) still answers reads and drops writes",
        .enabled(if: ReadOnlyDirectory.isAvailable, "running as root without chattr +i: directoryUnderAFile covers the unwritable case"))
    func readOnlyDirectory() throws {
        let (cache, _) = Self.populated()
        defer { FetchCacheFixture.remove(cache) }
        let directories = [cache.directory, cache.caIssuersDirectory, cache.ocspDirectory, cache.ocspResponsesDirectory, cache.ocspKeysDirectory]
        ReadOnlyDirectory.set(directories, readOnly: true)
        defer { ReadOnlyDirectory.set(directories, readOnly: false) }
        cache.storeCAIssuers(uri: Self.uri + "2", certificates: [[2]], expiry: Self.now, now: Self.now)
        cache.storeOCSP(response: [2], keys: [FetchCacheFixture.key(2)], expiry: Self.now, isRevoked: false, now: Self.now)
        #expect(cache.caIssuersEntry(uri: Self.uri + "2") == nil)
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(2)).isEmpty)
        #expect(cache.caIssuersEntry(uri: Self.uri) != nil)
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(1)).count == 1)
        cache.flush()
        cache.removeAll()  // cannot remove: nothing changes, nothing fails
        #expect(cache.caIssuersEntry(uri: Self.uri) != nil)
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(1)).count == 1)
    }

    @Test("every truncation and every single flipped bit of an entry file reads as absent, and the file is removed")
    func truncatedAndFlipped() throws {
        let (cache, path) = Self.populated()
        defer { FetchCacheFixture.remove(cache) }
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var variants: [[UInt8]] = (0..<original.count).map { Array(original.prefix($0)) }
        for index in original.indices {
            for bit in 0..<8 {
                var flipped = original
                flipped[index] ^= 1 << bit
                variants.append(flipped)
            }
        }
        variants.append(original + [0])
        for variant in variants {
            FetchCacheFixture.write(variant, to: path)
            #expect(cache.caIssuersEntry(uri: Self.uri) == nil, "\(variant.count) octets")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        try Data(original).write(to: URL(fileURLWithPath: path))
        #expect(cache.caIssuersEntry(uri: Self.uri) != nil)
    }

    @Test("a directory, a symbolic link to a valid entry, a FIFO, another URI's or another kind's file in an entry's place read as absent")
    func foreignFiles() throws {
        let (cache, path) = Self.populated()
        defer { FetchCacheFixture.remove(cache) }
        let valid = try Data(contentsOf: URL(fileURLWithPath: path))
        let elsewhere = cache.directory + "/valid-copy"
        try valid.write(to: URL(fileURLWithPath: elsewhere))
        let otherURI = FetchCache(directory: FetchCacheFixture.directory())
        defer { FetchCacheFixture.remove(otherURI) }
        otherURI.storeCAIssuers(uri: Self.uri + "/other", certificates: [[9]], expiry: Self.now, now: Self.now)
        let otherFile = otherURI.caIssuersDirectory + "/" + FetchCache.name(Array((Self.uri + "/other").utf8))
        let responseFile = FetchCacheFixture.responsePath(cache, 1, expiry: Self.now + 60)
        let places: [(String, () throws -> Void)] = [
            ("directory", { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false) }),
            ("symbolic link", { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: elsewhere) }),
            ("FIFO", { #expect(mkfifo(path, 0o600) == 0) }),
            ("another URI's entry", { try FileManager.default.copyItem(atPath: otherFile, toPath: path) }),
            ("an OCSP response", { try FileManager.default.copyItem(atPath: responseFile, toPath: path) }),
            ("a sparse file over maximumFileBytes", {
                #expect(FileManager.default.createFile(atPath: path, contents: nil))
                #expect(truncate(path, off_t(FetchCacheLimits.maximumFileBytes + 1)) == 0)
            }),
        ]
        for (what, make) in places {
            try? FileManager.default.removeItem(atPath: path)
            try make()
            #expect(cache.caIssuersEntry(uri: Self.uri) == nil, "\(what)")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == nil, "\(what)")
            #expect(!FileManager.default.fileExists(atPath: path), "\(what) removed")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: elsewhere)) == valid)  // a link's target is never touched
    }

    @Test("OCSP: a dangling index name, a corrupt response and a corrupt index are skipped; the others still answer")
    func ocspDamage() throws {
        let (cache, _) = Self.populated()
        defer { FetchCacheFixture.remove(cache) }
        let key = FetchCacheFixture.key(1)
        cache.storeOCSP(response: FetchCacheFixture.response(2), keys: [key], expiry: Self.now + 120, isRevoked: false, now: Self.now)
        #expect(cache.ocspEntries(for: key).count == 2)
        try FileManager.default.removeItem(atPath: FetchCacheFixture.responsePath(cache, 2, expiry: Self.now + 120))
        #expect(cache.ocspEntries(for: key).map(\.response) == [FetchCacheFixture.response(1)])
        let responseFile = FetchCacheFixture.responsePath(cache, 1, expiry: Self.now + 60)
        try Data("junk".utf8).write(to: URL(fileURLWithPath: responseFile))
        #expect(cache.ocspEntries(for: key).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: responseFile))
        let indexFile = cache.ocspKeysDirectory + "/" + FetchCache.name(key.encoded)
        try Data([0x30, 0x00]).write(to: URL(fileURLWithPath: indexFile))
        #expect(cache.ocspEntries(for: key).isEmpty)
        cache.storeOCSP(response: FetchCacheFixture.response(3), keys: [key], expiry: Self.now + 60, isRevoked: false, now: Self.now)
        #expect(cache.ocspEntries(for: key).map(\.response) == [FetchCacheFixture.response(3)])
    }

    @Test("OCSP response file names: canonical <sha256>-<expiry>-<g|r> only; a response renamed to another expiry or status reads as absent and is removed")
    func responseFileNames() throws {
        let digest = String(repeating: "ab", count: 32)
        for (text, valid) in [
            ("\(digest)-1800000000-g", true), ("\(digest)--5-r", true), ("\(digest)-0-g", true),
            ("\(digest)-9223372036854775807-r", true), ("\(digest)-9223372036854775808-r", false),
            ("\(digest)-+5-g", false), ("\(digest)-05-g", false), ("\(digest)--0-g", false), ("\(digest)-5-x", false),
            ("\(digest)-5", false), ("\(digest.uppercased())-5-g", false), ("\(digest.dropLast())-5-g", false), (digest, false),
        ] {
            #expect((OCSPResponseFileName(text) != nil) == valid, "\(text)")
            #expect(OCSPResponseFileName(text).map(\.text) == (valid ? text : nil))
        }
        let (cache, _) = Self.populated()
        defer { FetchCacheFixture.remove(cache) }
        let stored = FetchCacheFixture.responsePath(cache, 1, expiry: Self.now + 60)
        for renamed in [FetchCacheFixture.responsePath(cache, 1, expiry: Self.now + 61), FetchCacheFixture.responsePath(cache, 1, expiry: Self.now + 60, isRevoked: true)] {
            let key = FetchCacheFixture.key(1)
            cache.storeOCSP(response: FetchCacheFixture.response(1), keys: [key], expiry: Self.now + 60, isRevoked: false, now: Self.now)
            try FileManager.default.moveItem(atPath: stored, toPath: renamed)
            // The index still names the true file; point it at the renamed one, as a tamperer would.
            let name = try #require(OCSPResponseFileName((renamed as NSString).lastPathComponent))
            let index = FetchCacheFile.ocspKeyIndex(key: key, responses: [name])
            FetchCacheFixture.write(index.encoded, to: cache.ocspKeysDirectory + "/" + FetchCache.name(key.encoded))
            #expect(cache.ocspEntries(for: key).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: renamed))
        }
    }

    @Test("names that are not entries are left alone; a temporary file older than staleTemporaryFileAge is swept, a recent one is not")
    func otherNames() throws {
        let (cache, _) = Self.populated()
        defer { FetchCacheFixture.remove(cache) }
        let directory = cache.ocspResponsesDirectory
        let readme = directory + "/README", stale = directory + "/.tmp-1-2-old", fresh = directory + "/.tmp-1-3-new"
        for path in [readme, stale, fresh] { #expect(FileManager.default.createFile(atPath: path, contents: Data([1]))) }
        let old = Date().addingTimeInterval(-Double(FetchCacheLimits.staleTemporaryFileAge) - 60)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: stale)
        cache.storeOCSP(response: FetchCacheFixture.response(2), keys: [FetchCacheFixture.key(2)], expiry: Self.now + 60, isRevoked: false, now: Self.now)
        #expect(FileManager.default.fileExists(atPath: readme) && FileManager.default.fileExists(atPath: fresh))
        #expect(!FileManager.default.fileExists(atPath: stale))
        #expect(cache.ocspEntries(for: FetchCacheFixture.key(1)).count == 1)
    }
}

/// Directories nobody may write: mode 0500 for an ordinary user; for root, which writes through
/// modes, the immutable attribute (`chattr +i`, where the file system and capabilities allow it).
enum ReadOnlyDirectory {
    static let isRoot = geteuid() == 0

    /// Whether ``set(_:readOnly:)`` really stops writes here (probed once on a scratch directory).
    static let isAvailable: Bool = {
        guard isRoot else { return true }
        let probe = FetchCacheFixture.directory()
        guard (try? FileManager.default.createDirectory(atPath: probe, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(atPath: probe) }
        set([probe], readOnly: true)
        defer { set([probe], readOnly: false) }
        return mkdir(probe + "/x", 0o700) != 0
    }()

    static func set(_ directories: [String], readOnly: Bool) {
        for directory in directories {
            if isRoot {
                let chattr = Process()
                chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
                chattr.arguments = [readOnly ? "+i" : "-i", directory]
                chattr.standardError = FileHandle.nullDevice
                guard (try? chattr.run()) != nil else { continue }
                chattr.waitUntilExit()
            } else {
                chmod(directory, readOnly ? 0o500 : 0o700)
            }
        }
    }
}
