import Benchmark

/// Every benchmark: one operation, run by Vouch and by the Apple package that does the same thing,
/// named `<operation> [Vouch]`, `<operation> [swift-certificates]` or `<operation> [swift-crypto]`
/// so that `scripts/ratios.py` can pair them. Each checks its result once before it is measured,
/// so a figure is never that of a failing operation.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // Instructions need perf events, which these machines do not offer (BENCHMARKS.md).
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
        timeUnits: .nanoseconds,
        warmupIterations: 5,
        maxDuration: .milliseconds(1500),
        maxIterations: 100_000
    )
    parseBenchmarks()
    extensionBenchmarks()
    hashBenchmarks()
    signatureBenchmarks()
    chainBenchmarks()
    realChainBenchmarks()
}

/// The configuration of a benchmark whose operation takes a few microseconds or less: 1000
/// operations per measured iteration, figures reported per operation.
func fastConfiguration() -> Benchmark.Configuration {
    var configuration = Benchmark.defaultConfiguration
    configuration.scalingFactor = .kilo
    return configuration
}
