import Synchronization
import VouchCrypto
import VouchDER
import VouchHTTP
import VouchX509

/// Evaluates a ``Trust`` fetching what SecTrust fetches (SECTRUST.md §16): missing issuers from
/// authorityInfoAccess caIssuers URIs and OCSP answers, through a cache and an HTTP transport.
///
/// The evaluator itself does no I/O: an evaluation lists what it lacks
/// (``TrustEvaluation/fetchRequests``); this driver gets it, the way trustd's
/// `SecCAIssuerCopyParents` and `SecORVCBeginFetches` do, hands it back
/// (``Trust/setFetchedEvidence(_:)``) and evaluates again, until nothing new comes
/// (``TrustLimits/maximumFetchRounds``). A service on swift-nio can run the same loop with its own
/// client; this one blocks its thread for each request, up to ``requestTimeout``.
///
/// What it adds to Apple: the transport refuses link-local and cloud-metadata addresses, and
/// loopback unless allowed (`AddressPolicy` of VouchHTTP), since the URIs come from the peer;
/// bodies are capped (1 MiB); an evaluation makes at most ``TrustLimits/maximumFetchRequests``
/// requests.
public final class TrustFetcher {
    /// Carries the requests (`nil`: every fetch fails at once, as on an offline Mac).
    public let transport: (any HTTPTransport)?
    /// The caIssuers and OCSP caches (`nil`: none).
    public let cache: FetchCache?
    /// Apple's `TrustURLSessionGetResourceTimeout`: 3 s per request from its start.
    public var requestTimeout: Duration = .seconds(3)
    /// What was tried, in order, for `--explain` and `--json`.
    public private(set) var log: [FetchRecord] = []
    /// Hosts whose requests timed out (§16.7): shared with every fetcher given the same value.
    public let backoff: FetchBackoff
    /// Requests made by the evaluation under way (against ``TrustLimits/maximumFetchRequests``).
    private var requestsMade = 0
    /// The wall clock, in seconds since 1970 (tests set their own).
    let now: @Sendable () -> Int64

    /// One URI tried, or one cache read: a `fetches` entry of `vouch verify --json` (docs/CLI.md).
    public struct FetchRecord: Sendable, Equatable {
        /// What was fetched.
        public enum Purpose: String, Sendable { case caIssuers = "caIssuers", ocsp = "ocsp" }
        /// How it went.
        public enum Outcome: String, Sendable {
            /// A response came (whether it was of use is in the detail).
            case ok
            /// Served from the cache, no request.
            case cache
            /// The request failed (refused address, timeout, connection, malformed reply…).
            case failed
            /// Not asked: a rule of Apple's or Vouch's says not to (the detail says which).
            case skipped
        }
        public let purpose: Purpose
        /// The URL asked, or the URI whose cache entry was read.
        public let url: String
        public let outcome: Outcome
        /// What came of it, in words.
        public let detail: String
        /// How long it took, in milliseconds (0 for a cache read or a skip).
        public let milliseconds: Int
    }

    /// A fetcher over `transport` and `cache`, backing off hosts in `backoff` (a new table unless
    /// given: pass one value to every fetcher of a process to keep trustd's process-wide backoff).
    public init(transport: (any HTTPTransport)?, cache: FetchCache?, backoff: FetchBackoff = FetchBackoff()) {
        self.transport = transport
        self.cache = cache
        self.backoff = backoff
        now = { Clock.now }
    }

    init(transport: (any HTTPTransport)?, cache: FetchCache?, now: @escaping @Sendable () -> Int64) {
        self.transport = transport
        self.cache = cache
        self.backoff = FetchBackoff()
        self.now = now
    }

