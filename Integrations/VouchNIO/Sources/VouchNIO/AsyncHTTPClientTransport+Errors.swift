#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import VouchHTTP

extension AsyncHTTPClientTransport {
    /// The `errno` values of a connection attempt that the next address may not share.
    static let connectErrnos: Set<Int32> = [ECONNREFUSED, ECONNRESET, EHOSTUNREACH, ENETUNREACH, ETIMEDOUT, EADDRNOTAVAIL]

    /// What an AHC or NIO error means in VouchHTTP's terms, and whether it came before a
    /// connection existed (then the next address is tried, as VouchHTTP's client does).
    ///
    /// AHC does not report where in the byte stream a fault was: `.malformedResponse` and
    /// `.connectionClosedEarly` carry the count of body bytes received before it instead.
    static func attemptFailure(_ error: any Error, address: String, bodyBytes: Int, limit: Int, deadlinePassed: Bool) -> AttemptFailure {
        if error is CappedResponseDelegate.BodyTooLarge { return .failed(.bodyTooLarge(limit: limit)) }
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .writeTimeout:
                return .failed(.timedOut)
            case .connectTimeout, .getConnectionFromPoolTimeout:
                return deadlinePassed ? .failed(.timedOut) : .notConnected(.timedOut)
            case .remoteConnectionClosed:
                return .failed(.connectionClosedEarly(offset: bodyBytes))
            default:
                return .failed(.socketFailed(operation: "AsyncHTTPClient: \(error)", errno: 0))
            }
        }
        if let error = error as? NIOConnectionError {
            let code = error.connectionErrors.lazy.compactMap { ($0.error as? IOError)?.errnoCode }.last ?? 0
            return .notConnected(.connectionFailed(address: address, errno: code))
        }
        if let error = error as? IOError {
            if connectErrnos.contains(error.errnoCode) && bodyBytes == 0 {
                return .notConnected(.connectionFailed(address: address, errno: error.errnoCode))
            }
            return .failed(.socketFailed(operation: "AsyncHTTPClient: \(error.description)", errno: error.errnoCode))
        }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout:
                return deadlinePassed ? .failed(.timedOut) : .notConnected(.timedOut)
            case .eof, .ioOnClosedChannel, .outputClosed, .alreadyClosed, .inputClosed:
                return .failed(.connectionClosedEarly(offset: bodyBytes))
            default:
                return .failed(.socketFailed(operation: "AsyncHTTPClient: \(error)", errno: 0))
            }
        }
        if let error = error as? HTTPParserError, case .invalidEOFState = error {
            return .failed(.connectionClosedEarly(offset: bodyBytes))  // the peer closed inside the response
        }
        if error is HTTPParserError || error is NIOHTTPDecoderError || error is CappedResponseDelegate.NoHead {
            return .failed(.malformedResponse(offset: bodyBytes, reason: "\(error)"))
        }
        return .failed(.socketFailed(operation: "AsyncHTTPClient: \(error)", errno: 0))
    }
}
