import CheckoutDomain

/// Attaching finished nodes to the open collection: keys, values, duplicate and complex keys.
extension YAMLTreeBuilder {
    /// Adds a finished node (with its subtree size and height) to the collection on top of the
    /// stack, or makes it the document's root.
    @inline(__always)
    mutating func attach(_ node: consuming YAMLNode, count: Int, height: Int) {
        guard depth > 0 else {
            if root == nil { root = consume node }
            return
        }
        if !top.isMapping {
            let end = node.range.end.offset
            top.items.append(consume node)
            if top.items.count == Self.largeCollection { reserveForLargeCollection(at: end) }
            top.count = Self.saturatingSum(top.count, count)
            if height >= top.height { top.height = height + 1 }
        } else if let key = top.key.take() {
            appendPair(key: key, value: consume node, count: count, height: height)
        } else if top.skipValue {
            top.skipValue = false
        } else {
            acceptKey(consume node)
        }
    }

    @inline(__always)
    private mutating func appendPair(key: consuming YAMLNode, value: consuming YAMLNode, count: Int, height: Int) {
        let end = value.range.end.offset
        top.pairs.append(YAMLPair(key: consume key, value: consume value))
        if top.pairs.count == Self.largeCollection { reserveForLargeCollection(at: end) }
        top.count = Self.saturatingSum(top.count, Self.saturatingSum(1, count))
        if height >= top.height { top.height = height + 1 }
        if top.keyTable == nil, top.pairs.count > Self.linearScanLimit {
            var table = YAMLKeyTable(capacity: Self.linearScanLimit * 8)
            let pairs = top.pairs
            for pair in pairs {
                _ = table.firstIndex(orInsert: Self.keyText(pair)) { Self.keyText(pairs[$0]) }
            }
            top.keyTable = table
        }
    }

    /// Takes `node` as the next key of the mapping on top, unless it is complex or a duplicate,
    /// in which case the pair is dropped (its value is skipped) and a diagnostic says why.
    @inline(__always)
    private mutating func acceptKey(_ node: consuming YAMLNode) {
        guard case .scalar(let scalar) = node.kind else {
            report(
                .complexKey, "a key must be a scalar, not \(node.shapeDescription)", at: node.range,
                notes: ["write the key as plain text; this pair is left out"]
            )
            top.skipValue = true
            return
        }
        if let first = firstKeyLocation(scalar.value) {
            report(
                .duplicateKey, "duplicate key \(UserText.quoted(scalar.value))", at: node.range,
                notes: ["first defined at line \(first.line), column \(first.column)"]
            )
            top.skipValue = true
            return
        }
        top.key = consume node
    }

    /// Where `text` is already a key of the mapping on top, if it is; when the mapping has a
    /// key table and `text` is new, `text` is added to it (it becomes the next pair's key).
    @inline(__always)
    private mutating func firstKeyLocation(_ text: String) -> SourceLocation? {
        let index: Int?
        if var table = top.keyTable.take() {
            index = table.firstIndex(orInsert: text) { Self.keyText(top.pairs[$0]) }
            top.keyTable = table
        } else {
            // Lengths first: most keys of a mapping differ in length, and a small string's
            // length is in its bits, so those comparisons cost no call.
            let length = text.utf8.count
            index = top.pairs.withUnsafeBufferPointer { pairs in
                pairs.indices.first { i in
                    if case .scalar(let scalar) = pairs[i].key.kind, scalar.value.utf8.count == length {
                        return YAMLKeyTable.sameText(scalar.value, text)
                    }
                    return false
                }
            }
        }
        return index.map { top.pairs[$0].key.range.start }
    }

    /// A pair's key text (every stored key is a scalar).
    @inline(__always)
    static func keyText(_ pair: YAMLPair) -> String {
        if case .scalar(let scalar) = pair.key.kind { return scalar.value }
        return ""
    }

    /// Ends the build: the tree when nothing stopped the reader, and the empty-document check.
    mutating func finish() -> YAMLDocument {
        if stopped { return YAMLDocument(root: nil, diagnostics: diagnostics) }
        if let node = root, node.tag == nil, case .scalar(let scalar) = node.kind,
            scalar.style == .plain, scalar.value.isEmpty
        {
            root = nil  // `---` alone: a document with nothing in it
        }
        if root == nil {
            report(
                .emptyDocument, "the file has no YAML document", at: Self.fileStart,
                notes: [kind.shape]
            )
        }
        return YAMLDocument(root: root, diagnostics: diagnostics)
    }
}
