import CheckoutDomain

/// A recursive-descent parser for the condition grammar; stops at the first syntax error.
///
///     expr       := or
///     or         := and ("or" and)*
///     and        := unary ("and" unary)*
///     unary      := "not" unary | comparison
///     comparison := operand (op operand | ["not"] "in" list)?
///     operand    := name | literal | "(" expr ")"
///     list       := "[" (literal ("," literal)*)? "]"
struct ConditionParser {
    private let tokens: [ConditionToken]
    private var p = 0
    /// The open parentheses around the current position, innermost last.
    private var open: [ConditionToken] = []
    /// Whether the comparison just parsed had an operator (so another one would chain).
    private var lastHadOperator = false
    /// How many `not`s and parentheses enclose the current position; bounded so that no
    /// input can exhaust the stack of this parser or of the passes over its tree.
    private var depth = 0
    static let maximumDepth = 64

    static func parse(_ scalars: [Unicode.Scalar]) throws(ConditionIssue) -> ConditionSyntax {
        var parser = ConditionParser(tokens: try ConditionLexer.tokens(scalars))
        return try parser.condition(length: scalars.count)
    }

    private init(tokens: [ConditionToken]) { self.tokens = tokens }

    private var current: ConditionToken { tokens[p] }

    private mutating func advance() -> ConditionToken {
        defer { p += 1 }
        return tokens[p]
    }

    private mutating func condition(length: Int) throws(ConditionIssue) -> ConditionSyntax {
        if current.kind == .end { throw .syntax("the condition is empty", 0..<length) }
        let result = try or(after: nil)
        if current.kind != .end { throw unexpected() }
        return result
    }

    private mutating func or(after: ConditionToken?) throws(ConditionIssue) -> ConditionSyntax {
        let first = try and(after: after)
        // One part, the usual case, needs no list.
        guard current.kind == .keyword(.or) else { return first }
        var parts = [first]
        while current.kind == .keyword(.or) {
            let op = advance()
            parts.append(try and(after: op))
        }
        return Self.join(parts, ConditionSyntax.Node.or)
    }

    private mutating func and(after: ConditionToken?) throws(ConditionIssue) -> ConditionSyntax {
        let first = try unary(after: after)
        guard current.kind == .keyword(.and) else { return first }
        var parts = [first]
        while current.kind == .keyword(.and) {
            let op = advance()
            parts.append(try unary(after: op))
        }
        return Self.join(parts, ConditionSyntax.Node.and)
    }

    private static func join(_ parts: [ConditionSyntax], _ make: ([ConditionSyntax]) -> ConditionSyntax.Node) -> ConditionSyntax {
        guard parts.count > 1, let first = parts.first, let last = parts.last else { return parts[0] }
        return ConditionSyntax(make(parts), range: first.range.lowerBound..<last.range.upperBound)
    }

    private mutating func unary(after: ConditionToken?) throws(ConditionIssue) -> ConditionSyntax {
        guard current.kind == .keyword(.not) else { return try comparison(after: after) }
        let not = advance()
        try enter(not)
        defer { depth -= 1 }
        let operand = try unary(after: not)
        return ConditionSyntax(.not(operand), range: not.range.lowerBound..<operand.range.upperBound)
    }

    private mutating func comparison(after: ConditionToken?) throws(ConditionIssue) -> ConditionSyntax {
        let left = try operand(after: after)
        lastHadOperator = true
        switch current.kind {
        case .comparison(let op):
            let opToken = advance()
            let right = try operand(after: opToken)
            try noChain()
            return ConditionSyntax(.comparison(left, op, right), range: left.range.lowerBound..<right.range.upperBound)
        case .keyword(.in):
            _ = advance()
            return try membership(left, negated: false)
        case .keyword(.not) where tokens[p + 1].kind == .keyword(.in):
            p += 2
            return try membership(left, negated: true)
        case .keyword(.not):
            throw .syntax("expected 'in' after 'not'", tokens[p + 1].range)
        default:
            lastHadOperator = false
            return left
        }
    }

    private mutating func noChain() throws(ConditionIssue) {
        switch current.kind {
        case .comparison, .keyword(.in):
            throw .syntax("comparisons do not chain; join them with 'and'", current.range)
        case .keyword(.not) where tokens[p + 1].kind == .keyword(.in):
            throw .syntax("comparisons do not chain; join them with 'and'", current.range.lowerBound..<tokens[p + 1].range.upperBound)
        default: return
        }
    }