    /// Evaluates `trust`, fetching what it lacks, and returns the last evaluation (also
    /// `trust.lastEvaluation`). What was fetched stays in `trust` (``Trust/fetchedEvidence``), so
    /// evaluating it again asks for nothing already answered.
    public func evaluate(_ trust: inout Trust) -> TrustEvaluation {
        requestsMade = 0
        // The cache is asked about every certificate only when it may hold an answer.
        let readsCache = cache?.mayHoldOCSPResponses == true
        if readsCache != trust.readsOCSPCache { trust.setReadsOCSPCache(readsCache) }
        var evaluation = trust.evaluate()
        for _ in 0..<TrustLimits.maximumFetchRounds {
            var evidence = trust.fetchedEvidence
            let requests = evaluation.fetchRequests.filter { !evidence.answered.contains($0) }
            guard !requests.isEmpty else { break }
            for request in requests {
                evidence.answered.insert(request)
                switch request {
                case .issuers(let certificate, let uris):
                    let parents = issuers(of: certificate, uris: uris)
                    if !parents.isEmpty { evidence.issuers[certificate] = parents }
                case .ocsp(let certificate, let issuer, let uris, let mayUseNetwork, let onlineCheck):
                    let judge = trust
                    for (response, maxAge) in ocspResponses(
                        for: certificate, issuer: issuer, uris: uris, mayUseNetwork: mayUseNetwork, onlineCheck: onlineCheck,
                        consumes: { judge.consumption(of: $0, for: certificate, issuer: issuer) })
                    {
                        evidence.ocspMaxAges[evidence.ocspResponses.count] = maxAge
                        evidence.ocspResponses.append(response)
                    }
                }
            }
            trust.setFetchedEvidence(evidence)
            evaluation = trust.evaluate()
        }
        return evaluation
    }

    // MARK: caIssuers (§16.2)

    /// `SecCAIssuerCopyParents`: the cache's fresh entry (filtered by name), else up to three
    /// `http` requests (the first that yields certificates wins, all of them, unfiltered), else,
    /// when every request failed, the first cached entry however old (unfiltered).
    func issuers(of certificate: Certificate, uris: [String]) -> [Certificate] {
        let httpURIs = uris.filter(Self.isHTTP)
        let issuerName = certificate.issuer.appleNormalizedEncoding
        let time = now()
        if let cache {
            for uri in httpURIs {
                guard let entry = cache.caIssuersEntry(uri: uri), entry.expiry > time else { continue }
                let matching = Self.certificates(entry.certificates).filter { $0.subject.appleNormalizedEncoding == issuerName }
                if !matching.isEmpty {
                    log.append(FetchRecord(purpose: .caIssuers, url: uri, outcome: .cache, detail: "certificates \(matching.count)", milliseconds: 0))
                    return matching
                }
            }
        }
        guard uris.count < TrustLimits.maximumCAIssuersURIs else {
            log.append(FetchRecord(purpose: .caIssuers, url: uris.first ?? "", outcome: .skipped, detail: "\(uris.count) caIssuers URIs (Apple asks none at \(TrustLimits.maximumCAIssuersURIs) or more)",
                milliseconds: 0))
            return []
        }
        var fetched: [Certificate] = []
        let started = walk(uris, purpose: .caIssuers) { uri, url in
            guard let (response, milliseconds) = fetch(HTTPRequest(url: url), purpose: .caIssuers, host: url.host) else { return false }
            guard let parents = FetchedCertificates.parse(response.body), !parents.isEmpty else {
                log.append(FetchRecord(
                    purpose: .caIssuers, url: uri, outcome: .ok,
                    detail: "status \(response.status), \(response.body.count) bytes: no certificate in the body", milliseconds: milliseconds))
                return false
            }
            log.append(FetchRecord(
                purpose: .caIssuers, url: uri, outcome: .ok,
                detail: "status \(response.status): \(parents.count) certificate(s)", milliseconds: milliseconds))
            let lifetime = CacheLifetime.caIssuersLifetime(cacheControl: response.header("Cache-Control"), bodyIsEmpty: response.body.isEmpty)
            cache?.storeCAIssuers(uri: uri, certificates: parents.map { Array($0.derEncoded) }, expiry: time + lifetime, now: time)
            fetched = parents
            return true
        }
        if !fetched.isEmpty { return fetched }
        if started > 0, let cache {
            for uri in httpURIs {
                guard let entry = cache.caIssuersEntry(uri: uri) else { continue }
                let stale = Self.certificates(entry.certificates)
                log.append(FetchRecord(purpose: .caIssuers, url: uri, outcome: .cache, detail: "expired entry after failed requests: certificates \(stale.count)", milliseconds: 0))
                return stale
            }
        }
        return []
    }

