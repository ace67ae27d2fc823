import CheckoutJSON
import Foundation

extension LanguageServer {
    mutating func didOpen(_ params: JSONValue) {
        guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
        setDocument(uri, TextDocument(text: text, version: item["version"]?.intValue ?? 0))
        check(uri)
    }

    mutating func didChange(_ params: JSONValue) {
        guard let id = params["textDocument"], let uri = id["uri"]?.string, var document = documents[uri],
            let changes = params["contentChanges"]?.items
        else { return }
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
        check(uri)
    }

    mutating func didClose(_ params: JSONValue) {
        guard let uri = params["textDocument"]?["uri"]?.string else { return }
        setDocument(uri, nil)
        // Published by a job too, after any check of the document still waiting (which the
        // new generation makes publish nothing).
        let generation = shared.newGeneration(uri)
        shared.forget(uri)
        jobs.append(
            LSPJob(kind: .check, document: uri) { [shared] in
                guard shared.isLatest(uri, generation) else { return [] }
                return [Self.publishDiagnostics(uri: uri, version: nil, diagnostics: [])]
            })
        recheckDependents(of: uri)
    }

    /// Checks the open document `uri` (a job: the newest check supersedes any older one still
    /// waiting, and a check that finishes superseded publishes nothing), then the open
    /// documents that read it.
    mutating func check(_ uri: String) {
        scheduleCheck(uri)
        recheckDependents(of: uri)
    }

    private mutating func scheduleCheck(_ uri: String) {
        guard let document = documents[uri] else { return }
        let generation = shared.newGeneration(uri)
        let check = DocumentCheck(uri: uri, text: document.text, encoding: encoding, shared: shared, folder: workspaceFolders.first)
        let version = document.version
        jobs.append(
            LSPJob(kind: .check, document: uri) { [shared] in
                guard shared.isLatest(uri, generation) else { return [] }
                let diagnostics = check.run()
                // Only the newest version's diagnostics: never stale ones after newer ones.
                guard shared.isLatest(uri, generation) else { return [] }
                return [Self.publishDiagnostics(uri: uri, version: version, diagnostics: diagnostics)]
            })
    }

    /// The open documents whose last check read the file of `uri` (a flow they extend, through
    /// any chain, or a scenarios file's flow), checked again.
    mutating func recheckDependents(of uri: String) {
        guard let path = Self.path(ofURI: uri).map(LSPPaths.standardized) else { return }
        recheckDependents(ofPath: path)
    }

    mutating func recheckDependents(ofPath path: String) {
        for dependent in shared.dependents(of: path)
        where documents[dependent] != nil && Self.path(ofURI: dependent).map(LSPPaths.standardized) != path {
            scheduleCheck(dependent)
        }
    }

    /// `workspace/didChangeWatchedFiles`: a file changed, was created or deleted on disk. The
    /// open documents that read it are checked again; an open file's own text wins over its
    /// disk copy, so its change on disk changes nothing.
    mutating func didChangeWatchedFiles(_ params: JSONValue) {
        for change in params["changes"]?.items ?? [] {
            guard let uri = change["uri"]?.string, let path = Self.path(ofURI: uri).map(LSPPaths.standardized) else { continue }
            if shared.openText(path) != nil { continue }
            recheckDependents(ofPath: path)
        }
    }

    static func position(_ value: JSONValue?) -> LSPPosition? {
        guard let value, let line = value["line"]?.intValue, let character = value["character"]?.intValue, line >= 0, character >= 0
        else { return nil }
        return LSPPosition(line: line, character: character)
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

    /// Keeps the document, and its text where checks of other documents read it.
    mutating func setDocument(_ uri: String, _ document: TextDocument?) {
        documents[uri] = document
        if let path = Self.path(ofURI: uri).map(LSPPaths.standardized) { shared.setOpenText(path, document?.text) }
    }
}
