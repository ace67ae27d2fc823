/// How many errors, warnings and notes a report holds: all a run keeps of its diagnostics once
/// each file's have been written out.
package struct DiagnosticCounts: Sendable, Hashable {
    /// Findings of severity error.
    public var errors = 0
    /// Findings of severity warning.
    public var warnings = 0
    /// Findings of severity note.
    public var notes = 0

    /// No findings.
    public init() {}

    /// The counts of `diagnostics`.
    public init(_ diagnostics: [Diagnostic]) {
        add(diagnostics)
    }

    /// Counts `diagnostics` in.
    public mutating func add(_ diagnostics: [Diagnostic]) {
        for d in diagnostics {
            switch d.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
    }

    /// True when any error was counted.
    public var hasErrors: Bool { errors > 0 }
}