    // MARK: OCSP (§16.3)

    /// The cache's entry with the latest expiry, then, when the network may be used and the
    /// evaluation would not be done with that entry (`consumes`: signed by whom it must be, its
    /// dates holding at the trust's current time), the responders in order (at most three
    /// requests, none with more than 10 URIs) until one gives a response the evaluation is done
    /// with; each one it consumes is cached. A cached revoked answer past its dates is asked again
    /// (Apple's `old_cached_response`), as is a cached entry whose signature fails (the cache is
    /// user-modifiable: macOS re-verifies what it reads).
    func ocspResponses(
        for certificate: Certificate, issuer: Certificate, uris: [String], mayUseNetwork: Bool, onlineCheck: Bool,
        consumes: (OCSPResponse) -> Trust.OCSPConsumption
    ) -> [(response: OCSPResponse, maxAge: Int64?)] {
        var found: [(response: OCSPResponse, maxAge: Int64?)] = []
        var cached: OCSPCacheEntry? = nil
        let time = now()
        let keys = [HashAlgorithm.sha1, .sha256].map { Self.cacheKey(OCSPRequestEncoding.certID(for: certificate, issuer: issuer, hash: $0)) }
        if let cache {
            let entries = cache.ocspEntries(forAnyOf: keys).filter { !onlineCheck || $0.inserted > time - TrustLimits.onlineCheckCacheAge }
            cached = entries.first
            if let entry = entries.first, let response = try? OCSPResponse(derEncoded: entry.response) {
                log.append(FetchRecord(purpose: .ocsp, url: uris.first ?? "", outcome: .cache, detail: "response from the cache", milliseconds: 0))
                found.append((response, nil))
                // §16.3 item 1 (d)–(e): the network only when the cache gave no answer the
                // evaluation is done with.
                if consumes(response) == .done { return found }
            }
        }
        guard mayUseNetwork else { return found }
        guard uris.count <= TrustLimits.maximumOCSPURIs else {
            log.append(FetchRecord(purpose: .ocsp, url: uris.first ?? "", outcome: .skipped, detail: "\(uris.count) OCSP URIs (Apple asks none over \(TrustLimits.maximumOCSPURIs))", milliseconds: 0))
            return found
        }
        let request = OCSPRequestEncoding.request(for: certificate, issuer: issuer)
        _ = walk(uris, purpose: .ocsp) { uri, url in
            let httpRequest: HTTPRequest
            switch OCSPRequestEncoding.fetchForm(responderURI: uri, request: request) {
            case .get(let text):
                guard let url = try? HTTPURL(text) else { return false }
                httpRequest = HTTPRequest(url: url)
            case .post(let text, let body):
                guard let url = try? HTTPURL(text) else { return false }
                httpRequest = HTTPRequest(url: url, method: .post, body: body, contentType: "application/ocsp-request")
            }
            // Backoff keeps the host named in the certificate (§16.3 item 4), not the rewritten one.
            guard let (response, milliseconds) = fetch(httpRequest, purpose: .ocsp, host: url.host) else { return false }
            let shown = httpRequest.url.description
            guard let parsed = try? OCSPResponse(derEncoded: response.body), let basic = parsed.basic, parsed.status == .successful,
                let single = basic.singleResponse(for: certificate, issuer: issuer)
            else {
                log.append(FetchRecord(
                    purpose: .ocsp, url: shown, outcome: .ok,
                    detail: "status \(response.status), \(response.body.count) bytes: no successful OCSP response about the certificate",
                    milliseconds: milliseconds))
                return false
            }
            var isRevoked = false
            if case .revoked = single.status { isRevoked = true }
            let latestNextUpdate = basic.responses.compactMap { $0.nextUpdate?.secondsSince1970 }.max()
            let maxAge = CacheLifetime.caIssuersLifetime(cacheControl: response.header("Cache-Control"), bodyIsEmpty: response.body.isEmpty)
            guard let expiry = CacheLifetime.ocspResponseExpiry(
                thisUpdate: single.thisUpdate.secondsSince1970, producedAt: basic.producedAt.secondsSince1970,
                latestNextUpdate: latestNextUpdate, maxAge: maxAge,
                now: time, isRevoked: isRevoked, certificateNotAfter: certificate.validity.notAfter.secondsSince1970)
            else {
                log.append(FetchRecord(purpose: .ocsp, url: shown, outcome: .ok, detail: "response out of date", milliseconds: milliseconds))
                return false
            }
            // `SecORVCConsumeOCSPResponse`: only a response the evaluation will consume (signed by
            // whom it must be, its dates holding) is cached and used; the walk ends once one's
            // single-response dates hold, otherwise the next responder is asked.
            let consumption = consumes(parsed)
            guard consumption != .refused else {
                log.append(FetchRecord(
                    purpose: .ocsp, url: shown, outcome: .ok,
                    detail: "response: \(Self.name(single.status)), not accepted (its signer or its dates)", milliseconds: milliseconds))
                return false
            }
            log.append(FetchRecord(purpose: .ocsp, url: shown, outcome: .ok, detail: "response: \(Self.name(single.status))", milliseconds: milliseconds))
            let responseKeys = basic.responses.map { Self.cacheKey($0.certID) }
            // The response kept before is the one this supersedes (Apple's `rvc->ocspResponse`).
            cache?.storeOCSP(
                response: Array(parsed.derEncoded), keys: responseKeys, expiry: expiry, isRevoked: isRevoked, now: time, replacing: cached)
            found.append((parsed, maxAge))
            return consumption == .done
        }
        return found
    }

