import Foundation

/// The mutants of a condition's text: the whole negated, then each operator swapped for its
/// opposite, one at a time, found from the parsed condition's ranges.
enum ConditionMutations {
    /// The mutated texts, in source order after the negation; empty when `text` does not parse.
    static func changes(of text: String) -> [String] {
        guard case .success(let syntax) = Condition.parse(text) else { return [] }
        let scalars = Array(text.unicodeScalars)
        var out = ["not (\(text))"]
        var edits: [(range: Range<Int>, replacement: String)] = []
        collect(syntax, scalars, &edits)
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            var copy = scalars
            copy.replaceSubrange(edit.range, with: edit.replacement.unicodeScalars)
            out.append(String(String.UnicodeScalarView(copy)))
        }
        return out
    }

    /// The operator swaps of `node` and everything under it: the span between two operands
    /// (` >= `, ` in [`, ` and `) rewritten.
    static func collect(_ node: ConditionSyntax, _ scalars: [Unicode.Scalar], _ edits: inout [(range: Range<Int>, replacement: String)]) {
        func between(_ a: ConditionSyntax, _ b: ConditionSyntax) -> (Range<Int>, String)? {
            let range = a.range.upperBound..<b.range.lowerBound
            guard range.lowerBound <= range.upperBound, range.upperBound <= scalars.count else { return nil }
            return (range, String(String.UnicodeScalarView(scalars[range])))
        }
        switch node.node {
        case .name, .literal:
            return
        case .not(let inner):
            collect(inner, scalars, &edits)
        case .and(let parts), .or(let parts):
            let isAnd = if case .and = node.node { true } else { false }
            for (a, b) in zip(parts, parts.dropFirst()) {
                if let (range, gap) = between(a, b) {
                    let swapped = isAnd ? gap.replacingFirst("and", with: "or") : gap.replacingFirst("or", with: "and")
                    if let swapped { edits.append((range, swapped)) }
                }
            }
            for part in parts { collect(part, scalars, &edits) }
        case .comparison(let lhs, let op, let rhs):
            if let (range, gap) = between(lhs, rhs), let swapped = gap.replacingFirst(op.rawValue, with: opposite(op).rawValue) {
                edits.append((range, swapped))
            }
            collect(lhs, scalars, &edits)
            collect(rhs, scalars, &edits)
        case .membership(let lhs, let negated, let elements):
            if let first = elements.first, let (range, gap) = between(lhs, first) {
                let swapped = negated ? gap.replacingFirst("not in", with: "in") : gap.replacingFirst("in", with: "not in")
                if let swapped { edits.append((range, swapped)) }
            }
            collect(lhs, scalars, &edits)
        }
    }

    /// The comparison that holds exactly when `op` does not.
    static func opposite(_ op: ComparisonOperator) -> ComparisonOperator {
        switch op {
        case .equal: .notEqual
        case .notEqual: .equal
        case .less: .greaterOrEqual
        case .greaterOrEqual: .less
        case .greater: .lessOrEqual
        case .lessOrEqual: .greater
        }
    }
}

extension String {
    /// The text with its first occurrence of `target` replaced; nil when there is none.
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String? {
        guard let range = range(of: target) else { return nil }
        return replacingCharacters(in: range, with: replacement)
    }
}
