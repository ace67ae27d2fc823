/// A test double for a flow's `taxService`, for one run only (a scenario's `taxService:`,
/// docs/testing.md "A stand-in tax service"): the `taxUpdate` step asks it instead of the
/// merchant's command or endpoint, and everything else — the timeout on the run's clock, the
/// retries and their backoff, `tax_failed`, routing, the trace's `hook.tax` — is as with the
/// real service. No process is started and nothing is sent anywhere.
package enum TaxServiceStandIn: Sendable, Hashable {
    /// Answers `{"taxAmount": TEXT}` on every attempt; TEXT is read as the service's answer
    /// is, so a text that is no amount in the currency is a garbage answer.
    case answers(taxAmount: String)
    /// Every attempt fails, for the reason given (it is in the step's error message).
    case fails(reason: String)
    /// Every attempt runs past the service's `timeout` on the run's clock (a manual clock
    /// moves to the deadline: nothing waits).
    case hangs

    /// What it does, as a scenario writes it: `fails: the service is down`, `hangs: true`.
    package var summary: String {
        switch self {
        case .answers(let text): "taxAmount: \(text)"
        case .fails(let reason): "fails: \(reason)"
        case .hangs: "hangs: true"
        }
    }

    /// The name the stand-in goes by in messages: "the tax service stand-in …".
    static let name = "stand-in"
}
