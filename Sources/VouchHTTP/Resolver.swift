#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Name resolution without glibc's NSS, so that the static `vouch` binary resolves inside an empty
/// chroot (where `getaddrinfo` would need NSS modules it cannot load).
///
/// In order: an IPv4 or IPv6 literal (brackets allowed); the `hosts` file (every address of the
/// first lines naming the host, in file order); DNS over UDP to the resolv.conf's `nameserver`
/// lines (at most ``HTTPLimits/maximumNameservers``), asking A then AAAA, each server in turn with
/// ``HTTPLimits/dnsQueryTimeout`` per query, within the caller's deadline. IPv4 addresses come first.
///
/// A truncated UDP answer without addresses is asked again over TCP, of the same server (RFC 7766
/// §5; an A or AAAA answer fits in 512 bytes unless a name has dozens of addresses).
///
/// Not done, on purpose or for now: `search`, `domain` and `ndots` are ignored (a URL's host is
/// taken as fully qualified, as a certificate names it); `options` are ignored; no EDNS; no cache
/// (the engine caches responses, not names).
/// A missing resolv.conf, or one without nameservers, is ``HTTPError/resolutionFailed(host:reason:)``
/// saying so (glibc would silently ask 127.0.0.1).
public struct Resolver: Sendable {
    /// The hosts file read first, or `nil` for none.
    public var hostsPath: String?
    /// The resolv.conf naming the nameservers, or `nil` for no DNS.
    public var resolvConfPath: String?
    /// The nameservers' port: 53, another one in tests (resolv.conf cannot name a port).
    public var nameserverPort: UInt16

    /// A resolver reading the given files.
    public init(hostsPath: String?, resolvConfPath: String?, nameserverPort: UInt16 = 53) {
        self.hostsPath = hostsPath
        self.resolvConfPath = resolvConfPath
        self.nameserverPort = nameserverPort
    }

    /// `/etc/hosts`, then the nameservers of `/etc/resolv.conf`.
    public static var system: Resolver { Resolver(hostsPath: "/etc/hosts", resolvConfPath: "/etc/resolv.conf") }

    /// The addresses of `host`, within `timeout`.
    /// - Returns: at least one address, or ``HTTPError/resolutionFailed(host:reason:)`` /
    ///   ``HTTPError/timedOut``.
    public func resolve(_ host: String, timeout: Duration) -> Result<[IPAddress], HTTPError> {
        resolve(host, deadline: Deadline(after: timeout))
    }

    func resolve(_ host: String, deadline: Deadline) -> Result<[IPAddress], HTTPError> {
        var literal = Substring(host)
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
        if let address = IPAddress(String(literal)) { return .success([address]) }
        guard let labels = DNSMessage.labels(host) else {
            return .failure(.resolutionFailed(host: host, reason: "not a valid DNS name"))
        }
        if let hostsPath, let text = readFile(hostsPath, limit: HTTPLimits.maximumConfigurationFileBytes) {
            let found = Self.hostsEntries(text, name: host)
            if !found.isEmpty { return .success(found) }
        }
        guard let resolvConfPath else { return .failure(.resolutionFailed(host: host, reason: "not in the hosts file, and DNS is off")) }
        guard let configuration = readFile(resolvConfPath, limit: HTTPLimits.maximumConfigurationFileBytes) else {
            return .failure(.resolutionFailed(host: host, reason: "cannot read \(resolvConfPath): no nameserver to ask"))
        }
        let servers = Self.nameservers(configuration)
        guard !servers.isEmpty else {
            return .failure(.resolutionFailed(host: host, reason: "\(resolvConfPath) names no nameserver"))
        }
        return lookUp(host, labels: labels, servers: servers, deadline: deadline)
    }

    func lookUp(_ host: String, labels: [[UInt8]], servers: [IPAddress], deadline: Deadline) -> Result<[IPAddress], HTTPError> {
        var addresses: [IPAddress] = []
        var answered = false
        var lastProblem = "no answer from \(servers.map { $0.description }.joined(separator: ", "))"
        for type in [DNSMessage.RecordType.a, .aaaa] {
            for server in servers {
                guard deadline.remainingMilliseconds != nil else { return .failure(.timedOut) }
                var answer = query(labels, type: type, server: server, deadline: deadline.capped(at: HTTPLimits.dnsQueryTimeout))
                if case .truncated? = answer {
                    // RFC 7766 §5: a truncated UDP answer is asked again over TCP, the same server.
                    answer = queryOverTCP(labels, type: type, server: server, deadline: deadline.capped(at: HTTPLimits.dnsQueryTimeout))
                }
                switch answer {
                case .addresses(let found)?:
                    addresses += found
                    answered = true
                case .nameError?:
                    return .failure(.resolutionFailed(host: host, reason: "no such name (NXDOMAIN from \(server))"))
                case .serverFailure(let code)?:
                    lastProblem = "\(server) answered with RCODE \(code)"
                    continue
                case .truncated?:
                    lastProblem = "\(server) sent a truncated answer, over TCP too"
                    continue
                case nil:
                    continue
                }
                break
            }
        }
        if !addresses.isEmpty { return .success(Array(addresses.prefix(HTTPLimits.maximumAddresses))) }
        if deadline.remainingMilliseconds == nil { return .failure(.timedOut) }
        return .failure(.resolutionFailed(host: host, reason: answered ? "no A or AAAA records" : lastProblem))
    }

