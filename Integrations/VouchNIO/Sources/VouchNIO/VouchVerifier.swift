import NIOCore
import NIOPosix
import NIOSSL
import VouchPinning
import VouchTrust
import VouchX509

/// Vouch as SwiftNIO SSL's certificate verifier: the server's chain becomes a server-trust
/// challenge (AFSECURITYPOLICY.md §3) judged by a `SecurityPolicy` or a `PinSet` for the
/// connection's host, and the chain Vouch built becomes the connection's validated chain.
///
/// ```swift
/// let verifier = VouchVerifier(policy: SecurityPolicy(pinningMode: .publicKey, pinnedCertificates: pins))
/// let context = try NIOSSLContext(configuration: VouchVerifier.tlsConfiguration())
/// // in the channel initializer:
/// try channel.pipeline.syncOperations.addHandler(verifier.makeClientHandler(context: context, host: "example.com"))
/// ```
///
/// Where the work runs: by default inline on the event loop, inside NIO SSL's callback. A decision
/// is CPU work only (parsing, path building, a few signature checks; no I/O), so it holds the loop
/// no longer than the verification itself takes: 0.3–0.4 ms for a P-256 leaf and intermediate,
/// plus about 1.7 ms while VouchTrust adds the machine's ~140 system roots to every evaluation
/// (Integrations/VouchNIO/README.md, Figures). Set ``threadPool`` to move it off the loop (worth it for servers with very many
/// concurrent handshakes, or huge system stores); the decision is the same either way.
public struct VouchVerifier: Sendable {
    /// What judges the server.
    public enum Rules: Sendable {
        /// AFNetworking's `AFSecurityPolicy`, through the session challenge flow
        /// (`SessionSecurity.respond(to:url:)`), with ``VouchVerifier/challengeHandler`` first.
        case securityPolicy(SecurityPolicy)
        /// `sha256/` pins by host (`PinSet.evaluate(_:host:now:)`); a host without a rule gets
        /// default handling (the SSL policy for the host, no pinning).
        case pinSet(PinSet)
    }

    /// An application's challenge handler (AFNetworking's `authenticationChallengeHandler`): called
    /// first for every server-trust challenge with the challenge and the completion to call when it
    /// answers ``ChallengeHandlerAnswer/willComplete``.
    public typealias ChallengeHandler = @Sendable (AuthenticationChallenge, ChallengeCompletion) -> ChallengeHandlerAnswer

    /// What judges the server.
    public var rules: Rules
    /// Custom anchors set on every trust (`SecTrustSetAnchorCertificates`): when non-nil they are
    /// the only roots trusted. In certificate pinning mode the policy replaces them by the pinned
    /// certificates, as Apple's does.
    public var anchors: [Certificate]?
    /// The system roots trusts use when ``anchors`` is `nil`.
    public var systemStore: SystemTrustStore
    /// Called first for each challenge, with ``Rules/securityPolicy(_:)`` only (as a session's
    /// handler is); `nil` lets the policy decide alone.
    public var challengeHandler: ChallengeHandler?
    /// Told every decision, allowed or not, before the handshake continues or fails (see
    /// ``VouchDecisionRecorder``). Called on the event loop, or on the pool's thread with
    /// ``threadPool``, or on the thread that completed a kept challenge.
    public var onDecision: (@Sendable (VouchDecision) -> Void)?
    /// Where decisions run: `nil` (the default) inline on the event loop, or this running pool.
    public var threadPool: NIOThreadPool?
    /// OCSP responses (DER) to judge the server's chain with, as `SecTrustSetOCSPResponse` takes
    /// them: responses you fetched or cached. swift-nio-ssl 2.37 does not hand over the response a
    /// server staples, nor the SCTs of its TLS extension (BoringSSL has them, NIOSSL's API does
    /// not expose them), so only what you supply is used. Empty by default.
    public var ocspResponses: [[UInt8]] = []
    /// The Certificate Transparency logs (`SecTrustSetTrustedLogs`): with a list, system-rooted
    /// server chains must be CT-qualified by their embedded SCTs (or SCTs in ``ocspResponses``);
    /// `nil` (the default) judges no CT, as Apple without a current log list.
    public var trustedLogs: CertificateTransparencyLogList?

