import Foundation

extension Condition {
    /// Whether the condition holds when names have the values `lookup` gives.
    ///
    /// A name for which `lookup` returns nil is unset (a screen that was skipped): every
    /// comparison with it is false except `!=` and `not in`, which are true; an unset name read
    /// as a condition is false. Symbols and text compare by string, numbers numerically; values
    /// of different types are never equal.
    ///
    /// The reference semantics: a run evaluates a stage's `StageGuard` (the same condition with
    /// its names resolved once), which `StageGuardTests` hold to this answer for answer.
    public func evaluate(_ lookup: (String) -> ConditionValue?) -> Bool {
        Self.evaluate(expr, lookup)
    }

    private static func evaluate(_ e: Expr, _ lookup: (String) -> ConditionValue?) -> Bool {
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
            return xs.contains { compare(a, .equal, $0.value) } != negated
        }
    }

    private static func value(_ t: Term, _ lookup: (String) -> ConditionValue?) -> ConditionValue? {
        switch t {
        case .name(let n): lookup(n)
        case .literal(let l): l.value
        case .condition(let e): .bool(evaluate(e, lookup))
        }
    }

    static func compare(_ a: ConditionValue, _ op: ComparisonOperator, _ b: ConditionValue) -> Bool {
        switch (a, b) {
        case (.decimal(let x), .decimal(let y)):
            switch op {
            case .equal: return x == y
            case .notEqual: return x != y
            case .less: return x < y
            case .lessOrEqual: return x <= y
            case .greater: return x > y
            case .greaterOrEqual: return x >= y
            }
        case (.text(let x), .text(let y)), (.text(let x), .symbol(let y)), (.symbol(let x), .text(let y)), (.symbol(let x), .symbol(let y)):
            // Exact strings: no Unicode normalisation, as everywhere else in flows.
            let equal = x.unicodeScalars.elementsEqual(y.unicodeScalars)
            return op == .equal ? equal : op == .notEqual && !equal
        default:
            let equal = a == b
            return op == .equal ? equal : op == .notEqual && !equal
        }
    }
}
