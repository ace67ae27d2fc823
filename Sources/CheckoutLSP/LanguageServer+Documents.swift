import CheckoutJSON
import Foundation

extension LanguageServer {
    mutating func didOpen(_ params: JSONValue) -> [JSONValue] {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return [] }
        let document = TextDocument(text: text, version: item["version"]?.intValue ?? 0)
        setDocument(uri, document)
        return [publish(uri: uri, document: document)]
    }

    mutating func didChange(_ params: JSONValue) -> [JSONValue] {
        guard let id = params["textDocument"], let uri = id["uri"]?.string, var document = documents[uri],
            let changes = params["contentChanges"]?.items
        else { return [] }
        for change in changes {
            guard let newText = change["text"]?.string else { continue }
            if let range = change["range"], let start = Self.position(range["start"]), let end = Self.position(range["end"]) {
                document.replace(from: start, to: end, with: newText, encoding: encoding)
            } else {
                document = TextDocument(text: newText, version: document.version)
            }
        }
        document.version = id["version"]?.intValue ?? document.version
        setDocument(uri, document)
        return [publish(uri: uri, document: document)]
    }

    mutating func didClose(_ params: JSONValue) -> [JSONValue] {
        guard let uri = params["textDocument"]?["uri"]?.string else { return [] }
        setDocument(uri, nil)
        return [Self.publishDiagnostics(uri: uri, version: nil, diagnostics: [])]
    }

    static func position(_ value: JSONValue?) -> LSPPosition? {
        guard let value, let line = value["line"]?.intValue, let character = value["character"]?.intValue, line >= 0, character >= 0
        else { return nil }
        return LSPPosition(line: line, character: character)
    }

    /// The diagnostics of a document: a flow's from the compiler. Scenario files and answers
    /// files are not checked yet (this first slice is flows only): they get an empty list.
    func publish(uri: String, document: TextDocument) -> JSONValue {
        let path = Self.path(ofURI: uri)
        let name = path ?? uri
        let diagnostics: [JSONValue]
        if Self.isFlow(name, text: document.text) {
            diagnostics = LSPDiagnostics.diagnostics(text: document.text, path: path, encoding: encoding)
        } else {
            diagnostics = []
        }
        return Self.publishDiagnostics(uri: uri, version: document.version, diagnostics: diagnostics)
    }

    /// Not a scenario file (`*.scenarios.yaml`) nor an answers file: answers files have no
    /// naming convention, so a text with a top-level `card:` or `paymentMethod:` key (answers
    /// keys) and no top-level `flow:` is one. Everything else is compiled as a flow.
    static func isFlow(_ name: String, text: String) -> Bool {
        let base = (name as NSString).lastPathComponent.lowercased()
        if base.hasSuffix(".scenarios.yaml") || base.hasSuffix(".scenarios.yml") { return false }
        var answersKey = false
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            if line.hasPrefix("flow:") { return true }
            if line.hasPrefix("card:") || line.hasPrefix("paymentMethod:") { answersKey = true }
        }
        return !answersKey
    }

    static func publishDiagnostics(uri: String, version: Int?, diagnostics: [JSONValue]) -> JSONValue {
        var members = [JSONMember("uri", .string(uri))]
        if let version { members.append(JSONMember("version", .int(version))) }
        members.append(JSONMember("diagnostics", .array(diagnostics)))
        return JSONRPC.notification(method: "textDocument/publishDiagnostics", params: .object(members))
    }

    /// The file path of a `file:` URI (percent-decoded), or nil for another scheme.
    public static func path(ofURI uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = uri.dropFirst("file://".count)
        // `file://host/path`: the host (usually empty or localhost) is not part of the path.
        if let slash = rest.firstIndex(of: "/") { rest = rest[slash...] } else { return nil }
        return String(rest).removingPercentEncoding
    }

    private mutating func setDocument(_ uri: String, _ document: TextDocument?) {
        documents[uri] = document
    }
}
