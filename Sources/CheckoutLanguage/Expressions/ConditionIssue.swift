import CheckoutDomain

/// A finding about one condition: severity, rule, message, and where in the condition text.
///
/// The compiler turns it into a `Diagnostic` by offsetting `range` into the flow file.
package struct ConditionIssue: Error, Sendable, Hashable {
    /// How serious it is; only `constant-condition` is a warning.
    public var severity: Severity
    /// The stable rule id, e.g. `unknown-name`; see `docs/rules.md`.
    public var rule: Rule
    /// One sentence, lower case start, no trailing period.
    public var message: String
    /// The span, as offsets in Unicode scalars within the condition text; empty at the end of
    /// the text when something is missing there.
    public var range: Range<Int>
    /// A replacement the author probably meant (`paymentMethod` for `paymentMethd`).
    public var suggestion: String?
    /// Further lines of explanation.
    public var notes: [String]

    /// Creates an issue.
    public init(
        _ severity: Severity = .error, rule: Rule, message: String, range: Range<Int>, suggestion: String? = nil,
        notes: [String] = []
    ) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.range = range
        self.suggestion = suggestion
        self.notes = notes
    }
}

// The messages, in one place so their wording stays consistent.
extension ConditionIssue {
    static func syntax(_ message: String, _ range: Range<Int>, suggestion: String? = nil, notes: [String] = []) -> ConditionIssue {
        ConditionIssue(rule: .conditionSyntax, message: message, range: range, suggestion: suggestion, notes: notes)
    }

    static func notAnOperator(_ written: String, meant: String, _ range: Range<Int>) -> ConditionIssue {
        syntax("\(UserText.quoted(written)) is not an operator; did you mean \(UserText.quoted(meant))?", range, suggestion: meant)
    }

    static func unknownName(_ name: String, _ range: Range<Int>, in scope: ConditionScope) -> ConditionIssue {
        let names = scope.allNames
        let suggestion = Suggestions.closest(to: name, in: names)
        let notes = suggestion == nil && !names.isEmpty ? ["names here: \(names.joined(separator: ", "))"] : []
        return ConditionIssue(
            rule: .unknownName, message: "unknown name \(UserText.quoted(name))", range: range, suggestion: suggestion, notes: notes)
    }

    static func notAvailable(_ name: String, reason: String, _ range: Range<Int>) -> ConditionIssue {
        ConditionIssue(
            rule: .nameNotAvailable, message: "\(UserText.quoted(name)) is not available at this point", range: range, notes: [reason])
    }

    static func notBoolean(
        _ subject: String, _ type: String, context: String, _ range: Range<Int>, example: String?
    )
        -> ConditionIssue
    {
        let notes = example.map { ["compare it with a value, e.g. \($0)"] } ?? []
        return ConditionIssue(rule: .conditionType, message: "\(context); \(subject) is \(type)", range: range, notes: notes)
    }

    static func cannotCompare(
        _ left: String, _ leftType: String, _ right: String, _ rightType: String, _ range: Range<Int>
    )
        -> ConditionIssue
    {
        ConditionIssue(rule: .conditionType, message: "cannot compare \(left) (\(leftType)) with \(right) (\(rightType))", range: range)
    }

    static func orderingNeedsNumbers(
        _ op: ComparisonOperator, _ subject: String, _ type: String, _ range: Range<Int>
    )
        -> ConditionIssue
    {
        ConditionIssue(rule: .conditionType, message: "'\(op.rawValue)' compares numbers; \(subject) is \(type)", range: range)
    }

    static func neverEqual(
        _ subject: String, _ value: String, because reason: String, _ range: Range<Int>, suggestion: String? = nil,
        notes: [String] = []
    ) -> ConditionIssue {
        ConditionIssue(
            rule: .impossibleComparison, message: "\(subject) can never equal \(value)\(reason)", range: range, suggestion: suggestion,
            notes: notes)
    }

    static func constant(_ value: Bool, because reason: String, _ range: Range<Int>) -> ConditionIssue {
        ConditionIssue(.warning, rule: .constantCondition, message: "this is always \(value); \(reason)", range: range)
    }
}
