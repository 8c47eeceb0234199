/// Where a request may connect, once curl-style overrides, name resolution and the
/// ``AddressPolicy`` have spoken: the one place every transport decides it (Vouch's
/// ``HTTPClient``, and VouchNIO's AsyncHTTPClient adapter), so that a certificate's URL reaches
/// no address the policy refuses whichever transport carries it.
public struct ConnectionTarget: Sendable {
    /// The host connected to: the URL's, or a `--connect-to` override's (named in failures).
    public let host: String
    /// The port connected to: the URL's, or an override's.
    public let port: UInt16
    /// The addresses the policy allows, in the resolver's order (of the first
    /// ``HTTPLimits/maximumAddresses``).
    public let allowed: [IPAddress]
    /// Why the first refused address was refused, if one was.
    public let firstRefusal: HTTPError?

    /// The target of `url`: `overrides.target(host:port:)` first, then the override's addresses
    /// or `resolver`'s for the target host (a literal without a lookup), each judged by `policy`.
    /// Fails only when the name cannot be resolved within `timeout`.
    public static func of(
        _ url: HTTPURL, overrides: [HostOverride], resolver: Resolver, policy: AddressPolicy, timeout: Duration
    ) -> Result<ConnectionTarget, HTTPError> {
        of(url, overrides: overrides, resolver: resolver, policy: policy, deadline: Deadline(after: timeout))
    }

    static func of(
        _ url: HTTPURL, overrides: [HostOverride], resolver: Resolver, policy: AddressPolicy, deadline: Deadline
    ) -> Result<ConnectionTarget, HTTPError> {
        let target = overrides.target(host: url.host, port: url.port)
        let candidates: [IPAddress]
        if let addresses = target.addresses {
            candidates = addresses
        } else {
            switch resolver.resolve(target.host, deadline: deadline) {
            case .success(let addresses): candidates = addresses
            case .failure(let error): return .failure(error)
            }
        }
        var firstRefusal: HTTPError?
        var allowed: [IPAddress] = []
        for address in candidates.prefix(HTTPLimits.maximumAddresses) {
            if let refusal = policy.refusal(for: address) {
                if firstRefusal == nil { firstRefusal = .addressRefused(address: address.description, reason: refusal) }
            } else {
                allowed.append(address)
            }
        }
        return .success(ConnectionTarget(host: target.host, port: target.port, allowed: allowed, firstRefusal: firstRefusal))
    }

    /// What a fetch reports when no allowed address gave a response: the last connection failure,
    /// else the first refusal, else that the name had no address.
    public func failure(after lastFailure: HTTPError?) -> HTTPError {
        lastFailure ?? firstRefusal ?? .resolutionFailed(host: host, reason: "no address")
    }
}
