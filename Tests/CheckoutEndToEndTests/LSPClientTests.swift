import Foundation
import Testing

/// `checkout lsp` driven by a real third-party client, pygls 2.1.1's `LanguageClient`
/// (Support/lsp_client.py, in the environment `.ci/test` installs): every broken fixture opened
/// in one session publishes exactly the diagnostics `checkout validate --format json` reports
/// for it — message (notes appended), rule as `code`, range converted to 0-based lines and
/// UTF-16 characters — an incremental edit moves them, closing clears them, and the server
/// exits 0 after shutdown and exit.
@Suite struct LSPClientTests {
    static let brokenDirectory = "Tests/CheckoutLanguageTests/Fixtures/broken"

    /// The broken fixtures an editor can open: not `invalid-utf8.yaml`, whose bytes are not text.
    static var brokenFixtures: [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: CheckoutBinary.root.appendingPathComponent(brokenDirectory).path)) ?? []
        // Absolute, as an editor names them (a note naming a base flow shows the path as given).
        return names.filter { $0.hasSuffix(".yaml") && $0 != "invalid-utf8.yaml" }.sorted().map {
            CheckoutBinary.root.appendingPathComponent("\(brokenDirectory)/\($0)").path
        }
    }

    /// A flow whose findings sit after an emoji and an `é` on their line: columns in UTF-16
    /// units differ from validate's scalar columns (none of the broken fixtures has that).
    static let nonASCII = """
        flow: non-ascii
        dsl: 1
        title: "😀é"
        request: { note: "😀é", withEmial: true, price: { amount: 1.00, currency: EURO } }

        """

    @Test func pyglsSeesValidatesDiagnosticsForEveryBrokenFixture() throws {
        let ws = try Workspace()
        let files = Self.brokenFixtures + [try ws.write(Self.nonASCII, to: "non-ascii.yaml")]
        #expect(files.count >= 60)
        guard let out = try LSPDriver.run("lsp_client.py", [CheckoutBinary.url.path] + files) else { return }
        let capabilities = try #require(out["capabilities"] as? [String: Any])
        #expect((capabilities["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
        #expect(capabilities["positionEncoding"] as? String == "utf-16")
        #expect(out["exitCode"] as? Int == 0)

        let validate = try CheckoutBinary.run(["validate", "--format", "json"] + files)
        #expect(validate.status == 2)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(validate.stdout.utf8)) as? [String: Any])
        let expected = try #require(report["diagnostics"] as? [[String: Any]])
        let opened = try #require(out["opened"] as? [String: [[String: Any]]])
        #expect(opened.count == files.count)
        var compared = 0
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let want = expected.filter { $0["file"] as? String == file }
            let got = try #require(opened[file], "\(file): nothing published")
            #expect(got.count == want.count, "\(file)")
            #expect(!want.isEmpty, "\(file)")
            for (g, w) in zip(got, want) {
                let message = ([w["message"] as? String ?? ""] + (w["notes"] as? [String] ?? [])).joined(separator: "\n")
                #expect(g["message"] as? String == message, "\(file)")
                #expect(g["code"] as? String == w["rule"] as? String, "\(file)")
                #expect(g["severity"] as? Int == ["error": 1, "warning": 2, "note": 3][w["severity"] as? String ?? ""], "\(file)")
                #expect(Self.range(g) == Self.expectedRange(w, text: text), "\(file): \(w)")
                compared += 1
            }
        }
        #expect(compared == expected.count)

        // The driver's edit put one line at the top of the first file: the same findings, a line lower.
        let first = try #require(opened[files[0]])
        let changed = try #require(out["changed"] as? [[String: Any]])
        #expect(changed.map { Self.range($0) } == first.map { Self.range($0) }.map { [$0[0] + 1, $0[1], $0[2] + 1, $0[3]] })
        #expect(changed.map { $0["message"] as? String } == first.map { $0["message"] as? String })
        #expect((out["closed"] as? [Any])?.isEmpty == true)
    }

    @Test func aBadMessageIsAnErrorResponseAndTheEndOfInputExits1() throws {
        let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#
        let input = "Content-Length: 9\r\n\r\n{\"bad\": }" + "Content-Length: \(initialize.utf8.count)\r\n\r\n" + initialize
        let r = try CheckoutBinary.run(["lsp"], input: input)
        #expect(r.status == 1)
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        // Only framed messages on stdout: the parse error (id null), then initialize's result.
        let parts = r.stdout.components(separatedBy: "\r\n\r\n")
        #expect(parts.count == 3, "\(r.stdout)")
        #expect(parts.first?.hasPrefix("Content-Length: ") == true)
        #expect(
            r.stdout.contains(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"body is not valid JSON"}}"#), "\(r.stdout)")
        #expect(r.stdout.contains(#""id":1,"result":{"capabilities":"#), "\(r.stdout)")
    }

    /// `[startLine, startCharacter, endLine, endCharacter]` of an LSP diagnostic.
    static func range(_ d: [String: Any]) -> [Int] {
        let r = d["range"] as? [String: [String: Int]] ?? [:]
        return [r["start"]?["line"], r["start"]?["character"], r["end"]?["line"], r["end"]?["character"]].map { $0 ?? -1 }
    }

    /// validate's 1-based line and column (Unicode scalars) as an LSP range (UTF-16 units).
    static func expectedRange(_ d: [String: Any], text: String) -> [Int] {
        let lines = text.components(separatedBy: "\n")
        func position(_ line: Int?, _ column: Int?) -> [Int] {
            guard let line, let column else { return [0, 0] }
            guard line - 1 < lines.count else { return [line - 1, 0] }
            let prefix = String(String.UnicodeScalarView(lines[line - 1].unicodeScalars.prefix(column - 1)))
            return [line - 1, prefix.utf16.count]
        }
        return position(d["line"] as? Int, d["column"] as? Int) + position(d["endLine"] as? Int, d["endColumn"] as? Int)
    }
}
