/// Bounds on what the YAML reader accepts, so that hostile or broken input ends in a
/// diagnostic instead of a hang, a crash or a huge allocation.
public struct YAMLLimits: Sendable, Hashable {
    /// The largest input, in bytes; a larger file gets a `size-limit` error without being parsed.
    public var maxBytes: Int
    /// The deepest nesting of mappings and sequences (aliases count with the depth they expand to).
    public var maxDepth: Int
    /// The total number of nodes that alias expansion may add to the tree ("billion laughs" guard).
    public var maxAliasNodes: Int

    /// Creates limits; the defaults suit hand-written and generated flows alike.
    public init(maxBytes: Int = 16 << 20, maxDepth: Int = 100, maxAliasNodes: Int = 100_000) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.maxAliasNodes = maxAliasNodes
    }

    /// 16 MiB, 100 levels, 100 000 alias-expanded nodes.
    public static let `default` = YAMLLimits()
}
