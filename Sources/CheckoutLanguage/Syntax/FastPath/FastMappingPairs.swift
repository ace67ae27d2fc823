/// The pairs of a block mapping being read: nodes, or — once the mapping reaches
/// `YAMLTreeBuilder.largeCollection` pairs that all qualify — a `YAMLScalarTable` (issue 21).
/// A later pair that does not qualify turns the table back into nodes (the whole mapping
/// falls back); so does a reader without the file's array (`source`).
struct FastMappingPairs {
    private(set) var nodes: [YAMLPair] = []
    private var table: YAMLScalarTable?

    var count: Int { table?.count ?? nodes.count }

    /// The text of the key of pair `index`.
    @inline(__always)
    func keyText(_ index: Int) -> String {
        if let table { return table.keyText(index) }
        return YAMLTreeBuilder.keyText(nodes[index])
    }

    /// Adds `key: value`. `reader` supplies the bytes and, when the mapping just reached the
    /// large size, the estimate of the entries ahead (`column` is the mapping's).
    @inline(__always)
    mutating func append(key: YAMLNode, value: YAMLNode, reader: borrowing FastYAMLReader, column: Int) {
        if table != nil {
            if let entry = YAMLScalarTable.entry(key, value, bytes: reader.bytes, baseOffset: reader.baseOffset) {
                table!.append(entry)
                return
            }
            fallBack()
        }
        nodes.append(YAMLPair(key: key, value: value))
        if nodes.count == YAMLTreeBuilder.largeCollection {
            let ahead = FastYAMLReader.entriesAhead(in: reader.bytes, from: reader.lineStart, column: column, sequence: false)
            if !compact(reader: reader, capacity: nodes.count + ahead) {
                nodes.reserveCapacity(nodes.count + ahead)
            }
        }
    }

    /// Moves the pairs into a table when every one qualifies.
    private mutating func compact(reader: borrowing FastYAMLReader, capacity: Int) -> Bool {
        guard let source = reader.source else { return false }
        var compact = YAMLScalarTable(source: source, baseOffset: reader.baseOffset)
        compact.reserveCapacity(capacity)
        for pair in nodes {
            guard let entry = YAMLScalarTable.entry(pair.key, pair.value, bytes: reader.bytes, baseOffset: reader.baseOffset) else {
                return false
            }
            compact.append(entry)
        }
        nodes = []
        table = compact
        return true
    }

    /// Turns the table back into nodes.
    private mutating func fallBack() {
        guard let compact = table.take() else { return }
        nodes.reserveCapacity(compact.entries.capacity)
        for i in 0..<compact.count { nodes.append(compact.pair(i)) }
    }

    /// The finished pairs.
    consuming func finish() -> YAMLPairs {
        if let table { return YAMLPairs(table: table) }
        return YAMLPairs(YAMLTreeBuilder.trimmed(nodes))
    }

    /// The reserved capacity (for the key set).
    var capacity: Int { table?.entries.capacity ?? nodes.capacity }
}
