/// A choice among options, moved through with the arrow keys; a filterable list narrows as
/// the person types (countries, states).
package struct ChoiceList: Sendable, Hashable {
    /// One option.
    package struct Option: Sendable, Hashable {
        /// What the answer carries (`card`, `US`, a saved card's last 4 digits).
        package var id: String
        /// What the person reads.
        package var label: String
        /// Shown after the label, muted (`PayPal` accepts …, a state's code).
        package var detail: String?
        /// Another name the filter finds it by, not shown: a country's English name when the
        /// label is in the shopper's language (`Germany` finds `Deutschland`).
        package var alias: String?
        package init(id: String, label: String, detail: String? = nil, alias: String? = nil) {
            self.id = id
            self.label = label
            self.detail = detail
            self.alias = alias
        }

        /// Whether the label or the alias contains `needle` (lower case).
        func names(containing needle: String) -> Bool {
            label.lowercased().contains(needle) || alias?.lowercased().contains(needle) == true
        }

        /// Whether the label or the alias starts with `needle` (lower case).
        func names(startingWith needle: String) -> Bool {
            label.lowercased().hasPrefix(needle) || alias?.lowercased().hasPrefix(needle) == true
        }
    }

    package let options: [Option]
    /// Whether typing filters the list (else digits 1–9 pick an option).
    package let filterable: Bool
    /// What has been typed to filter.
    package private(set) var filter = ""
    /// The option under the cursor, as an index into `options`; nil when the filter matches none.
    package private(set) var selected: Int?

    package init(options: [Option], selectedId: String? = nil, filterable: Bool = false) {
        self.options = options
        self.filterable = filterable
        // A filterable list without a choice starts with none (a state): the person picks one.
        selected = selectedId.flatMap { id in options.firstIndex { $0.id == id } } ?? (options.isEmpty || filterable ? nil : 0)
    }

    /// The options the filter lets through, as indices into `options`.
    package var visible: [Int] {
        guard !filter.isEmpty else { return Array(options.indices) }
        let needle = filter.lowercased()
        let matches = options.indices.filter {
            options[$0].names(containing: needle) || options[$0].id.lowercased() == needle
        }
        // Prefix and exact-code matches first: "uni" → United States before Tunisia.
        return matches.sorted { a, b in rank(a, needle) < rank(b, needle) || (rank(a, needle) == rank(b, needle) && a < b) }
    }

    private func rank(_ i: Int, _ needle: String) -> Int {
        if options[i].id.lowercased() == needle { return 0 }
        return options[i].names(startingWith: needle) ? 1 : 2
    }

    /// The chosen option.
    package var choice: Option? { selected.map { options[$0] } }

    /// Handles a key; false when it is not for the list (Enter, Tab…).
    package mutating func handle(_ key: Key) -> Bool {
        let shown = visible
        switch key {
        case .up, .left:
            move(by: -1, in: shown)
        case .down, .right:
            move(by: 1, in: shown)
        case .home:
            selected = shown.first
        case .end:
            selected = shown.last
        case .text(let t) where filterable:
            filter += t
            refilter()
        case .backspace where filterable:
            guard !filter.isEmpty else { return true }
            filter.removeLast()
            refilter()
        case .clearLine where filterable:
            filter = ""
            refilter()
        case .text(let t):
            // Digits pick the numbered option.
            if let n = Int(t), n >= 1, n <= shown.count { selected = shown[n - 1] }
        default:
            return false
        }
        return true
    }

    private mutating func move(by step: Int, in shown: [Int]) {
        guard !shown.isEmpty else { return }
        guard let at = selected.flatMap({ shown.firstIndex(of: $0) }) else {
            selected = step > 0 ? shown.first : shown.last
            return
        }
        selected = shown[(at + step + shown.count) % shown.count]
    }

    private mutating func refilter() {
        let shown = visible
        if let s = selected, shown.contains(s), !filter.isEmpty, rank(s, filter.lowercased()) == 0 { return }
        selected = shown.first
    }

    /// Up to `limit` visible options around the selection, for drawing a long list.
    package func window(limit: Int) -> (indices: [Int], more: (above: Int, below: Int)) {
        let shown = visible
        guard shown.count > limit else { return (shown, (0, 0)) }
        let at = selected.flatMap { shown.firstIndex(of: $0) } ?? 0
        let start = max(0, min(at - limit / 2, shown.count - limit))
        return (Array(shown[start..<(start + limit)]), (start, shown.count - start - limit))
    }
}

/// A yes/no switch ("store my card", "shipping same as billing").
package struct Toggle: Sendable, Hashable {
    package var isOn: Bool
    /// A fixed switch cannot be changed (`cards.storeCard: required` shows it on).
    package var isFixed: Bool

    package init(isOn: Bool, isFixed: Bool = false) {
        self.isOn = isOn
        self.isFixed = isFixed
    }

    /// Space, the arrows, `y` and `n`; false for other keys.
    package mutating func handle(_ key: Key) -> Bool {
        switch key {
        case .text(" "), .left, .right:
            if !isFixed { isOn.toggle() }
        case .text(let t) where t.lowercased() == "y":
            if !isFixed { isOn = true }
        case .text(let t) where t.lowercased() == "n":
            if !isFixed { isOn = false }
        default:
            return false
        }
        return true
    }
}
