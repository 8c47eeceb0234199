import ArgumentParser
import VouchCrypto
import VouchDER
import VouchX509

#if canImport(Glibc)
import Glibc
#endif

/// `vouch speed`: single-threaded operations per second, like `openssl speed`.
struct SpeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "speed",
        abstract: "Measure single-threaded speed of parsing, hashing and verification.",
        discussion: """
            Each operation runs for --seconds (default 1). Name operations to run only those \
            (e.g. `vouch speed parse sha256`). Compare with `openssl speed` run in the same minute: \
            these machines are shared, so only ratios measured together mean anything.
            """
    )

    @Argument(help: "Operations to run (default: all). Known: \(SpeedOperation.all.map(\.name).joined(separator: ", ")).")
    var operations: [String] = []

    @Option(help: "Seconds to run each operation.")
    var seconds: Double = 1

    @Option(help: "Run each operation exactly this many times, untimed (for counting allocations under valgrind).")
    var exactly: Int?

    @Flag(help: "Print one JSON object.")
    var json = false

    func validate() throws {
        let unknown = operations.filter { name in !SpeedOperation.all.contains { $0.name == name } }
        guard unknown.isEmpty else { throw ValidationError("unknown operation: \(unknown.joined(separator: ", "))") }
        guard seconds > 0, seconds <= 600 else { throw ValidationError("--seconds must be in (0, 600]") }
    }

    func run() throws {
        let selected = operations.isEmpty ? SpeedOperation.all : SpeedOperation.all.filter { operations.contains($0.name) }
        var results: [(String, JSONValue)] = []
        for operation in selected {
            let prepared: SpeedOperation.Prepared
            do { prepared = try operation.prepare() } catch {
                printError("speed: \(operation.name): \(error)")
                throw ExitStatus.badInput
            }
            if let exactly {
                var remaining = exactly
                while remaining > 0 { remaining -= prepared.batch(min(remaining, 1)) }
                continue
            }
            let (count, elapsed) = Self.measure(prepared, seconds: seconds)
            let perSecond = Double(count) / elapsed
            if let bytes = prepared.bytesPerOperation {
                let rate = perSecond * Double(bytes)
                results.append((operation.name, .object([("bytes_per_s", .double(rate.rounded()))])))
                if !json { print("\(operation.name.padding(toLength: 14)) \(format(rate / 1_000_000)) MB/s") }
            } else {
                let microseconds = 1_000_000 / perSecond
                results.append((operation.name, .object([("ops_per_s", .double(perSecond.rounded())), ("us_per_op", .double((microseconds * 1000).rounded() / 1000))])))
                if !json { print("\(operation.name.padding(toLength: 14)) \(format(perSecond)) ops/s  \(format(microseconds)) µs/op") }
            }
        }
        if json && exactly == nil { print(JSONValue.object(results).serialized) }
    }

    /// Runs batches until `seconds` have passed; returns operations done and seconds taken.
    static func measure(_ prepared: SpeedOperation.Prepared, seconds: Double) -> (Int, Double) {
        _ = prepared.batch(1)  // warm caches and lazily built tables
        let clock = ContinuousClock()
        let start = clock.now
        var count = 0
        var batchSize = 1
        while true {
            count += prepared.batch(batchSize)
            let elapsed = clock.now - start
            let secondsElapsed = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            if secondsElapsed >= seconds { return (count, secondsElapsed) }
            batchSize = min(batchSize * 2, 1 << 16)
        }
    }

    private func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return String(rounded)
    }
}

/// One thing `vouch speed` measures.
struct SpeedOperation: Sendable {
    /// A ready-to-run operation: `batch(n)` does about `n` operations and returns how many it did.
    struct Prepared {
        let batch: (Int) -> Int
        /// For throughput figures: bytes processed by one operation.
        let bytesPerOperation: Int?
    }

    let name: String
    let prepare: @Sendable () throws -> Prepared

    static let all: [SpeedOperation] = [parse] + hashes

    /// Whole-structure parse of every certificate of the system trust store, in turn.
    static let parse = SpeedOperation(name: "parse") {
        let certificates = try SystemBundle.certificates()
        var index = 0
        var sink = 0
        return Prepared(batch: { count in
            for _ in 0..<count {
                if let certificate = try? Certificate(derEncoded: certificates[index]) { sink &+= certificate.version }
                index = index + 1 == certificates.count ? 0 : index + 1
            }
            blackHole(sink)
            return count
        }, bytesPerOperation: nil)
    }

    static let hashes: [SpeedOperation] = [
        (HashAlgorithm.sha1, "sha1"), (.sha256, "sha256"), (.sha512, "sha512"),
    ].flatMap { algorithm, name in
        [1024, 8192].map { size in
            SpeedOperation(name: "\(name)_\(size)") {
                let block = [UInt8](repeating: 0xA5, count: size)
                var sink: UInt8 = 0
                return Prepared(batch: { count in
                    for _ in 0..<count { sink ^= algorithm.digest(block)[0] }
                    blackHole(sink)
                    return count
                }, bytesPerOperation: size)
            }
        }
    }
}

/// Keeps a value alive so the optimiser cannot drop the work that made it.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// The system trust store's certificates as DER, for the `parse` figure.
enum SystemBundle {
    static let candidates = ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt",
                             "/etc/ssl/ca-bundle.pem", "/etc/ssl/cert.pem"]

    struct NotFound: Error, CustomStringConvertible {
        var description: String { "no system certificate bundle (looked in \(SystemBundle.candidates.joined(separator: ", ")))" }
    }

    static func certificates() throws -> [[UInt8]] {
        for path in candidates {
            guard let file = try? InputFile.read(path) else { continue }
            let certificates = try PEM.certificates(in: file.bytes[...])
            if !certificates.isEmpty { return certificates }
        }
        throw NotFound()
    }
}
