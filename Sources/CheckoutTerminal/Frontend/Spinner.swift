import CheckoutDomain
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
    static func labels(_ kind: StepKind, _ t: ShopperText = .english) -> (doing: String, done: String) {
        (t("step.\(kind.rawValue)"), t("step.\(kind.rawValue).done"))
    }
}

extension TerminalFrontend: StepObserver {
    /// Shows provider steps as they run: a spinner while a step runs, then a line saying how
    /// it ended (`CheckoutRunner.steps`).
    public func step(_ event: StepEvent) {
        switch event {
        case .started(let stage, let kind): stepStarted(stage, kind)
        case .ended(_, let kind, let outcome, _): stepEnded(kind, outcome: outcome)
        case .failed(_, let kind, let code): stepEnded(kind, outcome: "error \(code)")
        }
    }

    func stepStarted(_ stage: String, _ kind: StepKind) {
        begin()
        let label = Spinner.labels(kind, forms.text).doing
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

    func stepEnded(_ kind: StepKind, outcome: String) {
        stopSpinner()
        if outcome == "unchanged" {
            // Nothing happened (the price stayed in its currency): the spinner just goes.
            settle([])
            return
        }
        let (doing, done) = Spinner.labels(kind, forms.text)
        let ok = ["success", "unchanged", "approved", "AUTHENTICATION_SUCCEEDED", "AUTHENTICATION_BYPASSED"].contains(outcome)
        let text = kind == .threeDS ? "\(done): \(outcome)" : ok ? done : "\(doing): \(outcome)"
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
