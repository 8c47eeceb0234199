import Benchmark
import Crypto
import VouchCrypto

/// SHA-256 of 1 KiB and 8 KiB: Vouch's Swift implementation against swift-crypto (BoringSSL's
/// assembly on Linux). Throughput is reported in operations per second; bytes per second is
/// that times the block size.
func hashBenchmarks() {
    for size in [1024, 8192] {
        let block = [UInt8](repeating: 0xA5, count: size)
        guard HashAlgorithm.sha256.digest(block) == Array(SHA256.hash(data: block)) else {
            fatalError("the two SHA-256 implementations disagree")
        }
        let name = "SHA-256 of \(size / 1024) KiB"
        Benchmark("\(name) [Vouch]", configuration: fastConfiguration()) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(HashAlgorithm.sha256.digest(block)) }
        }
        Benchmark("\(name) [swift-crypto]", configuration: fastConfiguration()) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(SHA256.hash(data: block)) }
        }
    }
}
