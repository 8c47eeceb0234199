import NIOCore
import NIOPosix
import NIOSSL
import VouchNIO
import VouchPinning
import VouchX509

/// Helpers shared by the end-to-end suites.
enum Handshakes {
    /// One handshake to `server` on 127.0.0.1 judged for `name`.
    static func run(_ server: TestServer, name: String, verifier: VouchVerifier) async throws -> TLSProbe.Outcome {
        try await TLSProbe.handshake(host: "127.0.0.1", port: server.port, serverName: name, verifier: verifier,
                                     configuration: VouchVerifier.tlsConfiguration(),
                                     group: MultiThreadedEventLoopGroup.singleton).get()
    }

    static func certificate(_ fixture: OpenSSLFixture, _ name: String) throws -> Certificate {
        try Certificate(derEncoded: try fixture.der(name))
    }

    /// A security policy pinning the named fixture certificates.
    static func policy(_ mode: PinningMode, pinning names: [String], in fixture: OpenSSLFixture) throws -> SecurityPolicy {
        SecurityPolicy(pinningMode: mode, pinnedCertificates: Set(try names.map { try fixture.der($0) }))
    }
}
