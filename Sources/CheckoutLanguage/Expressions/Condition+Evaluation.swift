import Foundation

extension Condition {
    /// Whether the condition holds when names have the values `lookup` gives.
    ///
    /// A name for which `lookup` returns nil is unset (a screen that was skipped): every
    /// comparison with it is false except `!=` and `not in`, which are true; an unset name read
    /// as a condition is false. Symbols and text compare by string, numbers numerically; values
    /// of different types are never equal.
    ///
    /// Evaluated as a run evaluates a stage's condition (`StageGuard`), names looked up by text.
    public func evaluate(_ lookup: (String) -> ConditionValue?) -> Bool {
        StageGuard(self).holdsByText(lookup)
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
            let equal = x.hasSameBytes(as: y)
            return op == .equal ? equal : op == .notEqual && !equal
        default:
            let equal = a == b
            return op == .equal ? equal : op == .notEqual && !equal
        }
    }
}
