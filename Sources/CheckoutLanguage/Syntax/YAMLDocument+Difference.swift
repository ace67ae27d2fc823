/// Structural comparison of two documents, for the tests and the fuzzer that hold the fast
/// path to the libyaml path.
extension YAMLDocument {
    /// The first difference between this document and `other`, described for a person, or
    /// `nil` when both have the same diagnostics and the same tree: node kinds, scalar values
    /// and styles, tags, ranges (lines, columns and byte offsets), pair and item order.
    package func firstDifference(from other: YAMLDocument) -> String? {
        if diagnostics != other.diagnostics {
            return "diagnostics differ: \(diagnostics.map(\.message)) vs \(other.diagnostics.map(\.message))"
        }
        switch (root, other.root) {
        case (nil, nil): return nil
        case (let a?, let b?): return Self.firstDifference(a, b, path: "root")
        default: return "one root is missing: \(root == nil ? "nil" : "a tree") vs \(other.root == nil ? "nil" : "a tree")"
        }
    }

    private static func firstDifference(_ a: YAMLNode, _ b: YAMLNode, path: String) -> String? {
        if a.range != b.range || a.range.start.offset != b.range.start.offset || a.range.end.offset != b.range.end.offset {
            return "\(path): range \(describe(a.range)) vs \(describe(b.range))"
        }
        if a.tag != b.tag { return "\(path): tag \(a.tag ?? "none") vs \(b.tag ?? "none")" }
        switch (a.kind, b.kind) {
        case (.scalar(let x), .scalar(let y)):
            // Byte for byte: `==` on strings would equate canonically equivalent text.
            if x.style != y.style || !x.value.utf8.elementsEqual(y.value.utf8) {
                return "\(path): scalar \(x.value.debugDescription) \(x.style) vs \(y.value.debugDescription) \(y.style)"
            }
            return nil
        case (.sequence(let x), .sequence(let y)):
            if x.count != y.count { return "\(path): \(x.count) items vs \(y.count)" }
            for (i, (p, q)) in zip(x, y).enumerated() {
                if let difference = firstDifference(p, q, path: "\(path)[\(i)]") { return difference }
            }
            return nil
        case (.mapping(let x), .mapping(let y)):
            if x.count != y.count { return "\(path): \(x.count) pairs vs \(y.count)" }
            for (i, (p, q)) in zip(x, y).enumerated() {
                let name = "\(path).\(p.key.scalar?.value ?? "#\(i)")"
                if let difference = firstDifference(p.key, q.key, path: "\(name) (key)") { return difference }
                if let difference = firstDifference(p.value, q.value, path: name) { return difference }
            }
            return nil
        default:
            return "\(path): \(a.shapeDescription) vs \(b.shapeDescription)"
        }
    }

    private static func describe(_ range: SourceRange) -> String {
        "\(range.start)@\(range.start.offset)-\(range.end)@\(range.end.offset)"
    }
}