    /// A verifier judging by `rules`.
    public init(_ rules: Rules, anchors: [Certificate]? = nil, systemStore: SystemTrustStore = .shared) {
        self.rules = rules
        self.anchors = anchors
        self.systemStore = systemStore
    }

    /// A verifier judging by the AFNetworking policy `policy`.
    public init(policy: SecurityPolicy, anchors: [Certificate]? = nil, systemStore: SystemTrustStore = .shared) {
        self.init(.securityPolicy(policy), anchors: anchors, systemStore: systemStore)
    }

    /// A verifier judging by the pin set `pinSet`.
    public init(pinSet: PinSet, anchors: [Certificate]? = nil, systemStore: SystemTrustStore = .shared) {
        self.init(.pinSet(pinSet), anchors: anchors, systemStore: systemStore)
    }

    /// The callback for `NIOSSLClientHandler(context:serverHostname:customVerificationCallbackWithMetadata:)`
    /// that judges the server for `host` (a DNS name or an IP address, as the policy's domain).
    ///
    /// Allowed: the promise gets `.certificateVerified` with the chain Vouch built (leaf first,
    /// as `NIOSSLHandler.peerValidatedCertificateChain` then returns it). Refused: `.failed`, and the
    /// reason goes to ``onDecision``.
    public func verificationCallback(host: String) -> NIOSSLCustomVerificationCallbackWithMetadata {
        let verifier = self
        return { peerChain, promise in
            let finish: @Sendable (VouchDecision, [Certificate]) -> Void = { decision, chain in
                verifier.onDecision?(decision)
                guard decision.isAllowed else { return promise.succeed(.failed) }
                promise.succeed(.certificateVerified(VerificationMetadata(Self.validatedChain(chain, peer: peerChain))))
            }
            var converted: [[UInt8]] = []
            for (index, certificate) in peerChain.enumerated() {
                do {
                    converted.append(try certificate.toDERBytes())
                } catch {
                    let failure = VouchVerificationError(host: host, reason: .malformedCertificate(index: index, message: "\(error)"))
                    return finish(VerificationFlow.refusal(failure, presented: converted, source: .input, start: VerificationFlow.monotonicNanoseconds()), [])
                }
            }
            let presented = converted
            guard let pool = verifier.threadPool else {
                return VerificationFlow(verifier: verifier, host: host).run(presented) { finish($0.0, $0.1) }
            }
            pool.submit { state in
                guard case .active = state else {
                    let failure = VouchVerificationError(host: host, reason: .notEvaluated)
                    return finish(VerificationFlow.refusal(failure, presented: presented, source: .input, start: VerificationFlow.monotonicNanoseconds()), [])
                }
                VerificationFlow(verifier: verifier, host: host).run(presented) { finish($0.0, $0.1) }
            }
        }
    }

    /// The same decision without a connection: judges `presented` (DER, leaf first) for `host` and
    /// calls `finish` with the decision and the built chain (at once, or when a challenge handler
    /// that kept the challenge completes it).
    public func decide(_ presented: [[UInt8]], host: String, finish: @escaping @Sendable (VouchDecision, [Certificate]) -> Void) {
        VerificationFlow(verifier: self, host: host).run(presented) { finish($0.0, $0.1) }
    }

    /// The built chain as NIO SSL certificates: the peer's own objects where the server sent the
    /// certificate, new ones (from Vouch's DER) for anchors it did not send; `nil` if empty.
    static func validatedChain(_ chain: [Certificate], peer: [NIOSSLCertificate]) -> ValidatedCertificateChain? {
        var peerByDER: [[UInt8]: NIOSSLCertificate] = [:]
        for certificate in peer {
            if let der = try? certificate.toDERBytes() { peerByDER[der] = certificate }
        }
        let converted: [NIOSSLCertificate] = chain.compactMap { certificate in
            let der = Array(certificate.derEncoded)
            return peerByDER[der] ?? (try? NIOSSLCertificate(bytes: der, format: .der))
        }
        return converted.isEmpty ? nil : ValidatedCertificateChain(converted)
    }
}
