/// The pairs of a mapping, in source order: an array of nodes, or — for a big table of one-line
/// scalars read by the fast path — a `YAMLScalarTable` that makes each pair when it is read.
///
/// A tax table of 150,000 rows held a 128-byte `YAMLPair` per 14-byte row `  XX-ABC: 7.5`,
/// 8.8 times the input (issue 21); the compact table holds 20 bytes a row and the file's bytes,
/// which the parser was given anyway. Readers see the same pairs either way.
package struct YAMLPairs: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    enum Storage: Sendable {
        case nodes([YAMLPair])
        case table(YAMLScalarTable)
    }

    let storage: Storage

    /// Pairs held as nodes.
    public init(_ pairs: [YAMLPair]) {
        storage = .nodes(pairs)
    }

    /// Pairs held compactly.
    init(table: YAMLScalarTable) {
        storage = .table(table)
    }

    public init(arrayLiteral elements: YAMLPair...) {
        storage = .nodes(elements)
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .nodes(let pairs): return pairs.count
        case .table(let table): return table.count
        }
    }

    public subscript(position: Int) -> YAMLPair {
        switch storage {
        case .nodes(let pairs): return pairs[position]
        case .table(let table): return table.pair(position)
        }
    }

    /// The key of pair `index`, without copying its value (`pairs[i].key` copies both nodes).
    package func key(at index: Int) -> YAMLNode {
        switch storage {
        case .nodes(let pairs): return pairs[index].key
        case .table(let table): return table.pair(index).key
        }
    }

    /// The value of pair `index`, without copying its key.
    package func value(at index: Int) -> YAMLNode {
        switch storage {
        case .nodes(let pairs): return pairs[index].value
        case .table(let table): return table.pair(index).value
        }
    }

    /// The key and value scalars of pair `index` when the pairs are held compactly (without
    /// making their nodes and ranges); nil otherwise.
    package func scalars(at index: Int) -> (key: YAMLScalar, value: YAMLScalar)? {
        guard case .table(let table) = storage else { return nil }
        return table.scalars(index)
    }

    /// The compact table, when the pairs are held as one.
    var compactTable: YAMLScalarTable? {
        guard case .table(let table) = storage else { return nil }
        return table
    }

    /// True when the pairs are held as a `YAMLScalarTable` (for tests and measurements).
    package var isCompact: Bool {
        if case .table = storage { return true }
        return false
    }
}
