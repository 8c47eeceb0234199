import VouchJSON
import VouchCrypto
import VouchDER
import VouchTrust
import VouchX509

#if canImport(Glibc)
import Glibc
#endif

/// `vouch speed`: single-threaded operations per second, like `openssl speed`.
struct SpeedCommand: Subcommand {
    static let spec = CommandSpec(
        name: "speed",
        abstract: "Measure single-threaded speed of parsing, hashing and verification.",
        discussion: """
            Each operation runs for --seconds (default 1) of CPU time. Name operations to run only those \
            (e.g. `vouch speed parse sha256`). Compare with `openssl speed` run in the same minute: \
            these machines are shared, so only ratios measured together mean anything.

            --json prints one object: {"parse": {"ops_per_s", "us_per_op"}, "sha256_8192": {"bytes_per_s"}, ...}.
            """,
        arguments: [
            ArgumentSpec(
                name: "operations", arity: .zeroOrMore,
                help: "Operations to run (default: all). Known: \(SpeedOperation.all.map(\.name).joined(separator: ", ")).")
        ],
        options: [
            .value("seconds", "seconds", "Seconds to run each operation."),
            .value("exactly", "count", "Run each operation exactly this many times, untimed (for counting allocations under valgrind).", hidden: true),
            .flag("json", "Print one JSON object."),
        ]
    )

    let operations: [String]
    let seconds: Double
    let exactly: Int?
    let json: Bool

