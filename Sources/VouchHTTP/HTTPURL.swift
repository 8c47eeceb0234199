/// An `http://host[:port][/path][?query]` URL, parsed strictly.
///
/// The scheme is case-insensitive; any scheme but `http` is ``HTTPError/unsupportedScheme(_:)``.
/// The host is a DNS name (letters, digits, `-`, `_`; lowercased), dotted IPv4 (four decimal
/// parts, no leading zeros) or `[IPv6]` without a zone. A host whose last label is numeric must be
/// a valid IPv4 address (so `0x7f.1` or `2130706433` are refused, not guessed). User information
/// (`user@`) is refused; a fragment is dropped (it never goes on the wire). The path and query
/// must be printable ASCII without spaces or backslashes; percent escapes are kept as written.
public struct HTTPURL: Sendable, Hashable, CustomStringConvertible {
    /// The host as it goes in the `Host` header: a lowercased DNS name, dotted IPv4, or `[IPv6]`.
    public let host: String
    /// The port: 80 unless the URL gives one.
    public let port: UInt16
    /// The request target: path and query, `/` when the URL has neither.
    public let target: String
    /// The host's address when the host is an IP literal.
    public let address: IPAddress?

    /// Parses `text`.
    /// - Throws: ``HTTPError/unsupportedScheme(_:)`` for another scheme, ``HTTPError/invalidURL(_:)``
    ///   naming the fault and its byte index otherwise.
    public init(_ text: String) throws(HTTPError) {
        let bytes = Array(text.utf8)
        guard bytes.count <= HTTPLimits.maximumURLBytes else {
            throw .invalidURL("longer than \(HTTPLimits.maximumURLBytes) bytes")
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { throw .invalidURL("no scheme") }
        let scheme = String(decoding: bytes[0..<colon], as: UTF8.self).lowercased()
        guard !scheme.isEmpty, bytes[0..<colon].allSatisfy(Self.isSchemeByte) else {
            throw .invalidURL("malformed scheme at index 0")
        }
        guard scheme == "http" else { throw .unsupportedScheme(scheme) }
        let slashes = colon + 1
        guard bytes.count >= slashes + 2, bytes[slashes] == UInt8(ascii: "/"), bytes[slashes + 1] == UInt8(ascii: "/") else {
            throw .invalidURL("expected '//' at index \(slashes)")
        }
        let authorityStart = slashes + 2
        var authorityEnd = authorityStart
        while authorityEnd < bytes.count, !"/?#".utf8.contains(bytes[authorityEnd]) { authorityEnd += 1 }
        let (host, port, address) = try Self.parseAuthority(bytes[authorityStart..<authorityEnd])
        var end = bytes.count
        if let hash = bytes[authorityEnd...].firstIndex(of: UInt8(ascii: "#")) { end = hash }
        let rest = bytes[authorityEnd..<end]
        for index in rest.indices where !Self.isTargetByte(rest[index]) {
            throw .invalidURL("byte 0x\(String(rest[index], radix: 16)) not allowed in the path or query at index \(index)")
        }
        var target = String(decoding: rest, as: UTF8.self)
        if target.isEmpty || target.first == "?" { target = "/" + target }
        self.host = host
        self.port = port
        self.address = address
        self.target = target
    }

    /// `http://host[:port]target`, the port shown when it is not 80.
    public var description: String { "http://" + hostHeader + target }

    /// The `Host` header's value: the host, with the port when it is not 80.
    var hostHeader: String { port == 80 ? host : host + ":" + String(port) }

    static func isSchemeByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || "+-.".utf8.contains(byte)
    }

    /// Printable ASCII except space, `\`, `"`, `<`, `>`, `` ` ``, `{`, `}`, `|`, `^` (RFC 3986 excludes them).
    static func isTargetByte(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && !"\\\"<>`{}|^".utf8.contains(byte)
    }

