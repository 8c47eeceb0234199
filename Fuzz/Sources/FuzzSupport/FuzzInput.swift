#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` over one libFuzzer input and times it.
///
/// libFuzzer measures units in whole seconds (`-report_slow_units`, `slowest_unit_time_sec`), too
/// coarse for Vouch's bound of 10 ms of CPU per input; so each target goes through here, which keeps the
/// slowest input seen (timed three times, the fastest time kept): each new one is printed
/// (`vouch-fuzz: slowest unit …`) and, when `VOUCH_FUZZ_SLOWEST` names a file, written there, so
/// that a run stopped by a signal (libFuzzer then skips exit handlers) still tells its slowest.
public func fuzzInput(_ data: UnsafePointer<UInt8>, _ size: Int, _ body: ([UInt8]) -> Void) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let first = timed(body, bytes)
    guard first > Slowest.nanoseconds else { return 0 }
    // A new slowest: time it twice more and keep the fastest of the three, so that one-time work
    // (lazy globals such as the public suffix list) and page faults or a busy sibling hyperthread
    // do not count.
    let elapsed = min(first, timed(body, bytes), timed(body, bytes))
    guard elapsed > Slowest.nanoseconds else { return 0 }
    Slowest.nanoseconds = elapsed
    Slowest.report(bytes)
    return 0
}

/// The CPU time `body` takes over `bytes`, in nanoseconds: CPU time of the thread, not wall time,
/// so that a fuzzer sharing its cores (or run under `nice`) measures the work, not its waits.
func timed(_ body: ([UInt8]) -> Void, _ bytes: [UInt8]) -> Int64 {
    let start = threadCPUNanoseconds()
    body(bytes)
    return threadCPUNanoseconds() - start
}

/// The slowest input so far (libFuzzer runs one input at a time, on one thread).
enum Slowest {
    nonisolated(unsafe) static var nanoseconds: Int64 = 0

    static func report(_ input: [UInt8]) {
        var line = "vouch-fuzz: slowest unit \(Double(nanoseconds) / 1e6) ms, \(input.count) bytes"
        if let path = getenv("VOUCH_FUZZ_SLOWEST").map({ String(cString: $0) }), let file = fopen(path, "wb") {
            _ = input.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
            line += ", written to \(path)"
        }
        let text = Array((line + "\n").utf8)
        _ = text.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

func threadCPUNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}
