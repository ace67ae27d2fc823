import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

/// `textDocument/completion` for flows: the keys valid in the mapping at the position and the
/// values of a key — enumeration values, `true`/`false`, currencies, countries, stage ids
/// after a route key, condition names, operators and values in a `when` — each with its
/// documentation. Keys, enumerations and their words come from the key tables that make the
/// JSON Schema and docs/language.md (`FlowKeys`), condition names from `ConditionName`.
/// The position's place is read from the text around it (`CursorContext`), so a document that
/// is not valid YAML yet still gets completion.
extension LanguageServer {
    /// CompletionItemKind numbers.
    enum ItemKind: Int {
        case variable = 6, property = 10, value = 12, keyword = 14, file = 17, reference = 18, enumMember = 20, `operator` = 24
    }

    func completion(_ params: JSONValue) -> JSONValue {
        guard let (uri, document, path) = requestedFlow(params),
            let position = Self.position(params["position"])
        else { return .null }
        let text = document.text
        let cursor = document.index(of: position, encoding: encoding)
        let lineStart = text[..<cursor].lastIndex(where: \.isNewline).map { text.index(after: $0) } ?? text.startIndex
        let above = text[..<lineStart].split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        guard let context = CursorContext(prefix: String(text[lineStart..<cursor]), above: above) else { return .array([]) }
        let units = context.partial.unicodeScalars.reduce(0) { $0 + (encoding == .utf16 ? UTF16.width($1) : UTF8.width($1)) }
        let start = LSPPosition(line: position.line, character: max(position.character - units, 0))
        let range = JSONValue.object([JSONMember("start", LSPDiagnostics.json(start)), JSONMember("end", LSPDiagnostics.json(position))])
        let names = DocumentNames(text: text, lineStart: lineStart, cursor: cursor)
        let items = Self.completionItems(context, names: names, place: Place(text: text, lineStart: lineStart, cursor: cursor), path: path)
        return .array(items.map { $0.json(range: range) })
    }

    /// The text around the position, for what the cursor context alone does not tell.
    struct Place {
        var text: String
        var lineStart: String.Index
        var cursor: String.Index

