import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import VouchHTTP

/// Collects one AHC response as a VouchHTTP ``VouchHTTP/HTTPResponse``, streaming the body and
/// failing the request as soon as it passes the cap: an announced `Content-Length` over it fails
/// at the head, a chunked or unannounced body at the part that crosses it (AHC then closes the
/// connection, so a hostile server cannot make the client read more).
final class CappedResponseDelegate: HTTPClientResponseDelegate {
    typealias Response = VouchHTTP.HTTPResponse

    /// The body passed the cap.
    struct BodyTooLarge: Error {}

    /// The response ended without a head (AHC delivers one first; a typed error, not a trap).
    struct NoHead: Error {}

    private struct State {
        var head: HTTPResponseHead?
        var body: [UInt8] = []
        var bodyBytes = 0
    }

    private let state = NIOLockedValueBox(State())
    /// The cap, in bytes.
    let maximumBodyBytes: Int

    init(maximumBodyBytes: Int) {
        self.maximumBodyBytes = maximumBodyBytes
    }

    /// The body bytes received so far (those over the cap included).
    var bodyBytes: Int { state.withLockedValue { $0.bodyBytes } }

    func didReceiveHead(task: AsyncHTTPClient.HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        if let announced = head.headers.first(name: "Content-Length").flatMap({ Int($0) }), announced > maximumBodyBytes {
            return task.eventLoop.makeFailedFuture(BodyTooLarge())
        }
        state.withLockedValue { $0.head = head }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: AsyncHTTPClient.HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        let isOverCap = state.withLockedValue { state -> Bool in
            let (total, overflow) = state.bodyBytes.addingReportingOverflow(buffer.readableBytes)
            state.bodyBytes = overflow ? Int.max : total
            guard !overflow, total <= maximumBodyBytes else { return true }
            state.body.append(contentsOf: buffer.readableBytesView)
            return false
        }
        return isOverCap ? task.eventLoop.makeFailedFuture(BodyTooLarge()) : task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: AsyncHTTPClient.HTTPClient.Task<Response>) throws -> Response {
        try state.withLockedValue { state in
            guard let head = state.head else { throw NoHead() }
            return VouchHTTP.HTTPResponse(
                status: Int(head.status.code), headers: head.headers.map { (name: $0.name, value: $0.value) }, body: state.body)
        }
    }
}
