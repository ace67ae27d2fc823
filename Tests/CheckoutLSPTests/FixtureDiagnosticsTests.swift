import CheckoutJSON
import CheckoutLSP
import CheckoutLanguage
import Foundation
import Testing

/// Every broken fixture, opened in the server: the diagnostics are `checkout validate
/// --format json`'s (the renderer validate writes with), in the same order — message (notes
/// appended), rule as `code`, severity, and the range converted from 1-based scalar columns
/// to 0-based UTF-16 characters by a conversion of this test's own.
@Suite("LSP diagnostics of the broken fixtures")
struct FixtureDiagnosticsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("CheckoutLanguageTests/Fixtures/broken")

    /// `invalid-utf8.yaml` cannot be opened: LSP carries a document's text in a JSON string,
    /// so an editor sends Unicode text, never the file's invalid bytes.
    static let notText: Set<String> = ["invalid-utf8"]

    static func names() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(".yaml".count)) }.filter { !notText.contains($0) }.sorted()
    }

    @Test("there are broken fixtures to compare")
    func fixturesFound() { #expect(Self.names().count >= 60) }

    @Test("diagnostics equal validate's", arguments: names())
    func equalValidate(name: String) throws {
        let path = Self.root.appendingPathComponent(name + ".yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let validate = FlowCompiler.compile(contentsOf: path).diagnostics.map(JSONDiagnosticRenderer.json)
        #expect(!validate.isEmpty)

        var server = LSPMessages.initializedServer()
        let uri = LSPMessages.fileURI(path)
        let published = server.handle(LSPMessages.didOpen(uri, text))
        #expect(published.count == 1)
        let params = try #require(published.first?["params"])
        #expect(published.first?["method"] == .string("textDocument/publishDiagnostics"))
        #expect(params["uri"] == .string(uri))
        let lsp = try #require(params["diagnostics"]?.items)
        #expect(lsp.count == validate.count)
        let lines = Self.lines(text)
        for (got, want) in zip(lsp, validate) {
            let notes = want["notes"]?.items?.compactMap(\.string) ?? []
            #expect(got["message"]?.string == ([want["message"]?.string ?? ""] + notes).joined(separator: "\n"))
            #expect(got["code"] == want["rule"])
            #expect(got["severity"] == .int(["error": 1, "warning": 2, "note": 3][want["severity"]?.string ?? ""] ?? 0))
            #expect(got["source"] == .string("checkout"))
            let start = Self.position(lines, line: want["line"]?.int, column: want["column"]?.int)
            let end = Self.position(lines, line: want["endLine"]?.int, column: want["endColumn"]?.int)
            #expect(got["range"]?["start"] == LSPDiagnostics.json(start), "\(name): \(want)")
            #expect(got["range"]?["end"] == LSPDiagnostics.json(end), "\(name): \(want)")
        }
        // Closing publishes an empty list for the same document.
        let closed = server.handle(LSPMessages.didClose(uri))
        #expect(closed.first?["params"]?["diagnostics"] == .array([]))
    }

    static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// 1-based line and scalar column → 0-based line and UTF-16 character (a column past the
    /// line's end is its end); no range → the start of the file.
    static func position(_ lines: [String], line: Int?, column: Int?) -> LSPPosition {
        guard let line, let column else { return LSPPosition(line: 0, character: 0) }
        guard line - 1 < lines.count else { return LSPPosition(line: line - 1, character: 0) }
        let prefix = String(String.UnicodeScalarView(lines[line - 1].unicodeScalars.prefix(column - 1)))
        return LSPPosition(line: line - 1, character: prefix.utf16.count)
    }
}
