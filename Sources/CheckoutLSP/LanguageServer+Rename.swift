import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage

/// `textDocument/prepareRename` and `textDocument/rename` of a stage id: its `id:` (added after
/// `kind:` for a stage whose id is its kind), every route to it, every `outcome.<id>` in a
/// condition and every translated screen's key, in this document, and the stage names of the
/// scenario files that test it (`LanguageServer+RenameScenarios.swift`). A new name that is not a
/// valid id, is `end`, or is another stage's id is refused with an error response.
extension LanguageServer {
    /// LSP's RequestFailed: the request was valid but could not be carried out.
    static let requestFailed = -32803

    func prepareRename(_ params: JSONValue, id: JSONValue) -> JSONValue {
        guard let (_, _, outline, lines, position) = navigationRequest(params),
            case .stage(let stage)? = navigationTarget(outline, at: position, lines)
        else { return JSONRPC.response(id: id, result: .null) }
        guard outline.stage(stage) != nil else {
            return JSONRPC.error(
                id: id, code: Self.requestFailed, message: "no stage has the id \(UserText.quoted(stage)): nothing to rename")
        }
        let at =
            outline.stages.first { contains($0.idRange, position, lines) }?.definitionRange
            ?? outline.references.first { contains($0.range, position, lines) }?.range
        guard let at else { return JSONRPC.response(id: id, result: .null) }
        // The id as the placeholder, unless it looks like a card number: then the range alone.
        if UserText.containsCardNumber(stage) { return JSONRPC.response(id: id, result: lspRange(at, lines)) }
        let result = JSONValue.object([JSONMember("range", lspRange(at, lines)), JSONMember("placeholder", .string(stage))])
        return JSONRPC.response(id: id, result: result)
    }

    func rename(_ params: JSONValue, id: JSONValue) -> JSONValue {
        guard let newName = params["newName"]?.string else {
            return JSONRPC.error(id: id, code: JSONRPCError.invalidParams, message: "rename needs a newName")
        }
        guard let (uri, path, outline, lines, position) = navigationRequest(params),
            case .stage(let old)? = navigationTarget(outline, at: position, lines)
        else {
            return JSONRPC.error(id: id, code: Self.requestFailed, message: "there is no stage id here to rename")
        }
        let stages = outline.stages.filter { $0.id == old }
        guard !stages.isEmpty else {
            return JSONRPC.error(
                id: id, code: Self.requestFailed, message: "no stage has the id \(UserText.quoted(old)): nothing to rename")
        }
        let references = outline.references.filter { $0.id == old }
        if let problem = Self.renameProblem(
            newName, old: old, outline: outline, readByCondition: references.contains { $0.kind == .condition })
        {
            return JSONRPC.error(id: id, code: Self.requestFailed, message: problem)
        }
        var edits: [JSONValue] = []
        for stage in stages {
            if stage.idNode != nil {
                edits.append(Self.textEdit(lspRange(stage.definitionRange, lines), newName))
            } else if let addition = Self.idAddition(stage, name: newName, newline: outline.newline) {
                edits.append(Self.textEdit(lspRange(addition.at, lines), addition.text))
            }
        }
        edits += references.map { Self.textEdit(lspRange($0.range, lines), newName) }
        // The scenario files that test this flow name its stages too.
        let scenarios = path.map { scenarioRenameEdits(flowPath: $0, old: old, new: newName) } ?? []
        let changes = JSONValue.object([JSONMember(uri, .array(edits))] + scenarios)
        return JSONRPC.response(id: id, result: .object([JSONMember("changes", changes)]))
    }

    /// Why `name` cannot be the new id, or nil when it can.
    static func renameProblem(_ name: String, old: String, outline: FlowOutline, readByCondition: Bool) -> String? {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
            name.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-")
            })
        else {
            return
                "\(UserText.quoted(name.clippedForMessage)) is not a valid stage id: a letter, then letters, digits, '_' or '-' (\(FlowKeys.identifierPattern))"
        }
        if name == "end" { return "'end' is reserved: a route to 'end' ends the run" }
        if ["null", "Null", "NULL"].contains(name) { return "'\(name)' would be read as YAML's null, not as an id" }
        if name != old, outline.stages.contains(where: { $0.id == name }) { return "a stage already has the id \(UserText.quoted(name))" }
        if readByCondition, name.contains("-") {
            return "a condition reads this stage as \(UserText.quoted("outcome." + old)), and a name in a condition cannot contain '-'"
        }
        return nil
    }

    /// Where and what to insert to give a stage whose id is its kind an `id:`: after its `kind:`
    /// value, `, id: NAME` in a flow mapping, or a line `id: NAME` at the keys' indentation.
    static func idAddition(_ stage: FlowOutline.Stage, name: String, newline: String) -> (at: SourceRange, text: String)? {
        guard let kind = stage.kindNode, let key = stage.item.pair("kind")?.key else { return nil }
        let end = SourceRange(at: kind.range.end)
        if stage.isFlowMapping { return (end, ", id: \(name)") }
        return (end, newline + String(repeating: " ", count: max(key.range.start.column - 1, 0)) + "id: \(name)")
    }
}
