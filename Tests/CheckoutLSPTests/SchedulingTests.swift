import CheckoutJSON
import CheckoutLSP
import Dispatch
import Foundation
import Synchronization
import Testing

/// Checks and requests are jobs off the reading loop: a newer edit supersedes a check still
/// waiting, `$/cancelRequest` cancels a request still waiting, and a slow check holds up no
/// request. The tests run the jobs themselves (no sleeps, no timing).
@Suite("LSP scheduling")
struct SchedulingTests {
    static let uri = "file:///tmp/lsp-scheduling/flow.yaml"
    static let flow = "flow: f\ndsl: 1\ntitle: F\nrequest: { price: { amount: 1.00, currency: USD } }\n"

    static func versions(_ messages: [JSONValue]) -> [Int?] {
        messages.filter { $0["method"] == .string("textDocument/publishDiagnostics") }.map { $0["params"]?["version"]?.int }
    }

    @Test("edits while a check waits: only the newest version is published, once")
    func newerEditSupersedes() {
        var server = LSPMessages.initializedServer()
        #expect(server.receive(LSPMessages.didOpen(Self.uri, Self.flow, version: 1)).isEmpty)
        let first = server.takeJobs()
        #expect(first.count == 1)
        // The first check runs before the next edit: it publishes.
        #expect(Self.versions(first.flatMap { $0.run() }) == [1])
        for v in 2...5 {
            _ = server.receive(LSPMessages.didChange(Self.uri, version: v, [((2, 7), (2, 8), "\(v)")]))
        }
        let waiting = server.takeJobs()
        #expect(waiting.count == 4)
        #expect(Self.versions(waiting.flatMap { $0.run() }) == [5])
        // A check taken before a newer edit, run after it: nothing (the newer one publishes).
        _ = server.receive(LSPMessages.didChange(Self.uri, version: 6, [((2, 7), (2, 8), "6")]))
        let six = server.takeJobs()
        _ = server.receive(LSPMessages.didChange(Self.uri, version: 7, [((2, 7), (2, 8), "7")]))
        #expect(six.flatMap { $0.run() }.isEmpty)
        #expect(Self.versions(server.takeJobs().flatMap { $0.run() }) == [7])
    }

    @Test("closing while a check waits: the check publishes nothing, the empty list is published")
    func closeSupersedes() {
        var server = LSPMessages.initializedServer()
        _ = server.receive(LSPMessages.didOpen(Self.uri, "flow: [", version: 1))
        _ = server.receive(LSPMessages.didClose(Self.uri))
        let out = server.takeJobs().flatMap { $0.run() }
        #expect(out.count == 1)
        #expect(out.first?["params"]?["diagnostics"] == .array([]))
    }

    @Test("$/cancelRequest of a waiting request answers RequestCancelled at once, and it never runs")
    func cancelWaiting() {
        var server = LSPMessages.initializedServer()
        #expect(server.receive(LSPMessages.request(5, "textDocument/inlayHint")).isEmpty)
        #expect(server.receive(LSPMessages.request(6, "textDocument/inlayHint")).isEmpty)
        let cancelled = server.receive(LSPMessages.notification("$/cancelRequest", .object([JSONMember("id", .int(5))])))
        #expect(cancelled.count == 1)
        #expect(cancelled.first?["id"] == .int(5))
        #expect(cancelled.first?["error"]?["code"] == .int(-32800))
        let answers = server.takeJobs().flatMap { $0.run() }
        // 5 is not answered again; 6 is answered (here: no such method).
        #expect(answers.map { $0["id"] } == [.int(6)])
        #expect(answers.first?["error"]?["code"] == .int(-32601))
        // Cancelling one already answered, or one never sent: nothing.
        #expect(server.receive(LSPMessages.notification("$/cancelRequest", .object([JSONMember("id", .int(6))]))).isEmpty)
        #expect(server.receive(LSPMessages.notification("$/cancelRequest", .object([JSONMember("id", .string("x"))]))).isEmpty)
    }

    @Test("over a connection: a check that has not run holds up no request about another document")
    func slowCheckDoesNotBlockRequests() throws {
        let checks = ManualExecutor()
        let answered = DispatchSemaphore(value: 0)
        // Big enough to be slow; never checked before the request is answered whatever its size.
        let big = Self.flow + "description: >\n" + String(repeating: "  a megabyte of text in a flow, line after line\n", count: 20_000)
        var input: [[UInt8]] = [
            [LSPMessages.initialize(1), LSPMessages.didOpen("file:///tmp/lsp-scheduling/big.yaml", big), LSPMessages.request(2, "nothing")]
                .flatMap(MessageFramer.frame),
            [LSPMessages.request(3, "shutdown"), LSPMessages.notification("exit")].flatMap(MessageFramer.frame),
        ]
        let written = Mutex<[UInt8]>([])
        var waitedForAnswer = false
        var connection = LSPConnection(
            read: {
                if input.count == 1 {
                    // The answer to 2 must come while the big document's check has not run: a
                    // hang guard only, never reached when the request is not held up.
                    waitedForAnswer = answered.wait(timeout: .now() + 60) == .success
                }
                return input.isEmpty ? [] : input.removeFirst()
            },
            write: { bytes in
                written.withLock { $0 += bytes }
                if String(decoding: bytes, as: UTF8.self).contains(#""id":2,"#) { answered.signal() }
            }, checks: checks)
        #expect(connection.run() == 0)
        #expect(waitedForAnswer)
        var framer = MessageFramer()
        framer.append(written.withLock { $0 })
        var ids: [JSONValue?] = []
        while case .message(let m) = framer.next() { ids.append(m["id"] ?? m["method"]) }
        // The big check ran last, when the connection finished the work still waiting.
        #expect(ids == [.int(1), .int(2), .int(3), .string("textDocument/publishDiagnostics")])
        #expect(checks.pending == 0)
    }

    @Test("over a connection: each document's checks have their own executor, so a slow one holds up no other")
    func checksPerDocument() throws {
        let big = "file:///tmp/lsp-scheduling/big.yaml"
        let small = "file:///tmp/lsp-scheduling/small.yaml"
        let executors = Mutex<[String: ManualExecutor]>([:])
        var input: [[UInt8]] = [
            [LSPMessages.initialize(1), LSPMessages.didOpen(big, Self.flow + "bogus: 1\n"), LSPMessages.didOpen(small, Self.flow)]
                .flatMap(MessageFramer.frame),
            [LSPMessages.request(2, "shutdown"), LSPMessages.notification("exit")].flatMap(MessageFramer.frame),
        ]
        var bigWaitingWhenSmallRan: Int?
        var written: [UInt8] = []
        var connection = LSPConnection(
            read: {
                if input.count == 1 {
                    // The small document's check runs while the big one's has not.
                    let (b, s) = executors.withLock { ($0[big], $0[small]) }
                    s?.runNext()
                    bigWaitingWhenSmallRan = b?.pending
                }
                return input.isEmpty ? [] : input.removeFirst()
            }, write: { written += $0 },
            checksFor: { uri in
                executors.withLock { all in
                    let made = ManualExecutor()
                    all[uri] = made
                    return made
                }
            })
        #expect(connection.run() == 0)
        #expect(executors.withLock { $0.keys.sorted() } == [big, small])
        #expect(bigWaitingWhenSmallRan == 1)
        var framer = MessageFramer()
        framer.append(written)
        var uris: [String] = []
        while case .message(let m) = framer.next() { if let uri = m["params"]?["uri"]?.string { uris.append(uri) } }
        // The small document's diagnostics first; the big one's when the session ended.
        #expect(uris == [small, big])
    }
}
