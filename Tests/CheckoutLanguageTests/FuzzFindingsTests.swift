import CheckoutLanguage
import Foundation
import Testing

/// Regressions for what `checkout-fuzz` found (docs/fuzzing.md).
@Suite struct FuzzFindingsTests {
    /// A file ending in `é` (C3 A9) without a final line break: A9 is also the last byte of the
    /// PS line separator, which once put the end-of-input error on a line past the last.
    @Test func anErrorAtTheEndOfAFileEndingInALetterLikeABreakIsOnTheLastLine() {
        let text = "flow: cafe\ndsl: 1\nrequest:\n  price: {amount: 1, currency: USD}\ntitle: [café"
        let result = FlowCompiler.compile(text, file: "cafe.yaml")
        let first = result.diagnostics.first
        #expect(first?.rule == .yamlSyntax)
        #expect(first?.range?.start.line == 5)
        #expect(first?.range?.start.column == 13)
        #expect(
            TextDiagnosticRenderer().render(result.diagnostics, sources: [result.source.path: result.source], fileCount: 1).contains(
                "title: [café"))
    }

    /// Keys can hold any character through YAML escapes; diagnostics must not pass ESC or CR
    /// to a terminal or a CI log.
    @Test func controlCharactersInQuotedTextAreEscapedInEveryRenderer() {
        let text = "flow: escapes\ndsl: 1\nrequest:\n  price: {amount: 1, currency: USD}\n\"\\e[2J\\e[31mred\\e[0m\\rspoofed\": 1\n"
        let result = FlowCompiler.compile(text, file: "escapes.yaml")
        #expect(result.diagnostics.map(\.rule) == [.unknownKey])
        let outputs = [
            TextDiagnosticRenderer().render(result.diagnostics, sources: [result.source.path: result.source], fileCount: 1),
            GitHubDiagnosticRenderer().render(result.diagnostics),
        ]
        for out in outputs {
            #expect(!out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x0D }, "\(out.debugDescription)")
            #expect(out.contains("\\u{1B}[2J"))
        }
    }

    /// `---\n---\n`: findings come out in source order even when no tree was built.
    @Test func findingsWithoutATreeAreInSourceOrder() {
        let result = FlowCompiler.compile("---\n---\n", file: "two.yaml")
        let lines = result.diagnostics.compactMap { $0.range?.start.line }
        #expect(lines.count == 2)
        #expect(lines == lines.sorted())
    }

    /// Lines break where libyaml breaks them: with CR-only line breaks, the snippet is the
    /// reported line, not the whole file.
    @Test func snippetsFollowCRLineBreaks() {
        let source = SourceFile(path: "cr.yaml", text: "flow: Bad Id\rdsl: 1\r\nrequest:\u{2028}end")
        #expect(source.line(1) == "flow: Bad Id")
        #expect(source.line(2) == "dsl: 1")
        #expect(source.line(3) == "request:")
        #expect(source.line(4) == "end")
        #expect(source.line(5) == nil)
    }
}
