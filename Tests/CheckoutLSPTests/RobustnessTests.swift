import CheckoutJSON
import CheckoutLSP
import Foundation
import Testing

/// Hostile input gives an error response or a diagnostic, never a crash or a hang: each
/// through the real framing and connection (executors drained at the end of input). The 10 MB
/// and 56 MB flows are LSPLargeInputTests' (end to end, in a child process: this process's
/// peak memory would count in every child another test measures).
@Suite("LSP robustness")
struct RobustnessTests {
    static let uri = "file:///tmp/lsp-robust/flow.yaml"
    static let header = "flow: big\ndsl: 1\ntitle: Big\nrequest: { price: { amount: 1.00, currency: USD } }\n"

    /// Runs `messages` (or raw `bytes` after them) through a connection; returns the exit code
    /// and every message written back.
    static func session(_ messages: [JSONValue], then bytes: [UInt8] = []) -> (code: Int32, out: [JSONValue]) {
        var input = [messages.flatMap(MessageFramer.frame) + bytes]
        var written: [UInt8] = []
        var connection = LSPConnection(
            read: { input.isEmpty ? [] : input.removeFirst() }, write: { written += $0 }, checks: ManualExecutor(),
            requests: ManualExecutor())
        let code = connection.run()
        var framer = MessageFramer()
        framer.append(written)
        var out: [JSONValue] = []
        while let frame = framer.next() {
            guard case .message(let m) = frame else { break }
            out.append(m)
        }
        return (code, out)
    }

    /// The rules of the diagnostics published for `uri`.
    static func codes(_ out: [JSONValue], uri: String = uri) -> [String]? {
        out.last { $0["params"]?["uri"]?.string == uri }?["params"]?["diagnostics"]?.items?.compactMap { $0["code"]?.string }
    }

    @Test("a YAML bomb (a billion laughs with aliases) is an alias-limit diagnostic")
    func yamlBomb() {
        var bomb = Self.header + "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for i in 1...9 { bomb += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n" }
        let (code, out) = Self.session([LSPMessages.initialize(), LSPMessages.didOpen(Self.uri, bomb)])
        #expect(code == 1)
        #expect(Self.codes(out)?.contains("alias-limit") == true, "\(out)")
    }

    @Test("deep nesting: a flow 10,000 levels deep is a depth-limit diagnostic; a body 100,000 deep a parse error")
    func deepNesting() {
        let deep = Self.header + "screens: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n"
        let body = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let (_, out) = Self.session(
            [LSPMessages.initialize(), LSPMessages.didOpen(Self.uri, deep)],
            then: Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body + MessageFramer.frame(LSPMessages.request(9, "nothing")))
        #expect(Self.codes(out)?.contains("depth-limit") == true, "\(Self.codes(out) ?? [])")
        #expect(out.contains { $0["id"] == .null && $0["error"]?["code"] == .int(-32700) })
        // The message after it is still read and answered.
        #expect(out.contains { $0["id"] == .int(9) && $0["error"]?["code"] == .int(-32601) })
    }

    @Test("invalid UTF-8 in a body is a parse error; the next message is still answered")
    func invalidUTF8() {
        let before = Array(#"{"jsonrpc":"2.0","id":7,"method":"x","params":{"text":""#.utf8)
        let body = before + [0xFF, 0xC3, 0x28] + Array(#""}}"#.utf8)
        let (code, out) = Self.session(
            [LSPMessages.initialize()],
            then: Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body + MessageFramer.frame(LSPMessages.request(8, "shutdown"))
                + MessageFramer.frame(LSPMessages.notification("exit")))
        #expect(code == 0)
        #expect(out.contains { $0["id"] == .null && $0["error"]?["code"] == .int(-32700) }, "\(out)")
        #expect(!out.contains { $0["id"] == .int(7) })
        #expect(out.contains { $0["id"] == .int(8) })
    }

    @Test("a Content-Length larger than the body at the end of input: exit 1, no hang, nothing made up")
    func truncatedBody() {
        let (code, out) = Self.session([LSPMessages.initialize()], then: Array("Content-Length: 1000\r\n\r\n{\"jsonrpc\":\"2.0\",".utf8))
        #expect(code == 1)
        #expect(out.map { $0["id"] } == [.int(1)])
    }

    @Test("edits at positions far outside the document are clamped, not a crash")
    func wildPositions() {
        var server = LSPMessages.initializedServer()
        _ = server.handle(LSPMessages.didOpen(Self.uri, Self.header))
        let out = server.handle(
            LSPMessages.didChange(Self.uri, version: 2, [((1 << 40, 1 << 40), (0, 0), "x"), ((3, 1 << 30), (1 << 50, 0), "\n")]))
        #expect(out.count == 1)
        // "x" went at the end; then from the end of line 3 to the end became one line break.
        #expect(server.documents[Self.uri]?.text == Self.header)
    }
}
