/// Renders diagnostics as text for a terminal or a log:
///
/// ```
/// flows/a.yaml:4:3: error: unknown key 'withEmial' in 'request' [unknown-key]
///   withEmial: true
///   ^~~~~~~~~
///   help: did you mean 'withEmail'?
/// ```
///
/// Colour (ANSI) only when asked for; the caller decides from the TTY and `NO_COLOR`.
public struct TextDiagnosticRenderer: Sendable {
    /// Whether to emit ANSI colour codes.
    public var color: Bool

    /// Creates a renderer.
    public init(color: Bool = false) {
        self.color = color
    }

    /// Renders one diagnostic; `source` supplies the snippet when known.
    public func render(_ d: Diagnostic, source: SourceFile?) -> String {
        var out = ""
        let location: String
        if let range = d.range {
            location = "\(d.file ?? "<input>"):\(range.start.line):\(range.start.column): "
        } else {
            location = d.file.map { "\($0): " } ?? ""
        }
        out += paint(location, .bold)
        out += paint("\(d.severity.rawValue):", d.severity == .error ? .red : d.severity == .warning ? .yellow : .cyan)
        out += paint(" \(d.message)", .bold)
        out += " [\(d.rule.rawValue)]\n"
        if !d.hidesSource, let range = d.range, let line = source?.line(range.start.line) {
            out += "  \(line)\n"
            out += "  " + paint(underline(line: line, range: range), .green) + "\n"
        }
        for note in d.notes {
            out += "  " + paint("note:", .cyan) + " \(note)\n"
        }
        if let suggestion = d.suggestion {
            out += "  " + paint("help:", .cyan) + " did you mean '\(suggestion)'?\n"
        }
        return out
    }

    /// Renders many diagnostics followed by a summary line (`2 errors, 1 warning in 3 files`).
    public func render(_ diagnostics: [Diagnostic], sources: [String: SourceFile], fileCount: Int) -> String {
        var out = ""
        for d in diagnostics {
            out += render(d, source: d.file.flatMap { sources[$0] })
        }
        out += Self.summary(diagnostics, fileCount: fileCount) + "\n"
        return out
    }

    /// `N errors, N warnings in N files` (singular where it applies).
    public static func summary(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(errors, "error")), \(plural(warnings, "warning")) in \(plural(fileCount, "file"))"
    }

    /// The caret line: spaces up to the start column, `^`, then `~` to the end of the span on
    /// that line (at least one character wide). Tabs are kept so the caret lines up.
    func underline(line: Substring, range: SourceRange) -> String {
        let scalars = Array(line.unicodeScalars)
        let startIndex = max(0, range.start.column - 1)
        var endIndex = range.end.line == range.start.line ? range.end.column - 1 : scalars.count
        endIndex = min(max(endIndex, startIndex + 1), max(scalars.count, startIndex + 1))
        var prefix = ""
        for i in 0..<startIndex {
            prefix += i < scalars.count && scalars[i] == "\t" ? "\t" : " "
        }
        return prefix + "^" + String(repeating: "~", count: max(0, endIndex - startIndex - 1))
    }

    private enum Style: String {
        case bold = "1", red = "1;31", yellow = "1;33", cyan = "1;36", green = "32"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        guard color, !text.isEmpty else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }
}
