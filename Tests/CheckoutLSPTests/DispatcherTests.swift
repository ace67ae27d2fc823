import CheckoutJSON
import CheckoutLSP
import Testing

/// Requests, notifications, the life cycle and exit codes.
@Suite("LSP dispatcher")
struct DispatcherTests {
    @Test("initialize: incremental sync, utf-16 unless the client offers utf-8, the same id back")
    func initialize() throws {
        var server = LanguageServer()
        let replies = server.handle(LSPMessages.initialize(7))
        #expect(replies.count == 1)
        let reply = try #require(replies.first)
        #expect(reply["id"] == .int(7))
        let capabilities = try #require(reply["result"]?["capabilities"])
        #expect(capabilities["textDocumentSync"]?["change"] == .int(2))
        #expect(capabilities["textDocumentSync"]?["openClose"] == .bool(true))
        #expect(capabilities["positionEncoding"] == .string("utf-16"))

        var offered = LanguageServer()
        let utf8 = offered.handle(LSPMessages.initialize(1, encodings: ["utf-8", "utf-16"]))
        #expect(utf8.first?["result"]?["capabilities"]?["positionEncoding"] == .string("utf-8"))
        var other = LanguageServer()
        let utf32 = other.handle(LSPMessages.initialize(1, encodings: ["utf-32", "utf-16"]))
        #expect(utf32.first?["result"]?["capabilities"]?["positionEncoding"] == .string("utf-16"))
    }

    @Test("an unknown request is MethodNotFound with its id (number or string); an unknown notification gets nothing")
    func unknownMethods() {
        var server = LSPMessages.initializedServer()
        let numbered = server.handle(LSPMessages.request(42, "textDocument/frobnicate"))
        #expect(numbered.count == 1)
        #expect(numbered.first?["id"] == .int(42))
        #expect(numbered.first?["error"]?["code"] == .int(-32601))
        var request = LSPMessages.request(0, "workspace/nothing")
        if case .object(var members) = request {
            members[1] = JSONMember("id", .string("abc"))
            request = .object(members)
        }
        let named = server.handle(request)
        #expect(named.first?["id"] == .string("abc"))
        #expect(named.first?["error"]?["code"] == .int(-32601))
        #expect(server.handle(LSPMessages.notification("workspace/somethingNew")).isEmpty)
        #expect(server.handle(LSPMessages.notification("$/cancelRequest", .object([JSONMember("id", .int(42))]))).isEmpty)
        #expect(server.exitCode == nil)
    }

    @Test("a request before initialize is ServerNotInitialized; JSON that is not a message is InvalidRequest")
    func beforeInitializeAndInvalid() {
        var server = LanguageServer()
        #expect(server.handle(LSPMessages.request(3, "shutdown")).first?["error"]?["code"] == .int(-32002))
        #expect(server.handle(.array([])).first?["error"]?["code"] == .int(-32600))
        #expect(server.handle(.object([JSONMember("id", .int(1))])).first?["error"]?["code"] == .int(-32600))
        #expect(
            server.handle(.object([JSONMember("method", .int(1)), JSONMember("id", .int(1))])).first?["error"]?["code"] == .int(-32600))
    }

    @Test("shutdown then exit is exit code 0; exit without shutdown is 1; requests after shutdown are refused")
    func exitCodes() {
        var server = LSPMessages.initializedServer()
        let reply = server.handle(LSPMessages.request(9, "shutdown"))
        #expect(reply.first?["id"] == .int(9))
        #expect(reply.first?["result"] == .null)
        #expect(reply.first?["error"] == nil)
        #expect(server.handle(LSPMessages.request(10, "initialize")).first?["error"]?["code"] == .int(-32600))
        #expect(server.exitCode == nil)
        _ = server.handle(LSPMessages.notification("exit"))
        #expect(server.exitCode == 0)

        var abrupt = LSPMessages.initializedServer()
        _ = abrupt.handle(LSPMessages.notification("exit"))
        #expect(abrupt.exitCode == 1)
    }

    @Test("over a connection: answers in order, stops at exit with its code, 1 at the end of input")
    func connection() throws {
        let input =
            [
                LSPMessages.initialize(1), LSPMessages.request(2, "nope"), LSPMessages.request(3, "shutdown"),
                LSPMessages.notification("exit"),
            ]
            .flatMap(MessageFramer.frame) + Array("Content-Length: 2\r\n\r\n{}".utf8)
        var chunks = stride(from: 0, to: input.count, by: 5).map { Array(input[$0..<min($0 + 5, input.count)]) }
        var written: [UInt8] = []
        var connection = LSPConnection(
            read: { chunks.isEmpty ? [] : chunks.removeFirst() }, write: { written += $0 })
        #expect(connection.run() == 0)
        var framer = MessageFramer()
        framer.append(written)
        var ids: [JSONValue?] = []
        while case .message(let m) = framer.next() { ids.append(m["id"]) }
        #expect(ids == [.int(1), .int(2), .int(3)])

        var ended = LSPConnection(read: { [] }, write: { _ in })
        #expect(ended.run() == 1)

        var garbage = Array("Content-Length: 3\r\n\r\n{x}".utf8)
        var out: [UInt8] = []
        var bad = LSPConnection(
            read: {
                defer { garbage = [] }; return garbage
            }, write: { out += $0 })
        #expect(bad.run() == 1)
        var replies = MessageFramer()
        replies.append(out)
        guard case .message(let error) = replies.next() else {
            Issue.record("no error response")
            return
        }
        #expect(error["id"] == .null)
        #expect(error["error"]?["code"] == .int(-32700))
    }
}
