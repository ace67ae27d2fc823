import CheckoutJSON
import CheckoutLanguage

/// A step's beginning and end, told to the runner's step observer as a `StepEvent` and
/// recorded in the trace (`step.start`, `step.end`): one place for both, so they cannot differ.
extension RunSession {
    func startStep(_ stage: String, _ kind: StepKind) {
        runner.steps?.step(.started(stage: stage, kind: kind))
        emit(.stepStart, stage: stage)
    }

    /// `step.end` with `outcome`, then `transaction` when given, then `more`.
    func endStep(
        _ stage: String, _ kind: StepKind, outcome: String, transaction: String? = nil,
        _ more: @autoclosure () -> [JSONMember] = []
    ) {
        runner.steps?.step(.ended(stage: stage, kind: kind, outcome: outcome, transaction: transaction))
        emit(
            .stepEnd, stage: stage,
            attributes: [JSONMember("outcome", .string(outcome))] + (transaction.map { [JSONMember("transaction", .string($0))] } ?? [])
                + more())
    }
}
