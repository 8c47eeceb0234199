import Foundation
import Synchronization
import Testing
@testable import VouchTrust

/// Several writers and readers on one cache directory, as threads of this process and as separate
/// processes (this test binary started again, running ``worker()``): every read is nothing or a
/// complete entry exactly as one writer stored it, and the directory ends with only valid files.
@Suite struct FetchCacheConcurrencyTests {
    static let workerDirectory = "VOUCH_FETCH_CACHE_WORKER_DIRECTORY"
    static let workerNumber = "VOUCH_FETCH_CACHE_WORKER_NUMBER"

    @Test("6 threads, 150 operations each: stores and reads of shared and own keys, replacements, sweeps")
    func threads() throws {
        let directory = FetchCacheFixture.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // Threads, not tasks: the operations block on files, and the cooperative pool has a thread per core.
        let results = Mutex<[FetchCacheHammer.Result]>([])
        let done = DispatchSemaphore(value: 0)
        for worker in 0..<6 {
            Thread.detachNewThread {
                let result = FetchCacheHammer.run(directory: directory, worker: worker, operations: 150)
                results.withLock { $0.append(result) }
                done.signal()
            }
        }
        for _ in 0..<6 { done.wait() }
        let all = results.withLock { $0 }
        for result in all { #expect(result.problems.isEmpty, "\(result.problems.prefix(5))") }
        #expect(all.reduce(0) { $0 + $1.hits } > 0)
        FetchCacheHammer.checkDirectory(directory)
    }

    @Test("4 processes, 150 operations each, on one directory")
    func processes() throws {
        let directory = FetchCacheFixture.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var children: [Process] = []
        for worker in 0..<4 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["--testing-library", "swift-testing", "--filter", "FetchCacheConcurrencyTests/worker"]
            var environment = ProcessInfo.processInfo.environment
            environment[Self.workerDirectory] = directory
            environment[Self.workerNumber] = String(worker)
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            children.append(process)
        }
        for (worker, child) in children.enumerated() {
            child.waitUntilExit()
            #expect(child.terminationStatus == 0, "worker \(worker)")
            let report = try? String(contentsOfFile: directory + "/worker-\(worker).result", encoding: .utf8)
            #expect(report?.hasPrefix("ok ") == true, "worker \(worker): \(report ?? "no report")")
        }
        FetchCacheHammer.checkDirectory(directory)
    }

    @Test("one worker process of processes()", .enabled(if: ProcessInfo.processInfo.environment[FetchCacheConcurrencyTests.workerDirectory] != nil, "runs only when processes() starts it"))
    func worker() throws {
        let environment = ProcessInfo.processInfo.environment
        let directory = try #require(environment[Self.workerDirectory])
        let worker = try #require(environment[Self.workerNumber].flatMap { Int($0) })
        let result = FetchCacheHammer.run(directory: directory, worker: worker, operations: 150)
        #expect(result.problems.isEmpty, "\(result.problems.prefix(5))")
        let report = result.problems.isEmpty ? "ok \(result.reads) reads, \(result.hits) hits\n" : "failed: \(result.problems.prefix(5))\n"
        try report.write(toFile: directory + "/worker-\(worker).result", atomically: true, encoding: .utf8)
    }
}

/// The load of the concurrency tests, and the check that every value read is one that was written.
enum FetchCacheHammer {
    struct Result: Sendable {
        var reads = 0
        var hits = 0
        var problems: [String] = []
    }

    static let base: Int64 = 1_800_000_000
    static let sharedURIs = ["http://shared.example/a.der", "http://shared.example/b.der"]
    static let sharedKeys = [FetchCacheFixture.key(1000), FetchCacheFixture.key(1001)]

    /// Octets that say who wrote them: `w<worker>s<sequence>:` and a filler that depends on both,
    /// 100 to about 3,000 octets long.
    static func payload(worker: Int, sequence: Int, part: Int) -> [UInt8] {
        let prefix = Array("w\(worker)s\(sequence)p\(part):".utf8)
        let length = 100 + (worker * 977 + sequence * 131 + part * 59) % 2_900
        return prefix + (0..<length).map { UInt8(truncatingIfNeeded: $0 &* (worker + 3) &+ sequence) }
    }

