import ArgumentParser
import CheckoutLanguage
import CheckoutRuntime
import Foundation

/// Where `checkout run` puts its result: what `--result`, `--json`, `--trace` and `--journal` say.
struct RunOutputs: Sendable {
    var result: String?
    var json: Bool
    var traceFile: OutputFile?
    var journal: String?

    /// Puts the trace in place, writes the result file, prints the result (`summary`: the
    /// text summary without `--json`); throws the exit code of the payment's status. A file that
    /// cannot be written is named on stderr (`checkout: error: could not write the result to PATH:
    /// REASON`) and does not change the exit code: the payment's true status is what the caller
    /// acts on (docs/running.md, "Output files").
    func finish(_ outcome: CheckoutResult, summary: Bool) throws {
        Self.report(traceFile?.finish(), what: "trace")
        let resultJSON = outcome.json.serialized(pretty: true) + "\n"
        if let result { Output.write(resultJSON, to: result, what: "result") }
        if json {
            Output.report(resultJSON)
        } else if summary {
            Output.report(ResultSummary.text(outcome))
        }
        if outcome.exitCode != 0 { throw ExitCode(outcome.exitCode) }
    }

    /// A headless run interrupted by `signal`: `run.end` (canceled, interrupted) ends the trace,
    /// a `canceled` result is written and printed, one line on stderr says what happened to the
    /// money, and the process exits 128 + the signal (docs/running.md, "Signals").
    func interrupted(by signal: Int32, flow: CompiledFlow, watch: RunWatch) -> Never {
        let charge = watch.endInterrupted(by: signal)
        let name = Interruption.name(signal)
        var outcome = CheckoutResult(
            status: .canceled, flow: flow.definition.id, fraudSessionId: flow.definition.request.fraudSessionId ?? "")
        var message = "interrupted by \(name)"
        switch charge {
        case .none: break
        case .underWay(let stage): message += " while the charge at \(stage) was under way: it may have been made"
        case .made(let stage, let transaction): message += " after the charge at \(stage) made transaction \(transaction)"
        }
        outcome.errors = [AnswerIssue(path: "", code: "interrupted", message: message)]
        Output.error("interrupted by \(name); \(Self.chargeNote(charge, journal: journal))")
        _ = try? finish(outcome, summary: true)
        exit(ExitStatus.interrupted(by: signal))
    }

    /// What an interrupted run did with money, and what to do next.
    static func chargeNote(_ charge: RunWatch.Charge, journal: String?) -> String {
        let resume = journal.map { "run again with --journal \($0) to learn the charge's outcome without a second charge" }
        switch charge {
        case .none:
            return "no charge was under way"
        case .underWay(let stage):
            return "the charge at \(stage) was under way and may have been made: "
                + (resume ?? "check with the provider before trying again (a run with --journal can be resumed without a second charge)")
        case .made(let stage, let transaction):
            return "the charge at \(stage) was made (transaction \(transaction)); " + (resume ?? "the result records the run as canceled")
        }
    }

    /// Says on stderr that the WHAT file was not written, and why.
    static func report(_ failure: OutputFileError?, what: String) {
        if let failure { Output.error("could not write the \(what) to \(failure)") }
    }
}
