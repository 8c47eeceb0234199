// VouchHTTP: the transport of Vouch's network fetches (SECTRUST.md §16: AIA caIssuers and OCSP).
//
// Why its own client, not swift-nio's HTTP codec or AsyncHTTPClient: the fetches are one plain-HTTP
// GET or POST at a time, synchronous, of a few kilobytes; the static `vouch` binary must stay small
// and run in an empty chroot; and the package takes no dependency for the engine. swift-nio brings
// an event loop, its own C shims and tens of thousands of lines for a feature set (TLS, HTTP/2,
// pipelining, keep-alive, async streaming) this path never uses. What is left to write is small
// enough to read in one sitting and to fuzz: a URL parser, a resolver without NSS (glibc's
// getaddrinfo cannot load NSS modules in a static binary), a non-blocking connect/send/recv loop
// under poll() with one deadline, and an RFC 9112 response parser (fuzzed: Fuzz/FuzzHTTPResponse).
// Services that already run on NIO use the AsyncHTTPClient adapter in Integrations/ instead.
//
// What it does, following Apple's TrustURLSession (SECTRUST.md §16.7): HTTP/1.1 with
// `Connection: close`; a `Host` header (with the port when not 80); `User-Agent` as given
// (`vouch/<version>`); no cookies, no cache, no proxy, no redirects (a 3xx comes back as a
// response, body and all, and the caller parses it); the status is not judged here. One deadline
// covers the whole exchange: resolution, every connection attempt, sending and receiving. A body
// over the cap (1 MiB by default, a Vouch divergence) fails the fetch.
//
// What it refuses, and why: the URLs come from the peer's certificate, so every fetch is an
// attacker-chosen request from inside the user's network. Before connecting, each address (from a
// literal, /etc/hosts, DNS or a --resolve/--connect-to override) is judged by the AddressPolicy:
// link-local (169.254.0.0/16 with the cloud metadata service, fe80::/10), unspecified, multicast,
// broadcast and known metadata addresses are refused, loopback unless allowed. The client then
// connects to exactly the address it judged (it never resolves again), so a DNS answer that
// changes between check and use (DNS rebinding) changes nothing. User information in URLs,
// ambiguous numeric hosts (`0x7f.1`, `2130706433`), non-http schemes, and header-breaking bytes in
// the request's fields are refused. Response framing that could be read two ways (two
// Content-Lengths, Content-Length with Transfer-Encoding, unknown codings) is refused.

/// Something that performs one HTTP exchange: ``HTTPClient``, or a scripted one in tests.
public protocol HTTPTransport: Sendable {
    /// Performs `request` and returns the final response whatever its status, or why there is none.
    /// Blocks the calling thread; `timeout` bounds the whole exchange (resolution, connection, sending, receiving).
    func fetch(_ request: HTTPRequest, timeout: Duration) -> Result<HTTPResponse, HTTPError>
}

/// Vouch's HTTP/1.1 client for `http:` URLs, on Glibc sockets (see the notes atop HTTPClient.swift).
public struct HTTPClient: HTTPTransport {
    /// Which addresses may be connected to.
    public var addressPolicy: AddressPolicy
    /// The body cap: a larger body is ``HTTPError/bodyTooLarge(limit:)``.
    public var maximumBodyBytes: Int
    /// The `User-Agent` value, e.g. `vouch/1.0`.
    public var userAgent: String
    /// curl-style `--resolve` and `--connect-to` overrides.
    public var overrides: [HostOverride]
    /// How names become addresses.
    public var resolver: Resolver

    /// A client.
    public init(
        addressPolicy: AddressPolicy = .init(), maximumBodyBytes: Int = HTTPLimits.maximumBodyBytes, userAgent: String = "vouch",
        overrides: [HostOverride] = [], resolver: Resolver = .system
    ) {
        self.addressPolicy = addressPolicy
        self.maximumBodyBytes = maximumBodyBytes
        self.userAgent = userAgent
        self.overrides = overrides
        self.resolver = resolver
    }

