import CheckoutDomain

/// Renders diagnostics as text for a terminal or a log:
///
/// ```
/// flows/a.yaml:4:3: error: unknown key 'withEmial' in 'request' [unknown-key]
///   withEmial: true
///   ^~~~~~~~~
///   help: did you mean 'withEmail'?
/// ```
///
/// With `color`, ANSI SGR codes mark it up the way compilers do: `file:line:col:` bold, the
/// severity word in its colour (error red bold, warning yellow bold, note cyan), the rule id
/// dim, and the carets under the span in the severity's colour. Without it the output holds no
/// escape code at all. The caller decides (a terminal, `NO_COLOR`, `TERM=dumb`, `--color`).
public struct TextDiagnosticRenderer: Sendable {
    /// Whether to emit ANSI colour codes.
    public var color: Bool
    /// The most findings of one file `render(file:source:)` writes out; the rest are counted
    /// in one line (`9900 more errors in big.yaml not shown`). nil: no limit.
    public var maxFindingsPerFile: Int?
    /// The widest source snippet, in columns: a longer line is cut around the span, with `…`.
    public var snippetWidth: Int

    /// 100 findings per file.
    public static let defaultMaxFindingsPerFile = 100
    /// 200 columns.
    public static let defaultSnippetWidth = 200
    /// The longest message, note or suggestion shown, in characters (they quote user text).
    public static let maxMessageLength = 1000

    /// Creates a renderer.
    public init(
        color: Bool = false, maxFindingsPerFile: Int? = defaultMaxFindingsPerFile, snippetWidth: Int = defaultSnippetWidth
    ) {
        self.color = color
        self.maxFindingsPerFile = maxFindingsPerFile
        self.snippetWidth = snippetWidth
    }

    /// Renders one diagnostic; `source` supplies the snippet when known.
    public func render(_ d: Diagnostic, source: SourceFile?) -> String {
        var cutter = source.map { SnippetCutter(source: $0, width: snippetWidth) }
        return render(d, &cutter)
    }

    /// Renders one file's diagnostics (in source order, as the compiler gives them): the
    /// first `maxFindingsPerFile`, then one line counting the rest. The output grows with
    /// the findings shown times `snippetWidth`, never with the file's size.
    public func render(file diagnostics: [Diagnostic], source: SourceFile?) -> String {
        var cutter = source.map { SnippetCutter(source: $0, width: snippetWidth) }
        let (shown, hidden) = FindingsLimit(maxFindingsPerFile).split(diagnostics)
        var out = ""
        for d in shown { out += render(d, &cutter) }
        for (file, counts) in hidden {
            out += paint("\((file ?? "<input>").escapingControlCharacters):", .bold) + " \(counts.more) not shown\n"
        }
        return out
    }

    private func render(_ d: Diagnostic, _ cutter: inout SnippetCutter?) -> String {
        var out = ""
        let file = d.file?.escapingControlCharacters
        if let range = d.range {
            out += paint("\(file ?? "<input>"):\(range.start.line):\(range.start.column):", .bold) + " "
        } else if let file {
            out += paint("\(file):", .bold) + " "
        }
        let severityStyle = Style(d.severity)
        out += paint("\(d.severity.rawValue):", severityStyle)
        out += " \(d.message.shownInMessage) " + paint("[\(d.rule.rawValue)]", .dim) + "\n"
        if !d.hidesSource, let range = d.range, let snippet = cutter?.cut(range),
            // A line holding what could be a card number is never shown (UserText's rule).
            !UserText.containsCardNumber(snippet.line)
        {
            out += "  \(snippet.line)\n"
            out += "  " + paint(underline(line: snippet.line[...], start: snippet.start, end: snippet.end), severityStyle) + "\n"
        }
        for note in d.notes {
            out += "  " + paint("note:", .note) + " \(note.shownInMessage)\n"
        }
        if let suggestion = d.suggestion {
            out += "  " + paint("help:", .note) + " did you mean '\(suggestion.shownInMessage)'?\n"
        }
        return out
    }

