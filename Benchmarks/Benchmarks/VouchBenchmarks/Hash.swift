import Benchmark
import Crypto
import VouchCrypto

/// SHA-256 of 1 KiB and 8 KiB: Vouch's Swift implementation (`VouchCrypto.SHA256.digest`, the
/// one-shot digest held inline) against swift-crypto (BoringSSL's
/// assembly on Linux). Throughput is reported in operations per second; bytes per second is
/// that times the block size.
func hashBenchmarks() {
    for size in [1024, 8192] {
        let block = [UInt8](repeating: 0xA5, count: size)
        guard HashAlgorithm.sha256.digest(block) == Array(Crypto.SHA256.hash(data: block)),
            Array(VouchCrypto.SHA256.digest(block)) == Array(Crypto.SHA256.hash(data: block))
        else {
            fatalError("the two SHA-256 implementations disagree")
        }
        let name = "SHA-256 of \(size / 1024) KiB"
        Benchmark("\(name) [Vouch]", configuration: fastConfiguration()) { benchmark in
            // The allocation-free one-shot digest (issue 16: 0 mallocs per digest).
            for _ in benchmark.scaledIterations { blackHole(VouchCrypto.SHA256.digest(block)) }
        }
        Benchmark("\(name) [swift-crypto]", configuration: fastConfiguration()) { benchmark in
            for _ in benchmark.scaledIterations { blackHole(Crypto.SHA256.hash(data: block)) }
        }
    }
}
