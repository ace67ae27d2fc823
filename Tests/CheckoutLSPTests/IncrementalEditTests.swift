import CheckoutJSON
import CheckoutLSP
import Testing

/// `textDocument/didChange` with ranges in UTF-16 code units (or UTF-8 bytes when agreed),
/// over text with characters outside the BMP (an emoji: two UTF-16 units, four UTF-8 bytes)
/// and outside ASCII (`é`: one UTF-16 unit, two UTF-8 bytes).
@Suite("LSP incremental edits")
struct IncrementalEditTests {
    static let uri = "file:///tmp/lsp-edit-test/notes.scenarios.yaml"
    static let text = "a😀é b\r\nsecond 😀x\nthird"

    func server(after edits: [((Int, Int), (Int, Int), String)], encodings: [String]? = nil) -> LanguageServer {
        var server = LSPMessages.initializedServer(encodings: encodings)
        _ = server.handle(LSPMessages.didOpen(Self.uri, Self.text))
        _ = server.handle(LSPMessages.didChange(Self.uri, version: 2, edits))
        return server
    }

    @Test("UTF-16 offsets: after the emoji is 3, after é is 4")
    func utf16() {
        // Replace `é` (line 0, 3..<4) with `e`; then insert at line 1 after the emoji (7 + 2 = 9).
        let edited = server(after: [((0, 3), (0, 4), "e"), ((1, 9), (1, 9), "!")])
        #expect(edited.documents[Self.uri]?.text == "a😀e b\r\nsecond 😀!x\nthird")
        #expect(edited.documents[Self.uri]?.version == 2)
    }

    @Test("UTF-8 offsets when the client offered utf-8: after the emoji is 5, after é is 7")
    func utf8() {
        let edited = server(after: [((0, 5), (0, 7), "E")], encodings: ["utf-8"])
        #expect(edited.documents[Self.uri]?.text == "a😀E b\r\nsecond 😀x\nthird")
    }

    @Test("an edit across lines (CRLF and LF), deletion, and positions past a line's end or the last line")
    func acrossLines() {
        let joined = server(after: [((0, 4), (1, 7), "")])
        #expect(joined.documents[Self.uri]?.text == "a😀é😀x\nthird")
        // Character 99 on line 0 is its end (before CRLF); line 9 is the end of the text.
        let clamped = server(after: [((0, 99), (0, 99), "<"), ((9, 0), (9, 0), ">")])
        #expect(clamped.documents[Self.uri]?.text == "a😀é b<\r\nsecond 😀x\nthird>")
    }

    @Test("successive changes apply in order, each to the text the one before left; a change without a range replaces all")
    func inOrder() {
        let edited = server(after: [((2, 0), (2, 5), "3rd"), ((2, 3), (2, 3), " line")])
        #expect(edited.documents[Self.uri]?.text == "a😀é b\r\nsecond 😀x\n3rd line")
        var server = LSPMessages.initializedServer()
        _ = server.handle(LSPMessages.didOpen(Self.uri, Self.text))
        let whole = LSPMessages.notification(
            "textDocument/didChange",
            .object([
                JSONMember("textDocument", .object([JSONMember("uri", .string(Self.uri)), JSONMember("version", .int(5))])),
                JSONMember("contentChanges", .array([.object([JSONMember("text", .string("new"))])])),
            ]))
        _ = server.handle(whole)
        #expect(server.documents[Self.uri] == TextDocument(text: "new", version: 5))
    }

    @Test("with utf-8 agreed, a diagnostic's character counts bytes: the emoji 4, é 2")
    func diagnosticsInUTF8() throws {
        let line = #"request: { note: "😀é", withEmial: true, price: { amount: 1.00, currency: USD } }"#
        var server = LSPMessages.initializedServer(encodings: ["utf-8"])
        let opened = server.handle(LSPMessages.didOpen("file:///tmp/lsp-edit-test/utf8.yaml", "flow: utf8\ndsl: 1\n" + line + "\n"))
        let diagnostics = try #require(opened.first?["params"]?["diagnostics"]?.items)
        let typo = try #require(diagnostics.first { $0["message"]?.string?.contains("withEmial") == true }, "\(diagnostics)")
        let column = line.utf8.distance(from: line.utf8.startIndex, to: try #require(line.range(of: "withEmial")).lowerBound)
        #expect(column == 27)
        #expect(typo["range"]?["start"] == LSPDiagnostics.json(LSPPosition(line: 2, character: column)))
    }

    @Test("a change to a flow republishes diagnostics at UTF-16 columns past an emoji; closing publishes an empty list")
    func diagnosticsAfterChange() throws {
        let uri = "file:///tmp/lsp-edit-test/flow.yaml"
        let flow = "flow: emoji\ndsl: 1\ntitle: \"😀é\"\nrequest:\n  price: { amount: 1.00, currency: USD }\n"
        var server = LSPMessages.initializedServer()
        let opened = server.handle(LSPMessages.didOpen(uri, flow))
        #expect(opened.first?["params"]?["diagnostics"]?.items?.isEmpty == true, "\(opened)")
        // Rewrite `request:` in flow style with a misspelt key after an emoji and an `é`.
        let line = #"request: { note: "😀é", withEmial: true, price: { amount: 1.00, currency: USD } }"#
        let changed = server.handle(LSPMessages.didChange(uri, version: 2, [((3, 0), (4, 40), line)]))
        #expect(server.documents[uri]?.text == "flow: emoji\ndsl: 1\ntitle: \"😀é\"\n" + line + "\n")
        #expect(changed.first?["params"]?["version"] == .int(2))
        let diagnostics = try #require(changed.first?["params"]?["diagnostics"]?.items)
        let typo = try #require(diagnostics.first { $0["message"]?.string?.contains("withEmial") == true }, "\(diagnostics)")
        #expect(typo["code"] == .string("unknown-key"))
        // Where `withEmial` starts, counted in UTF-16 units: the emoji counts 2.
        let column = line.utf16.distance(from: line.utf16.startIndex, to: try #require(line.range(of: "withEmial")).lowerBound)
        #expect(column == 24)
        #expect(typo["range"]?["start"] == LSPDiagnostics.json(LSPPosition(line: 3, character: column)))
        #expect(typo["range"]?["end"] == LSPDiagnostics.json(LSPPosition(line: 3, character: column + 9)))
        let closed = server.handle(LSPMessages.didClose(uri))
        #expect(closed.first?["method"] == .string("textDocument/publishDiagnostics"))
        #expect(closed.first?["params"]?["diagnostics"] == .array([]))
        #expect(server.documents[uri] == nil)
    }
}
