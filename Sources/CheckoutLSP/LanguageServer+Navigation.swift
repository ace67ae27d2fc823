import CheckoutJSON
import CheckoutLanguage
import Foundation

/// `textDocument/definition` and `textDocument/references` for stage ids and `extends:`.
///
/// A stage id is defined by a stage's `id:` (or, without one, its `kind:`, which is then its
/// id) and named by route targets (`on: { declined: card }`), `outcome.<id>` in conditions and
/// `translations.<language>.screens.<id>` keys. An `extends:` value is defined by the file it
/// names, resolved as the compiler resolves it: relative to this document's file.
extension LanguageServer {
    /// What a position is on.
    enum NavigationTarget {
        case stage(String)
        case extends(YAMLNode)
    }

    /// The stage id or `extends:` value at `position`.
    func navigationTarget(_ outline: FlowOutline, at position: LSPPosition, _ lines: LineTable) -> NavigationTarget? {
        if let node = outline.extends, contains(node.range, position, lines) { return .extends(node) }
        if let stage = outline.stages.first(where: { contains($0.idRange, position, lines) }) { return .stage(stage.id) }
        if let reference = outline.references.first(where: { contains($0.range, position, lines) }) { return .stage(reference.id) }
        return nil
    }

    /// The open document, its outline, line table and the requested position.
    func navigationRequest(
        _ params: JSONValue
    ) -> (uri: String, path: String?, outline: FlowOutline, lines: LineTable, position: LSPPosition)? {
        guard let (uri, document, path) = requestedDocument(params), let position = Self.position(params["position"]),
            let outline = FlowOutline(document.text)
        else { return nil }
        return (uri, path, outline, LineTable(document.text), position)
    }

    func definition(_ params: JSONValue) -> JSONValue {
        guard let (uri, path, outline, lines, position) = navigationRequest(params),
            let target = navigationTarget(outline, at: position, lines)
        else { return .null }
        switch target {
        case .stage(let id):
            guard let stage = outline.stage(id) else { return .null }
            return Self.location(uri: uri, range: lspRange(stage.definitionRange, lines))
        case .extends(let node):
            guard let base = Self.extendsTarget(node, documentPath: path) else { return .null }
            return Self.location(uri: Self.fileURI(base), range: Self.fileStart)
        }
    }

    func references(_ params: JSONValue) -> JSONValue {
        guard let (uri, path, outline, lines, position) = navigationRequest(params),
            let target = navigationTarget(outline, at: position, lines)
        else { return .null }
        let declaration = params["context"]?["includeDeclaration"] == .bool(true)
        switch target {
        case .stage(let id):
            var ranges: [SourceRange] = declaration ? outline.stages.filter { $0.id == id }.map(\.definitionRange) : []
            ranges += outline.references.filter { $0.id == id }.map(\.range)
            // And the scenario files that test this flow (what a rename edits there too).
            let scenarios = path.map { scenarioStagePlaces(flowPath: $0, id: id) } ?? []
            return .array(
                ranges.map { Self.location(uri: uri, range: lspRange($0, lines)) }
                    + scenarios.flatMap { file in file.ranges.map { Self.location(uri: file.uri, range: $0) } })
        case .extends(let node):
            guard let base = Self.extendsTarget(node, documentPath: path) else { return .array([]) }
            var locations: [JSONValue] = declaration ? [Self.location(uri: Self.fileURI(base), range: Self.fileStart)] : []
            // Every open flow that extends the same file, this one included.
            for (other, document) in documents.sorted(by: { $0.key < $1.key }) {
                let found = other == uri ? outline : FlowOutline(document.text)
                guard let value = found?.extends, Self.extendsTarget(value, documentPath: Self.path(ofURI: other)) == base else { continue }
                locations.append(Self.location(uri: other, range: lspRange(value.range, LineTable(document.text))))
            }
            return .array(locations)
        }
    }

    /// `textDocument/documentHighlight`: a stage id's definition (Write) and the places that
    /// name it (Read), in this document.
    func documentHighlights(_ params: JSONValue) -> JSONValue {
        guard let (_, _, outline, lines, position) = navigationRequest(params),
            case .stage(let id)? = navigationTarget(outline, at: position, lines)
        else { return .array([]) }
        func highlight(_ range: SourceRange, _ kind: Int) -> JSONValue {
            .object([JSONMember("range", lspRange(range, lines)), JSONMember("kind", .int(kind))])
        }
        return .array(
            outline.stages.filter { $0.id == id }.map { highlight($0.definitionRange, 3) }
                + outline.references.filter { $0.id == id }.map { highlight($0.range, 2) })
    }

    /// The canonical path of the file an `extends:` value names, when it exists: relative to
    /// the document's folder (as the compiler reads it), or absolute.
    static func extendsTarget(_ node: YAMLNode, documentPath: String?) -> String? {
        guard let name = node.scalar?.value, !name.isEmpty else { return nil }
        let path: String
        if name.hasPrefix("/") {
            path = name
        } else if let documentPath {
            path = FilePaths.joined(FilePaths.directory(of: documentPath), name)
        } else {
            return nil
        }
        let url = URL(fileURLWithPath: path).standardizedFileURL
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return url.path
    }

    /// `file://` and the path, percent-encoded.
    static func fileURI(_ path: String) -> String { URL(fileURLWithPath: path).absoluteString }

    /// The range at a file's first character.
    static var fileStart: JSONValue {
        let p = LSPDiagnostics.json(LSPPosition(line: 0, character: 0))
        return .object([JSONMember("start", p), JSONMember("end", p)])
    }
}

extension FlowOutline.Stage {
    /// Where a stage's id is written, inside any quotes: its `id:`, else its `kind:`.
    var definitionRange: SourceRange { (idNode ?? kindNode).map(FlowOutline.inner) ?? item.range }
}
