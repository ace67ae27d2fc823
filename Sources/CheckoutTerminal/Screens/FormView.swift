import CheckoutDomain

/// Draws a form: heading, one line per field (the active one marked, its list open below it),
/// problems under their fields, and a line of key hints. The card number is shown in full only
/// while its field is active; after that, only the brand and the last four digits.
struct FormView {
    var palette: Palette
    var columns: Int
    /// How many options of a long list are shown at once.
    var listRows = 7
    /// The shopper's language of the controls and key hints.
    var text = ShopperText.english

    struct Drawn {
        var lines: [StyledLine]
        /// Where the cursor goes (a text field being typed in); nil hides it.
        var cursor: (row: Int, column: Int)?
    }

    func draw(_ form: Form, heading: String, amount: String?, info: [StyledLine] = []) -> Drawn {
        var lines: [StyledLine] = []
        var head = StyledLine([(heading, palette.title)])
        if let amount { head.add("  " + amount, palette.amount) }
        lines.append(head)
        lines += info
        var cursor: (Int, Int)?
        let visible = form.visibleIndices
        let labelWidth = visible.filter { form.fields[$0].control != .confirm }.map { DisplayWidth.of(form.fields[$0].label) }.max() ?? 0
        for i in visible {
            let field = form.fields[i]
            let isActive = i == form.active
            var line = StyledLine([(isActive ? "❯ " : "  ", palette.accent)])
            if field.control == .confirm {
                line.add(isActive ? "[ \(field.label) ]" : field.label, isActive ? palette.accent : palette.muted)
                lines.append(line)
                continue
            }
            line.add(pad(field.label, labelWidth) + "  ", palette.label)
            let column = line.width
            switch field.control {
            case .text(let t):
                let shown = isActive ? t.display.text : Self.settled(t, text)
                if shown.isEmpty {
                    if let p = field.placeholder { line.add(p, palette.placeholder) }
                } else {
                    line.add(shown, palette.text)
                }
                if isActive, case .cardNumber = t.format, let brand = CardBrand.detect(t.value) {
                    line.add("  " + brand.niceName, palette.muted)
                }
                if isActive { cursor = (lines.count, column + t.display.cursor) }
                lines.append(line)
            case .choice(let c):
                if isActive {
                    if c.filterable {
                        line.add(c.filter, palette.text)
                        cursor = (lines.count, column + DisplayWidth.of(c.filter))
                        if c.filter.isEmpty { line.add(text("list.typeToFilter"), palette.placeholder) }
                    }
                    lines.append(line)
                    lines += options(c)
                } else {
                    line.add(c.choice?.label ?? "", palette.text)
                    lines.append(line)
                }
            case .toggle(let t):
                line.add(t.isOn ? text("toggle.yes") : text("toggle.no"), t.isOn ? palette.success : palette.text)
                if t.isFixed { line.add("  " + text("toggle.always"), palette.muted) }
                lines.append(line)
            case .confirm:
                break
            }
            if let problem = form.errors[field.id] {
                for (n, part) in DisplayWidth.wrap(problem, cells: max(20, columns - 8)).enumerated() {
                    lines.append(StyledLine([("    " + (n == 0 ? "✖ " : "  ") + part, palette.error)]))
                }
            }
        }
        if form.confirmingCancel {
            lines.append(StyledLine([(form.cancelQuestion, palette.error)]))
        } else {
            lines.append(StyledLine([(hint(form), palette.muted)]))
        }
        return Drawn(lines: lines, cursor: cursor)
    }

    private func options(_ c: ChoiceList) -> [StyledLine] {
        let (indices, more) = c.window(limit: listRows)
        var out: [StyledLine] = []
        if more.above > 0 { out.append(StyledLine([("      " + text("list.moreAbove", "\(more.above)"), palette.muted)])) }
        if indices.isEmpty { out.append(StyledLine([("      " + text("list.noMatch"), palette.muted)])) }
        for (n, i) in indices.enumerated() {
            let o = c.options[i]
            let chosen = i == c.selected
            let number = c.filterable ? "" : "\(n + 1 + more.above). "
            var line = StyledLine([
                (chosen ? "    ❯ " : "      ", palette.accent), (number + o.label, chosen ? palette.accent : palette.text),
            ])
            if let d = o.detail { line.add("  " + d, palette.muted) }
            out.append(line)
        }
        if more.below > 0 { out.append(StyledLine([("      " + text("list.moreBelow", "\(more.below)"), palette.muted)])) }
        return out
    }

    private func hint(_ form: Form) -> String {
        switch form.fields[form.active].control {
        case .text: text("keys.text")
        case .choice(let c): c.filterable ? text("keys.choiceFilter") : text("keys.choice")
        case .toggle: text("keys.toggle")
        case .confirm: text("keys.confirm")
        }
    }

    private func pad(_ s: String, _ width: Int) -> String {
        s + String(repeating: " ", count: max(0, width - DisplayWidth.of(s)))
    }

    /// A text field that is not being typed in: the card number as brand and last four, secrets as dots.
    static func settled(_ t: TextInput, _ text: ShopperText = .english) -> String {
        if case .cardNumber = t.format { return CardForms.masked(t.value, text) }
        return t.display.text
    }
}
