import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix

/// A real HTTP/1.1 server (NIO) on 127.0.0.1, on the port the system chose, answering fixed
/// replies by request target; it records each request and counts the connections accepted. The
/// test that starts one stops it: `await server.stop()`.
final class FetchTestServer: Sendable {
    /// What a target gets.
    struct Reply: Sendable {
        var status: HTTPResponseStatus = .ok
        var headers: [(String, String)] = []
        var body: [UInt8] = []
        /// Sent with `Transfer-Encoding: chunked` in 64 KiB chunks, no `Content-Length`.
        var chunked = false
        /// How long the server waits before sending the head.
        var delay: TimeAmount = .zero
    }

    /// One request as the server read it.
    struct Seen: Sendable {
        let method: String
        let target: String
        let headers: [(name: String, value: String)]
        let body: [UInt8]

        func header(_ name: String) -> String? { headers.first { $0.name.lowercased() == name.lowercased() }?.value }
    }

    struct Record: Sendable {
        var requests: [Seen] = []
        var connections = 0
    }

    let port: Int
    private let channel: any Channel
    private let record: NIOLockedValueBox<Record>

    /// The requests read so far.
    var requests: [Seen] { record.withLockedValue { $0.requests } }
    /// The connections accepted so far.
    var connections: Int { record.withLockedValue { $0.connections } }

    init(routes: [String: Reply]) async throws {
        let record = NIOLockedValueBox(Record())
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                record.withLockedValue { $0.connections += 1 }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(Handler(routes: routes, record: record))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        self.record = record
        guard let port = channel.localAddress?.port else { throw Failure(description: "the server has no port") }
        self.port = port
    }

    /// Closes the listening socket (open connections end with their replies).
    func stop() async {
        try? await channel.close()
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads requests, answers each from `routes` (404 otherwise).
    final class Handler: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart

        let routes: [String: Reply]
        let record: NIOLockedValueBox<Record>
        private var head: HTTPRequestHead?
        private var body: [UInt8] = []

        init(routes: [String: Reply], record: NIOLockedValueBox<Record>) {
            self.routes = routes
            self.record = record
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            switch unwrapInboundIn(data) {
            case .head(let head):
                self.head = head
                body = []
            case .body(let buffer):
                body += buffer.readableBytesView
            case .end:
                guard let head else { return }
                let seen = Seen(method: head.method.rawValue, target: head.uri, headers: head.headers.map { ($0.name, $0.value) }, body: body)
                record.withLockedValue { $0.requests.append(seen) }
                let reply = routes[head.uri] ?? Reply(status: .notFound, body: Array("not found".utf8))
                let keepAlive = head.isKeepAlive
                if reply.delay > .zero {
                    context.eventLoop.assumeIsolated().scheduleTask(in: reply.delay) {
                        self.respond(context: context, reply: reply, keepAlive: keepAlive)
                    }
                } else {
                    respond(context: context, reply: reply, keepAlive: keepAlive)
                }
            }
        }

        func respond(context: ChannelHandlerContext, reply: Reply, keepAlive: Bool) {
            var headers = HTTPHeaders(reply.headers)
            if reply.chunked {
                headers.add(name: "Transfer-Encoding", value: "chunked")
            } else {
                headers.add(name: "Content-Length", value: String(reply.body.count))
            }
            if !keepAlive { headers.add(name: "Connection", value: "close") }
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: reply.status, headers: headers))), promise: nil)
            let pieces = reply.chunked ? stride(from: 0, to: reply.body.count, by: 65_536).map { $0..<min($0 + 65_536, reply.body.count) }
                : [0..<reply.body.count]
            for piece in pieces where !piece.isEmpty {
                context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: reply.body[piece])))), promise: nil)
            }
            let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
            if !keepAlive {
                done.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}

/// A TCP server on 127.0.0.1 that answers the first bytes of every connection with fixed raw
/// bytes, then closes: responses no HTTP server would send (garbage, a body cut short).
final class RawTestServer: Sendable {
    let port: Int
    private let channel: any Channel

    init(reply: [UInt8]) async throws {
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Handler(reply: reply)) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        guard let port = channel.localAddress?.port else { throw FetchTestServer.Failure(description: "the server has no port") }
        self.port = port
    }

    func stop() async {
        try? await channel.close()
    }

    final class Handler: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        let reply: [UInt8]
        private var answered = false

        init(reply: [UInt8]) { self.reply = reply }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard !answered else { return }
            answered = true
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: reply))).assumeIsolated().whenComplete { _ in
                context.close(promise: nil)
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }
    }
}