    init(_ arguments: ParsedArguments) throws(UsageError) {
        operations = arguments.positionals
        seconds = try arguments.value("seconds", expected: "a number of seconds", Double.init) ?? 1
        exactly = try arguments.value("exactly", expected: "a count", Int.init)
        json = arguments.flag("json")
        let unknown = operations.filter { name in !SpeedOperation.all.contains { $0.name == name } }
        guard unknown.isEmpty else { throw UsageError("unknown operation: \(unknown.joined(separator: ", "))") }
        guard seconds > 0, seconds <= 600 else { throw UsageError("--seconds must be in (0, 600]") }
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

    /// Runs batches until `seconds` of this thread's CPU time have passed; returns operations done
    /// and CPU seconds taken. CPU time, as `openssl speed` uses, keeps figures comparable on a
    /// shared machine where other processes take turns on the cores.
    static func measure(_ prepared: SpeedOperation.Prepared, seconds: Double) -> (Int, Double) {
        _ = prepared.batch(1)  // warm caches and lazily built tables
        let start = threadCPUSeconds()
        var count = 0
        var batchSize = 1
        while true {
            count += prepared.batch(batchSize)
            let elapsed = threadCPUSeconds() - start
            if elapsed >= seconds { return (count, elapsed) }
            batchSize = min(batchSize * 2, 1 << 16)
        }
    }

    /// CPU time used by the calling thread, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
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

    static let all: [SpeedOperation] = [parse] + hashes + signatures + [chain, chainRSA, chainWarm, chainSystem] + realChains

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

    /// Verification of one signature with an already parsed key, over an already computed digest
    /// (what `openssl speed rsa2048 ecdsap256 ed25519` times; Ed25519 hashes its message, as there).
    static let signatures: [SpeedOperation] = SpeedFixtures.signatures.map { fixture in
        SpeedOperation(name: fixture.name) {
            let spki = try SubjectPublicKeyInfo(derEncoded: fixture.spki[...])
            let verify = try verifier(spki, algorithm: fixture.algorithm, signature: fixture.signature[...])
            guard verify() else { throw FixtureError(name: fixture.name) }
            var sink = 0
            return Prepared(batch: { count in
                for _ in 0..<count where verify() { sink &+= 1 }
                blackHole(sink)
                return count
            }, bytesPerOperation: nil)
        }
    }

    struct FixtureError: Error, CustomStringConvertible {
        let name: String
        var description: String { "the \(name) fixture does not verify" }
    }

    static func verifier(_ spki: SubjectPublicKeyInfo, algorithm: String, signature: ArraySlice<UInt8>) throws -> () -> Bool {
        let message = SpeedFixtures.message
        switch PublicKey(spki) {
        case .rsa(let key):
            let digest = HashAlgorithm.sha256.digest(message)
            return { key.isValidPKCS1v15Signature(signature, digest: digest, hash: .sha256) }
        case .ec(let key):
            let hash: HashAlgorithm = algorithm.hasSuffix(".2") ? .sha256 : algorithm.hasSuffix(".3") ? .sha384 : .sha512
            let digest = hash.digest(message)
            return { key.isValidSignature(derSignature: signature, digest: digest) }
        case .ed25519(let key):
            return { key.isValidSignature(signature, message: message) }
        case nil:
            throw FixtureError(name: algorithm)
        }
    }

    /// Parse and evaluate the example chain (RSA-2048 root → P-256 intermediate → P-256 leaf) under
    /// the SSL server policy for example.com, with the root as the only anchor.
    static let chain = chainOperation(name: "chain", certificates: exampleChain, store: SystemTrustStore(certificates: []))

    /// `chain` with RSA-2048 keys throughout (TestVectors/example-rsa): the common Web PKI shape.
    static let chainRSA = chainOperation(
        name: "chain_rsa", certificates: (SpeedFixtures.rsaChainLeaf, SpeedFixtures.rsaChainIntermediate, SpeedFixtures.rsaChainRoot),
        store: SystemTrustStore(certificates: []))

    /// `chain` through a ``SignatureVerificationCache`` that already holds its signatures: what a
    /// client that reconnects to the same server pays.
    static let chainWarm = chainOperation(
        name: "chain_warm", certificates: exampleChain, store: SystemTrustStore(certificates: []), cache: SignatureVerificationCache())

    /// `chain` with this machine's system roots in the trust's store (untrusted parents, since the
    /// example root is the only anchor): what a real evaluation carries.
    static let chainSystem = chainOperation(name: "chain_system", certificates: exampleChain, store: .shared)

    static let exampleChain = (SpeedFixtures.chainLeaf, SpeedFixtures.chainIntermediate, SpeedFixtures.chainRoot)

    /// Parses the three certificates (leaf, intermediate, root) and evaluates them, the root as the
    /// only anchor, at 2026-06-01 for example.com; with `cache`, every evaluation shares it (the
    /// first, untimed one fills it).
    static func chainOperation(
        name: String, certificates: (leaf: [UInt8], intermediate: [UInt8], root: [UInt8]), store: SystemTrustStore,
        cache: SignatureVerificationCache? = nil
    ) -> SpeedOperation { SpeedOperation(name: name) {
        let date = DERTime(secondsSince1970: 1_780_272_000)  // 2026-06-01T00:00:00Z
        let evaluate = { () -> Bool in
            guard let leaf = try? Certificate(derEncoded: certificates.leaf),
                let intermediate = try? Certificate(derEncoded: certificates.intermediate),
                let root = try? Certificate(derEncoded: certificates.root),
                var trust = try? Trust(certificates: [leaf, intermediate], policies: [.ssl(server: true, hostname: "example.com")],
                                       systemStore: store)
            else { return false }
            trust.setAnchorCertificates([root])
            trust.setVerifyDate(date)
            trust.setSignatureVerificationCache(cache)
            return trust.evaluate().isTrusted
        }
        return try evaluations(evaluate, name: name)
    } }

    /// Runs `evaluate` once untimed (a fixture that is not trusted is an error), then `count`
    /// times per batch: the timing of every chain operation.
    static func evaluations(_ evaluate: @escaping () -> Bool, name: String) throws -> Prepared {
        guard evaluate() else { throw FixtureError(name: name) }
        var sink = 0
        return Prepared(batch: { count in
            for _ in 0..<count where evaluate() { sink &+= 1 }
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
                return Prepared(batch: { (count: Int) -> Int in
                    // SHA-256 through its allocation-free one-shot digest; the others return arrays.
                    if algorithm == .sha256 {
                        for _ in 0..<count { sink ^= SHA256.digest(block)[0] }
                    } else {
                        for _ in 0..<count { sink ^= algorithm.digest(block)[0] }
                    }
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
