/// Every problem found in one group of fields, as an error (e.g. the failure of `CardValidator`).
package struct FieldIssues: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in field order; at most one per field from the validators in this module.
    public var issues: [FieldIssue]

    /// Wraps a list of issues.
    public init(issues: [FieldIssue]) {
        self.issues = issues
    }

    /// The issues, one per line.
    public var description: String {
        issues.map(\.description).joined(separator: "\n")
    }

    /// The codes by field, handy for tests and summaries: `["number": "luhn_check_failed"]`.
    public var codesByField: [String: String] {
        Dictionary(issues.map { ($0.field, $0.code) }, uniquingKeysWith: { first, _ in first })
    }
}
