/// The request methods the client sends: GET (caIssuers, short OCSP requests) and POST (longer OCSP requests).
public enum HTTPMethod: Sendable, Hashable {
    /// GET: the request has no body.
    case get
    /// POST: the request carries ``HTTPRequest/body``.
    case post

    var token: String {
        switch self {
        case .get: return "GET"
        case .post: return "POST"
        }
    }
}

/// One request: where, how, and (for POST) what.
public struct HTTPRequest: Sendable {
    /// The URL fetched.
    public var url: HTTPURL
    /// GET or POST.
    public var method: HTTPMethod
    /// The POST body (ignored for GET).
    public var body: [UInt8]
    /// The POST body's `Content-Type`, e.g. `application/ocsp-request`; none sent when `nil`.
    public var contentType: String?

    /// A request; GET with no body unless told otherwise.
    public init(url: HTTPURL, method: HTTPMethod = .get, body: [UInt8] = [], contentType: String? = nil) {
        self.url = url
        self.method = method
        self.body = body
        self.contentType = contentType
    }
}

/// A final response, whatever its status (a 3xx or 4xx is returned like a 200: the caller judges it).
public struct HTTPResponse: Sendable {
    /// The status code (100...999 as sent; interim 1xx responses are never returned).
    public var status: Int
    /// The header fields in the order received (trailers are not included); names as sent.
    public var headers: [(name: String, value: String)]
    /// The body, after chunked decoding.
    public var body: [UInt8]

    /// A response.
    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header field named `name` (compared case-insensitively), or `nil`.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
