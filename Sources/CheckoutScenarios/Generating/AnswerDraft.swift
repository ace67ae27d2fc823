package import CheckoutJSON
package import CheckoutRuntime

/// The answers of one generated scenario, as they are written inline (`answers:` of a
/// scenarios file, read back by `AnswersReader`): top-level keys in the order they were set,
/// each a value or a mapping of values; and the shopper the scenario's own `sandbox:` gives
/// the run, when it gives one (`sandboxLines`).
package struct AnswerDraft: Sendable, Hashable {
    /// The top-level keys and their values, in order.
    package private(set) var members: [JSONMember] = []
    /// The shopper of the scenario's own `sandbox:` (a stored choice of another card for a flow
    /// that charges the shopper's stored choice); nil: the file's sandbox as it is.
    package var shopper: StoredShopper?
    /// The stand-in for the flow's tax service (the scenario's `taxService:`); nil: the flow's
    /// real service.
    package var taxService: TaxServiceStandIn?

    /// Empty answers.
    package init() {}

    package static func == (a: AnswerDraft, b: AnswerDraft) -> Bool {
        a.lines(indent: 0) == b.lines(indent: 0) && a.shopper == b.shopper && a.taxService == b.taxService
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(lines(indent: 0))
        hasher.combine(shopper)
        hasher.combine(taxService)
    }

    /// The value at a dotted path (`card.number`, `paymentMethod`, `custom.plan`).
    package func value(at path: String) -> JSONValue? {
        let parts = Self.split(path)
        guard let top = members.first(where: { $0.key == parts.head })?.value else { return nil }
        guard let rest = parts.rest else { return top }
        return top[rest]
    }

    /// Sets the value at a dotted path of at most two parts, keeping the keys' order (a new
    /// key goes last).
    package mutating func set(_ path: String, _ value: JSONValue) {
        let parts = Self.split(path)
        guard let rest = parts.rest else {
            replace(parts.head, value)
            return
        }
        var inner: [JSONMember] = []
        if case .object(let existing)? = members.first(where: { $0.key == parts.head })?.value { inner = existing }
        if let i = inner.firstIndex(where: { $0.key == rest }) {
            inner[i].value = value
        } else {
            inner.append(JSONMember(rest, value))
        }
        replace(parts.head, .object(inner))
    }

    /// Removes the value at a dotted path (and its top-level key when nothing is left in it).
    package mutating func remove(_ path: String) {
        let parts = Self.split(path)
        guard let rest = parts.rest else {
            members.removeAll { $0.key == parts.head }
            return
        }
        guard let i = members.firstIndex(where: { $0.key == parts.head }), case .object(var inner) = members[i].value else { return }
        inner.removeAll { $0.key == rest }
        if inner.isEmpty { members.remove(at: i) } else { members[i].value = .object(inner) }
    }

    /// The leaf paths set, in order (`card.number`, `card.expiry`, …, `paymentMethod`).
    package var leafPaths: [String] {
        members.flatMap { member -> [String] in
            guard case .object(let inner) = member.value else { return [member.key] }
            return inner.map { member.key + "." + $0.key }
        }
    }

    /// The answers as YAML lines under `answers:`, each `indent` spaces in: `card: { … }`.
    package func lines(indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        return members.map { pad + ResultSnapshot.key($0.key) + ": " + ResultSnapshot.flow($0.value) }
    }

    private mutating func replace(_ key: String, _ value: JSONValue) {
        if let i = members.firstIndex(where: { $0.key == key }) {
            members[i].value = value
        } else {
            members.append(JSONMember(key, value))
        }
    }

    private static func split(_ path: String) -> (head: String, rest: String?) {
        guard let dot = path.firstIndex(of: ".") else { return (path, nil) }
        return (String(path[..<dot]), String(path[path.index(after: dot)...]))
    }
}
