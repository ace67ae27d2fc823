/// The names a condition may read at one point of a pipeline, with their types.
///
/// A name is either available (`define`), or part of the language but not set yet at this
/// point (`defineLater`), which makes reading it an error that says why.
public struct ConditionScope: Sendable {
    struct Entry: Sendable {
        var type: ConditionType
        /// Why the name is not set yet at this point; nil when it is available.
        var laterReason: String?
    }

    private(set) var entries: [String: Entry] = [:]
    private(set) var impossibleReasons: [String: String] = [:]

    /// An empty scope.
    public init() {}

    /// Makes `name` available with `type`, replacing an earlier definition.
    public mutating func define(_ name: String, _ type: ConditionType) {
        entries[name] = Entry(type: type, laterReason: nil)
    }

    /// Declares `name` as existing in the language but not set at this point; `reason` says why
    /// (`set by screen 'billing', which has not run at this point`). Replaces an earlier definition.
    public mutating func defineLater(_ name: String, _ type: ConditionType, reason: String) {
        entries[name] = Entry(type: type, laterReason: reason)
    }

    /// Why the enumeration `name` cannot hold values outside its `possible` set
    /// (`this flow does not offer paypal`); shown as a note when a condition compares with one.
    public mutating func setImpossibleReason(_ name: String, _ reason: String) {
        impossibleReasons[name] = reason
    }

    /// The type of `name`, whether available here or only later; nil for an unknown name.
    public func type(of name: String) -> ConditionType? {
        entries[name]?.type
    }

    /// True when `name` is defined and available at this point.
    public func isAvailable(_ name: String) -> Bool {
        entries[name].map { $0.laterReason == nil } ?? false
    }

    /// Every name known here, available or later, sorted (the candidates for "did you mean").
    public var allNames: [String] {
        entries.keys.sorted()
    }
}
