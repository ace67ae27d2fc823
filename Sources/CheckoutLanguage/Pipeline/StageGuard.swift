import Foundation

/// A stage's condition as the interpreter evaluates it: every name already resolved to its
/// `ConditionName` and every literal already a `ConditionValue`, once, when the condition is
/// set on the stage. `Condition.evaluate` parses each name's text at each evaluation (a hashed
/// lookup); this answers the same for the same values.
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
        /// A name; nil when no condition can read its text (always unset).
        case name(ConditionName?)
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
        case .name(let n): .name(ConditionName(n))
        case .literal(let l): .value(l.value)
        case .condition(let e): .condition(expr(e))
        }
    }

    /// Whether the condition holds when names have the values `lookup` gives: what
    /// `Condition.evaluate` answers with the same values by name.
    package func holds(_ lookup: (ConditionName) -> ConditionValue?) -> Bool {
        Self.evaluate(expr, lookup)
    }

    private static func evaluate(_ e: Expr, _ lookup: (ConditionName) -> ConditionValue?) -> Bool {
        switch e {
        case .operand(let t): return value(t, lookup) == .bool(true)
        case .not(let x): return !evaluate(x, lookup)
        case .and(let xs): return xs.allSatisfy { evaluate($0, lookup) }
        case .or(let xs): return xs.contains { evaluate($0, lookup) }
        case .compare(let l, let op, let r):
            guard let a = value(l, lookup), let b = value(r, lookup) else { return op == .notEqual }
            return compare(a, op, b)
        case .member(let l, let negated, let xs):
            guard let a = value(l, lookup) else { return negated }
            return xs.contains { compare(a, .equal, $0) } != negated
        }
    }

    private static func value(_ t: Term, _ lookup: (ConditionName) -> ConditionValue?) -> ConditionValue? {
        switch t {
        case .name(let n): n.flatMap(lookup)
        case .value(let v): v
        case .condition(let e): .bool(evaluate(e, lookup))
        }
    }

    /// `Condition.compare`, with text and symbols compared by their UTF-8 bytes: the same
    /// answer as comparing their Unicode scalars (no normalisation either way), without
    /// decoding them.
    private static func compare(_ a: ConditionValue, _ op: ComparisonOperator, _ b: ConditionValue) -> Bool {
        switch (a, b) {
        case (.text(let x), .text(let y)), (.text(let x), .symbol(let y)), (.symbol(let x), .text(let y)), (.symbol(let x), .symbol(let y)):
            let equal = sameBytes(x, y)
            return op == .equal ? equal : op == .notEqual && !equal
        default:
            return Condition.compare(a, op, b)
        }
    }

    /// Byte for byte: lengths first (a string's UTF-8 count is stored), then the bytes in place
    /// (`elementsEqual` over the views walked them one index at a time).
    static func sameBytes(_ x: String, _ y: String) -> Bool {
        guard x.utf8.count == y.utf8.count else { return false }
        let inPlace = x.utf8.withContiguousStorageIfAvailable { a in
            y.utf8.withContiguousStorageIfAvailable { b in
                a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0
            }
        }
        return (inPlace ?? nil) ?? x.utf8.elementsEqual(y.utf8)
    }
}
