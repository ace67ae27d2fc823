import CheckoutLanguage
import Foundation
import Testing

/// Issue 14: a report grows with the findings shown times a snippet width, never with the
/// file's size: findings capped per file with one line counting the rest, long lines cut
/// around the span, messages cut, control characters never written raw.
@Suite("Bounded diagnostics")
struct BoundedDiagnosticsTests {
    /// A one-line flow body of `count` bad tax regions, `Z0000: 1, Z0001: 1, …`, and one
    /// finding per region, positioned as the compiler positions them.
    static func regions(_ count: Int) -> (SourceFile, [Diagnostic]) {
        var line = "tax: {"
        var findings: [Diagnostic] = []
        for i in 0..<count {
            if i > 0 { line += ", " }
            let id = "Z" + String(String(i + 10_000).dropFirst())
            let column = line.unicodeScalars.count + 1
            line += "\(id): 1"
            findings.append(
                Diagnostic(
                    rule: .invalidCountry, message: "tax region '\(id)' must be COUNTRY or COUNTRY-STATE", file: "big.yaml",
                    range: SourceRange(start: SourceLocation(line: 2, column: column), end: SourceLocation(line: 2, column: column + 5))))
        }
        return (SourceFile(path: "big.yaml", text: "flow: a\n" + line + "}\n"), findings)
    }

    @Test("the first 100 findings of a file, then one line counting the rest")
    func findingsCapped() {
        let (source, findings) = Self.regions(250)
        let text = TextDiagnosticRenderer().render(file: findings, source: source)
        let headers = text.split(separator: "\n").filter { $0.hasPrefix("big.yaml:2:") }
        #expect(headers.count == 100)
        #expect(text.hasSuffix("big.yaml: 150 more errors not shown\n"))
        #expect(TextDiagnosticRenderer(maxFindingsPerFile: nil).render(file: findings, source: source).split(separator: "\n").count == 750)
    }

    @Test("10,000 findings on one line: the report stays within 100 findings × the snippet width")
    func manyFindingsOnOneLine() {
        let (source, findings) = Self.regions(10_000)
        #expect(source.bytes.count > 90_000)
        let text = TextDiagnosticRenderer().render(file: findings, source: source)
        // Each shown finding: a header, a snippet of at most 200 columns plus `…` marks, carets.
        #expect(text.utf8.count < 100 * 1_000)
        for line in text.split(separator: "\n") { #expect(line.unicodeScalars.count <= 2 + 200 + 2) }
    }

    @Test("a long line is cut around the span, with … on both sides, and the caret stays under the span")
    func snippetCut() throws {
        let (source, findings) = Self.regions(1_000)
        let d = findings[500]
        let text = TextDiagnosticRenderer().render(d, source: source)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let snippet = Array(lines[1].unicodeScalars.dropFirst(2))
        let carets = Array(lines[2].unicodeScalars.dropFirst(2))
        #expect(snippet.first == "…" && snippet.last == "…")
        #expect(snippet.count <= 202)
        let caret = try #require(carets.firstIndex(of: "^"))
        #expect(String(String.UnicodeScalarView(snippet[caret..<caret + 5])) == "Z0500")
        #expect(carets.filter { $0 == "^" || $0 == "~" }.count == 5)
    }

    @Test("a line of up to 200 columns is shown whole, as before")
    func shortLineWhole() {
        let (source, findings) = Self.regions(10)
        let text = TextDiagnosticRenderer().render(findings[9], source: source)
        #expect(!text.contains("…"))
        #expect(text.contains("  tax: {Z0000: 1, Z0001: 1,"))
    }

    @Test("the github format caps findings per file with one notice; JSON lists every finding")
    func machineFormats() {
        let (_, findings) = Self.regions(150)
        let github = GitHubDiagnosticRenderer().render(findings)
        #expect(github.split(separator: "\n").filter { $0.hasPrefix("::error ") }.count == 100)
        #expect(github.hasSuffix("::notice file=big.yaml::50 more errors not shown\n"))
        let json = JSONDiagnosticRenderer().render(findings, fileCount: 1)
        #expect(json.components(separatedBy: "\"rule\"").count - 1 == 150)
    }

    @Test("messages quoting a huge value are cut, in text, github and JSON")
    func longMessagesCut() {
        let key = String(repeating: "k", count: 50_000)
        let d = Diagnostic(rule: .unknownKey, message: "unknown key '\(key)'", file: "a.yaml", suggestion: key)
        #expect(TextDiagnosticRenderer().render(d, source: nil).utf8.count < 2 * 1_100)
        #expect(GitHubDiagnosticRenderer().render([d]).utf8.count < 2 * 1_200)
        #expect(JSONDiagnosticRenderer().render([d], fileCount: 1).utf8.count < 2 * 1_200)
    }

    @Test("no control character reaches the output raw: not from a file name, not from a cut snippet")
    func controlCharacters() {
        let source = SourceFile(path: "a\u{1B}[2J.yaml", text: "flow: a\n" + String(repeating: "x\u{1B}[31m\u{07}", count: 100) + ": 1\n")
        let d = Diagnostic(
            rule: .unknownKey, message: "unknown key", file: "a\u{1B}[2J.yaml",
            range: SourceRange(start: SourceLocation(line: 2, column: 300), end: SourceLocation(line: 2, column: 310)))
        for text in [TextDiagnosticRenderer().render(d, source: source), TextDiagnosticRenderer().render(file: [d, d], source: source)] {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(text.contains("a\\u{1B}[2J.yaml:2:300:"))
        }
    }
}
