// AsyncHTTPClientTransport: Vouch's fetches (SECTRUST.md §16: AIA caIssuers and OCSP) over
// AsyncHTTPClient, for services that already run swift-nio and would rather not open raw sockets
// beside it. It keeps every rule of VouchHTTP's own client (../../../../Sources/VouchHTTP/HTTPClient.swift):
//
// * http only (HTTPURL refuses other schemes before a request exists);
// * no redirects: the client is made here with `redirectConfiguration: .disallow`, so a 3xx comes
//   back as the response, body and all (Apple parses it, §16.7); a caller's own AHC client is not
//   accepted, since its configuration (redirects, proxy) cannot be read back and either would
//   send the request somewhere the address policy never judged;
// * one deadline for the whole exchange (AHC's request deadline), `.timedOut` past it;
// * the body streamed through a delegate that counts and fails the request past the cap;
// * the address policy, judged on the address connected to. The URL comes from the peer's
//   certificate, so a fetch is an attacker-chosen request from inside the user's network. Giving
//   AHC the URL's host name would let AHC resolve it again after the check (and a DNS answer can
//   change between two lookups: DNS rebinding), so the host is resolved here with VouchHTTP's
//   Resolver, each address is judged by `AddressPolicy.refusal(for:)`, and AHC is handed a URL
//   naming the judged address literally, with the original host in the `Host` header. An IP
//   literal is never resolved again by NIO, so what was judged is what is connected to.
// * curl's `--resolve` and `--connect-to` (VouchHTTP's HostOverride), applied as HTTPClient does:
//   `[HostOverride].target(host:port:)` names the host, port and perhaps addresses connected to;
//   those addresses (or the target host's, resolved here) pass the address policy like any
//   other, and the request still names the URL's host and port in `Host`.
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import VouchHTTP

/// Vouch's ``VouchHTTP/HTTPTransport`` over AsyncHTTPClient: what ``VouchTrust/TrustFetcher``
/// fetches (missing intermediates, OCSP answers) goes through an AHC client on your event loops,
/// under the same rules as VouchHTTP's own `HTTPClient`: http only, no redirects (a 3xx is
/// returned), one deadline, a body cap, and the ``VouchHTTP/AddressPolicy`` applied to the very
/// address connected to (see the notes atop this file for why AHC must not resolve the name).
///
/// ``fetch(_:timeout:)`` blocks its thread until the response: never call it on an event loop
/// (it would wait for work that loop has to do). It detects that case and returns
/// ``VouchHTTP/HTTPError/invalidRequest(_:)`` instead of deadlocking. From async code use
/// ``AsyncTrustFetcher``, which runs the blocking fetch loop on a `NIOThreadPool`.
///
/// The transport owns its AHC client: call ``shutdown()`` (or ``syncShutdown()``) when done,
/// as AHC requires of every client it did not make itself.
public final class AsyncHTTPClientTransport: HTTPTransport, Sendable {
    /// Which addresses may be connected to.
    public let addressPolicy: AddressPolicy
    /// The body cap: a larger body is ``VouchHTTP/HTTPError/bodyTooLarge(limit:)``.
    public let maximumBodyBytes: Int
    /// The `User-Agent` value, e.g. `vouch/1.0`.
    public let userAgent: String
    /// How host names become addresses (never AHC's own resolution).
    public let resolver: VouchHTTP.Resolver
    /// curl-style `--resolve` and `--connect-to` overrides of where a URL's host and port are
    /// connected to (as VouchHTTP's `HTTPClient.overrides`); the addresses they give still pass
    /// ``addressPolicy``.
    public let overrides: [HostOverride]
    /// Whether a connection may serve several fetches to the same address (AHC's pool, kept up to
    /// 60 s idle). `false` sends `Connection: close`, as VouchHTTP's client always does.
    public let reusesConnections: Bool
    /// The AsyncHTTPClient client, made with the configuration above.
    let client: AsyncHTTPClient.HTTPClient

