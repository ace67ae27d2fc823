/// The names a condition may read at one point of a pipeline, with their types.
///
/// A name is either available (`define`), or part of the language but not set yet at this
/// point (`defineLater`), which makes reading it an error that says why.
public struct ConditionScope: Sendable {
    struct Entry: Sendable {
        var type: ConditionType
        /// Why the name is not set yet at this point; nil when it is available.
        var laterReason: String?
        /// A gate the name depends on: it is not set while the gate is closed.
        var gate: Int?
    }

    /// Definitions shared with other scopes (see `sharingDefinitions()`); `entries` wins.
    private var shared: [String: Entry] = [:]
    private var entries: [String: Entry] = [:]
    private var impossibleReasons: [String: String] = [:]
    /// Further reasons (see `setImpossibleReason`), for a caller that words a reason only when
    /// a message needs it: the reason for a name, nil when there is none.
    var impossibleReasonWording: (@Sendable (String) -> String?)?
    /// Closed gates and why: names behind them are not set at this point.
    public var closedGates: [Int: String] = [:]
    /// Further closed gates, for a caller that words a reason only when a name behind the gate
    /// is read: the reason for a closed gate, nil for an open one.
    var closedGateReason: (@Sendable (Int) -> String?)?

    /// An empty scope.
    public init() {}

    /// Makes `name` available with `type`, replacing an earlier definition.
    public mutating func define(_ name: String, _ type: ConditionType) {
        entries[name] = Entry(type: type, laterReason: nil)
    }

    /// Makes `name` available while `gate` is open (see `closedGates`): one scope can then
    /// serve every point of a pipeline by closing the gates not passed yet.
    public mutating func define(_ name: String, _ type: ConditionType, gate: Int) {
        entries[name] = Entry(type: type, laterReason: nil, gate: gate)
    }

    /// Declares `name` as existing in the language but not set at this point; `reason` says why
    /// (`set by screen 'billing', which has not run at this point`). Replaces an earlier definition.
    public mutating func defineLater(_ name: String, _ type: ConditionType, reason: String) {
        entries[name] = Entry(type: type, laterReason: reason)
    }

    /// The same scope, its definitions moved where copies of it share them: a scope built once
    /// and copied for every flow then costs no copy of its table when a flow adds names.
    func sharingDefinitions() -> ConditionScope {
        var scope = self
        scope.shared.merge(scope.entries) { $1 }
        scope.entries = [:]
        return scope
    }

    /// Makes room for `count` more definitions.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(entries.count + count)
    }

    /// The definition of `name`, available here or not; nil for an unknown name.
    func entry(_ name: String) -> Entry? {
        if !entries.isEmpty, let own = entries[name] { return own }
        return shared.isEmpty ? nil : shared[name]
    }

    /// Why `name` is not set here; nil when it is available (or unknown).
    func laterReason(of name: String) -> String? {
        entry(name).flatMap(laterReason)
    }

    /// Why the name defined by `entry` is not set here; nil when it is available.
    func laterReason(_ entry: Entry) -> String? {
        if let reason = entry.laterReason { return reason }
        guard let gate = entry.gate else { return nil }
        return closedGates[gate] ?? closedGateReason?(gate)
    }

    /// Why the enumeration `name` cannot hold values outside its `possible` set
    /// (`this flow does not offer paypal`); shown as a note when a condition compares with one.
    public mutating func setImpossibleReason(_ name: String, _ reason: String) {
        impossibleReasons[name] = reason
    }

    /// Why the enumeration `name` cannot hold some of its values, if that was said.
    func impossibleReason(of name: String) -> String? {
        impossibleReasons[name] ?? impossibleReasonWording?(name)
    }

    /// The type of `name`, whether available here or only later; nil for an unknown name.
    public func type(of name: String) -> ConditionType? {
        entry(name)?.type
    }

    /// True when `name` is defined and available at this point.
    public func isAvailable(_ name: String) -> Bool {
        entry(name) != nil && laterReason(of: name) == nil
    }

    /// Every name known here, available or later, sorted (the candidates for "did you mean").
    public var allNames: [String] {
        Set(shared.keys).union(entries.keys).sorted()
    }
}
