/// Attaching finished nodes to the open collection: keys, values, duplicate and complex keys.
extension YAMLTreeBuilder {
    /// Adds a finished node (with its subtree size and height) to the collection on top of the
    /// stack, or makes it the document's root.
    @inline(__always)
    mutating func attach(_ node: YAMLNode, count: Int, height: Int) {
        let top = stack.count - 1
        guard top >= 0 else {
            if root == nil { root = node }
            return
        }
        if !stack[top].isMapping {
            stack[top].items.append(node)
            stack[top].count += count
            if height >= stack[top].height { stack[top].height = height + 1 }
        } else if let key = stack[top].key.take() {
            appendPair(key: key, value: node, count: count, height: height, top: top)
        } else if stack[top].skipValue {
            stack[top].skipValue = false
        } else {
            acceptKey(node, top: top)
        }
    }

    @inline(__always)
    private mutating func appendPair(key: YAMLNode, value: YAMLNode, count: Int, height: Int, top: Int) {
        stack[top].pairs.append(YAMLPair(key: key, value: value))
        stack[top].count += 1 + count
        if height >= stack[top].height { stack[top].height = height + 1 }
        if stack[top].keyTable == nil, stack[top].pairs.count > Self.linearScanLimit {
            var table = YAMLKeyTable(capacity: Self.linearScanLimit * 8)
            let pairs = stack[top].pairs
            for i in 0..<pairs.count {
                _ = table.firstIndex(orInsert: Self.keyText(pairs[i])) { Self.keyText(pairs[$0]) }
            }
            stack[top].keyTable = table
        }
    }

    /// Takes `node` as the next key of the mapping on top, unless it is complex or a duplicate,
    /// in which case the pair is dropped (its value is skipped) and a diagnostic says why.
    @inline(__always)
    private mutating func acceptKey(_ node: YAMLNode, top: Int) {
        guard case .scalar(let scalar) = node.kind else {
            report(
                .complexKey, "a key must be a scalar, not \(node.shapeDescription)", at: node.range,
                notes: ["write the key as plain text; this pair is left out"]
            )
            stack[top].skipValue = true
            return
        }
        if let first = firstKeyLocation(scalar.value, top: top) {
            report(
                .duplicateKey, "duplicate key '\(scalar.value)'", at: node.range,
                notes: ["first defined at line \(first.line), column \(first.column)"]
            )
            stack[top].skipValue = true
            return
        }
        stack[top].key = node
    }

    /// Where `text` is already a key of the mapping on top, if it is; when the mapping has a
    /// key table and `text` is new, `text` is added to it (it becomes the next pair's key).
    @inline(__always)
    private mutating func firstKeyLocation(_ text: String, top: Int) -> SourceLocation? {
        let index: Int?
        if var table = stack[top].keyTable.take() {
            index = table.firstIndex(orInsert: text) { Self.keyText(stack[top].pairs[$0]) }
            stack[top].keyTable = table
        } else {
            index = stack[top].pairs.firstIndex { YAMLKeyTable.sameText(Self.keyText($0), text) }
        }
        return index.map { stack[top].pairs[$0].key.range.start }
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
           scalar.style == .plain, scalar.value.isEmpty {
            root = nil  // `---` alone: a document with nothing in it
        }
        if root == nil {
            report(
                .emptyDocument, "the file has no YAML document", at: Self.fileStart,
                notes: ["a flow file is a YAML mapping starting with 'flow:' and 'dsl:'"]
            )
        }
        return YAMLDocument(root: root, diagnostics: diagnostics)
    }
}
