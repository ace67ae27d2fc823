/// Resolves the names of a parsed condition against a scope and checks its types, collecting
/// every issue rather than stopping at the first.
struct ConditionChecker {
    typealias Expr = Condition.Expr

    /// Where a value must be true or false, for the message that says it is not.
    enum Context {
        case whole, not, and, or

        var requirement: String {
            switch self {
            case .whole: "a condition must be true or false"
            case .not: "'not' needs true or false"
            case .and: "'and' needs true or false on each side"
            case .or: "'or' needs true or false on each side"
            }
        }
    }

    /// One side of a comparison, resolved.
    struct Operand {
        enum Kind {
            case name(String)
            case literal(Condition.Literal)
            /// A bare identifier that names nothing: a symbol if compared with an enumeration or text.
            case candidate(String)
            case condition(Expr)
        }

        var kind: Kind
        /// Nil for a candidate, whose type comes from the other side.
        var type: ConditionType?
        var range: Range<Int>

        var isLiteral: Bool {
            if case .literal = kind { return true }
            return false
        }
    }

    let scope: ConditionScope
    let scalars: [Unicode.Scalar]
    private(set) var issues: [ConditionIssue] = []
    /// The gates of the names read, in the order first read, each with why it was closed here
    /// (`ConditionScope.reason(closing:)`, nil: open): what the result depends on besides the
    /// text and the scope's fixed definitions.
    var gatesRead: [(gate: Int, reason: String?)] = []

    init(scope: ConditionScope, scalars: [Unicode.Scalar]) {
        self.scope = scope
        self.scalars = scalars
    }

    mutating func report(_ issue: ConditionIssue) { issues.append(issue) }

    /// Checks a node that must be true or false.
    mutating func boolean(_ s: ConditionSyntax, context: Context) -> Expr? {
        switch s.node {
        case .not(let x): return boolean(x, context: .not).map(Expr.not)
        case .and(let xs): return Self.all(xs.map { boolean($0, context: .and) }).map(Expr.allOf)
        case .or(let xs): return Self.all(xs.map { boolean($0, context: .or) }).map(Expr.anyOf)
        case .comparison(let l, let op, let r): return comparison(l, op, r, range: s.range)
        case .membership(let l, let negated, let xs): return membership(l, negated: negated, xs, range: s.range)
        case .name, .literal:
            guard let operand = resolve(s) else { return nil }
            if case .candidate(let name) = operand.kind {
                report(.unknownName(name, s.range, in: scope))
                return nil
            }
            guard let type = operand.type, type == .bool else {
                report(.notBoolean(describe(operand), typeName(operand), context: context.requirement, s.range, example: example(operand)))
                return nil
            }
            if case .literal(.bool(let b)) = operand.kind { report(.constant(b, because: "it is a fixed value", s.range)) }
            return .operand(term(operand))
        }
    }

    private static func all(_ parts: [Expr?]) -> [Expr]? {
        let checked = parts.compactMap { $0 }
        return checked.count == parts.count ? checked : nil
    }

    /// A name, literal or parenthesised condition as a comparison operand; nil after an error.
    mutating func resolve(_ s: ConditionSyntax) -> Operand? {
        switch s.node {
        case .name(let name):
            guard let entry = scope.entry(name) else {
                if !ConditionLexer.isDotted(name) { return Operand(kind: .candidate(name), type: nil, range: s.range) }
                report(.unknownName(name, s.range, in: scope))
                return nil
            }
            let reason: String?
            if entry.laterReason == nil, let gate = entry.gate {
                reason = scope.reason(closing: gate)
                if !gatesRead.contains(where: { $0.gate == gate }) { gatesRead.append((gate, reason)) }
            } else {
                reason = scope.laterReason(entry)
            }
            if let reason { report(.notAvailable(name, reason: reason, s.range)) }
            return Operand(kind: .name(name), type: entry.type, range: s.range)
        case .literal:
            guard let literal = Condition.literal(s) else { return nil }
            return Operand(kind: .literal(literal), type: Self.type(of: literal), range: s.range)
        default:
            return boolean(s, context: .whole).map { Operand(kind: .condition($0), type: .bool, range: s.range) }
        }
    }

