import Foundation

/// A stage's condition as the interpreter evaluates it: every name already resolved to its
/// `ConditionName` and every literal already a `ConditionValue`, once, when the condition is
/// set on the stage, so a run does not parse a name's text at each evaluation. The one
/// evaluator of conditions: `Condition.evaluate`, which looks names up by their text, runs it
/// too.
package struct StageGuard: Sendable, Hashable {
    indirect enum Expr: Sendable, Hashable {
        case operand(Term)
        case not(Expr)
        case and([Expr])
        case or([Expr])
        case compare(Term, ComparisonOperator, Term)
        case member(Term, negated: Bool, [ConditionValue])
    }

    enum Term: Sendable, Hashable {
        /// A name: what it resolves to (nil when no condition can read its text: always unset
        /// in a run), and its text.
        case name(ConditionName?, text: String)
        case value(ConditionValue)
        case condition(Expr)
    }

    let expr: Expr

    /// The guard of `condition`.
    package init(_ condition: Condition) { expr = Self.expr(condition.expr) }

    private static func expr(_ e: Condition.Expr) -> Expr {
        switch e {
        case .operand(let t): .operand(term(t))
        case .not(let x): .not(expr(x))
        case .and(let xs): .and(xs.map(expr))
        case .or(let xs): .or(xs.map(expr))
        case .compare(let l, let op, let r): .compare(term(l), op, term(r))
        case .member(let l, let negated, let xs): .member(term(l), negated: negated, xs.map(\.value))
        }
    }

    private static func term(_ t: Condition.Term) -> Term {
        switch t {
        case .name(let n): .name(ConditionName(n), text: n)
        case .literal(let l): .value(l.value)
        case .condition(let e): .condition(expr(e))
        }
    }

    /// Whether the condition holds when names have the values `lookup` gives; a name no
    /// condition can read is unset.
    package func holds(_ lookup: (ConditionName) -> ConditionValue?) -> Bool {
        Self.evaluate(expr) { name, _ in name.flatMap(lookup) }
    }

    /// Whether the condition holds when names have the values `lookup` gives by their text
    /// (`Condition.evaluate`).
    func holdsByText(_ lookup: (String) -> ConditionValue?) -> Bool {
        Self.evaluate(expr) { _, text in lookup(text) }
    }

    private static func evaluate(_ e: Expr, _ lookup: (ConditionName?, String) -> ConditionValue?) -> Bool {
        switch e {
        case .operand(let t): return value(t, lookup) == .bool(true)
        case .not(let x): return !evaluate(x, lookup)
        case .and(let xs): return xs.allSatisfy { evaluate($0, lookup) }
        case .or(let xs): return xs.contains { evaluate($0, lookup) }
        case .compare(let l, let op, let r):
            guard let a = value(l, lookup), let b = value(r, lookup) else { return op == .notEqual }
            return Condition.compare(a, op, b)
        case .member(let l, let negated, let xs):
            guard let a = value(l, lookup) else { return negated }
            return xs.contains { Condition.compare(a, .equal, $0) } != negated
        }
    }

    private static func value(_ t: Term, _ lookup: (ConditionName?, String) -> ConditionValue?) -> ConditionValue? {
        switch t {
        case .name(let name, let text): lookup(name, text)
        case .value(let v): v
        case .condition(let e): .bool(evaluate(e, lookup))
        }
    }
}
