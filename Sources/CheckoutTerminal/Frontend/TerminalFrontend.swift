package import CheckoutDomain
package import CheckoutLanguage
package import CheckoutRuntime
import Synchronization

/// The text-prompt front end: each screen as a themed form at a terminal (issue 5).
///
/// Every answer still goes through the runtime's checks; a refused answer comes back through
/// `rejected`, and the same form is shown again with the problems under their fields and the
/// typed values kept. Provider steps show a spinner (it is the runner's `steps` observer),
/// and the run ends with a result summary.
package final class TerminalFrontend: CheckoutFrontend {
    /// How the front end draws.
    package struct Options: Sendable {
        package var colorDepth: ColorDepth
        /// The high-contrast preset, whatever the flow's theme says.
        package var highContrast: Bool
        /// The terminal's background: picks the theme's light or dark colours (`Palette`).
        package var background: TerminalBackground
        /// Waits between spinner frames; nil draws no animation (tests).
        package var spinnerTick: (@Sendable () async -> Void)?
        package init(
            colorDepth: ColorDepth, highContrast: Bool = false, background: TerminalBackground = .unknown,
            spinnerTick: (@Sendable () async -> Void)? = nil
        ) {
            self.colorDepth = colorDepth
            self.highContrast = highContrast
            self.background = background
            self.spinnerTick = spinnerTick
        }
    }

    struct State {
        var canvas: Canvas
        var decoder = KeyDecoder()
        var keys: [Key] = []
        var memory = ScreenMemory()
        var inputEndedAt: String?
        var interrupted = false
        var spinner: Spinner?
    }

    let device: any TerminalDevice
    let flow: CompiledFlow
    let forms: ScreenForms
    let palette: Palette
    let options: Options
    let onInterrupt: @Sendable () -> Void
    let state: Mutex<State>
    private let started = Mutex(false)

    /// A front end drawing on `device`. `today` is the month card expiry is checked against
    /// (the run's clock). `onInterrupt` runs after Ctrl-C has restored the terminal; the CLI
    /// exits 130 there. If it returns, the screen's answer fails and the run ends `error`.
    package init(
        flow: CompiledFlow, device: any TerminalDevice, today: YearMonth, options: Options,
        onInterrupt: @escaping @Sendable () -> Void
    ) {
        self.flow = flow
        self.device = device
        self.forms = ScreenForms(flow: flow, today: today)
        self.options = options
        self.onInterrupt = onInterrupt
        palette = Palette(theme: flow.definition.theme, highContrast: options.highContrast, background: options.background)
        state = Mutex(State(canvas: Canvas(painter: Painter(depth: options.colorDepth), size: device.size())))
    }

    /// Where input ended (the heading of the screen), if it did: the run is then `invalid`.
    package var inputEndedAt: String? { state.withLock { $0.inputEndedAt } }
    /// Whether Ctrl-C ended the run.
    package var wasInterrupted: Bool { state.withLock { $0.interrupted } }

    package func answer(_ p: ScreenPrompt) async throws -> ScreenAnswer {
        begin()
        if state.withLock({ $0.inputEndedAt != nil }) { return Self.unanswered(p) }
        let (retry, start) = state.withLock { s in
            let retry = s.memory.takeRetry(p)
            return (retry, s.memory.startingValues(p, retry: retry))
        }
        var form = forms.form(for: p, previous: start)
        if let notice = ScreenForms.notice(p, forms.text) { settle([StyledLine([("✖ ", palette.error), (notice, palette.error)])]) }
        if let retry { Self.show(retry.issues, on: &form, forms.text) }
        stopSpinner()
        let heading = forms.heading(p)
        let event = await run(&form, prompt: p, heading: heading)
        switch event {
        case .submitted:
            let values = form.values
            settle(Summary.lines(form, prompt: p, heading: heading, palette: palette, forms.text))
            state.withLock { $0.memory.remember(values, for: p) }
            return forms.answer(for: p, values: values)
        case .canceled:
            // A cancel the flow routes on (a scan's typed-card fallback) leaves nothing.
            let said = forms.text(forms.cancelQuestion(p) == nil ? "summary.leftCheckout" : "summary.canceled", heading)
            settle([StyledLine([("✖ ", palette.error), (said, palette.muted)])])
            return p.kind == .threeDSChallenge ? .threeDSChallenge(code: nil, cancel: true) : .cancel
        case .endOfInput:
            state.withLock { $0.inputEndedAt = heading }
            settle([StyledLine([("✖ ", palette.error), (forms.text("summary.inputEnded", heading), palette.error)])])
            return Self.unanswered(p)
        case .interrupted, .none:
            interrupt()
            throw CancellationError()
        }
    }

    package func rejected(_ p: ScreenPrompt, issues: [AnswerIssue]) async -> Bool {
        state.withLock { s in
            guard s.inputEndedAt == nil, !s.interrupted else { return false }
            s.memory.refuse(p, issues: issues)
            return true
        }
    }

    /// Nothing to contradict (a person is not asked a fixed choice); the run is under way, so
    /// the banner is drawn, as at the first screen or step.
    package func choicesFixed(_ choices: [FixedChoice]) async -> [AnswerIssue] {
        begin()
        return []
    }

    package func finished(_ result: CheckoutResult) async {
        stopSpinner()
        let lines = Summary.result(result, palette: palette, forms.text)
        state.withLock { s in
            device.write(s.canvas.settle(lines) + s.canvas.finish())
        }
        device.restore()
    }

    /// After input ended: no answer, so the runtime reports the screen as unanswered — the
    /// review too: the end of input never confirms a payment.
    static func unanswered(_ p: ScreenPrompt) -> ScreenAnswer {
        p.kind == .result ? .acknowledged : .noFurtherAttempt
    }

    func begin() {
        guard started.claimFirst() else { return }
        device.enterRawMode()
        let (title, description) = forms.banner
        var banner = [StyledLine([(title, palette.title)])]
        if let text = description { banner.append(StyledLine([(text, palette.muted)])) }
        settle(banner)
    }

    /// Runs the form until it ends; draws after every batch of keys (a paste is one redraw).
    private func run(_ form: inout Form, prompt p: ScreenPrompt, heading: String) async -> Form.Event {
        draw(form, prompt: p, heading: heading)
        while true {
            var handled = false
            while let key = state.withLock({ $0.keys.isEmpty ? nil : $0.keys.removeFirst() }) {
                handled = true
                let event = form.handle(key)
                if event != .none { return event }
            }
            if handled { draw(form, prompt: p, heading: heading) }
            guard let input = await device.nextEvent() else { return .endOfInput }
            switch input {
            case .resize, .redraw:
                let size = device.size()
                state.withLock { device.write($0.canvas.resized(to: size)) }
            case .input(let bytes):
                state.withLock { s in s.keys += s.decoder.feed(bytes) + s.decoder.flush() }
            }
        }
    }

    private func draw(_ form: Form, prompt p: ScreenPrompt, heading: String) {
        state.withLock { s in
            let text = forms.text
            let view = FormView(
                palette: palette, columns: s.canvas.size.columns, listRows: max(3, min(7, s.canvas.size.rows - 12)), text: text)
            let amount = p.kind == .review ? nil : p.price.total.map { MoneyText.format($0, text) }
            let drawn = view.draw(form, heading: heading, amount: amount, info: Summary.info(p, palette: palette, text))
            device.write(s.canvas.show(drawn))
        }
    }

    func settle(_ lines: [StyledLine]) {
        state.withLock { device.write($0.canvas.settle(lines)) }
    }

    private func interrupt() {
        abandon()
        device.restore()
        onInterrupt()
    }

    /// The run is being interrupted (Ctrl-C, a signal): the block being answered is erased —
    /// a card number typed so far does not stay on the screen — and the cursor is left at the
    /// start of a clean line.
    package func abandon() {
        state.withLock { s in
            s.interrupted = true
            s.spinner = nil
            device.write(s.canvas.finish())
        }
    }

    /// The runtime's problems, each under its field; the first such field becomes active.
    static func show(_ issues: [AnswerIssue], on form: inout Form, _ t: ShopperText = .english) {
        let visible = form.visibleIndices.map { form.fields[$0].id }
        var first: String?
        for issue in issues {
            let last = issue.path.split(separator: ".").last.map(String.init) ?? issue.path
            let key = ["paymentMethod": "method"][last] ?? last
            let stateField = "state:" + (form.values["country"] ?? "")
            let id = visible.first { $0 == key || (key == "state" && $0 == stateField) } ?? visible.first
            guard let id else { continue }
            let message = t.problem(code: issue.code, message: issue.message)
            form.errors[id] = form.errors[id].map { $0 + " " + message } ?? message
            if first == nil { first = id }
        }
        if let first { form.focus(first) }
    }
}
