import Foundation

extension Condition {
    /// The value the condition has whatever the names are, when `possible` pins them down: true
    /// or false when every combination of the values the names can have gives that value; nil
    /// when it depends on something `possible` does not know.
    ///
    /// `possible(name)` lists every value the name can have during a run (nil in the list: the
    /// name can be unset), or is nil when the compiler cannot say. Each part of the condition is
    /// decided on its own (three-valued: `false and x` is false whatever `x` is), so a condition
    /// that reads one name twice is decided only when each part is.
    func fixedValue(_ possible: (String) -> [ConditionValue?]?) -> Bool? {
        Self.fixed(expr, possible)
    }

    private static func fixed(_ e: Expr, _ possible: (String) -> [ConditionValue?]?) -> Bool? {
        switch e {
        case .operand(let t):
            guard let values = values(t, possible) else { return nil }
            var all = SameResult()
            for v in values where !all.add(v == .bool(true)) { return nil }
            return all.value
        case .not(let x): return fixed(x, possible).map { !$0 }
        case .and(let xs):
            var decided = true
            for x in xs {
                switch fixed(x, possible) {
                case false?: return false
                case true?: continue
                case nil: decided = false
                }
            }
            return decided ? true : nil
        case .or(let xs):
            var decided = true
            for x in xs {
                switch fixed(x, possible) {
                case true?: return true
                case false?: continue
                case nil: decided = false
                }
            }
            return decided ? false : nil
        case .compare(let l, let op, let r):
            guard let left = values(l, possible), let right = values(r, possible) else { return nil }
            var all = SameResult()
            for a in left {
                for b in right {
                    // As at run time: a comparison with an unset name is false, `!=` true.
                    let result = if let a, let b { compare(a, op, b) } else { op == .notEqual }
                    if !all.add(result) { return nil }
                }
            }
            return all.value
        case .member(let l, let negated, let xs):
            guard let left = values(l, possible) else { return nil }
            var all = SameResult()
            for a in left where !all.add(a.map { a in xs.contains { compare(a, .equal, $0.value) } != negated } ?? negated) {
                return nil
            }
            return all.value
        }
    }

    /// The one value every result added has; nil when there were none. Results are added one
    /// by one (an array of them per comparison was most of what deciding guards allocated).
    private struct SameResult {
        private(set) var value: Bool?

        /// False when `result` differs from those before it: then there is no one value.
        mutating func add(_ result: Bool) -> Bool {
            guard let value else {
                self.value = result
                return true
            }
            return value == result
        }
    }

    private static func values(_ t: Term, _ possible: (String) -> [ConditionValue?]?) -> [ConditionValue?]? {
        switch t {
        case .name(let n): possible(n)
        case .literal(let l): [l.value]
        case .condition(let e): fixed(e, possible).map { [.bool($0)] }
        }
    }

}
