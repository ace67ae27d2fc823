/// The output formats of `checkout validate --format`.
package enum DiagnosticFormat: String, Sendable, CaseIterable {
    /// `path:line:col: error: message [rule]`, the source line and the span underlined.
    case text
    /// One JSON object per run: `{ "diagnostics": [...], "errors": N, "warnings": N }`.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::…`).
    case github
}
