import FuzzSupport
import VouchHTTP

/// The HTTP response parser, fed the input whole and again in pieces whose sizes come from the
/// first byte (1 to 256 bytes): the two must agree (status, headers, body, or the same error), as
/// the client receives a response in whatever pieces the network makes. A small cap (4 KiB) so
/// that the body cap is reached too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzInput(data, size) { bytes in
        guard let first = bytes.first else { return }
        let input = Array(bytes.dropFirst())
        let piece = Int(first) + 1
        let whole = Result { () throws(HTTPError) in try HTTPResponseParser.parse(input, maximumBodyBytes: 4096) }
        var parser = HTTPResponseParser(maximumBodyBytes: 4096)
        let pieces = Result { () throws(HTTPError) -> HTTPResponse in
            var start = 0
            while start < input.count {
                let end = min(start + piece, input.count)
                if let response = try parser.consume(input[start..<end]) { return response }
                start = end
            }
            return try parser.finish()
        }
        switch (whole, pieces) {
        case (.success(let a), .success(let b)):
            guard a.status == b.status, a.body == b.body, a.headers.map(\.name) == b.headers.map(\.name),
                a.headers.map(\.value) == b.headers.map(\.value)
            else { fatalError("FuzzHTTPResponse: whole and piecewise parses differ") }
            _ = a.header("content-type")
        case (.failure(let a), .failure(let b)):
            guard a == b else { fatalError("FuzzHTTPResponse: errors differ: \(a) vs \(b)") }
            _ = a.description
        default:
            fatalError("FuzzHTTPResponse: whole and piecewise outcomes differ: \(whole) vs \(pieces)")
        }
    }
}