    static func parseAuthority(_ authority: ArraySlice<UInt8>) throws(HTTPError) -> (String, UInt16, IPAddress?) {
        guard !authority.isEmpty else { throw .invalidURL("empty host at index \(authority.startIndex)") }
        if let at = authority.firstIndex(of: UInt8(ascii: "@")) { throw .invalidURL("user information not allowed at index \(at)") }
        var hostPart = authority
        var portPart: ArraySlice<UInt8>? = nil
        if authority.first == UInt8(ascii: "[") {
            guard let close = authority.firstIndex(of: UInt8(ascii: "]")) else {
                throw .invalidURL("unclosed '[' at index \(authority.startIndex)")
            }
            hostPart = authority[authority.startIndex...close]
            let after = authority[(close + 1)...]
            if let first = after.first {
                guard first == UInt8(ascii: ":") else { throw .invalidURL("unexpected byte after ']' at index \(close + 1)") }
                portPart = after.dropFirst()
            }
        } else if let colon = authority.firstIndex(of: UInt8(ascii: ":")) {
            hostPart = authority[authority.startIndex..<colon]
            portPart = authority[(colon + 1)...]
        }
        let port = try portPart.map { (part) throws(HTTPError) -> UInt16 in try parsePort(part) } ?? 80
        let (host, address) = try parseHost(hostPart)
        return (host, port, address)
    }

    /// A port: 1–5 decimal digits, 1...65535; empty means 80 (RFC 3986 §3.2.3).
    static func parsePort(_ part: ArraySlice<UInt8>) throws(HTTPError) -> UInt16 {
        if part.isEmpty { return 80 }
        guard part.count <= 5, part.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw .invalidURL("malformed port at index \(part.startIndex)")
        }
        let value = part.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard let port = UInt16(exactly: value), port != 0 else { throw .invalidURL("port \(value) out of range at index \(part.startIndex)") }
        return port
    }

    /// A host: `[IPv6]`, dotted IPv4, or a DNS name (lowercased, one trailing dot dropped).
    static func parseHost(_ part: ArraySlice<UInt8>) throws(HTTPError) -> (String, IPAddress?) {
        let start = part.startIndex
        if part.first == UInt8(ascii: "[") {
            guard part.count >= 2, part.last == UInt8(ascii: "]"),
                let address = IPAddress.parseIPv6(part.dropFirst().dropLast()).flatMap({ IPAddress(bytes: $0) })
            else { throw .invalidURL("malformed IPv6 literal at index \(start)") }
            return (address.urlText, address)
        }
        guard !part.isEmpty else { throw .invalidURL("empty host at index \(start)") }
        var name = part
        if name.last == UInt8(ascii: "."), name.count > 1 { name = name.dropLast() }
        guard name.count <= HTTPLimits.maximumDNSNameBytes else { throw .invalidURL("host longer than 253 bytes at index \(start)") }
        let labels = name.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        for label in labels {
            guard (1...63).contains(label.count) else { throw .invalidURL("empty or over-long label in the host at index \(label.startIndex)") }
            if let bad = label.firstIndex(where: { !isHostByte($0) }) {
                throw .invalidURL("byte 0x\(String(part[bad], radix: 16)) not allowed in the host at index \(bad)")
            }
            if label.first == UInt8(ascii: "-") || label.last == UInt8(ascii: "-") {
                throw .invalidURL("label starts or ends with '-' at index \(label.startIndex)")
            }
        }
        // A numeric (or hex-looking) last label means an IPv4 address: it must be a valid dotted quad.
        if let last = labels.last, last.allSatisfy({ (0x30...0x39).contains($0) }) || (last.count > 1 && last.first == 0x30 && (last.dropFirst().first == UInt8(ascii: "x") || last.dropFirst().first == UInt8(ascii: "X"))) {
            guard let v4 = IPAddress.parseIPv4(name), let address = IPAddress(bytes: v4) else {
                throw .invalidURL("numeric host is not a dotted IPv4 address at index \(start)")
            }
            return (address.description, address)
        }
        return (String(decoding: name, as: UTF8.self).lowercased(), nil)
    }

    static func isHostByte(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_")
    }
}
