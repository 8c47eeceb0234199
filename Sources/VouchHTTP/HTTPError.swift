/// Why a fetch, a URL or an override failed: each case names what and, for response bytes,
/// where (the offset in the stream the server sent, interim responses included).
public enum HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The URL text is not an `http://host[:port][/path][?query]` URL; the reason names the fault and its index.
    case invalidURL(String)
    /// The URL's scheme is not `http` (https, ldap, …): the client speaks plain HTTP only.
    case unsupportedScheme(String)
    /// A `--resolve` or `--connect-to` text is not in curl's form; the reason says why.
    case invalidOverride(String)
    /// A request field (user agent, content type) holds a byte that cannot go into a header line.
    case invalidRequest(String)
    /// The host has no address: no literal, no `/etc/hosts` line, and DNS said so or could not be asked.
    case resolutionFailed(host: String, reason: String)
    /// Every address of the host is refused by the ``AddressPolicy`` (this one was the first).
    case addressRefused(address: String, reason: AddressRefusal)
    /// No allowed address accepted a connection; the last one tried and its `errno`.
    case connectionFailed(address: String, errno: Int32)
    /// A socket call other than connect failed (`socket`, `send`, `recv`, `poll`), with its `errno`.
    case socketFailed(operation: String, errno: Int32)
    /// The deadline passed (it covers resolution, connection, sending and receiving).
    case timedOut
    /// The body is larger than the client's cap (the limit, in bytes): the fetch failed.
    case bodyTooLarge(limit: Int)
    /// The response is not HTTP/1.x as RFC 9112 defines it, at this stream offset.
    case malformedResponse(offset: Int, reason: String)
    /// The server closed the connection before the response was complete, after `offset` bytes.
    case connectionClosedEarly(offset: Int)

    /// A one-line explanation, for diagnostics.
    public var description: String {
        switch self {
        case .invalidURL(let reason): return "invalid URL: \(reason)"
        case .unsupportedScheme(let scheme): return "unsupported URL scheme '\(scheme)' (only http)"
        case .invalidOverride(let reason): return "invalid host override: \(reason)"
        case .invalidRequest(let reason): return "invalid request: \(reason)"
        case .resolutionFailed(let host, let reason): return "cannot resolve \(host): \(reason)"
        case .addressRefused(let address, let reason): return "address \(address) refused: \(reason)"
        case .connectionFailed(let address, let code): return "cannot connect to \(address) (errno \(code))"
        case .socketFailed(let operation, let code): return "\(operation) failed (errno \(code))"
        case .timedOut: return "timed out"
        case .bodyTooLarge(let limit): return "response body larger than \(limit) bytes"
        case .malformedResponse(let offset, let reason): return "malformed response at byte \(offset): \(reason)"
        case .connectionClosedEarly(let offset): return "connection closed after \(offset) bytes, before the response ended"
        }
    }
}

/// Why an ``AddressPolicy`` refuses to connect to an address. The URLs Vouch fetches come from the
/// peer's certificate, so a fetch is an attacker-chosen request from inside the user's network.
public enum AddressRefusal: Sendable, Hashable, CustomStringConvertible {
    /// 169.254.0.0/16 or fe80::/10: link-local, where cloud metadata services answer (169.254.169.254).
    case linkLocal
    /// 127.0.0.0/8 or ::1 (or ::ffff:127.x): this machine, allowed only with `allowsLoopback`.
    case loopbackNotAllowed
    /// 0.0.0.0/8 or :: — on Linux a connection to 0.0.0.0 reaches this machine.
    case unspecified
    /// 224.0.0.0/4, 255.255.255.255 or ff00::/8: not a single host.
    case multicastOrBroadcast
    /// A cloud metadata address outside link-local: fd00:ec2::254 (AWS, IPv6), 100.100.100.200 (Alibaba Cloud).
    case metadata

    /// The refusal in words.
    public var description: String {
        switch self {
        case .linkLocal: return "link-local (cloud metadata lives there)"
        case .loopbackNotAllowed: return "loopback, not allowed (--allow-loopback allows it)"
        case .unspecified: return "unspecified address"
        case .multicastOrBroadcast: return "multicast or broadcast"
        case .metadata: return "cloud metadata service"
        }
    }
}
