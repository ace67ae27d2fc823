import CheckoutDomain

/// One kind of small change `checkout test --mutate` makes to a flow (docs/testing.md lists
/// them from `MutationOperator.all`): which scalars it applies to, and what it writes instead.
package struct MutationOperator: Sendable {
    /// The operator's name, shown with each mutant (`number`, `condition`).
    package var name: String
    /// What it changes, for the docs.
    package var summary: String
    /// The new values (as text, before YAML quoting) for a site; empty when it does not apply.
    /// `MutationOperator.removed` stands for taking a list item out of its list.
    package var changes: @Sendable (MutationSite) -> [String]

    /// Creates an operator.
    package init(name: String, summary: String, changes: @escaping @Sendable (MutationSite) -> [String]) {
        self.name = name
        self.summary = summary
        self.changes = changes
    }

    /// The change that removes a list item (shown as `(removed)`).
    package static let removed = "(removed)"

    /// Top-level keys that are never mutated: they name the flow, pick the provider (a change
    /// would leave the offline sandbox) or only style the terminal.
    package static let notMutated: Set<String> = ["flow", "dsl", "extends", "title", "description", "provider", "theme"]

    /// The table of operators, in the order their mutants are made at each site.
    package static let all: [MutationOperator] = [
        MutationOperator(
            name: "number",
            summary:
                "a decimal or whole number (price amount, tax rate, currency rate, capture or refund amount) becomes 0, and its value plus 1",
            changes: { site in
                guard site.key != "attempts", isNumber(site.shape) else { return [] }
                return [zero(site.text), plusOne(site.text)].compactMap { $0 }.filter { $0 != site.text }
            }),
        MutationOperator(
            name: "retry",
            summary: "`retry.attempts` becomes 1 (no retry), or 2 when it is 1",
            changes: { site in
                guard site.key == "attempts", let n = Int(site.text) else { return [] }
                return [n == 1 ? "2" : "1"]
            }),
        MutationOperator(
            name: "duration",
            summary: "a timeout or retry delay becomes `1ms` (`1s` when it is `1ms`)",
            changes: { site in
                guard site.shape == .duration else { return [] }
                return [site.text == "1ms" ? "1s" : "1ms"]
            }),
        MutationOperator(
            name: "currency",
            summary: "a currency code becomes EUR (USD when it is EUR)",
            changes: { site in
                guard site.shape == .currencyCode else { return [] }
                return [site.text == "EUR" ? "USD" : "EUR"]
            }),
        MutationOperator(
            name: "boolean",
            summary: "a flag (`withEmail`, `activate3DS`, `fields.available.*`, a custom field's `required` …) is negated",
            changes: { site in
                guard site.shape == .bool else { return [] }
                switch site.text {
                case "true": return ["false"]
                case "false": return ["true"]
                default: return []
                }
            }),
        MutationOperator(
            name: "presence",
            summary: "a field's presence (`fields.billing.*`, `fields.shipping.*`) becomes each other of required, optional, hidden",
            changes: { site in
                guard site.shape == presenceShape else { return [] }
                return FieldPresence.allCases.map(\.rawValue).filter { $0 != site.text }
            }),
        MutationOperator(
            name: "enumeration",
            summary:
                "a setting from a fixed set (`transactionType`, `mode`, `storeCard`, `source`, `backoff` …) becomes each other value; stage `kind`s are not changed",
            changes: { site in
                guard site.listItems == nil, site.key != "kind", site.shape != presenceShape, case .enumeration(let values, _) = site.shape
                else { return [] }
                return values.filter { $0 != site.text }
            }),
        MutationOperator(
            name: "list-item",
            summary:
                "an item of a list of fixed values (accepted card brands, offered payment methods, hooks) is removed; a list of one item becomes `[]`",
            changes: { site in
                guard site.listItems != nil, case .enumeration = site.shape else { return [] }
                return [removed]
            }),
        MutationOperator(
            name: "route",
            summary: "a route's target (`on: { declined: card }`) becomes `end`; a route to `end` goes to the first other stage",
            changes: { site in
                guard isRoute(site) else { return [] }
                if site.text != "end" { return ["end"] }
                return site.stageIDs.first { $0 != site.stageID }.map { [$0] } ?? []
            }),
        MutationOperator(
            name: "condition",
            summary:
                "a `when` condition is negated (`not (…)`), and each of its comparisons, `in`s, `and`s and `or`s is swapped for its opposite (`>=` ↔ `<`, `==` ↔ `!=`, `in` ↔ `not in`, `and` ↔ `or`)",
            changes: { site in
                guard site.key == "when" || site.key == "if" else { return [] }
                return ConditionMutations.changes(of: site.text)
            }),
    ]

    static let presenceShape = ValueShape.cases(FieldPresence.self)

    static func isNumber(_ shape: ValueShape) -> Bool {
        switch shape {
        case .decimal, .integer: true
        default: false
        }
    }

    static func isRoute(_ site: MutationSite) -> Bool {
        site.keyPath.hasSuffix(".on.\(site.key)") && StageOutcome(rawValue: site.key) != nil
    }

    /// `0` for a number that is not zero already.
    static func zero(_ text: String) -> String? {
        text.allSatisfy { $0 == "0" || $0 == "." } ? nil : "0"
    }

    /// The number plus one, written with the same decimals (`100.00` → `101.00`).
    static func plusOne(_ text: String) -> String? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = Int(parts[0]), whole < Int.max else { return nil }
        return parts.count == 2 ? "\(whole + 1).\(parts[1])" : "\(whole + 1)"
    }
}
