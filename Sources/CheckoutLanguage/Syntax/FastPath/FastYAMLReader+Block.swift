/// Block collections: indentation decides where a mapping or sequence ends, as libyaml's
/// `parser->indent` does. After each value the reader stands at the first significant
/// character of a later line (or the end); its indentation says whether the collection goes
/// on, ends, or — deeper than a complete value allows — the input leaves the subset.
extension FastYAMLReader {
    /// A block mapping or sequence (or a flow collection) starting at `pos`, the first
    /// significant character of a line, indented more than `parentIndent`.
    mutating func blockNode(parentIndent: Int) throws(Bail) -> YAMLNode {
        if peek() == 0x5B || peek() == 0x7B {
            let value = try flowCollection()
            try finishLine()
            return value
        }
        if isBlockEntry {
            return try blockSequence(column: indentation, indentless: false)
        }
        return try blockMapping(column: indentation)
    }

    /// True at a `-` that starts a sequence entry (followed by a space, a line break or the end).
    @inline(__always)
    var isBlockEntry: Bool {
        guard peek() == 0x2D else { return false }
        let next = peek(1)
        return next == 0x20 || next == 0x0A || (next == 0 && pos + 1 >= bytes.count)
    }

    @inline(__always)
    mutating func enter() throws(Bail) {
        depth += 1
        guard depth <= maxDepth else { throw Bail() }
    }

    /// A block mapping whose first key starts at `pos`, in byte column `column` of its line
    /// (later keys start their lines, indented by `column`).
    mutating func blockMapping(column: Int) throws(Bail) -> YAMLNode {
        try enter()
        let start = location(pos)
        var keys = FastKeySet()
        var pairs = FastMappingPairs()
        while true {
            let key = try mappingKey()
            try keys.insert(key, into: pairs)
            let empty = location(pos)
            let value = try blockValue(indent: column, emptyAt: empty)
            pairs.append(key: key, value: value, reader: self, column: column)
            if pairs.count == YAMLTreeBuilder.largeCollection { keys.reserve(pairs.capacity) }
            if atEnd { break }
            let next = indentation
            if next == column { continue }
            guard next < column else { throw Bail() }
            break
        }
        depth -= 1
        return YAMLNode(kind: .mapping(pairs.finish()), range: SourceRange(start: start, end: location(pos)))
    }

    /// Reserves room in a block collection at `column` that just reached
    /// `YAMLTreeBuilder.largeCollection` elements, for the entries the lines ahead hold: grown by
    /// doubling and then trimmed, a 150,000-row table held three copies of its pairs at once
    /// (72 of a 2 MB flow's 79 MB; issue 21). The count is exact for a table of one-line entries
    /// and an upper bound otherwise (a longer collection still grows).
    mutating func reserve<Element>(_ elements: inout [Element], column: Int, sequence: Bool) {
        elements.reserveCapacity(elements.count + Self.entriesAhead(in: bytes, from: lineStart, column: column, sequence: sequence))
    }

    /// Reserves room in a flow collection that just reached `YAMLTreeBuilder.largeCollection`
    /// elements, started at byte `start`, for the length the rest of the input suggests (as the
    /// tree builder does).
    mutating func reserve<Element>(_ elements: inout [Element], from start: Int) {
        let count = elements.count
        let used = max(pos - start, 1)
        let remaining = max(bytes.count - pos, 0)
        let more = Double(remaining) * Double(count) / Double(used)
        elements.reserveCapacity(count + Int(min(more * 1.125, Double(count * 63))))
    }

    /// The lines from the one starting at `lineStart` on that start an entry of the block
    /// collection at `column` (a `-` there for a sequence), up to the first significant line
    /// indented less (or, for a sequence, one at `column` that is not an entry). Blank lines
    /// and comments are passed over.
    static func entriesAhead(in bytes: UnsafeBufferPointer<UInt8>, from lineStart: Int, column: Int, sequence: Bool) -> Int {
        var count = 0
        var i = lineStart
        let n = bytes.count
        while i < n {
            var j = i
            while j < n, bytes[j] == 0x20 { j += 1 }
            let b = j < n ? bytes[j] : 0x0A
            if b != 0x0A, b != 0x23 {
                let indent = j - i
                if indent < column { break }
                if indent == column {
                    if sequence, b != 0x2D { break }
                    count += 1
                }
            }
            while j < n, bytes[j] != 0x0A { j += 1 }
            i = j + 1
        }
        return count
    }

