/// A parsed condition before names and types are checked: what `Condition.parse` returns.
///
/// Every node carries its range in Unicode scalars within the condition text (a parenthesised
/// operand's range includes the parentheses).
package struct ConditionSyntax: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of node. Names and literals, the leaves, are stored in place; only the cases
    /// that nest one node in another are boxed.
    public enum Node: Sendable, Hashable {
        /// A name (`paymentMethod`, `shipping.sameAsBilling`). A bare identifier may turn out to be
        /// a symbol when it is checked.
        case name(String)
        /// A literal value.
        case literal(ConditionLiteral)
        /// `not x`.
        indirect case not(ConditionSyntax)
        /// `a and b and …`, two or more parts.
        case and([ConditionSyntax])
        /// `a or b or …`, two or more parts.
        case or([ConditionSyntax])
        /// `a == b` and the other comparisons.
        indirect case comparison(ConditionSyntax, ComparisonOperator, ConditionSyntax)
        /// `a in [x, y]` or, negated, `a not in [x, y]`; the elements are literals or bare identifiers.
        indirect case membership(ConditionSyntax, negated: Bool, [ConditionSyntax])
    }

    /// What the node is.
    public var node: Node
    /// Where it is, in Unicode scalars within the condition text.
    public var range: Range<Int>

    /// Creates a node.
    public init(_ node: Node, range: Range<Int>) {
        self.node = node
        self.range = range
    }

    /// The canonical text, the same as the checked condition's.
    public var description: String { Condition(unchecked: self).description }
}

/// A literal as written in a condition.
package enum ConditionLiteral: Sendable, Hashable {
    /// `true` or `false`.
    case bool(Bool)
    /// A decimal number, as written (`100.50`).
    case number(String)
    /// A quoted string, escapes resolved.
    case string(String)
}

/// The comparison operators.
package enum ComparisonOperator: String, Sendable, Hashable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// True for `<`, `<=`, `>`, `>=`, which compare numbers only.
    public var isOrdering: Bool { self != .equal && self != .notEqual }
}
