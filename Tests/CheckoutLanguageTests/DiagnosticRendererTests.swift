import CheckoutJSON
import CheckoutLanguage
import Testing

/// The text renderer with and without colour, byte for byte, and the JSON report written in
/// pieces against the same report written at once.
@Suite("Diagnostic renderers")
struct DiagnosticRendererTests {
    static let source = SourceFile(path: "flows/a.yaml", text: "flow: a\ndsl: 1\nrequest:\n  withEmial: true\n")

    static let unknownKey = Diagnostic(
        .error, rule: .unknownKey, message: "unknown key 'withEmial' in 'request'", file: "flows/a.yaml",
        range: SourceRange(start: SourceLocation(line: 4, column: 3), end: SourceLocation(line: 4, column: 12)),
        notes: ["keys are case-sensitive"], suggestion: "withEmail")

    @Test("without colour there is no escape code")
    func plain() {
        let expected = """
            flows/a.yaml:4:3: error: unknown key 'withEmial' in 'request' [unknown-key]
                withEmial: true
                ^~~~~~~~~
              note: keys are case-sensitive
              help: did you mean 'withEmail'?

            """
        #expect(TextDiagnosticRenderer(color: false).render(Self.unknownKey, source: Self.source) == expected)
    }

    @Test("with colour: location bold, severity red bold, rule dim, carets in the severity's colour")
    func colored() {
        let esc = "\u{1B}["
        let expected =
            "\(esc)1mflows/a.yaml:4:3:\(esc)0m \(esc)1;31merror:\(esc)0m unknown key 'withEmial' in 'request' \(esc)2m[unknown-key]\(esc)0m\n"
            + "    withEmial: true\n"
            + "  \(esc)1;31m  ^~~~~~~~~\(esc)0m\n"
            + "  \(esc)36mnote:\(esc)0m keys are case-sensitive\n"
            + "  \(esc)36mhelp:\(esc)0m did you mean 'withEmail'?\n"
        let actual = TextDiagnosticRenderer(color: true).render(Self.unknownKey, source: Self.source)
        #expect(Array(actual.utf8) == Array(expected.utf8), "\(actual.debugDescription)")
    }

    @Test("warnings are yellow bold and notes cyan, carets included")
    func severityColors() {
        var d = Self.unknownKey
        d.notes = []
        d.suggestion = nil
        d.severity = .warning
        let warning = TextDiagnosticRenderer(color: true).render(d, source: Self.source)
        #expect(warning.contains("\u{1B}[1;33mwarning:\u{1B}[0m"))
        #expect(warning.contains("\u{1B}[1;33m  ^~~~~~~~~\u{1B}[0m"))
        d.severity = .note
        let note = TextDiagnosticRenderer(color: true).render(d, source: Self.source)
        #expect(note.contains("\u{1B}[36mnote:\u{1B}[0m"))
        #expect(note.contains("\u{1B}[36m  ^~~~~~~~~\u{1B}[0m"))
    }

    @Test("a diagnostic without a range colours only the file name")
    func fileOnly() {
        let d = Diagnostic(.error, rule: .fileUnreadable, message: "cannot read the file", file: "missing.yaml")
        let plain = TextDiagnosticRenderer(color: false).render(d, source: nil)
        #expect(plain == "missing.yaml: error: cannot read the file [file-unreadable]\n")
        #expect(
            TextDiagnosticRenderer(color: true).render(d, source: nil)
                == "\u{1B}[1mmissing.yaml:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m cannot read the file \u{1B}[2m[file-unreadable]\u{1B}[0m\n")
    }

    @Test("the summary from counts reads like the one from diagnostics")
    func summary() {
        var warning = Self.unknownKey
        warning.severity = .warning
        let diagnostics = [Self.unknownKey, warning, warning]
        #expect(TextDiagnosticRenderer.summary(diagnostics, fileCount: 1) == "1 error, 2 warnings in 1 file")
        #expect(TextDiagnosticRenderer.summary(DiagnosticCounts(diagnostics), fileCount: 2) == "1 error, 2 warnings in 2 files")
    }

    @Test("the JSON report written in pieces is the whole report's bytes", arguments: [0, 1, 3])
    func jsonStream(count: Int) {
        let diagnostics = Array(repeating: Self.unknownKey, count: count)
        var whole = JSONObjectBuilder()
        whole.add("diagnostics", .array(diagnostics.map(JSONDiagnosticRenderer.json)))
        whole.add("errors", count)
        whole.add("warnings", 0)
        whole.add("files", 7)
        let expected = whole.value.serialized(pretty: true) + "\n"

        var stream = JSONDiagnosticRenderer.Stream()
        var pieces = ""
        for d in diagnostics { pieces += stream.add(d) }
        pieces += stream.finish(DiagnosticCounts(diagnostics), fileCount: 7)
        #expect(pieces == expected)
        #expect(JSONDiagnosticRenderer().render(diagnostics, fileCount: 7) == expected)
    }
}
