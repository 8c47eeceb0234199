import Synchronization
import VouchHTTP
import VouchTrust

/// How the facade's evaluations fetch what SecTrust fetches (SECTRUST.md §16): missing issuers
/// from caIssuers URLs and OCSP answers, when Apple's rules ask for them (the SSL policy may fetch
/// a missing issuer; BasicX509 may not; a revocation policy asks for OCSP).
///
/// Every `SecTrust` evaluation the facade makes (`SecTrustEvaluateWithError`, `SecTrustEvaluate`,
/// `SecTrustCopyResult`, the chain accessors, `SecTrustCopyExceptions`) goes through
/// `TrustFetcher` (VouchTrust) with the trust's ``SecTrust/fetching``, which starts as
/// ``SecTrustFetching/default``: Vouch's HTTP client, so that the facade answers as a networked
/// Mac does. ``offline`` answers as an offline Mac: every fetch fails at once.
/// `SecTrustSetNetworkFetchAllowed(trust, false)` keeps the fetcher but turns the network off for
/// that trust, as on a Mac.
public struct SecTrustFetching: Sendable {
    /// Carries the requests; `nil`: every fetch fails at once.
    public var transport: (any HTTPTransport)?
    /// Where fetched issuers and OCSP responses are kept (`FetchCache`, VouchTrust), shared by
    /// every trust using this value; `nil`: no cache, every evaluation asks the network again.
    public var cache: FetchCache?

    /// The hosts backing off after timeouts (`FetchBackoff`, VouchTrust): by default one table for
    /// the whole process, as trustd keeps.
    public var backoff: FetchBackoff

    /// The process's backoff tables, every value's unless given its own.
    public static let processBackoff = FetchBackoff()

    /// Fetches through `transport` with `cache`, backing off hosts in `backoff`.
    public init(transport: (any HTTPTransport)?, cache: FetchCache?, backoff: FetchBackoff = SecTrustFetching.processBackoff) {
        self.transport = transport
        self.cache = cache
        self.backoff = backoff
    }

    /// Vouch's HTTP client (VouchHTTP's `HTTPClient`: `http` only, no redirects, 1 MiB bodies,
    /// never a link-local, cloud-metadata or loopback address), without a cache. A library does
    /// not write to the user's directories unasked: give a `FetchCache` to keep answers.
    public static let http = SecTrustFetching(transport: HTTPClient(userAgent: "vouch"), cache: nil)

    /// No transport and no cache: an offline Mac.
    public static let offline = SecTrustFetching(transport: nil, cache: nil)

    private static let current = Mutex(SecTrustFetching.http)

    /// What a new `SecTrust` fetches with: ``http`` unless changed. Changing it does not change
    /// trusts already made (set theirs with ``SecTrust/fetching``).
    public static var `default`: SecTrustFetching {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// A fetcher for one evaluation (its log lasts as long as the evaluation; the backoff is shared).
    func fetcher() -> TrustFetcher { TrustFetcher(transport: transport, cache: cache, backoff: backoff) }
}
