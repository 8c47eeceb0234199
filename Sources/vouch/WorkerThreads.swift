#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs work on POSIX threads and collects each thread's result, without Dispatch or Foundation
/// (the static binary carries neither).
enum WorkerThreads {
    /// Calls `work(0)`, …, `work(count - 1)`, each on a thread of its own, and returns their results
    /// in that order once all have finished. Work whose thread cannot be started runs on the
    /// calling thread instead, so every result is always there.
    static func run<Result: Sendable>(count: Int, _ work: @escaping @Sendable (Int) -> Result) -> [Result] {
        let slots = (0..<count).map { Slot(job: $0, work: work) }
        var started: [(slot: Slot<Result>, thread: pthread_t)] = []
        for slot in slots.dropFirst() {
            var thread = pthread_t()
            let context = Unmanaged<Job>.passRetained(slot).toOpaque()
            if pthread_create(&thread, nil, { context in
                guard let context else { return nil }
                Unmanaged<Job>.fromOpaque(context).takeRetainedValue().perform()
                return nil
            }, context) == 0 {
                started.append((slot, thread))
            } else {
                Unmanaged<Job>.fromOpaque(context).release()
                slot.perform()
            }
        }
        slots.first?.perform()
        for entry in started { pthread_join(entry.thread, nil) }
        // pthread_join orders each thread's writes before these reads.
        return slots.compactMap { $0.result }
    }

    /// What a thread runs (not generic: a C function pointer cannot name a generic type).
    private class Job: @unchecked Sendable {
        func perform() {}
    }

    /// One job and its result: written by its thread only, read after that thread is joined.
    private final class Slot<Result: Sendable>: Job, @unchecked Sendable {
        let job: Int
        let work: @Sendable (Int) -> Result
        var result: Result?

        init(job: Int, work: @escaping @Sendable (Int) -> Result) {
            self.job = job
            self.work = work
        }

        override func perform() { result = work(job) }
    }
}
