import CheckoutRuntime
import Synchronization

/// What both front ends remember between the screens of a run: the last answer of each
/// screen, and the problems the runtime found with one it refused.
struct ScreenMemory {
    /// A refused answer: its values and the runtime's problems.
    struct Retry {
        var values: Form.Values
        var issues: [AnswerIssue]
    }

    private var retries: [String: Retry] = [:]
    private var lastValues: [String: Form.Values] = [:]

    /// The refused answer for this screen, if the runtime just refused one (taken: asked once).
    mutating func takeRetry(_ p: ScreenPrompt) -> Retry? { retries.removeValue(forKey: p.stageId) }

    /// What the screen's form starts from (`ScreenForms.startingValues`).
    func startingValues(_ p: ScreenPrompt, retry: Retry?) -> Form.Values? {
        ScreenForms.startingValues(p, retry: retry?.values, last: lastValues[p.stageId])
    }

    mutating func remember(_ values: Form.Values, for p: ScreenPrompt) { lastValues[p.stageId] = values }

    /// The runtime refused the screen's last answer: ask it again with these problems.
    mutating func refuse(_ p: ScreenPrompt, issues: [AnswerIssue]) {
        retries[p.stageId] = Retry(values: lastValues[p.stageId] ?? [:], issues: issues)
    }
}

extension Mutex where Value == Bool {
    /// True the first time only: the flag is set by the call.
    func claimFirst() -> Bool {
        withLock { done in
            defer { done = true }
            return !done
        }
    }
}