    /// The writer and sequence that `bytes` name, if they start as ``payload(worker:sequence:part:)`` does.
    static func origin(_ bytes: [UInt8]) -> (worker: Int, sequence: Int)? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let text = String(decoding: bytes[..<colon], as: UTF8.self)
        let parts = text.dropFirst().split(whereSeparator: { "sp".contains($0) })
        guard text.first == "w", parts.count == 3, let worker = Int(parts[0]), let sequence = Int(parts[1]) else { return nil }
        return (worker, sequence)
    }

    static func caIssuersEntry(worker: Int, sequence: Int) -> CAIssuersEntry {
        CAIssuersEntry(
            certificates: [payload(worker: worker, sequence: sequence, part: 0), payload(worker: worker, sequence: sequence, part: 1)],
            expiry: base + Int64(sequence * 10 + worker), inserted: base + Int64(sequence))
    }

    static func ocspEntry(worker: Int, sequence: Int) -> OCSPCacheEntry {
        let inserted = base + Int64(sequence * 5)
        return OCSPCacheEntry(
            response: payload(worker: worker, sequence: sequence, part: 2),
            expiry: inserted + (sequence % 3 == 0 ? -1 : 1_000), inserted: inserted, isRevoked: sequence % 7 == 0)
    }

    /// `operations` random stores and reads by `worker` on `directory`, each read checked.
    static func run(directory: String, worker: Int, operations: Int) -> Result {
        let cache = FetchCache(directory: directory)
        let ownURI = "http://own.example/\(worker).der", ownKey = FetchCacheFixture.key(2000 + worker)
        var generator = SystemRandomNumberGenerator()
        var result = Result()
        for sequence in 0..<operations {
            let uri = Int.random(in: 0..<3, using: &generator) == 0 ? ownURI : sharedURIs[sequence % 2]
            let key = Int.random(in: 0..<3, using: &generator) == 0 ? ownKey : sharedKeys[sequence % 2]
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                let entry = caIssuersEntry(worker: worker, sequence: sequence)
                cache.storeCAIssuers(uri: uri, certificates: entry.certificates, expiry: entry.expiry, now: entry.inserted)
            case 1:
                let entry = ocspEntry(worker: worker, sequence: sequence)
                let keys = key == ownKey ? [ownKey, sharedKeys[0]] : [key]
                let replacing = Bool.random(using: &generator) ? cache.ocspEntries(for: key).first : nil
                cache.storeOCSP(
                    response: entry.response, keys: keys, expiry: entry.expiry, isRevoked: entry.isRevoked, now: entry.inserted,
                    replacing: replacing)
            case 2:
                result.reads += 1
                guard let entry = cache.caIssuersEntry(uri: uri) else { continue }
                result.hits += 1
                if let origin = origin(entry.certificates.first ?? []), entry == caIssuersEntry(worker: origin.worker, sequence: origin.sequence) {
                    continue
                }
                result.problems.append("caIssuers entry not as written: \(entry.certificates.map(\.count)), \(entry.expiry)")
            default:
                result.reads += 1
                let entries = cache.ocspEntries(for: key)
                result.hits += entries.isEmpty ? 0 : 1
                for entry in entries {
                    if let origin = origin(entry.response), entry == ocspEntry(worker: origin.worker, sequence: origin.sequence) { continue }
                    result.problems.append("OCSP entry not as written: \(entry.response.count) octets, \(entry.expiry)")
                }
                if entries.map(\.expiry) != entries.map(\.expiry).sorted(by: >) { result.problems.append("OCSP entries out of order") }
            }
        }
        return result
    }

    /// Every file left in the cache's directories is an entry that decodes; no temporary is left.
    static func checkDirectory(_ directory: String) {
        let cache = FetchCache(directory: directory)
        for folder in [cache.caIssuersDirectory, cache.ocspResponsesDirectory, cache.ocspKeysDirectory] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            #expect(!names.isEmpty, "\(folder) holds entries")
            for name in names {
                #expect(FetchCacheDirectory.isEntryName(name), "\(name) in \(folder)")
                guard case .contents(let bytes) = FetchCacheDirectory.read(folder + "/" + name) else {
                    Issue.record("\(name) in \(folder) unreadable")
                    continue
                }
                #expect(FetchCacheFile(decoding: bytes) != nil, "\(name) in \(folder)")
            }
        }
        #expect(cache.ocspEntries(forAnyOf: sharedKeys).allSatisfy { origin($0.response) != nil })
    }
}
