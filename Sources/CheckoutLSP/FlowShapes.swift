import CheckoutLanguage

/// The flow language's key tables walked by key path (`["screens", "[]", "on"]`), for
/// completion and hover: the same `FlowKeys` tables the compiler checks with and the JSON
/// Schema and docs/language.md are made from.
enum FlowShapes {
    /// The shape of the value at `path` (`"[]"`: a list's item); nil off the tables.
    static func shape(at path: [String]) -> ValueShape? {
        var shape = ValueShape.mapping(FlowKeys.topLevel)
        for key in path {
            guard let next = child(of: shape, key) else { return nil }
            shape = next
        }
        return shape
    }

    /// The spec of the key that ends `path`, when a table has it.
    static func spec(at path: [String]) -> KeySpec? {
        guard let key = path.last, let parent = shape(at: path.dropLast()) else { return nil }
        return keys(parent)?.first { $0.name == key }
    }

    /// The shape under `key` (a list's item for `"[]"`).
    static func child(of shape: ValueShape, _ key: String) -> ValueShape? {
        switch shape {
        case .mapping(let specs): return specs.first { $0.name == key }?.shape
        case .dictionary(_, let value): return key == "[]" ? nil : value
        case .list(let item, _): return key == "[]" ? item : nil
        case .oneOf(let shapes): return shapes.lazy.compactMap { child(of: $0, key) }.first
        default: return nil
        }
    }

    /// The keys of a mapping shape (the first mapping of a choice).
    static func keys(_ shape: ValueShape) -> [KeySpec]? {
        switch shape {
        case .mapping(let specs): return specs
        case .oneOf(let shapes): return shapes.lazy.compactMap(keys).first
        default: return nil
        }
    }

    /// A key's documentation, as Markdown: its summary, type, default and whether it is required.
    static func documentation(_ spec: KeySpec) -> String {
        var facts = ["`\(spec.type)`"]
        if let value = spec.defaultValue { facts.append("default `\(value)`") }
        if spec.required { facts.append("required") }
        return "\(spec.summary)\n\n\(facts.joined(separator: " · "))"
    }
}
