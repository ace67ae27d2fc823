import CheckoutDomain
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutTerminal
import Foundation
import Synchronization

/// `checkout run FLOW` without answers: a person answers, at a terminal as a form, or line by
/// line through pipes, with `TERM=dumb` or `--plain`.
struct PromptRun {
    var flow: CompiledFlow
    var plain: Bool
    var color: ColorChoice
    var highContrast: Bool
    /// `--background`.
    var background: BackgroundChoice = .auto
    /// `--now`; nil: the system clock.
    var now: Date?
    var random: any RandomSource
    var traceFile: (any TraceSink)?
    /// Makes the run's provider.
    var provider: ProviderSource = .sandbox
    /// Called with the signal before an interrupted run exits (to end and put the trace in place).
    var interrupted: @Sendable (Int32) -> Void = { _ in }

    /// Whether the form can be drawn: both ends a terminal that is not `dumb`, no `--plain`.
    var drawsForm: Bool {
        !plain && isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && Self.variable("TERM") != "dumb"
    }

    func run(json: Bool) async -> CheckoutResult {
        let clock: any CheckoutClock = now.map { ManualClock(start: $0) } ?? SystemClock()
        let today = YearMonth(containing: clock.now())
        let provider = self.provider.make(flow, clock, random)
        let keys = self.provider.idempotencyKeys(flow, random)
        if drawsForm {
            let drawn = FrontendSlot()
            let interrupted = self.interrupted
            let depth = colorDepth
            let (background, pending) = depth == .none ? (.unknown, []) : self.background.resolve(variable: Self.variable)
            let device = POSIXTerminal(pending: pending) { signal in
                drawn.frontend?.abandon()
                interrupted(signal)
                Output.error("interrupted")
                exit(ExitStatus.interrupted(by: signal))
            }
            let options = TerminalFrontend.Options(
                colorDepth: depth, highContrast: highContrast, background: background,
                spinnerTick: { try? await Task.sleep(for: .milliseconds(80)) })
            let frontend = TerminalFrontend(
                flow: flow, device: device, today: today, options: options,
                onInterrupt: {
                    interrupted(SIGINT)
                    Output.error("interrupted")
                    exit(ExitStatus.interrupted(by: SIGINT))
                })
            drawn.frontend = frontend
            let runner = CheckoutRunner(
                flow: flow, provider: provider, frontend: frontend, clock: clock, random: random,
                trace: traceFile, steps: frontend, signing: .systemWithHTTP, idempotencyKeys: keys)
            let result = await runner.run()
            device.restore()
            if let at = frontend.inputEndedAt { Self.reportInputEnded(at, result) }
            return result
        }
        // Line mode. With --json, stdout carries only the result: the questions go to stderr.
        let interrupted = self.interrupted
        InterruptSignals.handle { signal in
            LineInput.restoreEcho()
            interrupted(signal)
            Output.standardError("\ncheckout: error: interrupted\n")
            exit(ExitStatus.interrupted(by: signal))
        }
        let toStandardError = json
        let write: @Sendable (String) -> Void = { text in
            if toStandardError { Output.standardError(text) } else { Output.standardOutput(text) }
        }
        let frontend = LineFrontend(
            flow: flow, today: today, echo: isatty(STDIN_FILENO) == 0, readLine: { await LineInput.standard(secret: $0) }, write: write)
        let runner = CheckoutRunner(
            flow: flow, provider: provider, frontend: frontend, clock: clock, random: random, trace: traceFile,
            signing: .systemWithHTTP, idempotencyKeys: keys)
        let result = await runner.run()
        if let at = frontend.inputEndedAt { Self.reportInputEnded(at, result) }
        return result
    }

    /// The colours the form may use.
    var colorDepth: ColorDepth {
        switch color {
        case .never: return .none
        case .auto: return ColorDepth.detect(Self.variable)
        case .always:
            // An explicit flag outranks NO_COLOR; an unknown terminal gets the 16 colours.
            let depth = ColorDepth.detect { $0 == "NO_COLOR" ? nil : Self.variable($0) }
            return depth == .none ? .ansi16 : depth
        }
    }

    static func reportInputEnded(_ heading: String, _ result: CheckoutResult) {
        let why = result.status == .invalid ? " (exit 3: answers missing)" : " (the run ends \(result.status.rawValue))"
        let charged = result.transaction == nil ? "; nothing was charged" : ""
        Output.error("input ended at \(heading) before the checkout was complete\(charged)\(why)")
    }

    static func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

/// The front end, for the interrupt handler made before it.
final class FrontendSlot: Sendable {
    private let slot = Mutex<TerminalFrontend?>(nil)
    var frontend: TerminalFrontend? {
        get { slot.withLock { $0 } }
        set { slot.withLock { $0 = newValue } }
    }
}
