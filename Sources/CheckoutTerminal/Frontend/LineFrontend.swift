package import CheckoutDomain
package import CheckoutLanguage
package import CheckoutRuntime
import Synchronization

/// Line mode: plain lines and numbered choices, for pipes, `TERM=dumb` and `--plain`.
///
/// One question per line; a choice is answered with its number, its code or the start of its
/// name (Enter keeps the default in brackets); a switch with y or n. Each answer is checked
/// with the same form checks as the drawn prompt, and asked again with the reason. End of
/// input ends the run: every screen left is unanswered, so the run ends `invalid` (exit 3).
package final class LineFrontend: CheckoutFrontend {
    /// Where lines come from.
    package typealias ReadLine = @Sendable (_ secret: Bool) async -> String?

    struct State {
        var memory = ScreenMemory()
        var inputEndedAt: String?
    }

    let flow: CompiledFlow
    let forms: ScreenForms
    let readLine: ReadLine
    let write: @Sendable (String) -> Void
    let echo: Bool
    let state = Mutex(State())
    private let started = Mutex(false)

    /// A line front end reading with `readLine` (a `secret` line should not be echoed) and
    /// writing prompts with `write`. With `echo` (input is not a terminal, so nothing shows
    /// what was answered) each answer is written after its question: a card number as its
    /// brand and last four digits, secrets as dots.
    package init(
        flow: CompiledFlow, today: YearMonth, echo: Bool = false, readLine: @escaping ReadLine,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.flow = flow
        self.echo = echo
        self.forms = ScreenForms(flow: flow, today: today)
        self.readLine = readLine
        self.write = write
    }

    /// Where input ended (a screen's heading), if it did.
    package var inputEndedAt: String? { state.withLock { $0.inputEndedAt } }

    package func answer(_ p: ScreenPrompt) async throws -> ScreenAnswer {
        begin()
        if state.withLock({ $0.inputEndedAt != nil }) { return TerminalFrontend.unanswered(p) }
        let (retry, start) = state.withLock { s in
            let retry = s.memory.takeRetry(p)
            return (retry, s.memory.startingValues(p, retry: retry))
        }
        var form = forms.form(for: p, previous: start)
        let t = forms.text
        let heading = forms.heading(p)
        if let notice = ScreenForms.notice(p, t) { write("\n✖ " + notice + "\n") }
        write("\n" + heading + (p.kind == .review ? "" : p.price.total.map { " (" + MoneyText.format($0, t) + ")" } ?? "") + "\n")
        for line in Summary.info(p, palette: Palette(theme: Theme()), t) { write(line.plain + "\n") }
        if let retry {
            for issue in retry.issues { write("  ✖ \(issue.path): \(t.problem(code: issue.code, message: issue.message))\n") }
        }
        while true {
            let field = form.fields[form.active]
            write(question(field))
            guard let line = await readLine(isSecret(field)) else {
                state.withLock { $0.inputEndedAt = heading }
                write("\n")
                return TerminalFrontend.unanswered(p)
            }
            if field.control == .confirm, ["n", "no"].contains(line.trimmingWhitespace().lowercased()) {
                return p.kind == .threeDSChallenge ? .threeDSChallenge(code: nil, cancel: true) : .cancel
            }
            guard let control = Self.control(field.control, answering: line) else {
                write("  ✖ \(Self.unclear(field.control, t))\n")
                continue
            }
            form.setActive(control)
            if echo { write(echoText(control) + "\n") }
            let event = form.handle(.enter)
            // A problem with this field, or (after the last) with an earlier one: ask it again.
            if event == .none, let problem = form.errors[form.fields[form.active].id] { write("  ✖ \(problem)\n") }
            if event == .submitted {
                let values = form.values
                state.withLock { $0.memory.remember(values, for: p) }
                return forms.answer(for: p, values: values)
            }
        }
    }

    package func rejected(_ p: ScreenPrompt, issues: [AnswerIssue]) async -> Bool {
        state.withLock { s in
            guard s.inputEndedAt == nil else { return false }
            s.memory.refuse(p, issues: issues)
            return true
        }
    }

    /// Nothing to contradict (a person is not asked a fixed choice); the run is under way, so
    /// the flow's title is written, as at the first screen.
    package func choicesFixed(_ choices: [FixedChoice]) async -> [AnswerIssue] {
        begin()
        return []
    }

    /// The flow's title and description, once, before anything else.
    private func begin() {
        guard started.claimFirst() else { return }
        let (title, description) = forms.banner
        write(title + (description.map { "\n" + $0 } ?? "") + "\n")
    }

    package func finished(_ result: CheckoutResult) async {
        write("\n" + Summary.result(result, palette: Palette(theme: Theme()), forms.text).map(\.plain).joined(separator: "\n") + "\n")
    }

    private func echoText(_ c: Form.Control) -> String {
        switch c {
        case .text(let t): FormView.settled(t, forms.text)
        case .choice(let list): list.choice?.label ?? ""
        case .toggle(let t): t.isOn ? forms.text("summary.yes") : forms.text("summary.no")
        case .confirm: forms.text("summary.yes")
        }
    }

    private func isSecret(_ f: Form.Field) -> Bool {
        if case .text(let t) = f.control {
            switch t.format {
            case .securityCode, .secretDigits: return true
            default: return false
            }
        }
        return false
    }

    private func question(_ f: Form.Field) -> String {
        let text = forms.text
        switch f.control {
        case .text(let t):
            let current = t.answer
            let shown = FormView.settled(t, text)
            return f.label + (f.placeholder.map { " (\($0))" } ?? "") + (current.isEmpty ? "" : " [\(shown)]") + ": "
        case .choice(let c):
            if c.options.count > 12 {
                return text("line.codeOrName", f.label) + (c.choice.map { " [\($0.id)]" } ?? "") + ": "
            }
            var s = f.label + ":\n"
            for (n, o) in c.options.enumerated() { s += "  \(n + 1)) \(o.label)\(o.detail.map { " (\($0))" } ?? "")\n" }
            return s + text("line.choose", "\(c.options.count)") + (c.selected.map { " [\($0 + 1)]" } ?? "") + ": "
        case .toggle(let t):
            return (t.isFixed ? text("line.alwaysYes", f.label) : f.label + (t.isOn ? " [Y/n]" : " [y/N]")) + ": "
        case .confirm:
            return f.label + "? [Y/n]: "
        }
    }

    /// The control holding the answer `line`; nil when it names no option.
    static func control(_ c: Form.Control, answering line: String) -> Form.Control? {
        let text = line.trimmingWhitespace()
        switch c {
        case .text(var t):
            if text.isEmpty { return c }  // keeps a prefilled value
            _ = t.handle(.clearLine)
            t.insert(text)
            return .text(t)
        case .choice(let list):
            if text.isEmpty { return list.choice == nil ? nil : c }
            let lower = text.lowercased()
            let target: String? =
                if let n = Int(text), n >= 1, n <= list.options.count, list.options.count <= 12 {
                    list.options[n - 1].id
                } else if let exact = list.options.first(where: {
                    $0.id.lowercased() == lower || $0.label.lowercased() == lower || $0.alias?.lowercased() == lower
                }) {
                    exact.id
                } else {
                    list.options.filter { $0.names(startingWith: lower) }.count == 1
                        ? list.options.first { $0.names(startingWith: lower) }?.id : nil
                }
            guard let target else { return nil }
            return .choice(ChoiceList(options: list.options, selectedId: target, filterable: list.filterable))
        case .toggle(var t):
            if text.isEmpty { return c }
            guard ["y", "yes", "n", "no"].contains(text.lowercased()) else { return nil }
            _ = t.handle(.text(String(text.lowercased().prefix(1))))
            return .toggle(t)
        case .confirm:
            return c
        }
    }

    static func unclear(_ c: Form.Control, _ t: ShopperText = .english) -> String {
        switch c {
        case .choice(let list) where list.options.count > 12: t("line.unclearList")
        case .choice(let list): t("line.unclearNumber", "\(list.options.count)")
        case .toggle: t("line.unclearToggle")
        default: t("line.tryAgain")
        }
    }
}
