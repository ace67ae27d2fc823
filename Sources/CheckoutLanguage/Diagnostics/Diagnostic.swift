import CheckoutDomain

/// How serious a finding is.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    /// An error stops the flow from compiling; a warning or a note does not.
    case error, warning, note

    private var rank: Int {
        switch self {
        case .error: 2
        case .warning: 1
        case .note: 0
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A finding about the user's flow (or answers file): severity, stable rule id, message,
/// where it is, and how to fix it. The compiler collects all of them and keeps going.
public struct Diagnostic: Sendable, Hashable {
    /// How serious it is.
    public var severity: Severity
    /// The stable rule id, e.g. `unknown-key`; see `docs/rules.md`.
    public var rule: Rule
    /// One sentence, lower case start, no trailing period.
    public var message: String
    /// The file the finding is in, as the user named it; `nil` for input without a file.
    public var file: String?
    /// The span the finding is about.
    public var range: SourceRange?
    /// Further lines of explanation (rendered as `note:` lines).
    public var notes: [String]
    /// A replacement the user probably meant (`withEmail` for `withEmial`); never one that
    /// could be card data (a flow id of `4111 1111 1111 1111` would be "did you mean
    /// '4111-1111-1111-1111'?"), which is dropped.
    public var suggestion: String? {
        didSet { suggestion = Self.withoutCardData(suggestion) }
    }
    /// True when the source line must not be shown (it may hold a secret).
    public var hidesSource: Bool = false

    /// Creates a diagnostic.
    public init(
        _ severity: Severity = .error,
        rule: Rule,
        message: String,
        file: String? = nil,
        range: SourceRange? = nil,
        notes: [String] = [],
        suggestion: String? = nil
    ) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.file = file
        self.range = range
        self.notes = notes
        self.suggestion = Self.withoutCardData(suggestion)
    }

    private static func withoutCardData(_ suggestion: String?) -> String? {
        guard let suggestion, !UserText.containsCardNumber(suggestion) else { return nil }
        return suggestion
    }
}

extension Array where Element == Diagnostic {
    /// True when any element is an error.
    package var hasErrors: Bool { contains { $0.severity == .error } }
}
