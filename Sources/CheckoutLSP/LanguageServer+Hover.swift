import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage

/// `textDocument/hover`: on a stage id (its `id:`, a route to it, `outcome.<id>`), what the
/// stage does and where each of its outcomes goes; on a key, its documentation from the key
/// tables; on an enumeration value, that value's words; on a name in a condition, what it holds
/// and when it is known. Nothing the document holds is repeated if it looks like a card number.
extension LanguageServer {
    func hover(_ params: JSONValue) -> JSONValue {
        guard let (uri, document, path) = requestedFlow(params),
            let position = Self.position(params["position"])
        else { return .null }
        let text = document.text
        let lines = LineTable(text)
        if let outline = FlowOutline(text), let target = navigationTarget(outline, at: position, lines) {
            switch target {
            case .stage(let id):
                if let stage = outline.stage(id) { return Self.hoverResult(outline.summary(of: stage)) }
            case .extends(let node):
                guard let name = node.scalar?.value, !UserText.containsCardNumber(name) else { return .null }
                guard let base = Self.extendsTarget(node, documentPath: path) else {
                    return Self.hoverResult("**extends** `\(name)`: no such file next to this one")
                }
                // A folder whose digits read as a card number (a UUID's can): the file, not its path.
                guard !UserText.containsCardNumber(base) else {
                    return Self.hoverResult("**extends** `\(name)`: this flow starts from the settings of that file")
                }
                return Self.hoverResult("**extends** `\(name)`: this flow starts from the settings of `\(base)`")
            }
        }
        // The word at the position, and what is before it on its line.
        let cursor = document.index(of: position, encoding: encoding)
        let lineStart = text[..<cursor].lastIndex(where: \.isNewline).map { text.index(after: $0) } ?? text.startIndex
        let lineEnd = text[cursor...].firstIndex(where: \.isNewline) ?? text.endIndex
        func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "." || c == "-" }
        let start = text[lineStart..<cursor].lastIndex { !isWord($0) }.map { text.index(after: $0) } ?? lineStart
        let end = text[cursor..<lineEnd].firstIndex { !isWord($0) } ?? lineEnd
        let word = String(text[start..<end])
        guard !word.isEmpty, !UserText.containsCardNumber(word) else { return .null }
        let above = text[..<lineStart].split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        let after = text[end..<lineEnd]
        if after.hasPrefix(":"), let context = CursorContext(prefix: String(text[lineStart..<start]), above: above), !context.isValue {
            guard let spec = FlowShapes.spec(at: context.path + [word]) else { return .null }
            return Self.hoverResult("**\(spec.name)**: " + FlowShapes.documentation(spec))
        }
        guard let context = CursorContext(prefix: String(text[lineStart..<end]), above: above), context.isValue else { return .null }
        if context.path.last == "when" {
            return ConditionName(word).map { Self.hoverResult("**\($0.text)**: \($0.summary)") } ?? .null
        }
        if case .enumeration(let values, let descriptions)? = FlowShapes.shape(at: context.path).map(Self.itemShape),
            let i = values.firstIndex(of: word)
        {
            return Self.hoverResult("**\(word)**" + (descriptions.map { ": \($0[i])" } ?? " (one of \(values.joined(separator: ", ")))"))
        }
        return .null
    }

    /// A list's item shape; any other shape as it is.
    static func itemShape(_ shape: ValueShape) -> ValueShape {
        if case .list(let item, _) = shape { return item }
        return shape
    }

    static func hoverResult(_ markdown: String) -> JSONValue {
        .object([JSONMember("contents", .object([JSONMember("kind", .string("markdown")), JSONMember("value", .string(markdown))]))])
    }
}