    mutating func comparison(_ l: ConditionSyntax, _ op: ComparisonOperator, _ r: ConditionSyntax, range: Range<Int>) -> Expr? {
        // Both sides first, so both report their issues.
        let left = resolve(l)
        let right = resolve(r)
        guard var a = left, var b = right else {
            // The side that resolved may still be a bare identifier naming nothing.
            for case let side? in [left, right] {
                if case .candidate(let name) = side.kind { report(.unknownName(name, side.range, in: scope)) }
            }
            return nil
        }
        if case .candidate(let name) = a.kind {
            guard Self.acceptsSymbols(b) else {
                report(.unknownName(name, a.range, in: scope))
                return nil
            }
            a = symbol(name, like: b, range: a.range)
        } else if case .candidate(let name) = b.kind {
            guard Self.acceptsSymbols(a) else {
                report(.unknownName(name, b.range, in: scope))
                return nil
            }
            b = symbol(name, like: a, range: b.range)
        }
        if op.isOrdering, let side = [a, b].first(where: { $0.type != .decimal }) {
            report(.orderingNeedsNumbers(op, describe(side), typeName(side), side.range))
            return nil
        }
        switch (a.kind, b.kind) {
        case (.literal(let x), .literal(let y)):
            guard a.type == b.type || (a.type != .bool && b.type != .bool) else {
                report(.cannotCompare(describe(a), typeName(a), describe(b), typeName(b), range))
                return nil
            }
            report(.constant(Condition.compare(x.value, op, y.value), because: "it compares two fixed values", range))
        case (.literal(let x), _):
            guard check(x, at: a.range, against: b) else { return nil }
        case (_, .literal(let y)):
            guard check(y, at: b.range, against: a) else { return nil }
        default:
            guard let t = a.type, let u = b.type, Self.comparable(t, u) else {
                report(.cannotCompare(describe(a), typeName(a), describe(b), typeName(b), range))
                return nil
            }
        }
        return .compare(term(a), op, term(b))
    }

    mutating func membership(_ l: ConditionSyntax, negated: Bool, _ xs: [ConditionSyntax], range: Range<Int>) -> Expr? {
        guard let a = resolve(l) else { return nil }
        if case .candidate(let name) = a.kind {
            report(.unknownName(name, a.range, in: scope))
            return nil
        }
        // A list holds values: a bare identifier in it is a symbol.
        let elements: [(literal: Condition.Literal, range: Range<Int>)] = xs.map { x in
            if case .name(let name) = x.node { return (.symbol(name), x.range) }
            return (Condition.literal(x) ?? .text(""), x.range)
        }
        if xs.isEmpty {
            report(.constant(negated, because: "the list is empty", range))
        } else if case .literal(let x) = a.kind {
            let found = elements.contains { Condition.compare(x.value, .equal, $0.literal.value) }
            report(.constant(found != negated, because: "it compares fixed values", range))
        }
        let checked = a.isLiteral ? [] : elements.map { check($0.literal, at: $0.range, against: a) }
        guard !checked.contains(false) else { return nil }
        return .member(term(a), negated: negated, elements.map(\.literal))
    }

    static func type(of literal: Condition.Literal) -> ConditionType {
        switch literal {
        case .bool: .bool
        case .number: .decimal
        case .text, .symbol: .text(.any)
        }
    }

    private static func acceptsSymbols(_ o: Operand) -> Bool {
        guard case .name = o.kind else { return false }
        switch o.type {
        case .enumeration, .text: return true
        default: return false
        }
    }

    private func symbol(_ name: String, like other: Operand, range: Range<Int>) -> Operand {
        Operand(kind: .literal(.symbol(name)), type: other.type, range: range)
    }

    private static func comparable(_ a: ConditionType, _ b: ConditionType) -> Bool {
        switch (a, b) {
        case (.text, .text): true
        case (.enumeration(let x), .enumeration(let y)): x.name == y.name
        default: a == b
        }
    }

    func term(_ o: Operand) -> Condition.Term {
        switch o.kind {
        case .name(let n): .name(n)
        case .literal(let l): .literal(l)
        case .candidate(let n): .literal(.symbol(n))
        case .condition(let e): .condition(e)
        }
    }
}
