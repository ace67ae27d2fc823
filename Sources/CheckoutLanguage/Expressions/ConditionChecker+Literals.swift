import CheckoutDomain

extension ConditionChecker {
    /// Checks that `literal` can equal a value of `subject`; reports and returns false when not.
    mutating func check(_ literal: Condition.Literal, at range: Range<Int>, against subject: Operand) -> Bool {
        guard let type = subject.type else { return false }
        // Worded only when a message needs them: most literals check out.
        var who: String { describe(subject) }
        var value: String { Self.quoted(literal) }
        switch (type, literal) {
        case (.bool, .bool), (.decimal, .number), (.text(.any), .text), (.text(.any), .symbol):
            return true
        case (.bool, .symbol(let name)), (.decimal, .symbol(let name)):
            // A bare identifier is a symbol only against enumerations and text.
            if scope.entry(name) != nil {
                report(.cannotCompare(who, type.description, "\(UserText.quoted(name))", "a name; a list holds values", range))
            } else {
                report(.unknownName(name, range, in: scope))
            }
        case (.bool, _), (_, .bool):
            report(.cannotCompare(who, type.description, value, Self.type(of: literal).description, range))
        case (.decimal, _):
            report(.neverEqual(who, value, because: ": it holds a number, not text", range))
        case (_, .number):
            report(.neverEqual(who, value, because: ": it holds \(type), not a number", range))
        case (.text(.currency), .text(let code)), (.text(.currency), .symbol(let code)):
            if Currency.iso(code) != nil { return true }
            let suggestion = Currency.iso(code.uppercased())?.code ?? Suggestions.closest(to: code, in: Currency.all.map(\.code))
            report(.neverEqual(who, value, because: ": it is not an ISO 4217 currency code", range, suggestion: suggestion))
        case (.text(.country), .text(let code)), (.text(.country), .symbol(let code)):
            if Country.isValid(code) { return true }
            let suggestion = Country.isValid(code.uppercased()) ? code.uppercased() : nil
            report(.neverEqual(who, value, because: ": it is not an ISO 3166-1 alpha-2 country code", range, suggestion: suggestion))
        case (.enumeration(let e), .text(let symbol)), (.enumeration(let e), .symbol(let symbol)):
            return check(symbol, in: e, subject: subject, at: range)
        }
        return false
    }

    private mutating func check(_ symbol: String, in e: ConditionEnum, subject: Operand, at range: Range<Int>) -> Bool {
        var who: String { describe(subject) }
        var value: String { "\(UserText.quoted(symbol))" }
        guard e.values.contains(symbol) else {
            report(
                .neverEqual(
                    who, value, because: "; valid values: \(e.values.joined(separator: ", "))", range,
                    suggestion: Suggestions.closest(to: symbol, in: e.values)))
            return false
        }
        guard let possible = e.possible, !possible.contains(symbol) else { return true }
        var notes: [String] = []
        if case .name(let name) = subject.kind, let reason = scope.impossibleReason(of: name) { notes.append(reason) }
        let here = e.values.filter(possible.contains)
        notes.append(here.isEmpty ? "no value is possible here" : "possible values here: \(here.joined(separator: ", "))")
        report(.neverEqual(who, value, because: " in this flow", range, notes: notes))
        return false
    }

    /// How a message names an operand: `'paymentMethod'`, `'100'`, `'(a or b)'`.
    func describe(_ o: Operand) -> String {
        switch o.kind {
        case .name(let n), .candidate(let n): "\(UserText.quoted(n))"
        case .literal(let l): Self.quoted(l)
        case .condition: "\(UserText.quoted(text(o.range)))"
        }
    }

    /// The type of an operand as a message says it.
    func typeName(_ o: Operand) -> String {
        if case .literal(let l) = o.kind { return Self.type(of: l).description }
        return o.type?.description ?? "unknown"
    }

    /// A comparison that would make sense instead of using a non-boolean name as a condition.
    func example(_ o: Operand) -> String? {
        guard case .name(let n) = o.kind, let type = o.type else { return nil }
        switch type {
        case .bool: return nil
        case .decimal: return "\(n) > 0"
        case .text(.any): return "\(n) == \"text\""
        case .text(.currency): return "\(n) == EUR"
        case .text(.country): return "\(n) == US"
        case .enumeration(let e):
            let first = e.values.first { e.possible?.contains($0) ?? true } ?? e.values.first
            return first.map { "\(n) == \($0)" }
        }
    }

    static func quoted(_ l: Condition.Literal) -> String {
        switch l {
        case .bool(let b): "'\(b)'"
        case .number(_, let written): "\(UserText.quoted(written))"
        case .text(let s), .symbol(let s): "\(UserText.quoted(s))"
        }
    }

    func text(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }
}