    /// One query to one server over UDP; `nil` when no usable reply came before `deadline`.
    func query(_ labels: [[UInt8]], type: DNSMessage.RecordType, server: IPAddress, deadline: Deadline) -> DNSMessage.Answer? {
        let id = UInt16.random(in: 0...UInt16.max)
        guard case .success(let socket) = Socket.connect(to: server, port: nameserverPort, stream: false, deadline: deadline) else {
            return nil
        }
        defer { socket.close() }
        guard case .success = socket.sendAll(DNSMessage.query(id: id, name: labels, type: type), until: deadline) else { return nil }
        for _ in 0..<HTTPLimits.maximumIgnoredDatagrams {
            guard case .success(let reply) = socket.receive(capacity: HTTPLimits.maximumDNSMessageBytes, until: deadline) else {
                return nil
            }
            if let answer = DNSMessage.parse(reply, id: id, name: labels, type: type) { return answer }
        }
        return nil
    }

    /// The same query over TCP (RFC 1035 §4.2.2: each message after a two-octet length), asked
    /// when the UDP answer was truncated; `nil` when no whole, usable reply came before `deadline`.
    /// The length prefix bounds the reply (65,535 octets).
    func queryOverTCP(_ labels: [[UInt8]], type: DNSMessage.RecordType, server: IPAddress, deadline: Deadline) -> DNSMessage.Answer? {
        let id = UInt16.random(in: 0...UInt16.max)
        guard case .success(let socket) = Socket.connect(to: server, port: nameserverPort, stream: true, deadline: deadline) else {
            return nil
        }
        defer { socket.close() }
        let message = DNSMessage.query(id: id, name: labels, type: type)
        let framed = [UInt8(truncatingIfNeeded: message.count >> 8), UInt8(truncatingIfNeeded: message.count)] + message
        guard case .success = socket.sendAll(framed, until: deadline) else { return nil }
        var received: [UInt8] = []
        while true {
            if received.count >= 2 {
                let length = Int(received[0]) << 8 | Int(received[1])
                if received.count >= 2 + length { return DNSMessage.parse(Array(received[2..<(2 + length)]), id: id, name: labels, type: type) }
            }
            guard case .success(let chunk) = socket.receive(capacity: HTTPLimits.maximumDNSMessageBytes, until: deadline), !chunk.isEmpty
            else { return nil }
            received += chunk
        }
    }

    /// The addresses of `name` in hosts-file text: `address name [aliases…]` lines, `#` comments.
    static func hostsEntries(_ text: [UInt8], name: String) -> [IPAddress] {
        let wanted = normalized(name)
        var found: [IPAddress] = []
        for line in lines(text) {
            guard let first = line.first, let address = IPAddress(first) else { continue }
            if line.dropFirst().contains(where: { normalized($0) == wanted }), !found.contains(address) {
                found.append(address)
            }
            if found.count >= HTTPLimits.maximumAddresses { break }
        }
        return found
    }

    /// The `nameserver` addresses of resolv.conf text, at most ``HTTPLimits/maximumNameservers``.
    static func nameservers(_ text: [UInt8]) -> [IPAddress] {
        var servers: [IPAddress] = []
        for line in lines(text) where line.count >= 2 && line[0] == "nameserver" {
            if let address = IPAddress(line[1]) { servers.append(address) }
            if servers.count == HTTPLimits.maximumNameservers { break }
        }
        return servers
    }

    /// Each line's blank-separated words, comments (`#`, `;`) removed.
    static func lines(_ text: [UInt8]) -> [[String]] {
        text.split(separator: 0x0A).map { line in
            let content = line.prefix { $0 != UInt8(ascii: "#") && $0 != UInt8(ascii: ";") }
            return content.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    static func normalized(_ name: String) -> String {
        var lowered = name.lowercased()
        if lowered.hasSuffix("."), lowered.count > 1 { lowered.removeLast() }
        return lowered
    }
}

/// The first `limit` bytes of the file at `path`, or `nil` when it cannot be opened. Through
/// `fopen`, the C library's own function: the Swift Glibc overlay's `open` would link its libm
/// references into a static binary (SourceRulesTests).
func readFile(_ path: String, limit: Int) -> [UInt8]? {
    guard let file = fopen(path, "rbe") else { return nil }
    defer { fclose(file) }
    var contents: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while contents.count < limit {
        let count = chunk.withUnsafeMutableBytes { raw -> Int in
            guard let start = raw.baseAddress else { return 0 }
            return fread(start, 1, raw.count, file)
        }
        guard count > 0 else { break }
        contents += chunk.prefix(min(count, limit - contents.count))
    }
    return contents
}