    /// Resolves, judges, connects (trying each allowed address in order), sends and reads one response.
    /// - Returns: the final response, or ``HTTPError``: `.timedOut` once `timeout` has passed,
    ///   `.addressRefused` when no address is allowed, `.connectionFailed` when none accepts, the
    ///   parser's errors, `.bodyTooLarge`.
    public func fetch(_ request: HTTPRequest, timeout: Duration) -> Result<HTTPResponse, HTTPError> {
        let deadline = Deadline(after: timeout)
        let head: [UInt8]
        do {
            head = try requestHead(request)
        } catch {
            return .failure(error)
        }
        let target: ConnectionTarget
        switch ConnectionTarget.of(request.url, overrides: overrides, resolver: resolver, policy: addressPolicy, deadline: deadline) {
        case .success(let found): target = found
        case .failure(let error): return .failure(error)
        }
        let allowed = target.allowed
        var lastFailure: HTTPError?
        for (index, address) in allowed.enumerated() {
            // Each attempt gets an equal share of what is left, the last one all of it, so that a
            // silent first address (packets dropped) does not use up the time of the others.
            let untried = Int64(allowed.count - index)
            let left = deadline.nanoseconds - Deadline.now()
            let attempt = Deadline(nanoseconds: min(deadline.nanoseconds, Deadline.now() + max(left, 0) / untried))
            switch Socket.connect(to: address, port: target.port, stream: true, deadline: attempt) {
            case .success(let socket):
                defer { socket.close() }
                return exchange(on: socket, bytes: head + (request.method == .post ? request.body : []), deadline: deadline)
            case .failure(.timedOut):
                lastFailure = .timedOut
            case .failure(.failed(_, let code)):
                lastFailure = .connectionFailed(address: address.urlText + ":" + String(target.port), errno: code)
            }
        }
        return .failure(target.failure(after: lastFailure))
    }

    /// Sends the request and feeds the parser until the response is complete or the peer closes.
    func exchange(on socket: Socket, bytes: [UInt8], deadline: Deadline) -> Result<HTTPResponse, HTTPError> {
        if case .failure(let failure) = socket.sendAll(bytes, until: deadline) { return .failure(Self.error(failure)) }
        var parser = HTTPResponseParser(maximumBodyBytes: maximumBodyBytes)
        while true {
            switch socket.receive(capacity: HTTPLimits.receiveBufferBytes, until: deadline) {
            case .failure(let failure):
                return .failure(Self.error(failure))
            case .success(let chunk) where chunk.isEmpty:
                do { return .success(try parser.finish()) } catch { return .failure(error) }
            case .success(let chunk):
                do {
                    if let response = try parser.consume(chunk[...]) { return .success(response) }
                } catch {
                    return .failure(error)
                }
            }
        }
    }

    static func error(_ failure: Socket.Failure) -> HTTPError {
        switch failure {
        case .timedOut: return .timedOut
        case .failed(let operation, let code): return .socketFailed(operation: operation, errno: code)
        }
    }

    /// The request line and header fields, ending with the empty line.
    func requestHead(_ request: HTTPRequest) throws(HTTPError) -> [UInt8] {
        try Self.checkFieldValue(userAgent, name: "User-Agent")
        var lines = [
            "\(request.method.token) \(request.url.target) HTTP/1.1",
            "Host: \(request.url.hostHeader)",
            "User-Agent: \(userAgent)",
            "Accept: */*",
            "Connection: close",
        ]
        if request.method == .post {
            if let contentType = request.contentType {
                try Self.checkFieldValue(contentType, name: "Content-Type")
                lines.append("Content-Type: \(contentType)")
            }
            lines.append("Content-Length: \(request.body.count)")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// A header value must be visible ASCII and blanks: no CR or LF that would end the line early.
    static func checkFieldValue(_ value: String, name: String) throws(HTTPError) {
        guard value.utf8.allSatisfy({ $0 == 0x09 || (0x20...0x7E).contains($0) }) else {
            throw .invalidRequest("\(name) holds a control or non-ASCII byte")
        }
    }
}
