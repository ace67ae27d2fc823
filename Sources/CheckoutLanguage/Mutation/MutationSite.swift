/// A scalar of a flow file that a mutation operator may change: where it is in the YAML tree
/// (its key path), what the flow language expects there (its `ValueShape`, from the key
/// tables), and its text.
package struct MutationSite: Sendable {
    /// The path of keys to the scalar, with list items named by their `id` (or `kind`) where
    /// they have one: `tax.US-NY`, `steps[charge].retry.attempts`, `cards.accept[0]`.
    package var keyPath: String
    /// The last key of the path (`attempts`, `US-NY`); for a list item, the list's key.
    package var key: String
    /// The shape the key tables give the value.
    package var shape: ValueShape
    /// The scalar node, with its source range.
    package var node: YAMLNode
    /// The scalar's text (after unquoting).
    package var text: String
    /// For an item of a list: the other items' texts, in order (this one included).
    package var listItems: [String]?
    /// For an item of a list: every item's source range, in order, and this item's index.
    package var listRanges: [SourceRange] = []
    /// The index of this item in its list.
    package var listIndex = 0
    /// For an item of a list: where the whole list is.
    package var listRange: SourceRange?
    /// The id of the screen or step the site belongs to, if any.
    package var stageID: String?
    /// Every stage id of the flow file, screens then steps, in order.
    package var stageIDs: [String]
}

/// Walks a flow file's own syntax tree (before `extends` is merged) along the key tables of
/// the flow language and lists every scalar a mutation operator may change.
///
/// Top-level keys with no effect on a run's outcome that a scenario could observe, or whose
/// change would leave the sandbox, are not walked: `flow`, `dsl`, `extends`, `title`,
/// `description`, `provider` and `theme` (see `MutationOperator.notMutated`).
package enum MutationSites {
    /// The sites of `root`, in source order.
    package static func collect(_ root: YAMLNode) -> [MutationSite] {
        var walker = Walker(stageIDs: stageIDs(root))
        walker.walk(root, shape: .mapping(FlowKeys.topLevel), path: "", key: "", stage: nil)
        return walker.sites.sorted { $0.node.range.start.offset < $1.node.range.start.offset }
    }

    /// Stage ids as the compiler gives them: the `id`, else the kind's name.
    static func stageIDs(_ root: YAMLNode) -> [String] {
        var out: [String] = []
        for section in ["screens", "steps"] {
            for item in value(of: section, in: root)?.sequence ?? [] {
                if let id = name(of: item) { out.append(id) }
            }
        }
        return out
    }

    /// The value of `key` in a mapping node.
    static func value(of key: String, in node: YAMLNode) -> YAMLNode? {
        node.mapping?.first { $0.key.scalar?.value == key }?.value
    }

    /// The `id` of a list item, else its `kind`.
    static func name(of item: YAMLNode) -> String? {
        (value(of: "id", in: item) ?? value(of: "kind", in: item))?.scalar?.value
    }

    struct Walker {
        let stageIDs: [String]
        var sites: [MutationSite] = []

        mutating func walk(
            _ node: YAMLNode, shape: ValueShape, path: String, key: String, stage: String?,
            list: (items: [YAMLNode], index: Int, range: SourceRange)? = nil
        ) {
            switch (node.kind, shape) {
            case (.mapping(let pairs), .mapping(let specs)):
                for pair in pairs {
                    guard let name = pair.key.scalar?.value, let spec = specs.first(where: { $0.name == name }) else { continue }
                    if path.isEmpty, MutationOperator.notMutated.contains(name) { continue }
                    walk(pair.value, shape: spec.shape, path: join(path, name), key: name, stage: stage)
                }
            case (.mapping(let pairs), .dictionary(_, let value)):
                for pair in pairs {
                    guard let name = pair.key.scalar?.value else { continue }
                    walk(pair.value, shape: value, path: join(path, name), key: name, stage: stage)
                }
            case (.sequence(let items), .list(let item, _)):
                let listRange = node.range
                let isStages = path == "screens" || path == "steps"
                for (index, element) in items.enumerated() {
                    let itemName = element.mapping == nil ? nil : MutationSites.name(of: element)
                    let itemPath = "\(path)[\(itemName ?? String(index))]"
                    walk(
                        element, shape: item, path: itemPath, key: key, stage: isStages ? itemName : stage,
                        list: element.scalar == nil ? nil : (items, index, listRange))
                }
            case (.scalar(let scalar), _):
                guard scalar.style != .literal, scalar.style != .folded, !scalar.isNull else { return }
                if case .oneOf = shape { return }
                var site = MutationSite(
                    keyPath: path, key: key, shape: shape, node: node, text: scalar.value, listItems: nil, stageID: stage,
                    stageIDs: stageIDs)
                if let list {
                    site.listItems = list.items.map { $0.scalar?.value ?? "" }
                    site.listRanges = list.items.map(\.range)
                    site.listIndex = list.index
                    site.listRange = list.range
                }
                sites.append(site)
            default:
                return
            }
        }

        func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
    }
}
