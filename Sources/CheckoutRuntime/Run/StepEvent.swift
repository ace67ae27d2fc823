public import CheckoutLanguage

/// A provider step as it runs: what a front end shows as progress (the terminal's spinner),
/// and what a caller needs to know whether a charge is under way. Told to the runner's
/// `steps` observer as the trace records `step.start`, `step.end` and `step.error`.
public enum StepEvent: Sendable, Equatable {
    /// The step at `stage` began. A step a journal restores begins, and is restored: it
    /// neither ends nor fails.
    case started(stage: String, kind: StepKind)
    /// The step ended with `outcome` (the trace's `outcome`: `success`, `unchanged`, `no_rate`,
    /// `approved`, `declined`, `requested`, or a 3-D Secure result such as
    /// `AUTHENTICATION_SUCCEEDED`); `transaction` is the id of the transaction an approved
    /// charge or a wallet payment made.
    case ended(stage: String, kind: StepKind, outcome: String, transaction: String?)
    /// The step failed with this error code (`timeout`, `provider_error`, …); the run ends `error`.
    case failed(stage: String, kind: StepKind, code: String)
}

/// Told of each provider step as it runs (`CheckoutRunner.steps`).
public protocol StepObserver: Sendable {
    /// One step began, ended or failed.
    func step(_ event: StepEvent)
}

extension StepKind {
    /// True for the steps that make a charge (a charge or a wallet payment): once such a step
    /// has begun, a charge may have been made. A capture, void or refund acts on a charge
    /// already made: an interrupted run reports that charge (and resumes the operation from
    /// its journal under the same key).
    public var movesMoney: Bool {
        switch self {
        case .sale, .authorize, .subscribe, .walletPayment: true
        case .createToken, .tokenize, .threeDS, .taxUpdate, .currencyUpdate, .storeShopper, .capture, .void, .refund: false
        }
    }
}