    /// A key and its `:` (spaces may come between). Leaves `pos` just after the `:`.
    @inline(__always)
    mutating func mappingKey() throws(Bail) -> YAMLNode {
        let keyStart = pos
        let key = try blockScalar()
        _ = skipSpaces()
        guard peek() == 0x3A, isBlankOrEnd(peek(1), at: pos + 1) else { throw Bail() }
        pos += 1
        guard pos - keyStart <= Self.maxKeyLength else { throw Bail() }
        return key
    }

    /// True when `b`, the byte at `index`, is a space, a line break or the end of the input.
    @inline(__always)
    func isBlankOrEnd(_ b: UInt8, at index: Int) -> Bool {
        b == 0x20 || b == 0x0A || (b == 0 && index >= bytes.count)
    }

    /// The value after a key's `:` (at `pos`), on the same line or indented on the next ones;
    /// an empty scalar at `empty` when there is none. `indent` is the mapping's column.
    mutating func blockValue(indent: Int, emptyAt empty: SourceLocation) throws(Bail) -> YAMLNode {
        _ = skipSpaces()
        let b = peek()
        if b == 0x0A || atEnd || b == 0x23 {
            try finishLine()
            if !atEnd {
                let next = indentation
                if next > indent { return try blockNode(parentIndent: indent) }
                // A sequence at the key's own indentation belongs to the key.
                if next == indent, isBlockEntry { return try blockSequence(column: indent, indentless: true) }
            }
            return Self.emptyScalar(at: empty)
        }
        let value: YAMLNode
        switch b {
        case 0x5B, 0x7B:  // '[', '{'
            value = try flowCollection()
        case 0x7C, 0x3E:  // '|', '>'
            let scalar = try literalOrFolded(parentIndent: indent)
            try skipBlankLines()
            return scalar
        default:
            value = try blockScalar()
        }
        try finishLine()
        return value
    }

    /// A block sequence whose first `-` is at `pos`, in column `column`. An indentless
    /// sequence (a mapping value at the key's indentation) also ends at a key of that mapping.
    mutating func blockSequence(column: Int, indentless: Bool) throws(Bail) -> YAMLNode {
        try enter()
        let start = location(pos)
        var items: [YAMLNode] = []
        while true {
            pos += 1  // the '-'
            items.append(try sequenceItem(indent: column, emptyAt: location(pos)))
            if items.count == YAMLTreeBuilder.largeCollection {
                reserve(&items, column: column, sequence: true)
            }
            if atEnd { break }
            let next = indentation
            if next == column, isBlockEntry { continue }
            guard next < column || (next == column && indentless) else { throw Bail() }
            break
        }
        depth -= 1
        return YAMLNode(kind: .sequence(YAMLTreeBuilder.trimmed(items)), range: SourceRange(start: start, end: location(pos)))
    }

    /// The entry after a `-` (at `pos`): a nested sequence, a compact mapping, a scalar or a
    /// flow collection on the same line, a block node indented on the next lines, or empty.
    mutating func sequenceItem(indent: Int, emptyAt empty: SourceLocation) throws(Bail) -> YAMLNode {
        _ = skipSpaces()
        let b = peek()
        if b == 0x0A || atEnd || b == 0x23 {
            try finishLine()
            if !atEnd, indentation > indent { return try blockNode(parentIndent: indent) }
            return Self.emptyScalar(at: empty)
        }
        let column = indentation
        if isBlockEntry { return try blockSequence(column: column, indentless: false) }
        if b == 0x5B || b == 0x7B {
            let value = try flowCollection()
            try finishLine()
            return value
        }
        if b == 0x7C || b == 0x3E {
            let scalar = try literalOrFolded(parentIndent: indent)
            try skipBlankLines()
            return scalar
        }
        // A scalar, or the first key of a compact mapping: read it, then look for a `:`.
        let scalarStart = pos
        let scalar = try blockScalar()
        let scalarEnd = pos
        _ = skipSpaces()
        if peek() == 0x3A {
            pos = scalarStart
            return try blockMapping(column: column)
        }
        pos = scalarEnd
        try finishLine()
        return scalar
    }

    /// An empty plain scalar at `location` (a key or entry with no value).
    @inline(__always)
    static func emptyScalar(at location: SourceLocation) -> YAMLNode {
        YAMLNode(kind: .scalar(YAMLScalar(value: "", style: .plain)), range: SourceRange(at: location))
    }
}