    // MARK: Transport

    /// Apple's walk over one certificate's URIs (§16.2 (2c), §16.3 item 4): a URI that is not
    /// `http`, or not a URL, is skipped without using a request, as is one whose host is backing
    /// off; at most ``TrustLimits/maximumRequestsPerCertificate`` start. `attempt` makes one
    /// request and says whether it ended the walk. Returns how many started.
    private func walk(_ uris: [String], purpose: FetchRecord.Purpose, attempt: (String, HTTPURL) -> Bool) -> Int {
        var started = 0
        for uri in uris {
            guard Self.isHTTP(uri) else {
                log.append(FetchRecord(purpose: purpose, url: uri, outcome: .skipped, detail: "not http", milliseconds: 0))
                continue
            }
            guard started < TrustLimits.maximumRequestsPerCertificate else { break }
            guard let url = try? HTTPURL(uri) else {
                log.append(FetchRecord(purpose: purpose, url: uri, outcome: .skipped, detail: "not a URL", milliseconds: 0))
                continue
            }
            if backoff.skips(url.host, purpose: purpose, at: now()) {
                log.append(FetchRecord(purpose: purpose, url: uri, outcome: .skipped, detail: "host backing off after timeouts", milliseconds: 0))
                continue
            }
            started += 1
            if attempt(uri, url) { break }
        }
        return started
    }

    /// One request within the deadline and how long it took; `nil` when it failed (logged). A
    /// timeout counts against `host` in the purpose's table (``HostBackoff``), any other
    /// completion clears it.
    private func fetch(_ request: HTTPRequest, purpose: FetchRecord.Purpose, host: String) -> (HTTPResponse, Int)? {
        let url = request.url.description
        guard let transport else {
            log.append(FetchRecord(purpose: purpose, url: url, outcome: .failed, detail: "no transport", milliseconds: 0))
            return nil
        }
        guard requestsMade < TrustLimits.maximumFetchRequests else {
            log.append(FetchRecord(
                purpose: purpose, url: url, outcome: .skipped, detail: "\(TrustLimits.maximumFetchRequests) requests made already",
                milliseconds: 0))
            return nil
        }
        requestsMade += 1
        let started = Clock.monotonicMilliseconds
        let result = transport.fetch(request, timeout: requestTimeout)
        let elapsed = Int(Clock.monotonicMilliseconds - started)
        switch result {
        case .success(let response):
            backoff.completed(host, purpose: purpose)
            return (response, elapsed)
        case .failure(let error):
            if error == .timedOut {
                backoff.timedOut(host, purpose: purpose, at: now())
            } else {
                backoff.completed(host, purpose: purpose)
            }
            log.append(FetchRecord(purpose: purpose, url: url, outcome: .failed, detail: "\(error)", milliseconds: elapsed))
            return nil
        }
    }

