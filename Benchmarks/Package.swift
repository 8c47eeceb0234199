// swift-tools-version:6.1
//
// Vouch's benchmarks: a separate package so that ordo-one/benchmark and the comparison baselines
// (swift-certificates, swift-crypto) never enter the library's dependency graph. The benchmark
// targets arrive with the fuzzing-and-benchmarks issue; until then `vouch speed` is the measure.
import PackageDescription

let package = Package(
    name: "VouchBenchmarks",
    dependencies: [
        .package(name: "Vouch", path: ".."),
    ],
    targets: []
)
