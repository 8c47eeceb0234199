/// Which addresses a fetch may connect to.
///
/// The URLs Vouch fetches (caIssuers, OCSP) come from the peer's certificate: a fetch is an
/// attacker-chosen request from inside the user's network (server-side request forgery). The
/// policy is applied to the exact address the client then connects to — after `/etc/hosts`, DNS
/// and any ``HostOverride`` — so DNS rebinding cannot slip a refused address past it. Apple's
/// trustd has no such rule (a divergence SECTRUST.md §16 lists).
///
/// Refused always: link-local (169.254.0.0/16 with the cloud metadata service 169.254.169.254,
/// fe80::/10), unspecified (0.0.0.0/8, ::), multicast and broadcast, and known metadata
/// addresses outside link-local. Refused unless `allowsLoopback`: 127.0.0.0/8 and ::1. Private
/// ranges (10/8, 172.16/12, 192.168/16, fc00::/7) are allowed: enterprise CAs serve their
/// intermediates and OCSP from them. IPv4-mapped and NAT64 IPv6 addresses are judged as the IPv4
/// address inside.
public struct AddressPolicy: Sendable, Hashable {
    /// Whether 127.0.0.0/8 and ::1 may be reached (`--allow-loopback`; tests use it).
    public var allowsLoopback: Bool

    /// A policy; loopback is refused unless `allowsLoopback`.
    public init(allowsLoopback: Bool = false) {
        self.allowsLoopback = allowsLoopback
    }

    /// Why `address` is refused, or `nil` when a fetch may connect to it.
    public func refusal(for address: IPAddress) -> AddressRefusal? {
        if let inner = address.embeddedIPv4 { return refusal(for: inner) }
        let b = address.bytes
        if b.count == 4 { return refusalIPv4(b) }
        guard b.count == 16 else { return .unspecified }
        if b.allSatisfy({ $0 == 0 }) { return .unspecified }
        if b[0..<15].allSatisfy({ $0 == 0 }) && b[15] == 1 { return allowsLoopback ? nil : .loopbackNotAllowed }
        if b[0] == 0xFE && (b[1] & 0xC0) == 0x80 { return .linkLocal }
        if b[0] == 0xFF { return .multicastOrBroadcast }
        if b == Self.awsMetadataIPv6 { return .metadata }
        return nil
    }

    private func refusalIPv4(_ b: [UInt8]) -> AddressRefusal? {
        switch b[0] {
        case 0: return .unspecified
        case 127: return allowsLoopback ? nil : .loopbackNotAllowed
        case 169 where b[1] == 254: return .linkLocal
        case 224...239: return .multicastOrBroadcast
        case 255 where b == [255, 255, 255, 255]: return .multicastOrBroadcast
        default: return b == Self.alibabaMetadataIPv4 ? .metadata : nil
        }
    }

    /// fd00:ec2::254, the IPv6 address of AWS's instance metadata service (IMDS).
    static let awsMetadataIPv6: [UInt8] = [0xFD, 0, 0x0E, 0xC2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02, 0x54]
    /// 100.100.100.200, Alibaba Cloud's metadata service (in the shared 100.64.0.0/10 range, not link-local).
    static let alibabaMetadataIPv4: [UInt8] = [100, 100, 100, 200]
}
