import CheckoutLanguage

/// Helpers shared by the YAML parser tests.
enum YAMLFixture {
    /// Parses `text` as the file `test.yaml`.
    static func parse(_ text: String, limits: YAMLLimits = .default) -> YAMLDocument {
        YAMLParser.parse(text, file: "test.yaml", limits: limits)
    }

    /// The node at `path` below `node`: strings select mapping values, integers list items.
    static func node(_ node: YAMLNode?, _ path: YAMLPathStep...) -> YAMLNode? {
        var current = node
        for step in path {
            switch step {
            case .key(let key):
                current = current?.mapping?.first { $0.key.scalar?.value == key }?.value
            case .index(let index):
                current = current?.sequence.flatMap { index < $0.count ? $0[index] : nil }
            }
        }
        return current
    }

    /// The key node of `key` in the mapping `node`.
    static func key(_ node: YAMLNode?, _ key: String) -> YAMLNode? {
        node?.mapping?.first { $0.key.scalar?.value == key }?.key
    }

    /// "L:C-L:C" for a node's range, or "none".
    static func span(_ node: YAMLNode?) -> String {
        node.map { "\($0.range)" } ?? "none"
    }

    /// "rule L:C message" for each diagnostic.
    static func summary(_ document: YAMLDocument) -> [String] {
        document.diagnostics.map { d in
            "\(d.rule) \(d.range.map { "\($0.start)" } ?? "-") \(d.message)"
        }
    }

    /// Visits every node of a tree (keys included), depth first, without recursion.
    static func forEachNode(_ root: YAMLNode?, _ body: (YAMLNode) -> Void) {
        var pending: [YAMLNode] = root.map { [$0] } ?? []
        while let node = pending.popLast() {
            body(node)
            switch node.kind {
            case .scalar: break
            case .sequence(let items): pending.append(contentsOf: items)
            case .mapping(let pairs):
                for pair in pairs {
                    pending.append(pair.key)
                    pending.append(pair.value)
                }
            }
        }
    }
}

/// One step of a path into a tree: a mapping key or a list index.
enum YAMLPathStep: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case key(String)
    case index(Int)

    init(stringLiteral value: String) { self = .key(value) }
    init(integerLiteral value: Int) { self = .index(value) }
}
