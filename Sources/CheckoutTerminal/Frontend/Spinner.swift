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
        case .capture: ("Capturing", "Captured")
        case .void: ("Voiding the authorization", "Voided")
        case .refund: ("Refunding", "Refunded")
        }
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

    func stepEnded(_ kind: StepKind, outcome: String) {
        stopSpinner()
        if outcome == "unchanged" {
            // Nothing happened (the price stayed in its currency): the spinner just goes.
            settle([])
            return
        }
        let (doing, done) = Spinner.labels(kind)
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
