import CheckoutLanguage
import Foundation

/// The report of `checkout validate`, written file by file: each file's diagnostics go out as
/// soon as it is compiled, and only the counts stay behind for the summary.
struct ValidationReport {
    let format: ValidateCommand.Format
    private let text: TextDiagnosticRenderer
    private let github: GitHubDiagnosticRenderer
    private var json = JSONDiagnosticRenderer.Stream()
    private var sarif = SARIFRenderer()
    /// The errors, warnings and notes so far.
    private(set) var counts = DiagnosticCounts()

    /// A report in `format`; `color` applies to the text format only; text and github show
    /// at most `maxFindingsPerFile` findings of a file (nil: all), JSON lists every one.
    init(format: ValidateCommand.Format, color: Bool, maxFindingsPerFile: Int?) {
        self.format = format
        self.text = TextDiagnosticRenderer(color: format == .text && color, maxFindingsPerFile: maxFindingsPerFile)
        self.github = GitHubDiagnosticRenderer(maxFindingsPerFile: maxFindingsPerFile)
    }

    /// Writes one file's diagnostics.
    mutating func add(_ result: CompileResult) {
        counts.add(result.diagnostics)
        guard !result.diagnostics.isEmpty else { return }
        var out = ""
        switch format {
        case .text:
            out = text.render(file: result.diagnostics, source: result.source)
        case .json:
            for d in result.diagnostics { out += json.add(d) }
        case .github:
            out = github.render(result.diagnostics)
        case .sarif:
            // One document at the end: SARIF is a single JSON object.
            sarif.add(result.diagnostics)
        }
        Output.standardOutput(out)
    }

    /// Writes the summary: a line on stdout (text), the totals closing the JSON object, or a
    /// line on stderr (github, whose stdout is only workflow commands; sarif, whose stdout is
    /// the one SARIF document).
    func finish(fileCount: Int) {
        switch format {
        case .text: Output.standardOutput(TextDiagnosticRenderer.summary(counts, fileCount: fileCount) + "\n")
        case .json: Output.standardOutput(json.finish(counts, fileCount: fileCount))
        case .github: Output.standardError(TextDiagnosticRenderer.summary(counts, fileCount: fileCount) + "\n")
        case .sarif:
            Output.standardOutput(sarif.document(version: Checkout.configuration.version))
            Output.standardError(TextDiagnosticRenderer.summary(counts, fileCount: fileCount) + "\n")
        }
    }
}
