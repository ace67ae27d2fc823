import CheckoutJSON
import CheckoutLanguage

/// `textDocument/codeAction`: a quick fix for each finding the compiler made a suggestion for
/// (a did-you-mean, the valid value of an enumeration) on the requested range's lines. The
/// fix replaces the finding's range, which is the wrong key or value itself, with the
/// suggestion; the diagnostics are the document's own as of now (the same the server
/// published), not the client's copy.
extension LanguageServer {
    func codeActions(_ params: JSONValue) -> JSONValue {
        guard let (uri, document, path) = requestedFlow(params),
            let start = Self.position(params["range"]?["start"]), let end = Self.position(params["range"]?["end"])
        else { return .array([]) }
        if let only = params["context"]?["only"]?.items?.compactMap(\.string),
            !only.contains(where: { $0 == "quickfix" || $0.isEmpty })
        {
            return .array([])
        }
        let lines = LineTable(document.text)
        let bytes = Array(document.text.utf8)
        var actions: [JSONValue] = []
        for d in flowDiagnostics(document.text, uri: uri, path: path) {
            guard let suggestion = d.suggestion, let range = d.range, Self.isReplaceable(d, range: range, bytes: bytes) else { continue }
            let (from, to) = positions(range, lines)
            // By line: a client asks at the cursor, which need not be on the word itself.
            guard from.line <= end.line, start.line <= to.line else { continue }
            let edit = JSONValue.object([
                JSONMember("changes", .object([JSONMember(uri, .array([Self.textEdit(lspRange(range, lines), suggestion)]))]))
            ])
            var action = JSONObjectBuilder()
            action.add("title", "Change to '\(suggestion)'")
            action.add("kind", "quickfix")
            action.add("diagnostics", .array([LSPDiagnostics.json(d, lines: lines, encoding: encoding)]))
            action.add("isPreferred", .bool(true))
            action.add("edit", edit)
            actions.append(action.value)
        }
        return .array(actions)
    }

    /// The rules whose range is a part of a condition (or the whole condition, when its parts
    /// cannot be placed: a multi-line or escaped one).
    private static let conditionRules: Set<Rule> = [.conditionSyntax, .unknownName, .impossibleComparison, .conditionType]

    /// True when replacing the finding's range with its suggestion fixes it: the range is on one
    /// line, and a condition's finding is at the word itself rather than the whole condition;
    /// an unknown key whose suggestion is a path (`provider.returnURLs.redirect` for a seed
    /// SDK's name written at the top) would need a move, not a replacement.
    static func isReplaceable(_ d: Diagnostic, range: SourceRange, bytes: [UInt8]) -> Bool {
        guard range.start.line == range.end.line, range.start.offset < range.end.offset, range.end.offset <= bytes.count else {
            return false
        }
        var text = bytes[range.start.offset..<range.end.offset]
        if let first = text.first, first == UInt8(ascii: "\"") || first == UInt8(ascii: "'"), text.count >= 2, text.last == first {
            text = text.dropFirst().dropLast()
        }
        if conditionRules.contains(d.rule), text.contains(where: { $0 == 32 || $0 == 9 }) { return false }
        if d.rule == .unknownKey, d.suggestion?.contains(".") == true { return false }
        return true
    }
}