    /// The time one connection attempt may take before the next address is tried: 1 s, a third
    /// of the engine's 3 s per request (Apple's `TrustURLSessionGetResourceTimeout`), so that a
    /// silent first address (packets dropped) leaves time for the others; a connect takes well
    /// under 1 ms on a LAN and about 0.3 s across the world. The request's deadline still bounds it.
    public static let defaultConnectTimeout: Duration = .seconds(1)

    /// The largest body cap AHC's buffers can hold (`ByteBuffer` sizes are 32-bit): a larger
    /// ``maximumBodyBytes`` is lowered to it.
    static let largestBodyCap = Int(UInt32.max)

    /// A transport with its own AHC client on `eventLoopGroup`.
    /// - Parameters:
    ///   - eventLoopGroup: where AHC runs (NIO's singleton by default, or your service's group).
    ///   - addressPolicy: which addresses may be reached (loopback refused unless allowed).
    ///   - maximumBodyBytes: the body cap, 1 MiB by default (clamped to 0…4 GiB − 1).
    ///   - userAgent: the `User-Agent` sent.
    ///   - resolver: how names become addresses (`/etc/hosts`, then DNS, by default).
    ///   - connectTimeout: how long one connection attempt may take (``defaultConnectTimeout``).
    ///   - reusesConnections: keep connections for later fetches to the same address.
    ///   - overrides: curl's `--resolve` / `--connect-to` (``VouchHTTP/HostOverride``), none by
    ///     default: e.g. to answer a real certificate's URLs from a local server.
    public init(
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, addressPolicy: AddressPolicy = .init(),
        maximumBodyBytes: Int = HTTPLimits.maximumBodyBytes, userAgent: String = "vouch", resolver: VouchHTTP.Resolver = .system,
        connectTimeout: Duration = AsyncHTTPClientTransport.defaultConnectTimeout, reusesConnections: Bool = true,
        overrides: [HostOverride] = []
    ) {
        self.addressPolicy = addressPolicy
        self.maximumBodyBytes = min(max(maximumBodyBytes, 0), Self.largestBodyCap)
        self.userAgent = userAgent
        self.resolver = resolver
        self.overrides = overrides
        self.reusesConnections = reusesConnections
        var configuration = AsyncHTTPClient.HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: .init(connect: TimeAmount(connectTimeout)), proxy: nil, decompression: .disabled)
        // A refused connection fails the request at once (the next address is tried here)
        // instead of AHC retrying the same address with backoff until its connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.httpVersion = .http1Only
        client = AsyncHTTPClient.HTTPClient(eventLoopGroup: eventLoopGroup, configuration: configuration)
    }

    /// Shuts the AHC client down (its connections close); fetches after it fail.
    public func shutdown() async throws {
        try await client.shutdown()
    }

    /// Shuts the AHC client down, blocking until it is done; never on an event loop.
    @available(*, noasync, message: "blocks its thread: use shutdown()")
    public func syncShutdown() throws {
        try client.syncShutdown()
    }

    /// Applies ``overrides``, resolves, judges each address, then asks AHC for the response from
    /// the first allowed address that accepts a connection, all within `timeout`. Blocks the
    /// calling thread.
    /// - Returns: the final response whatever its status (a 3xx is not followed), or
    ///   ``VouchHTTP/HTTPError``: `.invalidRequest` on an event loop thread or for a header value
    ///   that cannot be sent, `.resolutionFailed`, `.addressRefused` when no address is allowed,
    ///   `.connectionFailed` when none accepts, `.timedOut`, `.bodyTooLarge`, `.malformedResponse`,
    ///   `.connectionClosedEarly`, and `.socketFailed` for another AHC or NIO error (named in it).
    ///   AHC reports no stream offsets: the offset of `.malformedResponse` and
    ///   `.connectionClosedEarly` is the count of body bytes received before the fault.
    public func fetch(_ request: VouchHTTP.HTTPRequest, timeout: Duration) -> Result<VouchHTTP.HTTPResponse, HTTPError> {
        guard MultiThreadedEventLoopGroup.currentEventLoop == nil else {
            return .failure(.invalidRequest(
                "fetch blocks until the response, and was called on an event loop thread that would have to deliver it; "
                    + "call it from another thread (AsyncTrustFetcher runs it on a NIOThreadPool)"))
        }
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        do {
            try Self.checkFieldValue(userAgent, name: "User-Agent")
            if request.method == .post, let contentType = request.contentType { try Self.checkFieldValue(contentType, name: "Content-Type") }
        } catch {
            return .failure(error)
        }
        let url = request.url
        let target: ConnectionTarget
        switch ConnectionTarget.of(
            url, overrides: overrides, resolver: resolver, policy: addressPolicy, timeout: Duration(deadline - NIODeadline.now()))
        {
        case .success(let found): target = found
        case .failure(let error): return .failure(error)
        }
        var lastFailure: HTTPError?
        for address in target.allowed {
            guard NIODeadline.now() < deadline else { return .failure(.timedOut) }
            switch exchange(request, with: address, port: target.port, deadline: deadline) {
            case .success(let response):
                return .success(response)
            case .failure(.notConnected(let error)):
                lastFailure = error  // the next address may accept
            case .failure(.failed(let error)):
                return .failure(error)
            }
        }
        return .failure(target.failure(after: lastFailure))
    }

    /// Why one address gave no response: before a connection existed (the next address may be
    /// tried) or after.
    enum AttemptFailure: Error {
        case notConnected(HTTPError)
        case failed(HTTPError)
    }

    /// One request to one judged address and `port` (the URL's, or an override's), the URL's host
    /// and port in `Host`.
    func exchange(_ request: VouchHTTP.HTTPRequest, with address: IPAddress, port: UInt16, deadline: NIODeadline)
        -> Result<VouchHTTP.HTTPResponse, AttemptFailure>
    {
        let url = request.url
        let literal = address.isIPv4 ? address.description : "[" + address.description + "]"
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: url.port == 80 ? url.host : url.host + ":" + String(url.port))
        headers.add(name: "User-Agent", value: userAgent)
        headers.add(name: "Accept", value: "*/*")
        if !reusesConnections { headers.add(name: "Connection", value: "close") }
        var body: AsyncHTTPClient.HTTPClient.Body? = nil
        if request.method == .post {
            if let contentType = request.contentType { headers.add(name: "Content-Type", value: contentType) }
            body = .bytes(request.body)
        }
        let ahcRequest: AsyncHTTPClient.HTTPClient.Request
        do {
            ahcRequest = try AsyncHTTPClient.HTTPClient.Request(
                url: "http://" + literal + ":" + String(port) + url.target, method: request.method == .post ? .POST : .GET,
                headers: headers, body: body)
        } catch {
            return .failure(.failed(.invalidRequest("AsyncHTTPClient refused the request: \(error)")))
        }
        let delegate = CappedResponseDelegate(maximumBodyBytes: maximumBodyBytes)
        let task = client.execute(request: ahcRequest, delegate: delegate, deadline: deadline)
        do {
            return .success(try task.wait())
        } catch {
            let connectTarget = literal + ":" + String(port)
            return .failure(Self.attemptFailure(error, address: connectTarget, bodyBytes: delegate.bodyBytes, limit: maximumBodyBytes,
                                                deadlinePassed: NIODeadline.now() >= deadline))
        }
    }

    /// A header value must be visible ASCII and blanks: no CR or LF that would end the line early
    /// (VouchHTTP's client checks the same).
    static func checkFieldValue(_ value: String, name: String) throws(HTTPError) {
        guard value.utf8.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) }) else {
            throw .invalidRequest("\(name) holds a control or non-ASCII byte")
        }
    }
}
