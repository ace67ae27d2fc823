import CheckoutFakes
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// A tax service `url` over real HTTP (libcurl against a loopback server): the JSON is POSTed
/// with the flow's headers, and the answer's status and body come back as they were.
@Suite struct TaxServicePostTests {
    @Test func theJSONIsPostedWithItsHeadersAndTheAnswerComesBack() async throws {
        let seen = Mutex<[ServerRequest]>([])
        let server = try LoopbackHTTPServer { request in
            seen.withLock { $0.append(request) }
            if request.path == "/down" { return ServerResponse(status: 503) }
            return ServerResponse(status: 200, body: Data(#"{"taxAmount": "1.11"}"#.utf8))
        }
        defer { server.stop() }
        let post = try #require(SigningEnvironment.systemWithHTTP.post)
        let body = #"{"address":null,"price":{"amount":"10.00","currency":"USD"}}"#
        let answer = try await post(server.baseURL.absoluteString + "/tax", ["X-Api-Key": "k-123"], body, .seconds(5))
        #expect(answer == CommandOutput(status: 200, stdout: #"{"taxAmount": "1.11"}"#))
        let down = try await post(server.baseURL.absoluteString + "/down", [:], body, .seconds(5))
        #expect(down.status == 503)
        let first = try #require(seen.withLock { $0.first })
        #expect(first.method == "POST")
        #expect(first.headers["X-Api-Key"] == "k-123")
        #expect(first.headers["Content-Type"] == "application/json")
        #expect(String(decoding: first.body, as: UTF8.self) == body)
        #expect(SigningEnvironment.system.post == nil, "the runtime alone has no HTTP client")
    }
}