    /// Renders many diagnostics followed by a summary line (`2 errors, 1 warning in 3 files`).
    public func render(_ diagnostics: [Diagnostic], sources: [String: SourceFile], fileCount: Int) -> String {
        var out = ""
        var cutters: [String: SnippetCutter] = [:]
        for d in diagnostics {
            var cutter = d.file.flatMap { file in cutters[file] ?? sources[file].map { SnippetCutter(source: $0, width: snippetWidth) } }
            out += render(d, &cutter)
            if let file = d.file, let cutter { cutters[file] = cutter }
        }
        out += Self.summary(diagnostics, fileCount: fileCount) + "\n"
        return out
    }

    /// `N errors, N warnings in N files` (singular where it applies).
    public static func summary(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
        summary(DiagnosticCounts(diagnostics), fileCount: fileCount)
    }

    /// `N errors, N warnings in N files` from counts alone, for reports written file by file.
    package static func summary(_ counts: DiagnosticCounts, fileCount: Int) -> String {
        "\(plural(counts.errors, "error")), \(plural(counts.warnings, "warning")) in \(plural(fileCount, "file"))"
    }

    /// `1 file`, `2 files`.
    static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }

    /// The caret line: spaces up to the start column, `^`, then `~` to the end of the span on
    /// that line (at least one character wide). Tabs are kept so the caret lines up.
    func underline(line: Substring, range: SourceRange) -> String {
        let end = range.end.line == range.start.line ? range.end.column - 1 : line.unicodeScalars.count
        return underline(line: line, start: range.start.column - 1, end: end)
    }

    /// The caret line under 0-based scalar indices `start..<end` of `line`.
    func underline(line: Substring, start: Int, end: Int) -> String {
        let scalars = Array(line.unicodeScalars)
        let startIndex = max(0, start)
        let endIndex = min(max(end, startIndex + 1), max(scalars.count, startIndex + 1))
        var prefix = ""
        for i in 0..<startIndex {
            prefix += i < scalars.count && scalars[i] == "\t" ? "\t" : " "
        }
        return prefix + "^" + String(repeating: "~", count: max(0, endIndex - startIndex - 1))
    }

    /// SGR parameters: 1 bold, 2 dim, 31 red, 33 yellow, 36 cyan.
    private enum Style: String {
        case bold = "1", dim = "2", error = "1;31", warning = "1;33", note = "36"

        init(_ severity: Severity) {
            switch severity {
            case .error: self = .error
            case .warning: self = .warning
            case .note: self = .note
            }
        }
    }

    private func paint(_ text: String, _ style: Style) -> String {
        guard color, !text.isEmpty else { return text }
        return "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m"
    }
}

extension StringProtocol {
    /// A message, note or suggestion as shown: control characters escaped, and cut after
    /// `TextDiagnosticRenderer.maxMessageLength` characters with `…` (messages quote keys and
    /// values, which can be as long as the file).
    var shownInMessage: String { escapingControlCharacters.clippedForMessage }

    /// Cut after `TextDiagnosticRenderer.maxMessageLength` characters, with `…`.
    package var clippedForMessage: String {
        let limit = TextDiagnosticRenderer.maxMessageLength
        guard utf8.count > limit, count > limit else { return String(self) }
        return String(prefix(limit)) + "…"
    }

    /// A source line for display: each control character becomes `�`, one column wide, so the
    /// underline below it stays aligned.
    var replacingControlCharacters: String {
        guard unicodeScalars.contains(where: \.isControl) else { return String(self) }
        var out = String.UnicodeScalarView()
        for s in unicodeScalars { out.append(s.isControl && s != "\t" ? "\u{FFFD}" : s) }
        return String(out)
    }
}

extension Unicode.Scalar {
    /// `UserText.isControl` but tab, which a source line keeps so the caret lines up.
    var isControl: Bool { self != "\t" && UserText.isControl(self) }
}
