import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS

/// One TLS handshake and nothing else: connect, let the verifier decide, close. What
/// `vouch-connect` runs, and a pre-flight check for clients that cannot take a verification
/// callback (AsyncHTTPClient): probe the server with Vouch before sending it anything.
public enum TLSProbe {
    /// What a probe found.
    public struct Outcome: Sendable {
        /// Vouch's decision; `nil` when the handshake ended before the server's certificates were
        /// judged (connection refused, protocol error…) or when NIO SSL verified by itself.
        public let decision: VouchDecision?
        /// Whether the handshake completed.
        public var isHandshakeCompleted: Bool { handshakeError == nil }
        /// Why the handshake or the connection failed, described; `nil` when it completed.
        public let handshakeError: String?
        /// Wall time from the start of the connection to the end of the handshake, in nanoseconds.
        public let elapsedNanoseconds: UInt64
    }

    /// Connects to `host`:`port`, does one handshake and closes the connection.
    ///
    /// - Parameters:
    ///   - serverName: the name the verifier judges and the SNI (when a DNS name); `nil`: `host`.
    ///   - verifier: Vouch's verifier, or `nil` to let NIO SSL verify by `configuration` alone.
    ///   - configuration: the TLS configuration; with a verifier, normally
    ///     ``VouchVerifier/tlsConfiguration()``.
    ///   - group: the event loops to connect on.
    /// - Returns: a future that always succeeds, with the outcome (failures are in it).
    public static func handshake(host: String, port: Int, serverName: String? = nil, verifier: VouchVerifier?,
                                 configuration: TLSConfiguration, group: any EventLoopGroup) -> EventLoopFuture<Outcome> {
        let eventLoop = group.next()
        let name = serverName ?? host
        let recorder = VouchDecisionRecorder()
        var verifier = verifier
        if let original = verifier?.onDecision {
            verifier?.onDecision = { decision in original(decision); recorder.record(decision) }
        } else {
            verifier?.onDecision = recorder.record
        }
        let chosen = verifier
        let start = VerificationFlow.monotonicNanoseconds()
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: configuration)
        } catch {
            return eventLoop.makeSucceededFuture(Outcome(decision: nil, handshakeError: "\(error)", elapsedNanoseconds: 0))
        }
        let handshake = eventLoop.makePromise(of: Void.self)
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(.seconds(10))
            .channelInitializer { channel in
                do {
                    let tls: NIOSSLClientHandler
                    if let chosen {
                        tls = try chosen.makeClientHandler(context: context, host: name)
                    } else {
                        tls = try NIOSSLClientHandler(context: context, serverHostname: VouchVerifier.isIPAddress(name) ? nil : name)
                    }
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(handshake))
                    return channel.eventLoop.makeSucceededVoidFuture()
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
            }
        return bootstrap.connect(host: host, port: port).flatMap { channel in
            // The handshake's failure, described (nil: completed), once the channel is closed.
            handshake.futureResult.map { _ -> String? in nil }.recover { "\($0)" }.flatMap { failure in
                channel.close().map { failure }.recover { _ in failure }
            }
        }.map { failure in
            Outcome(decision: recorder.last, handshakeError: failure, elapsedNanoseconds: VerificationFlow.monotonicNanoseconds() &- start)
        }.recover { error in
            handshake.fail(error)
            return Outcome(decision: recorder.last, handshakeError: "\(error)", elapsedNanoseconds: VerificationFlow.monotonicNanoseconds() &- start)
        }
    }
}

/// Completes a promise when the TLS handshake completes or the channel fails first.
final class HandshakeWaiter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let promise: EventLoopPromise<Void>

    init(_ promise: EventLoopPromise<Void>) { self.promise = promise }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted = event { promise.succeed(()) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        promise.fail(ChannelError.eof)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        promise.fail(ChannelError.ioOnClosedChannel)
    }
}
