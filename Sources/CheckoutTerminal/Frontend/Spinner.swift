import CheckoutLanguage
package import CheckoutRuntime

/// A provider step in progress, drawn as a spinner line.
struct Spinner {
    var stage: String
    var label: String
    var frame = 0
    var generation: Int

    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// What a step is doing, and what it did.
    static func labels(_ kind: StepKind) -> (doing: String, done: String) {
        switch kind {
        case .createToken: ("Getting a checkout token", "Checkout token ready")
        case .tokenize: ("Securing the card", "Card secured")
        case .threeDS: ("Checking with the bank (3-D Secure)", "3-D Secure")
        case .taxUpdate: ("Updating the tax", "Tax updated")
        case .currencyUpdate: ("Converting the price", "Price converted")
        case .sale: ("Charging", "Charged")
        case .authorize: ("Authorizing", "Authorized")
        case .subscribe: ("Starting the subscription", "Subscription started")
        case .walletPayment: ("Waiting for the wallet", "Wallet payment done")
        case .storeShopper: ("Saving the shopper's details", "Details saved")
        }
    }
}

/// Passes every trace event on, and shows provider steps on the terminal as they run.
final class StepTrace: TraceSink {
    let frontend: TerminalFrontend
    let next: (any TraceSink)?

    init(frontend: TerminalFrontend, next: (any TraceSink)?) {
        self.frontend = frontend
        self.next = next
    }

    func record(_ event: TraceEvent) {
        next?.record(event)
        guard let stage = event.stage else { return }
        switch event.event {
        case "step.start":
            frontend.stepStarted(stage)
        case "step.end", "step.error":
            let outcome = event.attributes.first { $0.key == "outcome" || $0.key == "code" }.flatMap { m -> String? in
                if case .string(let s) = m.value { return s }
                return nil
            }
            frontend.stepEnded(stage, outcome: event.event == "step.error" ? "error \(outcome ?? "")" : outcome)
        default:
            break
        }
    }
}

extension TerminalFrontend {
    /// A trace sink for the runner: shows each provider step with a spinner, and passes every
    /// event on to `next` (the `--trace` file), unchanged.
    package func traceSink(forwardingTo next: (any TraceSink)?) -> any TraceSink {
        StepTrace(frontend: self, next: next)
    }

    func stepStarted(_ stage: String) {
        guard case .step(let kind)? = flow.pipeline.stages.first(where: { $0.id == stage })?.kind else { return }
        begin()
        let label = Spinner.labels(kind).doing
        let generation = state.withLock { s -> Int in
            let g = (s.spinner?.generation ?? 0) + 1
            s.spinner = Spinner(stage: stage, label: label, generation: g)
            return g
        }
        drawSpinner()
        guard let tick = options.spinnerTick else { return }
        Task { [self] in
            while true {
                await tick()
                let alive = state.withLock { s -> Bool in
                    guard var sp = s.spinner, sp.generation == generation else { return false }
                    sp.frame += 1
                    s.spinner = sp
                    return true
                }
                guard alive else { return }
                drawSpinner()
            }
        }
    }

    func stepEnded(_ stage: String, outcome: String?) {
        guard case .step(let kind)? = flow.pipeline.stages.first(where: { $0.id == stage })?.kind else { return }
        stopSpinner()
        if outcome == "unchanged" {
            // Nothing happened (the price stayed in its currency): the spinner just goes.
            settle([])
            return
        }
        let (doing, done) = Spinner.labels(kind)
        let ok = [nil, "success", "unchanged", "approved", "AUTHENTICATION_SUCCEEDED", "AUTHENTICATION_BYPASSED"].contains(outcome)
        let text =
            kind == .threeDS
            ? "\(done): \(outcome ?? "")" : ok ? done : "\(doing): \(outcome ?? "")"
        settle([StyledLine([(ok ? "✔ " : "✖ ", ok ? palette.success : palette.error), (text, palette.muted)])])
    }

    func stopSpinner() {
        state.withLock { $0.spinner = nil }
    }

    private func drawSpinner() {
        state.withLock { s in
            guard let sp = s.spinner else { return }
            let frame = Spinner.frames[sp.frame % Spinner.frames.count]
            let line = StyledLine([(frame + " ", palette.accent), (sp.label + "…", palette.text)])
            device.write(s.canvas.show(FormView.Drawn(lines: [line], cursor: nil)))
        }
    }
}
