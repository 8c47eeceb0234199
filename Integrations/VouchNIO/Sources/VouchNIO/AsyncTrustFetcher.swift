import NIOCore
import NIOPosix
import VouchHTTP
import VouchTrust

/// ``VouchTrust/TrustFetcher`` for async code: evaluates a trust, fetching the missing
/// intermediates and OCSP answers it lacks (SECTRUST.md §16), on a `NIOThreadPool`.
///
/// The fetch loop blocks its thread for each request (up to the request timeout, 3 s): it must
/// run neither on an event loop (the transport's responses arrive there: it would deadlock, and
/// ``AsyncHTTPClientTransport`` refuses) nor on Swift's cooperative pool (it has one thread per
/// core; blocked, every task of the process waits). A `NIOThreadPool` is made for such work.
///
/// Each evaluation gets a `TrustFetcher` of its own, so evaluations run in parallel (one per
/// pool thread) and nothing is shared but the transport, the cache and the host backoff, which
/// are `Sendable`. A `TrustFetcher` is a class with mutable state and its
/// ``VouchTrust/TrustFetcher/log`` only grows, so one shared by a long-running service would need
/// a lock and would leak. The per-host timeout backoff (two timeouts ⇒ the host is skipped for
/// 60 s, §16.7) is this fetcher's ``backoff``, shared by all its evaluations, as trustd's is.
public final class AsyncTrustFetcher: Sendable {
    /// Why an evaluation did not run (the trust is then left as it was).
    public enum Failure: Error, Equatable, Sendable {
        /// The thread pool is not running: not started, or shut down.
        case threadPoolNotRunning
        /// The task was cancelled before a pool thread took the evaluation (once started, an
        /// evaluation runs to its end, bounded by the requests' timeouts).
        case cancelled
    }

    /// Carries the requests (`nil`: every fetch fails at once, as on an offline Mac).
    public let transport: (any HTTPTransport)?
    /// The caIssuers and OCSP caches (`nil`: none).
    public let cache: FetchCache?
    /// The time each request may take: Apple's 3 s (`TrustURLSessionGetResourceTimeout`) by default.
    public let requestTimeout: Duration
    /// Where the blocking loops run; the caller starts it and shuts it down.
    public let threadPool: NIOThreadPool
    /// The hosts backing off after timeouts, shared by every evaluation of this fetcher (and of
    /// any other given the same value).
    public let backoff: FetchBackoff

    /// A fetcher over `transport` and `cache`, running its evaluations on `threadPool` (started),
    /// backing off hosts in `backoff` (a table of its own unless given).
    public init(
        transport: (any HTTPTransport)?, cache: FetchCache?, threadPool: NIOThreadPool, requestTimeout: Duration = .seconds(3),
        backoff: FetchBackoff = FetchBackoff()
    ) {
        self.transport = transport
        self.cache = cache
        self.threadPool = threadPool
        self.requestTimeout = requestTimeout
        self.backoff = backoff
    }

    /// ``VouchTrust/TrustFetcher/evaluate(_:)`` on a pool thread: evaluates `trust`, fetching
    /// what it lacks; what was fetched stays in `trust` (``VouchTrust/Trust/fetchedEvidence``).
    /// - Throws: ``Failure`` when the evaluation did not run; `trust` is then unchanged.
    public func evaluate(_ trust: inout Trust) async throws(Failure) -> TrustEvaluation {
        try await evaluateExplaining(&trust).evaluation
    }

    /// ``evaluate(_:)``, with what was tried, in order (the fetcher's log: URLs, outcomes, times).
    /// - Throws: ``Failure`` when the evaluation did not run; `trust` is then unchanged.
    public func evaluateExplaining(_ trust: inout Trust) async throws(Failure)
        -> (evaluation: TrustEvaluation, fetches: [TrustFetcher.FetchRecord])
    {
        let given = trust
        let (transport, cache, requestTimeout, backoff) = (self.transport, self.cache, self.requestTimeout, self.backoff)
        let outcome: Outcome
        do {
            outcome = try await threadPool.runIfActive {
                let fetcher = TrustFetcher(transport: transport, cache: cache, backoff: backoff)
                fetcher.requestTimeout = requestTimeout
                var evaluated = given
                let evaluation = fetcher.evaluate(&evaluated)
                return Outcome(trust: evaluated, evaluation: evaluation, fetches: fetcher.log)
            }
        } catch {
            // NIOThreadPool answers CancellationError both when the task was cancelled and when
            // the pool is not running (not started, shut down): the task's state tells which.
            throw Task.isCancelled ? .cancelled : .threadPoolNotRunning
        }
        trust = outcome.trust
        return (outcome.evaluation, outcome.fetches)
    }

    /// What a pool thread hands back.
    private struct Outcome: Sendable {
        let trust: Trust
        let evaluation: TrustEvaluation
        let fetches: [TrustFetcher.FetchRecord]
    }
}