    private mutating func membership(_ left: ConditionSyntax, negated: Bool) throws(ConditionIssue) -> ConditionSyntax {
        guard current.kind == .leftBracket else { throw .syntax("expected a list such as [a, b] after 'in'", current.range) }
        let bracket = advance()
        var elements: [ConditionSyntax] = []
        var previous = bracket
        list: while current.kind != .rightBracket || previous.kind == .comma {
            elements.append(try element(after: previous, in: bracket))
            switch current.kind {
            case .comma: previous = advance()
            case .rightBracket: break list
            case .end: throw .syntax("unclosed '['", bracket.range)
            default: throw .syntax("expected ',' or ']' in the list, found \(current.quoted)", current.range)
            }
        }
        let close = advance()
        try noChain()
        return ConditionSyntax(.membership(left, negated: negated, elements), range: left.range.lowerBound..<close.range.upperBound)
    }

    private mutating func element(after previous: ConditionToken, in bracket: ConditionToken) throws(ConditionIssue) -> ConditionSyntax {
        if case .name(let name) = current.kind, ConditionLexer.isDotted(name) {
            throw .syntax("a list holds values, not names; found \(UserText.quoted(name))", current.range)
        }
        if current.kind == .end { throw .syntax("unclosed '['", bracket.range) }
        guard let value = literalOrIdentifier() else {
            throw .syntax("expected a value after \(UserText.quoted(previous.text))", current.range)
        }
        return value
    }

    private mutating func literalOrIdentifier() -> ConditionSyntax? {
        let node: ConditionSyntax.Node
        switch current.kind {
        case .name(let name): node = .name(name)
        case .number(let text): node = .literal(.number(text))
        case .string(let value): node = .literal(.string(value))
        case .keyword(.true): node = .literal(.bool(true))
        case .keyword(.false): node = .literal(.bool(false))
        default: return nil
        }
        return ConditionSyntax(node, range: advance().range)
    }

    private mutating func operand(after: ConditionToken?) throws(ConditionIssue) -> ConditionSyntax {
        if let value = literalOrIdentifier() { return value }
        guard current.kind == .leftParen else { throw expectedValue(after: after) }
        let paren = advance()
        try enter(paren)
        defer { depth -= 1 }
        open.append(paren)
        var inner = try or(after: paren)
        guard current.kind == .rightParen else { throw current.kind == .end ? .syntax("unclosed '('", paren.range) : unexpected() }
        open.removeLast()
        inner.range = paren.range.lowerBound..<advance().range.upperBound
        return inner
    }

    private mutating func enter(_ token: ConditionToken) throws(ConditionIssue) {
        depth += 1
        if depth > Self.maximumDepth {
            throw .syntax("the condition nests deeper than \(Self.maximumDepth) levels of 'not' and parentheses", token.range)
        }
    }

    private func expectedValue(after: ConditionToken?) -> ConditionIssue {
        if current.kind == .rightParen, open.isEmpty { return .syntax("unexpected ')'", current.range) }
        if let after { return .syntax("expected a value after \(UserText.quoted(after.text))", current.range) }
        if case .keyword(let k) = current.kind { return .syntax("expected a value before '\(k.rawValue)'", current.range) }
        return .syntax("expected a value", current.range)
    }

    /// A token where `and`, `or`, an operator, `)` or the end belongs.
    private func unexpected() -> ConditionIssue {
        if current.kind == .rightParen, open.isEmpty { return .syntax("unexpected ')'", current.range) }
        if case .name(let name) = current.kind, let keyword = ConditionKeyword(rawValue: name.lowercased()) {
            return .syntax(
                "unexpected \(UserText.quoted(name)); did you mean '\(keyword.rawValue)'?", current.range, suggestion: keyword.rawValue)
        }
        var expected = lastHadOperator ? ["'and'", "'or'"] : ["an operator", "'and'", "'or'"]
        if !open.isEmpty { expected.append("')'") }
        let list = expected.dropLast().joined(separator: ", ") + " or " + (expected.last ?? "")
        return .syntax("unexpected \(current.quoted); expected \(list)", current.range)
    }
}
