/// The names a condition may read at one point of a pipeline, with their types.
///
/// A name is either available (`define`), or part of the language but not set yet at this
/// point (`defineLater`), which makes reading it an error that says why.
package struct ConditionScope: Sendable {
    struct Entry: Sendable {
        var type: ConditionType
        /// Why the name is not set yet at this point; nil when it is available.
        var laterReason: String?
        /// A gate the name depends on: it is not set while the gate is closed.
        var gate: Int?
    }

    /// Definitions shared with other scopes (see `sharingDefinitions()`); `entries` wins.
    private var shared: SharedNames?
    private var entries: [String: Entry] = [:]
    private var impossibleReasons: [String: String] = [:]
    /// Names defined on demand, after `entries` and `shared`: a caller with many names of
    /// which a condition reads a few (a flow's step outcomes) defines none of them up front.
    var source: (any ConditionNameSource)?
    /// Closed gates and why: names behind them are not set at this point.
    public var closedGates: [Int: String] = [:]
    /// Further closed gates, for a caller that words a reason only when a name behind the gate
    /// is read: the reason for a gate closed at point `point`, nil for an open one. Set once;
    /// moving to another point of the pipeline is setting `point`.
    var closedGateReason: (@Sendable (_ gate: Int, _ point: Int) -> String?)?
    /// The point of the pipeline `closedGateReason` is asked about.
    var point = 0

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
        var all = shared?.entries ?? [:]
        all.merge(scope.entries) { $1 }
        scope.shared = SharedNames(all)
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
        if let shared, let entry = shared[name] { return entry }
        return source?.entry(name)
    }

    /// Why `name` is not set here; nil when it is available (or unknown).
    func laterReason(of name: String) -> String? {
        entry(name).flatMap(laterReason)
    }

    /// Why the name defined by `entry` is not set here; nil when it is available.
    func laterReason(_ entry: Entry) -> String? {
        if let reason = entry.laterReason { return reason }
        guard let gate = entry.gate else { return nil }
        return reason(closing: gate)
    }

    /// Why gate `gate` is closed at this point; nil when it is open. The only part of a scope
    /// that changes from one point of a pipeline to the next.
    func reason(closing gate: Int) -> String? {
        closedGates[gate] ?? closedGateReason?(gate, point)
    }

    /// Why the enumeration `name` cannot hold values outside its `possible` set
    /// (`this flow does not offer paypal`); shown as a note when a condition compares with one.
    public mutating func setImpossibleReason(_ name: String, _ reason: String) {
        impossibleReasons[name] = reason
    }

    /// Why the enumeration `name` cannot hold some of its values, if that was said.
    func impossibleReason(of name: String) -> String? {
        impossibleReasons[name] ?? source?.impossibleReason(of: name)
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
        var names = Set(entries.keys)
        if let shared { names.formUnion(shared.entries.keys) }
        if let source { names.formUnion(source.names) }
        return names.sorted()
    }
}

/// Names a scope defines on demand (see `ConditionScope.source`).
protocol ConditionNameSource: Sendable {
    /// The definition of `name`, nil when this source does not define it.
    func entry(_ name: String) -> ConditionScope.Entry?
    /// Every name this source defines.
    var names: [String] { get }
    /// Why the enumeration `name` cannot hold some of its values, if there is a reason to give.
    func impossibleReason(of name: String) -> String?
}

/// The definitions scopes share, built once: found by length, then by text, without hashing.
final class SharedNames: Sendable {
    let entries: [String: ConditionScope.Entry]
    /// The names by UTF-8 length: `byLength[n]` lists the positions in `names` of the names of n bytes.
    private let byLength: [[Int]]
    private let names: [String]
    private let values: [ConditionScope.Entry]

    init(_ entries: [String: ConditionScope.Entry]) {
        self.entries = entries
        names = Array(entries.keys)
        values = names.map { entries[$0]! }
        var byLength = [[Int]](repeating: [], count: (names.map(\.utf8.count).max() ?? 0) + 1)
        for (i, name) in names.enumerated() { byLength[name.utf8.count].append(i) }
        self.byLength = byLength
    }

    subscript(_ name: String) -> ConditionScope.Entry? {
        let count = name.utf8.count
        guard count < byLength.count else { return nil }
        for i in byLength[count] where names[i] == name { return values[i] }
        return nil
    }
}
