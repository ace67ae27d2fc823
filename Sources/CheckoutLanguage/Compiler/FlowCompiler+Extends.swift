import CheckoutDomain
import Foundation

/// `extends: base.yaml`: a flow starts from a base flow's settings.
///
/// Merge rules (docs/language.md): mappings merge key by key, recursively (`request`,
/// `provider`, `theme`, `fields`, `cards`, `currencies`, `tax`); the flow's own value wins for
/// every other value, and lists (`screens`, `steps`, `fields.custom`, `cards.accept`) and
/// `provider.signature` replace the base's whole. `flow` and `extends` are never inherited. The base must compile on
/// its own; a finding about an inherited value points at the `extends` line.
extension FlowCompiler {
    /// How many `extends` links a chain may have.
    static let maxExtendsDepth = 8

    static func resolveExtends(
        _ root: YAMLNode, file: String?, limits: YAMLLimits, chain: [String], sources: FlowSources, _ ctx: inout CompileContext
    ) -> YAMLNode {
        // By index: `first(where:)` copied every top-level pair of every flow to look for one
        // that most flows do not have.
        guard case .mapping(let pairs) = root.kind,
            let i = pairs.indices.first(where: {
                if case .scalar(let key) = pairs.key(at: $0).kind { key.value == "extends" } else { false }
            }),
            let name = pairs.value(at: i).scalar?.value, !name.isEmpty
        else { return root }
        let at = pairs.value(at: i).range
        let directory = file.map(FilePaths.directory) ?? ""
        let path = name.hasPrefix("/") || directory.isEmpty ? name : "\(directory)/\(name)"
        let me = file.map(canonical) ?? "<input>"
        let chain = chain + [me]
        if chain.contains(canonical(path)) {
            ctx.report(
                .extendsBase,
                "the extends chain \(chain.map(lastComponent).joined(separator: " → ")) → \(lastComponent(name)) is a cycle",
                at: at)
            return root
        }
        if chain.count > maxExtendsDepth {
            ctx.report(.extendsBase, "'extends' chains may be at most \(maxExtendsDepth) flows long", at: at)
            return root
        }
        guard sources.exists(path) else {
            ctx.report(
                .extendsBase, "the base flow \(UserText.quoted(name)) does not exist", at: at,
                notes: ["the path is relative to this file: \(path)"])
            return root
        }
        let base = compile(contentsOf: path, limits: limits, chain: chain, sources: sources)
        let errors = base.diagnostics.filter { $0.severity == .error }
        if let cycle = errors.first(where: { $0.rule == .extendsBase && $0.message.contains("is a cycle") }) {
            ctx.report(.extendsBase, cycle.message, at: at)
            return root
        }
        if let first = errors.first {
            let position = first.range.map { ":\($0.start.line):\($0.start.column)" } ?? ""
            ctx.report(
                .extendsBase, "the base flow \(UserText.quoted(name)) has \(errors.count) error\(errors.count == 1 ? "" : "s")", at: at,
                notes: ["first: \(path)\(position): \(first.message)", "run 'checkout validate \(path)' to see them all"])
            return root
        }
        guard let baseRoot = base.mergedRoot else { return root }
        return merge(baseRoot.relocated(to: at), into: root, depth: 0)
    }

    /// `child` over `base`.
    static func merge(_ base: YAMLNode, into child: YAMLNode, depth: Int, parent: String = "") -> YAMLNode {
        guard let basePairs = base.mapping, let childPairs = child.mapping else { return child }
        var out: [YAMLPair] = []
        out.reserveCapacity(basePairs.count + childPairs.count)
        let childKeys = Set(childPairs.compactMap { $0.key.scalar?.value })
        // The first base pair of each key, by key: looking each child key up in the base's list
        // made merging two tax tables quadratic (issue 21: an 8-flow chain of 0.4 MB took 34 s).
        var baseIndex: [String: Int] = [:]
        baseIndex.reserveCapacity(basePairs.count)
        for (i, pair) in basePairs.enumerated() {
            guard let key = pair.key.scalar?.value else { continue }
            if baseIndex[key] == nil { baseIndex[key] = i }
            guard !childKeys.contains(key) else { continue }
            if depth == 0 && (key == "flow" || key == "extends") { continue }
            out.append(pair)
        }
        for var pair in childPairs {
            if let key = pair.key.scalar?.value, key != "screens", key != "steps", !(parent == "provider" && key == "signature"),
                let b = baseIndex[key], case let basePair = basePairs[b],
                basePair.value.mapping != nil, pair.value.mapping != nil
            {
                pair.value = merge(basePair.value, into: pair.value, depth: depth + 1, parent: depth == 0 ? key : "")
            }
            out.append(pair)
        }
        var merged = child
        merged.kind = .mapping(YAMLPairs(out))
        return merged
    }

    private static func canonical(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }

    private static func lastComponent(_ path: String) -> String { (path as NSString).lastPathComponent }
}

extension YAMLNode {
    /// The node with every span moved to `range` (inherited values point at `extends`).
    func relocated(to range: SourceRange) -> YAMLNode {
        var n = self
        n.range = range
        switch kind {
        case .scalar: break
        case .mapping(let pairs):
            n.kind = .mapping(YAMLPairs(pairs.map { YAMLPair(key: $0.key.relocated(to: range), value: $0.value.relocated(to: range)) }))
        case .sequence(let items): n.kind = .sequence(items.map { $0.relocated(to: range) })
        }
        return n
    }
}
