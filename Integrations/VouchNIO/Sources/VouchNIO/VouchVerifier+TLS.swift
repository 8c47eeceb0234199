#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import NIOCore
import NIOSSL

extension VouchVerifier {
    /// The client configuration to use with the verifier: NIO SSL's defaults with
    /// `certificateVerification = .noHostnameVerification`.
    ///
    /// NIO SSL's own hostname check must be off so that Vouch alone answers the hostname question:
    /// NIO SSL accepts any certificate carrying an IP SAN equal to the peer's address, whatever
    /// name was asked for, and AFSecurityPolicy does not. Verification itself stays on, so NIO SSL
    /// calls the custom callback (with `.none` it would not). Its trust roots are empty: Vouch's
    /// anchors (``anchors`` or the system store) decide. Change other fields (ALPN, versions,
    /// client certificates) on the value returned.
    public static func tlsConfiguration() -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .noHostnameVerification
        // BoringSSL's roots are never consulted once the callback replaces its verification; the
        // default (the system bundle) would be parsed again by every NIOSSLContext (~5 ms). Without
        // the callback, no roots means nothing verifies: it fails closed.
        configuration.trustRoots = .certificates([])
        return configuration
    }

    /// A client handler whose certificate decision is Vouch's, for a connection to `host`.
    ///
    /// `host` is the name the policy judges; it is also sent as SNI when it is a DNS name (TLS
    /// forbids IP addresses there). `context` should come from ``tlsConfiguration()``. The handler
    /// is not `Sendable`: make it on the channel's event loop, in the channel initializer.
    ///
    /// - Throws: NIO SSL's errors for a handler it cannot make (for instance an invalid SNI name).
    public func makeClientHandler(context: NIOSSLContext, host: String) throws -> NIOSSLClientHandler {
        try NIOSSLClientHandler(
            context: context,
            serverHostname: Self.isIPAddress(host) ? nil : host,
            customVerificationCallbackWithMetadata: verificationCallback(host: host))
    }

    /// Whether `host` is an IPv4 or IPv6 address literal (brackets allowed around IPv6).
    public static func isIPAddress(_ host: String) -> Bool {
        var bare = Substring(host)
        if bare.hasPrefix("["), bare.hasSuffix("]") { bare = bare.dropFirst().dropLast() }
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, String(bare), &v4) == 1 || inet_pton(AF_INET6, String(bare), &v6) == 1
    }
}
