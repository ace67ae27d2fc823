import CheckoutJSON
import CheckoutLSP
import Foundation
import Testing

/// Every request at many positions of every shipped flow and broken fixture, whole and cut
/// off at each line (as it is while being typed): an answer of the right shape each time,
/// never a crash or an error.
@Suite("LSP requests on every flow and fixture")
struct FeatureRobustnessTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func files() -> [String] {
        let flows = root.appendingPathComponent("flows")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: flows.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") && !$0.contains(".scenarios.") }.sorted().map { flows.appendingPathComponent($0).path }
            + FixtureDiagnosticsTests.names().map { FixtureDiagnosticsTests.root.appendingPathComponent($0 + ".yaml").path }
    }

    static let positional = [
        "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/references",
        "textDocument/prepareRename",
    ]

    @Test("answers of the right shape at the start, middle and end of every line, whole and cut off")
    func everyFile() throws {
        let files = Self.files()
        #expect(files.count > 70)
        var asked = 0
        for path in files {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            let uri = LSPMessages.fileURI(path)
            var server = LSPMessages.initializedServer()
            _ = server.handle(LSPMessages.didOpen(uri, text))
            for (l, line) in lines.enumerated() {
                let n = line.utf16.count
                for c in Set([0, n / 2, n, n + 3]) {
                    for method in Self.positional {
                        Self.check(&server, method, Nav.at(l, c, uri: uri), path)
                        asked += 1
                    }
                }
            }
            let document = JSONValue.object([JSONMember("uri", .string(uri))])
            Self.check(&server, "textDocument/documentSymbol", .object([JSONMember("textDocument", document)]), path)
            // Typed up to each line's end: completion and hover there.
            for l in lines.indices where l % 3 == 0 {
                let cut = lines[...l].joined(separator: "\n")
                _ = server.handle(LSPMessages.didOpen(uri, cut, version: l + 2))
                let at = Nav.at(l, lines[l].utf16.count, uri: uri)
                Self.check(&server, "textDocument/completion", at, path)
                Self.check(&server, "textDocument/hover", at, path)
                asked += 2
            }
        }
        #expect(asked > 10_000, "\(asked)")
    }

    static func check(_ server: inout LanguageServer, _ method: String, _ params: JSONValue, _ path: String) {
        let replies = server.handle(LSPMessages.request(7, method, params))
        #expect(replies.count == 1, "\(method) \(path)")
        guard let reply = replies.first else { return }
        if method == "textDocument/prepareRename", reply["error"] != nil {
            #expect(reply["error"]?["code"] == .int(-32803), "\(path)")
            return
        }
        #expect(reply["error"] == nil, "\(method) \(path): \(reply)")
        switch reply["result"] {
        case .array?, .object?, .null?: break
        default: Issue.record("\(method) \(path): \(reply)")
        }
    }
}
