/// A curl-style override of where a host:port is connected to, for answering a real certificate's
/// URLs from recorded files on a local server. The `Host` header keeps the URL's host.
///
/// * `--resolve HOST:PORT:ADDRESS[,ADDRESS…]` — connections to HOST:PORT go to these addresses
///   (IPv6 with or without brackets) instead of resolving HOST. HOST `*` matches any host.
/// * `--connect-to HOST:PORT:CONNECTHOST:CONNECTPORT` — connections to HOST:PORT go to
///   CONNECTHOST:CONNECTPORT (a name, resolved then, or a literal; IPv6 in brackets). An empty HOST
///   or PORT matches any; an empty CONNECTHOST or CONNECTPORT keeps the original.
///
/// `--connect-to` applies first, then `--resolve` on the host and port it gives, as in curl; the
/// first matching override of each kind wins. Overridden addresses still pass the
/// ``AddressPolicy`` (loopback needs `allowsLoopback`).
public struct HostOverride: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case resolve(host: String?, port: UInt16, addresses: [IPAddress])
        case connectTo(host: String?, port: UInt16?, connectHost: String?, connectPort: UInt16?)
    }

    let kind: Kind

    /// Parses curl's `--resolve` text `HOST:PORT:ADDRESS[,ADDRESS…]`.
    /// - Throws: ``HTTPError/invalidOverride(_:)`` naming the fault.
    public static func resolve(_ text: String) throws(HTTPError) -> HostOverride {
        var rest = Substring(text)
        let host = try takeHost(&rest, text: text)
        guard let portText = takeField(&rest), let port = parsePort(portText) else {
            throw .invalidOverride("'\(text)': expected HOST:PORT:ADDRESS with a port 1-65535")
        }
        var addresses: [IPAddress] = []
        for item in rest.split(separator: ",", omittingEmptySubsequences: false) {
            var literal = item
            if literal.hasPrefix("["), literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
            guard let address = IPAddress(String(literal)) else {
                throw .invalidOverride("'\(text)': '\(item)' is not an IPv4 or IPv6 address")
            }
            addresses.append(address)
        }
        guard !addresses.isEmpty, addresses.count <= HTTPLimits.maximumAddresses else {
            throw .invalidOverride("'\(text)': expected 1 to \(HTTPLimits.maximumAddresses) addresses")
        }
        return HostOverride(kind: .resolve(host: host == "*" ? nil : host, port: port, addresses: addresses))
    }

    /// Parses curl's `--connect-to` text `HOST:PORT:CONNECTHOST:CONNECTPORT`.
    /// - Throws: ``HTTPError/invalidOverride(_:)`` naming the fault.
    public static func connectTo(_ text: String) throws(HTTPError) -> HostOverride {
        var rest = Substring(text)
        let host = try takeHost(&rest, text: text)
        guard let portText = takeField(&rest) else { throw .invalidOverride("'\(text)': expected HOST:PORT:CONNECTHOST:CONNECTPORT") }
        let connectHost = try takeHost(&rest, text: text)
        let connectPortText = rest
        guard !connectPortText.contains(":") else { throw .invalidOverride("'\(text)': too many fields") }
        let port = try optionalPort(portText, text: text)
        let connectPort = try optionalPort(connectPortText, text: text)
        if let connectHost, (try? HTTPURL.parseHost(Array(connectHost.utf8)[...])) == nil {
            throw .invalidOverride("'\(text)': '\(connectHost)' is not a host name or address")
        }
        return HostOverride(kind: .connectTo(host: host, port: port, connectHost: connectHost, connectPort: connectPort))
    }

    /// HOST up to the next `:` (or a bracketed IPv6 literal), lowercased; `nil` when empty.
    static func takeHost(_ rest: inout Substring, text: String) throws(HTTPError) -> String? {
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw .invalidOverride("'\(text)': unclosed '['") }
            let host = rest[rest.startIndex...close]
            rest = rest[rest.index(after: close)...]
            guard rest.hasPrefix(":") else { throw .invalidOverride("'\(text)': expected ':' after ']'") }
            rest = rest.dropFirst()
            return IPAddress(String(host.dropFirst().dropLast()))?.urlText ?? host.lowercased()
        }
        guard let field = takeField(&rest) else { throw .invalidOverride("'\(text)': missing fields") }
        return field.isEmpty ? nil : Resolver.normalized(String(field))
    }

    /// The text up to the next `:` (which is consumed); `nil` when there is no `:`.
    static func takeField(_ rest: inout Substring) -> Substring? {
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        let field = rest[rest.startIndex..<colon]
        rest = rest[rest.index(after: colon)...]
        return field
    }

    static func parsePort(_ text: Substring) -> UInt16? {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }), let port = UInt16(text), port != 0 else {
            return nil
        }
        return port
    }

    static func optionalPort(_ text: Substring, text whole: String) throws(HTTPError) -> UInt16? {
        if text.isEmpty { return nil }
        guard let port = parsePort(text) else { throw .invalidOverride("'\(whole)': '\(text)' is not a port 1-65535") }
        return port
    }
}

extension [HostOverride] {
    /// Where `host`:`port` is connected to: the host and port after the first matching
    /// `--connect-to`, and the addresses of the first matching `--resolve` for those (`nil`: resolve
    /// the host returned). Another transport over the same overrides (an AsyncHTTPClient adapter)
    /// asks this too; the addresses still pass its `AddressPolicy`.
    public func target(host: String, port: UInt16) -> (host: String, port: UInt16, addresses: [IPAddress]?) {
        var host = host
        var port = port
        for override in self {
            if case .connectTo(let from, let fromPort, let toHost, let toPort) = override.kind,
                from == nil || from == host, fromPort == nil || fromPort == port
            {
                host = toHost ?? host
                port = toPort ?? port
                break
            }
        }
        for override in self {
            if case .resolve(let from, let fromPort, let addresses) = override.kind, from == nil || from == host, fromPort == port {
                return (host, port, addresses)
            }
        }
        return (host, port, nil)
    }
}
