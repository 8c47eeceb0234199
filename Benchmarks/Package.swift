// swift-tools-version:6.1
//
// Vouch's benchmarks: a separate package so that ordo-one/benchmark and the comparison baselines
// (swift-certificates, swift-crypto) never enter the library's dependency graph. Each benchmark
// runs the same operation with Vouch and with the Apple package side by side, in one process, so
// that ratios come from one run on one machine. Run: `swift package benchmark` (see README.md and
// ../BENCHMARKS.md).
import PackageDescription

let package = Package(
    name: "VouchBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Vouch", path: ".."),
        // The malloc interposer gives the malloc counts on Swift 6.3 Linux.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        // swift-certificates 1.21.1 accepts swift-crypto 3.12.3 up to 6; the newest copy here is 4.5.2.
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    ],
    targets: [
        .executableTarget(
            name: "VouchBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "VouchDER", package: "Vouch"),
                .product(name: "VouchX509", package: "Vouch"),
                .product(name: "VouchCrypto", package: "Vouch"),
                .product(name: "VouchTrust", package: "Vouch"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Benchmarks/VouchBenchmarks",
            exclude: ["Fixtures"],
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // Not a benchmark: runs one operation N times for callgrind's instruction counts, on
        // machines without perf events (scripts/instruction-counts.sh).
        .executableTarget(
            name: "InstructionCounts",
            dependencies: [
                .product(name: "VouchDER", package: "Vouch"),
                .product(name: "VouchX509", package: "Vouch"),
                .product(name: "VouchTrust", package: "Vouch"),
                .product(name: "VouchCrypto", package: "Vouch"),
                .product(name: "X509", package: "swift-certificates"),
            ],
            path: "Sources/InstructionCounts"
        ),
        // Not a benchmark either: the worst cost of one evaluation, on the inputs
        // scripts/make-worst-cost.py builds (BENCHMARKS.md, "Worst cost"). Vouch alone.
        .executableTarget(
            name: "WorstCost",
            dependencies: [
                .product(name: "VouchDER", package: "Vouch"),
                .product(name: "VouchX509", package: "Vouch"),
                .product(name: "VouchTrust", package: "Vouch"),
            ],
            path: "Sources/WorstCost"
        ),
    ],
    swiftLanguageModes: [.v6]
)
