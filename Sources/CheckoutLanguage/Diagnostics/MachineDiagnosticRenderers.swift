public import CheckoutJSON

/// Renders diagnostics as one JSON object: `{"diagnostics":[…],"errors":N,"warnings":N,"files":N}`.
/// Each diagnostic: `file`, `line`, `column`, `endLine`, `endColumn`, `severity`, `rule`,
/// `message`, `notes`, and `suggestion` when there is one. Every finding is listed (tools
/// read them all); there are no source snippets, and messages, notes and suggestions are cut
/// after `TextDiagnosticRenderer.maxMessageLength` characters, so the report stays linear in
/// the input.
public struct JSONDiagnosticRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// Renders the whole report.
    public func render(_ diagnostics: [Diagnostic], fileCount: Int) -> String {
        var stream = Stream()
        var out = ""
        for d in diagnostics { out += stream.add(d) }
        return out + stream.finish(DiagnosticCounts(diagnostics), fileCount: fileCount)
    }

    /// The same report, byte for byte, written piece by piece, so a run over many files can
    /// write each file's diagnostics as it goes and keep only the counts.
    package struct Stream: Sendable {
        private var written = 0

        /// Starts a report.
        public init() {}

        /// The text that adds `d` to the report.
        public mutating func add(_ d: Diagnostic) -> String {
            defer { written += 1 }
            let lead = written == 0 ? "{\n  \"diagnostics\": [\n    " : ",\n    "
            return lead + JSONDiagnosticRenderer.json(d).serialized(pretty: true, indent: 2)
        }

        /// The text that ends the report: closes the list and adds the totals.
        package func finish(_ counts: DiagnosticCounts, fileCount: Int) -> String {
            let list = written == 0 ? "{\n  \"diagnostics\": []" : "\n  ]"
            return list + ",\n  \"errors\": \(counts.errors),\n  \"warnings\": \(counts.warnings),\n  \"files\": \(fileCount)\n}\n"
        }
    }

    /// One diagnostic as a JSON object.
    public static func json(_ d: Diagnostic) -> JSONValue {
        var o = JSONObjectBuilder()
        o.add("file", d.file)
        if let r = d.range {
            o.add("line", r.start.line)
            o.add("column", r.start.column)
            o.add("endLine", r.end.line)
            o.add("endColumn", r.end.column)
        }
        o.add("severity", d.severity.rawValue)
        o.add("rule", d.rule.rawValue)
        o.add("message", d.message.clippedForMessage)
        o.add("notes", .array(d.notes.map { .string($0.clippedForMessage) }))
        o.add("suggestion", d.suggestion?.clippedForMessage)
        return o.value
    }
}

/// Renders diagnostics as GitHub Actions workflow commands, one per line, so they show as
/// annotations on the pull request.
public struct GitHubDiagnosticRenderer: Sendable {
    /// The most findings of one file written out; the rest are counted in one `::notice`.
    /// nil: no limit.
    public var maxFindingsPerFile: Int?

    /// Creates a renderer.
    public init(maxFindingsPerFile: Int? = TextDiagnosticRenderer.defaultMaxFindingsPerFile) {
        self.maxFindingsPerFile = maxFindingsPerFile
    }

    /// Renders every diagnostic as one `::error …::message` line (up to `maxFindingsPerFile`
    /// per file, then `::notice file=F::9900 more errors not shown`).
    public func render(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        let (shown, hidden) = FindingsLimit(maxFindingsPerFile).split(diagnostics)
        for d in shown {
            let command: String
            switch d.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var props: [String] = []
            if let file = d.file { props.append("file=\(escapeProperty(file))") }
            if let r = d.range {
                props.append("line=\(r.start.line)")
                if r.end.line == r.start.line {
                    props.append("col=\(r.start.column)")
                    props.append("endLine=\(r.end.line)")
                    props.append("endColumn=\(r.end.column)")
                } else {
                    // GitHub drops annotations with columns across lines; a span ending at
                    // column 1 ends on the line before.
                    props.append("endLine=\(r.end.column == 1 ? r.end.line - 1 : r.end.line)")
                }
            }
            props.append("title=\(escapeProperty(d.rule.rawValue))")
            var message = d.message.shownInMessage
            if let s = d.suggestion { message += " (did you mean '\(s.shownInMessage)'?)" }
            for n in d.notes { message += "\n" + n.shownInMessage }
            out += "::\(command) \(props.joined(separator: ","))::\(escapeData(message))\n"
        }
        for (file, counts) in hidden {
            let props = file.map { " file=\(escapeProperty($0))" } ?? ""
            out += "::notice\(props)::\(escapeData(counts.more)) not shown\n"
        }
        return out
    }

    private func escapeData(_ s: String) -> String {
        s.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }

    private func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}

extension String {
    /// Replaces every occurrence of `target` (no Foundation needed).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = self[...]
        while let r = rest.firstRange(of: target) {
            result += rest[..<r.lowerBound]
            result += replacement
            rest = rest[r.upperBound...]
        }
        result += rest
        return result
    }
}