    /// A certificate status in words.
    static func name(_ status: OCSPCertStatus) -> String {
        switch status {
        case .good: return "good"
        case .revoked: return "revoked"
        case .unknown: return "unknown"
        }
    }

    /// Whether a URI's scheme is `http` (any case): the only one trustd fetches.
    static func isHTTP(_ uri: String) -> Bool {
        uri.utf8.count > 7 && uri.prefix(7).lowercased() == "http://"
    }

    /// The certificates of a cache entry that still parse.
    static func certificates(_ encoded: [[UInt8]]) -> [Certificate] {
        encoded.compactMap { try? Certificate(derEncoded: $0) }
    }

    /// The cache's key for a CertID.
    static func cacheKey(_ certID: OCSPRequestCertID) -> OCSPCacheKey {
        OCSPCacheKey(
            hashAlgorithm: Array(certID.hashAlgorithm.oid.bytes), issuerNameHash: certID.issuerNameHash,
            issuerKeyHash: certID.issuerKeyHash, serialNumber: certID.serialNumber)
    }

    static func cacheKey(_ certID: OCSPCertID) -> OCSPCacheKey {
        OCSPCacheKey(
            hashAlgorithm: Array(certID.hashAlgorithm.algorithm.bytes), issuerNameHash: Array(certID.issuerNameHash),
            issuerKeyHash: Array(certID.issuerKeyHash), serialNumber: Array(certID.serialNumber))
    }
}

/// Apple's per-host timeout backoff (`TrustURLSessionDelegate`, SECTRUST.md §16.7): a timeout adds
/// one to the host's count and stamps it, any other completion forgets the host; a host is skipped
/// while its count is at least ``TrustLimits/maximumTimeouts`` and its stamp under
/// ``TrustLimits/timeoutBackoffSeconds`` old.
struct HostBackoff: Sendable {
    private var hosts: [String: (count: Int, stamp: Int64)] = [:]

    func skips(_ host: String, at now: Int64) -> Bool {
        guard let entry = hosts[host.lowercased()] else { return false }
        return entry.count >= TrustLimits.maximumTimeouts && now - entry.stamp < TrustLimits.timeoutBackoffSeconds
    }

    mutating func timedOut(_ host: String, at now: Int64) {
        let key = host.lowercased()
        hosts[key] = ((hosts[key]?.count ?? 0) + 1, now)
    }

    mutating func completed(_ host: String) { hosts[host.lowercased()] = nil }
}

/// trustd's per-host timeout backoff tables (`TrustURLSessionDelegate`, SECTRUST.md §16.7), one per
/// purpose (caIssuers and OCSP keep separate tables), shared by every ``TrustFetcher`` given the
/// same value and safe to use from several at once: trustd keeps one per process, so that a host
/// that timed out twice is skipped by every evaluation for 60 s, not only by the one that waited.
public final class FetchBackoff: Sendable {
    private let tables = Mutex<[TrustFetcher.FetchRecord.Purpose: HostBackoff]>([:])

    /// Empty tables.
    public init() {}

    /// Whether `host` is backing off for `purpose` at `now`.
    func skips(_ host: String, purpose: TrustFetcher.FetchRecord.Purpose, at now: Int64) -> Bool {
        tables.withLock { $0[purpose]?.skips(host, at: now) == true }
    }

    /// A request to `host` timed out at `now`.
    func timedOut(_ host: String, purpose: TrustFetcher.FetchRecord.Purpose, at now: Int64) {
        tables.withLock { $0[purpose, default: HostBackoff()].timedOut(host, at: now) }
    }

    /// A request to `host` completed otherwise: its entry goes.
    func completed(_ host: String, purpose: TrustFetcher.FetchRecord.Purpose) {
        tables.withLock { $0[purpose, default: HostBackoff()].completed(host) }
    }
}
