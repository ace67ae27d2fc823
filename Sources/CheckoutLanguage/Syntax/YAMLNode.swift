/// A node of the YAML syntax tree, with the source span it came from.
///
/// The tree is built from libyaml's event stream; aliases are resolved to the anchored node
/// (keeping the alias's own range in `range`). Scalars stay untyped strings: the DSL decides
/// what a scalar means, never YAML 1.1 guessing (`NO` is a string until a bool field reads it).
package struct YAMLNode: Sendable {
    /// The shape of a node.
    public enum Kind: Sendable {
        case scalar(YAMLScalar)
        case mapping(YAMLPairs)
        case sequence([YAMLNode])
    }

    /// What the node holds.
    public var kind: Kind
    /// Where the node is in the source (for an alias: where the alias is).
    public var range: SourceRange {
        get { span.range }
        set { span = PackedRange(newValue) }
    }
    /// An explicit tag (`!!str`, `!custom`), if the source had one.
    public var tag: String?
    /// `range`, in 32-bit numbers (flows are at most 16 MiB): a node was 88 bytes and a mapping's
    /// pair 176, most of a big table's memory (issue 21).
    private var span: PackedRange

    /// Creates a node.
    public init(kind: Kind, range: SourceRange, tag: String? = nil) {
        self.kind = kind
        self.span = PackedRange(range)
        self.tag = tag
    }

    /// The scalar, when this node is one.
    public var scalar: YAMLScalar? {
        if case .scalar(let s) = kind { return s }
        return nil
    }

    /// The pairs, when this node is a mapping.
    public var mapping: YAMLPairs? {
        if case .mapping(let pairs) = kind { return pairs }
        return nil
    }

    /// The pair whose key is the scalar `key`, when this node is a mapping that has one.
    package func pair(_ key: String) -> YAMLPair? {
        mapping?.first { $0.key.scalar?.value == key }
    }

    /// The items, when this node is a sequence.
    public var sequence: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// A word for the node's shape, for messages: "a mapping", "a list", "a string".
    public var shapeDescription: String {
        switch kind {
        case .scalar(let s): return s.isNull ? "null" : "a scalar"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        }
    }
}

/// A scalar's text and how it was written.
package struct YAMLScalar: Sendable, Hashable {
    /// How a scalar was quoted in the source.
    public enum Style: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// The scalar's text after YAML unescaping and folding.
    public var value: String
    /// The quoting style.
    public var style: Style

    /// Creates a scalar.
    public init(value: String, style: Style) {
        self.value = value
        self.style = style
    }

    /// True for an empty plain scalar or a plain `~` / `null` (YAML's null).
    public var isNull: Bool {
        guard style == .plain else { return false }
        // By length first: most scalars are neither 1 nor 4 bytes long, and a comparison that
        // fails costs a call. (No other spelling is canonically equivalent to these ASCII words.)
        switch value.utf8.count {
        case 0: return true
        case 1: return value == "~"
        case 4: return value == "null" || value == "Null" || value == "NULL"
        default: return false
        }
    }
}

/// One `key: value` entry of a mapping.
package struct YAMLPair: Sendable {
    /// The key node (a scalar in every valid flow).
    public var key: YAMLNode
    /// The value node.
    public var value: YAMLNode

    /// Creates a pair.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}

/// A `SourceRange` in six 32-bit numbers (24 bytes instead of 48; flows are at most 16 MiB),
/// for what is kept per node or per stage.
struct PackedRange: Sendable, Equatable {
    var startLine, startColumn, startOffset, endLine, endColumn, endOffset: Int32

    init(_ r: SourceRange) {
        startLine = Int32(clamping: r.start.line)
        startColumn = Int32(clamping: r.start.column)
        startOffset = Int32(clamping: r.start.offset)
        endLine = Int32(clamping: r.end.line)
        endColumn = Int32(clamping: r.end.column)
        endOffset = Int32(clamping: r.end.offset)
    }

    var range: SourceRange {
        SourceRange(
            start: SourceLocation(line: Int(startLine), column: Int(startColumn), offset: Int(startOffset)),
            end: SourceLocation(line: Int(endLine), column: Int(endColumn), offset: Int(endOffset)))
    }
}
