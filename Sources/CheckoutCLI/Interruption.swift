import CheckoutJSON
import CheckoutLanguage
import CheckoutRuntime
import CheckoutTerminal
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// SIGINT, SIGTERM and SIGHUP in headless commands (docs/running.md, "Signals"): the command
/// ends with a one-line message, writes what it can and exits 128 + the signal (130, 143, 129).
///
/// The signals reach `InterruptSignals`' own thread through a pipe (no work in a C handler);
/// whoever claims the ending first — the command at its normal end, or the signal — writes
/// the outputs: a signal that arrives while the normal end is being written is ignored.
final class Interruption: Sendable {
    private let claimed = Mutex(false)

    /// Calls `onSignal` (on the signal thread) at the first ending signal, unless the command
    /// claimed the ending first. `onSignal` must end the process.
    init(_ onSignal: @escaping @Sendable (Int32) -> Void) {
        InterruptSignals.handle { [self] signal in
            guard claim() else { return }
            onSignal(signal)
        }
    }

    /// Claims the normal end; false when a signal has claimed it (its handler is writing the
    /// outputs and will exit), and then never returns.
    func claimNormalEnd() {
        guard claim() else {
            while true { pause() }
        }
    }

    /// True for the first claim only.
    private func claim() -> Bool {
        claimed.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }

    /// `SIGINT`, `SIGTERM`, …
    static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }

    /// For commands with nothing to write on a signal (`validate`): a C handler that writes a
    /// fixed message and exits, both async-signal-safe, and no thread to start.
    static func exitOnSignal() {
        for s in [SIGINT, SIGTERM, SIGHUP] { _ = signal(s, exitInterrupted) }
    }
}

/// Writes `checkout: error: interrupted` on stderr and exits 128 + the signal: write(2) and _exit(2) only.
private func exitInterrupted(_ number: Int32) {
    let message: StaticString = "\ncheckout: error: interrupted\n"
    _ = write(STDERR_FILENO, message.utf8Start, message.utf8CodeUnitCount)
    _exit(ExitStatus.interrupted(by: number))
}

/// A run's trace on its way to the trace file, and the watch on its charge: it notes the last
/// trace event, and from the runner's step events whether a charge was under way or made;
/// after `endInterrupted` it lets nothing more through.
final class RunWatch: TraceSink, StepObserver {
    /// What the run had done with money when it was interrupted.
    enum Charge: Equatable {
        case none
        /// A charge step started and had not ended: the charge may have been made.
        case underWay(stage: String)
        /// A charge step ended with this transaction.
        case made(stage: String, transaction: String)
    }

    private struct State {
        var seq = 0
        var time: Date?
        var charge = Charge.none
        var ended = false
    }
    private let forward: (any TraceSink)?
    private let state = Mutex(State())

    init(forwardingTo forward: (any TraceSink)?) {
        self.forward = forward
    }

    func record(_ event: TraceEvent) {
        state.withLock { s in
            guard !s.ended else { return }
            s.seq = event.seq
            s.time = event.time
            forward?.record(event)
        }
    }

    func step(_ event: StepEvent) {
        state.withLock { s in
            guard !s.ended else { return }
            switch event {
            case .started(let stage, let kind) where kind.movesMoney:
                s.charge = .underWay(stage: stage)
            case .ended(let stage, let kind, _, let transaction) where kind.movesMoney:
                s.charge = transaction.map { .made(stage: stage, transaction: $0) } ?? .none
            default:
                break
            }
        }
    }

    /// Ends the trace with `run.end`, status `canceled`, reason `interrupted by SIGNAL`; returns
    /// what the run had done with money.
    func endInterrupted(by signal: Int32) -> Charge {
        state.withLock { s in
            s.ended = true
            let attributes = [
                JSONMember("status", .string(CheckoutStatus.canceled.rawValue)),
                JSONMember("reason", .string("interrupted by \(Interruption.name(signal))")),
            ]
            forward?.record(TraceEvent(seq: s.seq + 1, time: s.time ?? Date(), event: "run.end", attributes: attributes))
            return s.charge
        }
    }
}
