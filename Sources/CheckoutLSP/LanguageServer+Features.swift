import CheckoutJSON
import CheckoutLanguage

/// The requests past the document life cycle: code actions, go to definition, references,
/// document highlight, rename, completion, hover and document symbols. Each is answered from the open document's
/// text as it is now; a request for a document that is not open gets an empty answer.
extension LanguageServer {
    /// The capabilities these requests add to `initialize`'s result.
    static var featureCapabilities: [JSONMember] {
        [
            JSONMember("codeActionProvider", .object([JSONMember("codeActionKinds", .array([.string("quickfix")]))])),
            JSONMember("definitionProvider", .bool(true)),
            JSONMember("referencesProvider", .bool(true)),
            JSONMember("documentHighlightProvider", .bool(true)),
            JSONMember("renameProvider", .object([JSONMember("prepareProvider", .bool(true))])),
            JSONMember("hoverProvider", .bool(true)),
            JSONMember("documentSymbolProvider", .bool(true)),
            JSONMember(
                "completionProvider", .object([JSONMember("triggerCharacters", .array([":", " ", ".", "[", ","].map { .string($0) }))])),
        ]
    }

    /// The response to `method`, or nil when it is not one of these requests.
    func featureRequest(_ method: String, id: JSONValue, params: JSONValue) -> JSONValue? {
        switch method {
        case "textDocument/codeAction": return JSONRPC.response(id: id, result: codeActions(params))
        case "textDocument/definition": return JSONRPC.response(id: id, result: definition(params))
        case "textDocument/references": return JSONRPC.response(id: id, result: references(params))
        case "textDocument/documentHighlight": return JSONRPC.response(id: id, result: documentHighlights(params))
        case "textDocument/prepareRename": return prepareRename(params, id: id)
        case "textDocument/rename": return rename(params, id: id)
        case "textDocument/completion": return JSONRPC.response(id: id, result: completion(params))
        case "textDocument/hover": return JSONRPC.response(id: id, result: hover(params))
        case "textDocument/documentSymbol": return JSONRPC.response(id: id, result: documentSymbols(params))
        default: return nil
        }
    }

    /// The open document a request names, with its URI and its file path (nil for another scheme).
    func requestedDocument(_ params: JSONValue) -> (uri: String, document: TextDocument, path: String?)? {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return nil }
        return (uri, document, Self.path(ofURI: uri))
    }

    /// `requestedDocument(_:)` when that document is a flow (not a scenarios or answers file):
    /// the one place these requests tell the kinds of document apart.
    func requestedFlow(_ params: JSONValue) -> (uri: String, document: TextDocument, path: String?)? {
        guard let found = requestedDocument(params), Self.isFlow(found.path ?? found.uri, text: found.document.text) else { return nil }
        return found
    }

    /// The compiler's findings of the flow document `uri`, compiled as its published diagnostics are.
    func flowDiagnostics(_ text: String, uri: String, path: String?) -> [Diagnostic] {
        compileFlow(text, uri: uri, path: path).diagnostics
    }

    /// An LSP range from a syntax-tree range.
    func lspRange(_ range: SourceRange, _ lines: LineTable) -> JSONValue {
        LSPDiagnostics.range(range, lines: lines, encoding: encoding)
    }

    /// The LSP positions of a syntax-tree range.
    func positions(_ range: SourceRange, _ lines: LineTable) -> (LSPPosition, LSPPosition) {
        (
            lines.position(line: range.start.line, column: range.start.column, encoding: encoding),
            lines.position(line: range.end.line, column: range.end.column, encoding: encoding)
        )
    }

    /// True when `position` is inside `range` or at either end of it.
    func contains(_ range: SourceRange, _ position: LSPPosition, _ lines: LineTable) -> Bool {
        let (start, end) = positions(range, lines)
        return start <= position && position <= end
    }

    /// `{"uri": …, "range": …}`.
    static func location(uri: String, range: JSONValue) -> JSONValue {
        .object([JSONMember("uri", .string(uri)), JSONMember("range", range)])
    }

    /// A `TextEdit`.
    static func textEdit(_ range: JSONValue, _ newText: String) -> JSONValue {
        .object([JSONMember("range", range), JSONMember("newText", .string(newText))])
    }
}

extension LSPPosition: Comparable {
    public static func < (a: LSPPosition, b: LSPPosition) -> Bool { (a.line, a.character) < (b.line, b.character) }
}
