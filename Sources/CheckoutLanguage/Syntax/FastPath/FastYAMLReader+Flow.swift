/// Flow collections on one line, `{ a: b, c: d }` and `[a, b]`, nested or not. Empty values,
/// trailing commas, `[a: b]` pairs and collections over several lines bail.
extension FastYAMLReader {
    /// The flow mapping or sequence at `pos` (a `{` or `[`). Leaves `pos` after its bracket.
    mutating func flowCollection() throws(Bail) -> YAMLNode {
        try enter()
        let start = location(pos)
        let isMapping = peek() == 0x7B
        let close: UInt8 = isMapping ? 0x7D : 0x5D
        pos += 1
        _ = skipSpaces()
        var pairs: [YAMLPair] = []
        var items: [YAMLNode] = []
        if peek() == close {
            pos += 1
        } else {
            // Made once at its size: a flow of 100,000 `{ id, kind, when }` screens grew each
            // mapping's array twice.
            if isMapping {
                pairs.reserveCapacity(Self.flowEntriesAhead(in: bytes, from: pos))
            } else {
                items.reserveCapacity(Self.flowEntriesAhead(in: bytes, from: pos))
            }
            var keys = FastKeySet()
            while true {
                if isMapping {
                    let keyStart = pos
                    let key = try flowScalar()
                    _ = skipSpaces()
                    guard peek() == 0x3A, peek(1) == 0x20, pos - keyStart <= Self.maxKeyLength else { throw Bail() }
                    pos += 2
                    _ = skipSpaces()
                    try keys.insert(key, into: pairs)
                    pairs.append(YAMLPair(key: key, value: try flowNode()))
                    if pairs.count == YAMLTreeBuilder.largeCollection {
                        reserve(&pairs, from: start.offset - baseOffset)
                        keys.reserve(pairs.capacity)
                    }
                } else {
                    items.append(try flowNode())
                    if items.count == YAMLTreeBuilder.largeCollection { reserve(&items, from: start.offset - baseOffset) }
                }
                _ = skipSpaces()
                let b = peek()
                if b == 0x2C {
                    pos += 1
                    _ = skipSpaces()
                    guard peek() != close else { throw Bail() }
                    continue
                }
                guard b == close else { throw Bail() }
                pos += 1
                break
            }
        }
        depth -= 1
        let range = SourceRange(start: start, end: location(pos))
        let kind: YAMLNode.Kind =
            isMapping ? .mapping(YAMLPairs(YAMLTreeBuilder.trimmed(pairs))) : .sequence(YAMLTreeBuilder.trimmed(items))
        return YAMLNode(kind: kind, range: range)
    }

    /// At most how many entries the flow collection whose first entry starts at `start` has:
    /// one more than its commas outside quotes and nested collections, up to its closing
    /// bracket or the end of the line (the fast path reads flow collections on one line).
    static func flowEntriesAhead(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var count = 1
        var depth = 0
        var i = start
        let n = bytes.count
        while i < n {
            switch bytes[i] {
            case 0x0A: return count
            case 0x2C: if depth == 0 { count += 1 }
            case 0x5B, 0x7B: depth += 1
            case 0x5D, 0x7D:
                if depth == 0 { return count }
                depth -= 1
            case 0x27, 0x22:  // a quoted scalar: to its closing quote (`''` and `\"` stay inside)
                let quote = bytes[i]
                i += 1
                while i < n, bytes[i] != 0x0A {
                    if quote == 0x22, bytes[i] == 0x5C {
                        i += 2
                        continue
                    }
                    if bytes[i] == quote { break }
                    i += 1
                }
            default: break
            }
            i += 1
        }
        return count
    }

    /// An entry of a flow collection: a nested collection or a scalar.
    @inline(__always)
    mutating func flowNode() throws(Bail) -> YAMLNode {
        let b = peek()
        if b == 0x5B || b == 0x7B { return try flowCollection() }
        return try flowScalar()
    }
}

/// The keys of one mapping being read, to bail on a duplicate (the libyaml path reports it).
/// A linear scan for small mappings; past `YAMLTreeBuilder.linearScanLimit` keys, the same
/// hash table the tree builder uses.
struct FastKeySet {
    private var table: YAMLKeyTable?

    /// Makes room for `capacity` keys in all.
    mutating func reserve(_ capacity: Int) {
        table?.reserve(capacity)
    }

    /// `insert(_:into:)` for a block mapping's pairs, which may be held compactly (a table
    /// that big always has its hash table, so only the nodes are ever scanned).
    @inline(__always)
    mutating func insert(_ key: YAMLNode, into pairs: FastMappingPairs) throws(FastYAMLReader.Bail) {
        guard var keys = table.take() else { return try insert(key, into: pairs.nodes) }
        guard case .scalar(let scalar) = key.kind else { throw FastYAMLReader.Bail() }
        let found = keys.firstIndex(orInsert: scalar.value) { pairs.keyText($0) }
        table = keys
        guard found == nil else { throw FastYAMLReader.Bail() }
    }

    /// Bails when `key` is already a key of `pairs` (the mapping's pairs so far); otherwise
    /// remembers it as the key of the pair about to be appended.
    @inline(__always)
    mutating func insert(_ key: YAMLNode, into pairs: [YAMLPair]) throws(FastYAMLReader.Bail) {
        guard case .scalar(let scalar) = key.kind else { throw FastYAMLReader.Bail() }
        let text = scalar.value
        if var keys = table.take() {
            let found = keys.firstIndex(orInsert: text) { YAMLTreeBuilder.keyText(pairs[$0]) }
            table = keys
            guard found == nil else { throw FastYAMLReader.Bail() }
            return
        }
        let length = text.utf8.count
        for pair in pairs {
            if case .scalar(let other) = pair.key.kind, other.value.utf8.count == length, YAMLKeyTable.sameText(other.value, text) {
                throw FastYAMLReader.Bail()
            }
        }
        if pairs.count >= YAMLTreeBuilder.linearScanLimit {
            var keys = YAMLKeyTable(capacity: YAMLTreeBuilder.linearScanLimit * 8)
            for pair in pairs {
                _ = keys.firstIndex(orInsert: YAMLTreeBuilder.keyText(pair)) { YAMLTreeBuilder.keyText(pairs[$0]) }
            }
            _ = keys.firstIndex(orInsert: text) { YAMLTreeBuilder.keyText(pairs[$0]) }
            table = keys
        }
    }
}
