extension Condition {
    /// The canonical text: single spaces, parentheses only where precedence needs them
    /// (`not` binds tighter than `and`, `and` tighter than `or`), strings in double quotes,
    /// numbers as written. It parses back to the same condition.
    public var description: String { Self.text(expr, needs: .or) }

    /// Binding strength, weakest first.
    private enum Level: Int, Comparable {
        case or, and, not, atom
        static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    private static func text(_ e: Expr, needs: Level) -> String {
        let (text, level): (String, Level)
        switch e {
        case .operand(let t): (text, level) = (self.text(t), .atom)
        case .not(let x): (text, level) = ("not " + self.text(x, needs: .not), .not)
        case .and(let xs): (text, level) = (xs.map { self.text($0, needs: .and) }.joined(separator: " and "), .and)
        case .or(let xs): (text, level) = (xs.map { self.text($0, needs: .or) }.joined(separator: " or "), .or)
        case .compare(let l, let op, let r): (text, level) = ("\(self.text(l)) \(op.rawValue) \(self.text(r))", .atom)
        case .member(let l, let negated, let xs):
            let list = xs.map { self.text($0) }.joined(separator: ", ")
            (text, level) = ("\(self.text(l)) \(negated ? "not in" : "in") [\(list)]", .atom)
        }
        return level < needs ? "(\(text))" : text
    }

    private static func text(_ t: Term) -> String {
        switch t {
        case .name(let n): n
        case .literal(let l): text(l)
        case .condition(let e): "(\(text(e, needs: .or)))"
        }
    }

    private static func text(_ l: Literal) -> String {
        switch l {
        case .bool(let b): b ? "true" : "false"
        case .number(_, let written): written
        case .symbol(let s) where ConditionLexer.isIdentifier(s): s
        case .text(let s), .symbol(let s):
            "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
    }
}
