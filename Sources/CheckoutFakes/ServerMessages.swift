package import CheckoutProviders
package import Foundation

/// A request as `LoopbackHTTPServer` read it.
package struct ServerRequest: Sendable {
    /// `GET`, `POST`, …
    package var method: String
    /// The path without the query, percent-decoded: `/services/2/transactions`.
    package var path: String
    /// The query's items, decoded, in order.
    package var query: [(name: String, value: String)]
    /// The header fields.
    package var headers: HTTPHeaders
    /// The body (`Content-Length` bytes).
    package var body: Data
    /// 1 for the first request the server read, 2 for the next, … (across connections).
    package var number: Int

    /// The path's non-empty components: `["services", "2", "transactions"]`.
    package var components: [String] { path.split(separator: "/").map(String.init) }

    /// The first query value of `name`.
    package func query(_ name: String) -> String? { query.first { $0.name == name }?.value }
}

/// A response for `LoopbackHTTPServer` to write.
package struct ServerResponse: Sendable {
    /// The status code.
    package var status: Int
    /// Header fields (the server adds `Content-Length` and `Connection`).
    package var headers: HTTPHeaders
    /// The body.
    package var body: Data

    /// Creates a response.
    package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response.
    package static func json(_ status: Int, _ text: String, headers: HTTPHeaders = HTTPHeaders()) -> ServerResponse {
        var h = headers
        h.set("Content-Type", "application/json")
        return ServerResponse(status: status, headers: h, body: Data(text.utf8))
    }
}

/// What goes wrong with one request, on purpose: the fault-injection hook's answer.
package enum ServerFault: Sendable, Equatable {
    /// Wait this long before handling the request (a client with a shorter timeout gives up;
    /// the request never takes effect if it closed the connection meanwhile… or does, late).
    case delayBeforeHandling(Duration)
    /// Handle the request (its effects happen), then wait this long before answering: the
    /// answer a timed-out client never reads.
    case delayAfterHandling(Duration)
    /// Answer this status (500, 502, 503, …) without handling the request.
    case status(Int)
    /// Close the connection with a TCP reset instead of answering; nothing is handled.
    case reset
    /// Handle the request, then send the headers and half the body and close the connection.
    case truncatedBody
    /// Handle the request, then answer 200 with a body that is not JSON.
    case malformedBody
}
