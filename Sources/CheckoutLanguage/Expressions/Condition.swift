import CheckoutDomain
import Foundation

/// A checked, typed condition that guards a screen or a step (`paymentMethod == card`).
///
/// Make one from text with `check(_:in:)`, which reports every issue it finds, or in code with
/// the builders (`equals`, `isIn`, `not`, `all`), which trust their input.
package struct Condition: Sendable, Hashable, CustomStringConvertible {
    ///
    /// Only the cases that nest are boxed: a name or a literal is stored in place, without an
    /// allocation of its own.
    enum Expr: Sendable, Hashable {
        /// A name or literal read as a condition (`shipping.sameAsBilling`, `true`).
        case operand(Term)
        indirect case not(Expr)
        case and([Expr])
        case or([Expr])
        indirect case compare(Term, ComparisonOperator, Term)
        indirect case member(Term, negated: Bool, [Literal])
    }

    /// One side of a comparison.
    enum Term: Sendable, Hashable {
        case name(String)
        case literal(Literal)
        /// A parenthesised condition compared as a boolean (`(a or b) == false`).
        indirect case condition(Expr)
    }

    /// A literal; numbers keep their spelling so the description shows them as written.
    enum Literal: Sendable, Hashable {
        case bool(Bool)
        case number(Decimal, written: String)
        case text(String)
        case symbol(String)

        var value: ConditionValue {
            switch self {
            case .bool(let b): .bool(b)
            case .number(let d, _): .decimal(d)
            case .text(let s): .text(s)
            case .symbol(let s): .symbol(s)
            }
        }
    }

    let expr: Expr

    init(_ expr: Expr) { self.expr = expr }

    // MARK: From text

    /// Parses `text` without looking at names or types; the error is the first syntax error.
    public static func parse(_ text: String) -> Result<ConditionSyntax, ConditionIssue> {
        Result { () throws(ConditionIssue) in try ConditionParser.parse(ConditionLexer.scalars(of: text)) }
    }

    /// Parses and checks `text` against the names of `scope`. Returns every issue found (after a
    /// syntax error, only that one); the condition is nil when any issue is an error.
    public static func check(_ text: String, in scope: ConditionScope) -> (condition: Condition?, issues: [ConditionIssue]) {
        var gates: [(gate: Int, reason: String?)] = []
        return check(text, in: scope, gatesRead: &gates)
    }

    /// `check(_:in:)`, and in `gates` (emptied first, its room kept) the gates of the names the
    /// condition reads, each with why it is closed (nil: open): the same text gives the same
    /// result at another point of the pipeline when `scope.reason(closing:)` gives the same
    /// answer for each of them there.
    static func check(
        _ text: String, in scope: ConditionScope, gatesRead gates: inout [(gate: Int, reason: String?)]
    ) -> (condition: Condition?, issues: [ConditionIssue]) {
        gates.removeAll(keepingCapacity: true)
        let scalars = ConditionLexer.scalars(of: text)
        let syntax: ConditionSyntax
        do throws(ConditionIssue) {
            syntax = try ConditionParser.parse(scalars)
        } catch {
            return (nil, [error])
        }
        var checker = ConditionChecker(scope: scope, scalars: scalars)
        // The caller's buffer, lent to the checker and taken back.
        swap(&checker.gatesRead, &gates)
        let expr = checker.boolean(syntax, context: .whole)
        swap(&checker.gatesRead, &gates)
        // Source order; the sort is stable, so issues at one position keep the order they were found in.
        var issues = checker.issues
        if issues.count > 1 {
            issues = issues.enumerated().sorted {
                ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
            }
            .map(\.element)
        }
        let hasErrors = issues.contains { $0.severity == .error }
        return (hasErrors ? nil : expr.map(Condition.init), issues)
    }

    /// The syntax tree as a condition, without checking names or types: bare identifiers in
    /// lists are symbols, every other identifier is a name.
    init(unchecked syntax: ConditionSyntax) {
        self.init(Self.expr(syntax))
    }

    private static func expr(_ s: ConditionSyntax) -> Expr {
        switch s.node {
        case .name, .literal: .operand(term(s))
        case .not(let x): .not(expr(x))
        case .and(let xs): .allOf(xs.map(expr))
        case .or(let xs): .anyOf(xs.map(expr))
        case .comparison(let l, let op, let r): .compare(term(l), op, term(r))
        case .membership(let l, let negated, let xs):
            .member(term(l), negated: negated, xs.map { if case .name(let n) = $0.node { .symbol(n) } else { literal($0) ?? .text("") } })
        }
    }

    private static func term(_ s: ConditionSyntax) -> Term {
        if case .name(let n) = s.node { return .name(n) }
        return literal(s).map(Term.literal) ?? .condition(expr(s))
    }

    static func literal(_ s: ConditionSyntax) -> Literal? {
        guard case .literal(let l) = s.node else { return nil }
        switch l {
        case .bool(let b): return .bool(b)
        case .number(let text): return .number(DecimalText.parse(text)?.value ?? .nan, written: text)
        case .string(let value): return .text(value)
        }
    }

    // MARK: Builders

    /// The boolean name `name` (`shipping.sameAsBilling`).
    public static func name(_ name: String) -> Condition { Condition(.operand(.name(name))) }

    /// `name == symbol` (`paymentMethod == card`).
    public static func equals(_ name: String, _ symbol: String) -> Condition {
        Condition(.compare(.name(name), .equal, .literal(.symbol(symbol))))
    }

    /// `name in [symbols…]` (`paymentMethod in [card, savedCard]`).
    public static func isIn(_ name: String, _ symbols: [String]) -> Condition {
        Condition(.member(.name(name), negated: false, symbols.map(Literal.symbol)))
    }

    /// The negation.
    public static func not(_ condition: Condition) -> Condition { Condition(.not(condition.expr)) }

    /// All of `conditions` hold; one condition is itself, none is always true.
    public static func all(_ conditions: [Condition]) -> Condition {
        switch conditions.count {
        case 0: Condition(.operand(.literal(.bool(true))))
        case 1: conditions[0]
        default: Condition(.allOf(conditions.map(\.expr)))
        }
    }

    /// Any of `conditions` holds; one condition is itself, none is always false.
    public static func any(_ conditions: [Condition]) -> Condition {
        switch conditions.count {
        case 0: Condition(.operand(.literal(.bool(false))))
        case 1: conditions[0]
        default: Condition(.anyOf(conditions.map(\.expr)))
        }
    }

    // MARK: Reading

    /// The names the condition reads.
    public var names: Set<String> { Self.names(expr) }

    private static func names(_ e: Expr) -> Set<String> {
        switch e {
        case .operand(let t): names(t)
        case .not(let x): names(x)
        case .and(let xs), .or(let xs): xs.reduce(into: []) { $0.formUnion(names($1)) }
        case .compare(let l, _, let r): names(l).union(names(r))
        case .member(let l, _, _): names(l)
        }
    }

    static func names(_ t: Term) -> Set<String> {
        switch t {
        case .name(let n): [n]
        case .literal: []
        case .condition(let e): names(e)
        }
    }
}

extension Condition.Expr {
    /// `and` of `parts`, with nested `and`s merged, so `a and (b and c)` equals `a and b and c`.
    static func allOf(_ parts: [Self]) -> Self {
        .and(parts.flatMap { part -> [Self] in if case .and(let xs) = part { xs } else { [part] } })
    }

    /// `or` of `parts`, with nested `or`s merged.
    static func anyOf(_ parts: [Self]) -> Self {
        .or(parts.flatMap { part -> [Self] in if case .or(let xs) = part { xs } else { [part] } })
    }
}
