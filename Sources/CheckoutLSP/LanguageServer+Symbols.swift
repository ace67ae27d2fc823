import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage

/// `textDocument/documentSymbol`: the flow as an outline — each top-level key, and under
/// `screens` and `steps` each stage (named by its id, its kind and title beside it) with its
/// routes as children (`declined → card`). Hierarchical `DocumentSymbol`s; a document that is
/// not YAML yet gets an empty list.
extension LanguageServer {
    /// SymbolKind numbers.
    enum SymbolKind: Int {
        case namespace = 3, property = 7, function = 12, array = 18, object = 19, event = 24
    }

    func documentSymbols(_ params: JSONValue) -> JSONValue {
        guard let (uri, document, path) = requestedFlow(params),
            let outline = FlowOutline(document.text)
        else { return .array([]) }
        let lines = LineTable(document.text)
        var symbols: [JSONValue] = []
        for pair in outline.sections {
            guard let key = pair.key.scalar?.value else { continue }
            let whole = outline.range(of: pair)
            var children: [JSONValue] = []
            if key == "screens" || key == "steps" {
                for stage in outline.stages where stage.isScreen == (key == "screens") {
                    children.append(stageSymbol(stage, outline, lines))
                }
            }
            let kind: SymbolKind = key == "screens" || key == "steps" ? .array : pair.value.mapping != nil ? .object : .property
            symbols.append(
                symbol(
                    name: UserText.shown(key), detail: nil, kind: kind, range: whole, selection: pair.key.range, children: children, lines))
        }
        return .array(symbols)
    }

    private func stageSymbol(_ stage: FlowOutline.Stage, _ outline: FlowOutline, _ lines: LineTable) -> JSONValue {
        let routes = stage.routes.map { route in
            symbol(
                name: "\(UserText.shown(route.outcome)) → \(UserText.shown(route.target))", detail: nil, kind: .event,
                range: outline.range(of: YAMLPair(key: route.key, value: route.value)),
                selection: route.value.range, children: [], lines)
        }
        let title = stage.title.map { " · \(UserText.shown($0))" } ?? ""
        return symbol(
            name: stage.id.isEmpty ? "(no kind)" : UserText.shown(stage.id),
            detail: "\(stage.isScreen ? "screen" : "step") \(UserText.shown(stage.kind))\(title)",
            kind: stage.isScreen ? .object : .function, range: SourceRange(start: stage.item.range.start, end: outline.end(of: stage.item)),
            selection: stage.definitionRange, children: routes, lines)
    }

    private func symbol(
        name: String, detail: String?, kind: SymbolKind, range: SourceRange, selection: SourceRange, children: [JSONValue],
        _ lines: LineTable
    ) -> JSONValue {
        var o = JSONObjectBuilder()
        o.add("name", name)
        o.add("detail", detail)
        o.add("kind", kind.rawValue)
        o.add("range", lspRange(range, lines))
        o.add("selectionRange", lspRange(selection, lines))
        if !children.isEmpty { o.add("children", .array(children)) }
        return o.value
    }
}
