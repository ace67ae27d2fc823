import CheckoutFakes
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// Cancelling the task that sent a request through `CurlTransport`: in a transfer, and while
/// waiting for a pooled connection. Either ends long before the server would have answered
/// (the bounds leave room for a loaded machine: a minute's hold against 20 s), and the pool is
/// not left short.
@Suite struct CurlCancellationTests {
    /// A server whose fault hook reports each request it reads on `arrivals` and holds the
    /// first `held` of them for `hold` before answering.
    static func server(held: Int, hold: Duration) throws -> (LoopbackHTTPServer, AsyncStream<Int>) {
        let (arrivals, reporter) = AsyncStream.makeStream(of: Int.self)
        let server = try LoopbackHTTPServer { _ in ServerResponse(status: 200, body: Data("ok".utf8)) }
        server.setFaultHook { request in
            reporter.yield(request.number)
            return request.number <= held ? .delayBeforeHandling(hold) : nil
        }
        return (server, arrivals)
    }

    @Test func aCancelledTransferEndsPromptlyAndGivesItsConnectionBack() async throws {
        let (server, arrivals) = try Self.server(held: 1, hold: .seconds(60))
        defer { server.stop() }
        let transport = CurlTransport(maxConnectionsPerHost: 1)
        let url = server.baseURL.appendingPathComponent("slow")
        let task = Task { try await transport.send(HTTPRequest(method: "POST", url: url, body: Data("x".utf8)), timeout: .seconds(120)) }
        var iterator = arrivals.makeAsyncIterator()
        _ = await iterator.next()  // the server is holding the request
        let clock = ContinuousClock()
        let start = clock.now
        task.cancel()
        let result = await task.result
        #expect(clock.now - start < .seconds(20))
        #expect(throws: CancellationError.self) { try result.get() }
        // The aborted transfer hands its handle back: the pool of one serves the next request.
        let next = try await transport.send(HTTPRequest(method: "GET", url: url), timeout: .seconds(5))
        #expect(next.body == Data("ok".utf8))
        #expect(clock.now - start < .seconds(20))
    }

    @Test func aRequestWaitingForAConnectionIsCancellable() async throws {
        let (server, arrivals) = try Self.server(held: 1, hold: .seconds(60))
        defer { server.stop() }
        let transport = CurlTransport(maxConnectionsPerHost: 1)
        let url = server.baseURL.appendingPathComponent("slow")
        let first = Task { try await transport.send(HTTPRequest(method: "GET", url: url), timeout: .seconds(120)) }
        var iterator = arrivals.makeAsyncIterator()
        _ = await iterator.next()
        let waiting = Task { try await transport.send(HTTPRequest(method: "GET", url: url), timeout: .seconds(120)) }
        while transport.requestsWaiting(for: url) == 0 { await Task.yield() }
        let clock = ContinuousClock()
        let start = clock.now
        waiting.cancel()
        let result = await waiting.result
        #expect(clock.now - start < .seconds(20))
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(transport.requestsWaiting(for: url) == 0)
        #expect(server.requestCount == 1)
        first.cancel()
        await #expect(throws: CancellationError.self) { try await first.value }
        #expect(try await transport.send(HTTPRequest(method: "GET", url: url), timeout: .seconds(20)).status == 200)
        #expect(server.requestCount == 2)
        #expect(clock.now - start < .seconds(20))
    }
}