        var prefix: String { String(text[lineStart..<cursor]) }
        var above: [Substring] { text[..<lineStart].split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) }
        var below: [Substring] { Array(text[cursor...].split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).dropFirst()) }

        /// The `kind:` of the stage whose `key:` (`fields`, `on`) holds the position.
        func stageKind(holding key: String) -> String? {
            let above = above
            if CursorContext.read(Substring(prefix)).key == key {
                return CursorContext.siblings(prefix: prefix, above: above, below: below)["kind"]
            }
            guard let i = above.lastIndex(where: { CursorContext.read($0).key == key }) else { return nil }
            return CursorContext.siblings(prefix: String(above[i]), above: Array(above[..<i]), below: Array(above[(i + 1)...]) + below)[
                "kind"]
        }
    }

    /// `completionItems(_:names:)` and what needs the text around the position: the flows for
    /// `extends:`, a screen's fields, a stage's own outcomes under `on:`, and not the keys the
    /// mapping already has.
    static func completionItems(_ context: CursorContext, names: DocumentNames, place: Place, path: String?) -> [Completion] {
        var items = completionItems(context, names: names)
        let stage = context.path.count >= 3 && ["screens", "steps"].contains(context.path[0])
        if context.path == ["extends"], context.isValue, let path { items = baseFlowItems(besides: path) }
        if context.isValue || context.keyOrItem, stage, context.path.count == 4, context.path[0] == "screens",
            context.path[2...] == ["fields", "[]"]
        {
            items = fieldItems(kind: place.stageKind(holding: "fields"), names: names)
        }
        if !context.isValue, stage, context.path.count == 3, context.path[2] == "on", let kind = place.stageKind(holding: "on") {
            // Only the outcomes the stage can have (a route for another is `outcome-route`).
            let outcomes =
                ScreenKind(rawValue: kind)?.outcomes
                ?? StepKind(rawValue: kind).map { $0 == .taxUpdate ? [.success, .failed] : $0.outcomes }
            if let outcomes { items.removeAll { item in !outcomes.contains { $0.rawValue == item.label } } }
        }
        if !context.isValue, !context.inFlow, items.first?.kind == .property {
            // Not the keys the mapping already has (the one being typed is not written yet).
            let written = CursorContext.siblings(prefix: place.prefix, above: place.above, below: place.below)
            items.removeAll { written[$0.label] != nil }
        }
        return items
    }

    /// One completion: what is inserted, and its words.
    struct Completion {
        var label: String
        var kind: ItemKind
        var detail: String?
        var documentation: String?
        var insert: String?

        func json(range: JSONValue) -> JSONValue {
            var o = JSONObjectBuilder()
            o.add("label", label)
            o.add("kind", kind.rawValue)
            o.add("detail", detail)
            if let documentation {
                o.add("documentation", .object([JSONMember("kind", .string("markdown")), JSONMember("value", .string(documentation))]))
            }
            o.add("textEdit", LanguageServer.textEdit(range, insert ?? label))
            o.add("filterText", label)
            return o.value
        }
    }

    static func completionItems(_ context: CursorContext, names: DocumentNames) -> [Completion] {
        let shape = FlowShapes.shape(at: context.path)
        if context.path.last == "when" && context.isValue { return conditionItems(context.valueText, names: names) }
        if context.isValue, context.path.count >= 2, context.path[context.path.count - 2] == "on" { return stageItems(names) }
        if !context.isValue, !(context.keyOrItem && shape.flatMap(FlowShapes.keys) == nil) {
            return keyItems(at: context.path, shape: shape, names: names)
        }
        return shape.map { valueItems($0) } ?? []
    }

    static func keyItems(at path: [String], shape: ValueShape?, names: DocumentNames) -> [Completion] {
        if let specs = shape.flatMap(FlowShapes.keys) {
            return specs.map { spec in
                Completion(
                    label: spec.name, kind: .property, detail: spec.type, documentation: FlowShapes.documentation(spec),
                    insert: spec.name + ": ")
            }
        }
        // Mappings of names: tax rates by country, translations by language, screens by id.
        if path == ["tax"] {
            return countryItems().map {
                var c = $0; c.insert = c.label + ": "; return c
            }
        }
        if path == ["translations"] {
            return ShopperLocale.supported.map { Completion(label: $0.tag, kind: .enumMember, detail: "language", insert: $0.tag + ":") }
        }
        if path.count == 3, path[0] == "translations", path[2] == "screens" {
            return stageItems(names).filter { $0.label != "end" }.map {
                var c = $0; c.insert = c.label + ":"; return c
            }
        }
        return []
    }

    static func valueItems(_ shape: ValueShape) -> [Completion] {
        switch shape {
        case .enumeration(let values, let descriptions):
            return values.enumerated().map { i, value in
                Completion(label: value, kind: .enumMember, detail: shape.words, documentation: descriptions.map { $0[i] })
            }
        case .bool: return ["true", "false"].map { Completion(label: $0, kind: .value, detail: "bool") }
        case .list(let item, _): return valueItems(item)
        case .oneOf(let shapes): return shapes.flatMap(valueItems)
        default:
            if shape == .currencyCode { return currencyItems() }
            if shape == .countryCode { return countryItems() }
            return []
        }
    }

    /// The fields a `billing`, `shipping` or `form` screen can ask.
    static func fieldItems(kind: String?, names: DocumentNames) -> [Completion] {
        switch kind {
        case "billing", "shipping":
            return (kind == "billing" ? AddressField.billing : AddressField.shipping).map {
                Completion(label: $0.rawValue, kind: .enumMember, detail: "\(kind ?? "") field", documentation: $0.summary)
            }
        case "form":
            return names.customFields.map {
                Completion(label: $0, kind: .reference, detail: "custom field", documentation: "the custom field `\($0)` (`fields.custom`)")
            }
        default: return []
        }
    }

    /// The flows in the document's folder (not itself, not scenario files), for `extends:`.
    static func baseFlowItems(besides path: String) -> [Completion] {
        let folder = FilePaths.directory(of: path)
        let me = String(path.split(separator: "/").last ?? "")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return names.filter { ($0.hasSuffix(".yaml") || $0.hasSuffix(".yml")) && $0 != me && !$0.contains(".scenarios.") }.sorted()
            .filter { !UserText.containsCardNumber($0) }
            .map { Completion(label: $0, kind: .file, detail: "a flow in this folder", documentation: "Start from `\($0)`'s settings.") }
    }

    static func currencyItems() -> [Completion] {
        Currency.all.map { Completion(label: $0.code, kind: .value, detail: $0.name, documentation: "\($0.name) (ISO 4217)") }
    }

    static func countryItems() -> [Completion] {
        Country.allCodes.sorted().map {
            Completion(label: $0, kind: .value, detail: Country.name($0), documentation: "\(Country.name($0) ?? $0) (ISO 3166-1 alpha-2)")
        }
    }

    /// The stage ids of the document, and `end`.
    static func stageItems(_ names: DocumentNames) -> [Completion] {
        names.stages.map { stage in
            Completion(
                label: stage.id, kind: .reference, detail: "\(stage.isScreen ? "screen" : "step") \(stage.kind)",
                documentation: stage.summary)
        } + [
            Completion(
                label: "end", kind: .keyword, detail: "the end of the run", documentation: "Ends the run with this outcome's status.")
        ]
    }
}
