/// The cap on findings shown per file (`TextDiagnosticRenderer`, `GitHubDiagnosticRenderer`):
/// a file with 10,000 bad entries gets its first findings and one line counting the rest, so
/// a report grows with the files checked, not with what is wrong in one of them.
struct FindingsLimit {
    /// Findings shown per file; nil: all.
    let perFile: Int?

    init(_ perFile: Int?) {
        self.perFile = perFile.map { max(0, $0) }
    }

    /// The findings to show, in their order, and the counts of those left out, per file in
    /// the order the files first appear.
    func split(_ diagnostics: [Diagnostic]) -> (shown: [Diagnostic], hidden: [(file: String?, counts: DiagnosticCounts)]) {
        guard let perFile, diagnostics.count > perFile else { return (diagnostics, []) }
        var seen: [String?: Int] = [:]
        var order: [String?] = []
        var hidden: [String?: DiagnosticCounts] = [:]
        var shown: [Diagnostic] = []
        for d in diagnostics {
            let n = seen[d.file, default: 0]
            if n == 0 { order.append(d.file) }
            seen[d.file] = n + 1
            if n < perFile {
                shown.append(d)
            } else {
                hidden[d.file, default: DiagnosticCounts()].add([d])
            }
        }
        return (shown, order.compactMap { file in hidden[file].map { (file, $0) } })
    }
}

extension DiagnosticCounts {
    /// `9900 more errors`, `3 more errors and 1 warning`, `1 more warning`: what a report left out.
    var more: String {
        let parts = [(errors, "error"), (warnings, "warning"), (notes, "note")].filter { $0.0 > 0 }
            .map { TextDiagnosticRenderer.plural($0.0, $0.1) }
        guard let first = parts.first else { return "no more findings" }
        let rest = parts.dropFirst()
        let head = first.replacingAll(" ", with: " more ")
        switch rest.count {
        case 0: return head
        case 1: return "\(head) and \(rest[rest.startIndex])"
        default: return "\(head), \(rest.dropLast().joined(separator: ", ")) and \(rest[rest.endIndex - 1])"
        }
    }
}
