import CheckoutDomain

/// One screen as a form: fields in order, one active, each checked when it is left.
///
/// Keys: typing goes to the active field; Enter or Tab checks it and moves on (on the last
/// field, Enter checks them all and submits); Shift-Tab goes back (and ↑/↓ in text fields);
/// Esc asks whether to leave the checkout; Ctrl-C interrupts; Ctrl-D on an empty field ends
/// input. A field's problem is shown under it with the reason, and the field stays active.
package struct Form: Sendable {
    /// What a field holds.
    package enum Control: Sendable, Hashable {
        case text(TextInput)
        case choice(ChoiceList)
        case toggle(Toggle)
        /// A line of information and a button: Enter goes on (review, result).
        case confirm
    }

    /// One field.
    package struct Field: Sendable {
        package var id: String
        package var label: String
        package var control: Control
        /// Shown muted after an empty text field.
        package var placeholder: String?
        package init(id: String, label: String, control: Control, placeholder: String? = nil) {
            self.id = id
            self.label = label
            self.control = control
            self.placeholder = placeholder
        }
    }

    /// The current values by field id: text as answered (`MM/YY`), a choice's id, `"true"`
    /// or `"false"` for a switch. Hidden fields are left out.
    package typealias Values = [String: String]

    /// How a key ended up.
    package enum Event: Sendable, Equatable {
        case none
        case submitted
        /// The person confirmed leaving the checkout (Esc, then `y`).
        case canceled
        case interrupted
        case endOfInput
    }

    package var fields: [Field]
    /// Index of the active field.
    package private(set) var active = 0
    /// Problems by field id, shown under the field.
    package var errors: [String: String] = [:]
    /// Whether the "leave the checkout?" question is showing.
    package private(set) var confirmingCancel = false
    /// The question Esc asks: what `y` does. A screen whose cancel the flow routes to another
    /// stage (a card scan's typed-card fallback) says where it goes instead of "leave".
    package var cancelQuestion = "Leave the checkout? y leaves, any other key stays"
    /// Fields the person has left at least once (their problems are shown as they type).
    package private(set) var visited: Set<String> = []

    /// Checks one field with everything typed so far; nil when it is fine. `leaving` is
    /// false while the person types: then only problems that typing more cannot fix are reported.
    package typealias Check = @Sendable (_ values: Values, _ field: String, _ leaving: Bool) -> String?
    /// Whether a field is shown, given the values (a state only for countries with states).
    package typealias Shown = @Sendable (_ values: Values, _ field: String) -> Bool

    private let check: Check
    private let shown: Shown

    package init(fields: [Field], check: @escaping Check = { _, _, _ in nil }, shown: @escaping Shown = { _, _ in true }) {
        self.fields = fields
        self.check = check
        self.shown = shown
        active = visibleIndices.first ?? 0
    }

    package var values: Values {
        let all = allValues
        return all.filter { shown(all, $0.key) }
    }

    /// The indices of the fields shown now.
    package var visibleIndices: [Int] {
        let all = allValues
        return fields.indices.filter { shown(all, fields[$0].id) }
    }

    /// Every field's value, hidden ones included: what decides which fields are shown.
    private var allValues: Values {
        var v: Values = [:]
        for f in fields { v[f.id] = Self.value(of: f.control) }
        return v
    }

    static func value(of control: Control) -> String? {
        switch control {
        case .text(let t): t.answer
        case .choice(let c): c.choice?.id
        case .toggle(let t): t.isOn ? "true" : "false"
        case .confirm: nil
        }
    }

    /// Makes `id` the active field (a re-prompt after the runtime refused an answer).
    package mutating func focus(_ id: String) {
        if let i = fields.firstIndex(where: { $0.id == id }), visibleIndices.contains(i) { active = i }
    }

    /// Replaces what the active field holds (line mode sets a whole answer at once).
    package mutating func setActive(_ control: Control) {
        fields[active].control = control
    }

    /// Handles one key.
    package mutating func handle(_ key: Key) -> Event {
        if key == .interrupt { return .interrupted }
        if confirmingCancel {
            switch key {
            case .text(let t) where t.lowercased() == "y": return .canceled
            case .endOfInput: return .endOfInput
            default:
                confirmingCancel = false
                return .none
            }
        }
        switch key {
        case .escape:
            confirmingCancel = true
            return .none
        case .endOfInput:
            if case .text(let t) = fields[active].control, !t.value.isEmpty { return .none }
            return .endOfInput
        case .enter, .tab:
            return advance(maySubmit: true)
        case .backTab:
            back()
            return .none
        default:
            break
        }
        if case .text(let typed) = key, case .text = fields[active].control {
            type(typed)
            return .none
        }
        var field = fields[active]
        let consumed: Bool
        switch field.control {
        case .text(var t):
            consumed = t.handle(key)
            field.control = .text(t)
        case .choice(var c):
            consumed = c.handle(key)
            field.control = .choice(c)
        case .toggle(var t):
            consumed = t.handle(key)
            field.control = .toggle(t)
        case .confirm:
            consumed = false
        }
        fields[active] = field
        if consumed {
            liveCheck()
        } else if key == .up {
            back()
        } else if key == .down {
            return advance(maySubmit: false)
        }
        return .none
    }

    /// Typed text, character by character: a card number or expiry that is complete and
    /// valid moves on to the next field, and the rest of the text goes there (a paste of
    /// number, expiry and code fills all three).
    private mutating func type(_ typed: String) {
        for ch in typed {
            guard case .text(var t) = fields[active].control else { return }
            _ = t.handle(.text(String(ch)))
            fields[active].control = .text(t)
            liveCheck()
            if Self.isComplete(t), check(values, fields[active].id, true) == nil,
                visibleIndices.contains(where: { $0 > active })
            {
                _ = advance(maySubmit: false)
            }
        }
    }

    /// A card number of its brand's usual length, or a whole expiry.
    static func isComplete(_ t: TextInput) -> Bool {
        switch t.format {
        case .expiry: return t.value.count == 4 && t.cursor == 4
        case .cardNumber:
            guard let brand = CardBrand.detect(t.value), t.cursor == t.value.count else { return false }
            let n = t.value.count
            return brand.lengths.contains(n) && (n >= 16 || n == brand.lengths.max())
        default: return false
        }
    }

    /// As the person types: a problem typing more cannot fix is shown at once; a problem
    /// shown before is cleared as soon as it is fixed.
    private mutating func liveCheck() {
        let id = fields[active].id
        if let problem = check(values, id, false) {
            errors[id] = problem
        } else if errors[id] != nil {
            errors[id] = visited.contains(id) ? check(values, id, true) : nil
        }
    }

    private mutating func advance(maySubmit: Bool) -> Event {
        let id = fields[active].id
        visited.insert(id)
        if let problem = check(values, id, true) {
            errors[id] = problem
            return .none
        }
        errors[id] = nil
        let order = visibleIndices
        if let next = order.first(where: { $0 > active }) {
            active = next
            return .none
        }
        guard maySubmit else { return .none }
        // The last field: check every shown field; go to the first with a problem.
        let v = values
        for i in order {
            let fid = fields[i].id
            if let problem = check(v, fid, true) {
                errors[fid] = problem
                active = i
                return .none
            }
        }
        return .submitted
    }

    private mutating func back() {
        if let previous = visibleIndices.last(where: { $0 < active }) { active = previous }
    }
}
