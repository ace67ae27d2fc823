import CheckoutDomain
public import CheckoutJSON
import CheckoutLanguage

/// The compiler's diagnostics of a document as LSP `Diagnostic` objects.
public enum LSPDiagnostics {
    /// `source` of every diagnostic.
    public static let source = "checkout"

    /// The diagnostics `checkout validate` gives for `text`, compiled as the file at `path` (so
    /// an `extends:` path is relative to it), as LSP diagnostics with positions in `encoding`.
    public static func diagnostics(text: String, path: String?, encoding: PositionEncoding) -> [JSONValue] {
        let result = FlowCompiler.compile(text, file: path)
        let lines = LineTable(text)
        return result.diagnostics.map { json($0, lines: lines, encoding: encoding) }
    }

    /// One diagnostic: its range, severity, rule id as `code`, and message. Notes carry no
    /// range of their own, so they are appended to the message, one a line; a suggestion is
    /// in `data.suggestion` too.
    static func json(_ d: Diagnostic, lines: LineTable, encoding: PositionEncoding) -> JSONValue {
        var message = d.message.clippedForMessage
        for note in d.notes { message += "\n" + note.clippedForMessage }
        // The compiler never quotes a value that could be card data; this keeps it so should a
        // message ever slip (a diagnostic goes to the editor's problem list and its logs).
        if UserText.containsCardNumber(message) { message = UserText.cardNumberStandIn }
        var o = JSONObjectBuilder()
        o.add("range", range(d.range, lines: lines, encoding: encoding))
        o.add("severity", severity(d.severity))
        o.add("code", d.rule.rawValue)
        o.add("source", source)
        o.add("message", message)
        // (`Diagnostic` itself drops a suggestion that could be card data.)
        if let suggestion = d.suggestion {
            o.add("data", .object([JSONMember("suggestion", .string(suggestion.clippedForMessage))]))
        }
        return o.value
    }

    /// error → 1 (Error), warning → 2 (Warning), note → 3 (Information).
    static func severity(_ s: Severity) -> Int {
        switch s {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
    }

    /// An LSP range; a diagnostic without one (an unreadable file) is at the start.
    static func range(_ r: SourceRange?, lines: LineTable, encoding: PositionEncoding) -> JSONValue {
        let start =
            r.map { lines.position(line: $0.start.line, column: $0.start.column, encoding: encoding) } ?? LSPPosition(line: 0, character: 0)
        let end = r.map { lines.position(line: $0.end.line, column: $0.end.column, encoding: encoding) } ?? start
        return .object([JSONMember("start", json(start)), JSONMember("end", json(end))])
    }

    /// `{"line": L, "character": C}`.
    public static func json(_ p: LSPPosition) -> JSONValue {
        .object([JSONMember("line", .int(p.line)), JSONMember("character", .int(p.character))])
    }
}

/// A text's lines, to turn the compiler's 1-based line and column (in Unicode scalars) into an
/// LSP position (0-based line, character in UTF-16 code units or UTF-8 bytes).
struct LineTable {
    private let lines: [Substring.UnicodeScalarView]

    init(_ text: String) {
        var lines: [Substring.UnicodeScalarView] = []
        let scalars = text.unicodeScalars
        var lineStart = scalars.startIndex
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let c = scalars[i]
            if c == "\n" || c == "\r" {
                lines.append(Substring(text)[lineStart..<i].unicodeScalars)
                i = scalars.index(after: i)
                if c == "\r", i < scalars.endIndex, scalars[i] == "\n" { i = scalars.index(after: i) }
                lineStart = i
            } else {
                i = scalars.index(after: i)
            }
        }
        lines.append(Substring(text)[lineStart...].unicodeScalars)
        self.lines = lines
    }

    /// The position of 1-based `line` and `column`; a column past the line's end is its end.
    func position(line: Int, column: Int, encoding: PositionEncoding) -> LSPPosition {
        let l = max(line - 1, 0)
        guard l < lines.count else { return LSPPosition(line: l, character: 0) }
        var character = 0
        for c in lines[l].prefix(max(column - 1, 0)) {
            character += encoding == .utf16 ? UTF16.width(c) : UTF8.width(c)
        }
        return LSPPosition(line: l, character: character)
    }
}
