public import Foundation

/// An HTTP request as an adapter builds it: a plain value, so tests can look at it and any
/// transport can send it. Its body may hold card data: never print it, never put it in an error.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, `PUT`, …
    public var method: String
    /// The full URL.
    public var url: URL
    /// Header fields in order; names compare case-insensitively.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: Data?

    /// Creates a request.
    public init(method: String, url: URL, headers: HTTPHeaders = HTTPHeaders(), body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// An HTTP response: status, headers and the whole body.
public struct HTTPResponse: Sendable {
    /// The status code (200, 404, …).
    public var status: Int
    /// Header fields in order; names compare case-insensitively.
    public var headers: HTTPHeaders
    /// The body (empty when there is none).
    public var body: Data

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// 200–299.
    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// Header fields in order, looked up case-insensitively.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields as given.
    public private(set) var fields: [(name: String, value: String)] = []

    /// No fields.
    public init() {}

    /// Fields from a literal, in its order.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of `name`, any case.
    public subscript(name: String) -> String? {
        let lower = name.lowercased()
        return fields.first { $0.name.lowercased() == lower }?.value
    }

    /// Sets `name` to `value`, replacing any field of that name.
    public mutating func set(_ name: String, _ value: String) {
        let lower = name.lowercased()
        fields.removeAll { $0.name.lowercased() == lower }
        fields.append((name: name, value: value))
    }

    /// Adds a field after the others, keeping any of the same name.
    public mutating func append(_ name: String, _ value: String) { fields.append((name: name, value: value)) }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }
}

/// Sends HTTP requests. Implementations pool connections, honour `timeout` per request, and
/// stop the request when the calling task is cancelled (throwing `CancellationError`).
/// Failures are `ProviderError`s: `.timeout` when no answer came in time, `.unavailable` when
/// the server could not be reached or the connection broke. An HTTP error status is a
/// response, not a failure: the adapter reads the provider's error body.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the whole response.
    func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse
}
