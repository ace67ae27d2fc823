import CheckoutDomain
public import CheckoutLanguage
public import CheckoutRuntime
import Synchronization

/// A front end that answers from values, for an embedder's tests: the n-th time a screen of a
/// kind is shown, it gets the n-th answer scripted for that kind. It records what it was shown
/// (`prompts`), what the runtime rejected (`rejections`) and how the run ended (`result`).
///
/// ```swift
/// let shopper = ScriptedFrontend([
///     .paymentMethod: [.paymentMethod(.card)],
///     .creditCard: [.card(CardAnswer(number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123"))],
///     .review: [.review],
/// ])
/// ```
public final class ScriptedFrontend: CheckoutFrontend {
    /// One rejected answer: the screen and what was wrong with the answer.
    public struct Rejection: Sendable {
        /// The screen the answer was for.
        public let prompt: ScreenPrompt
        /// What was wrong.
        public let issues: [AnswerIssue]
    }

    private struct State {
        var prompts: [ScreenPrompt] = []
        var rejections: [Rejection] = []
        var result: CheckoutResult?
    }
    private let script: [ScreenKind: [ScreenAnswer]]
    private let unscripted: ScreenAnswer
    private let state = Mutex(State())

    /// Answers each screen kind from `script`, in order. A screen shown more often than it has
    /// answers gets `.noFurtherAttempt` (the shopper gives up); a screen kind with no answers at
    /// all gets `unscripted` (by default `.cancel`, so the run ends `canceled` and the test sees
    /// a screen it did not expect).
    public init(_ script: [ScreenKind: [ScreenAnswer]], unscripted: ScreenAnswer = .cancel) {
        self.script = script
        self.unscripted = unscripted
    }

    /// Every screen shown, in order.
    public var prompts: [ScreenPrompt] { state.withLock { $0.prompts } }
    /// Every answer the runtime rejected, in order.
    public var rejections: [Rejection] { state.withLock { $0.rejections } }
    /// The run's result, once it ended.
    public var result: CheckoutResult? { state.withLock { $0.result } }

    /// The next scripted answer for the prompt's screen kind.
    public func answer(_ prompt: ScreenPrompt) async throws -> ScreenAnswer {
        let visit = state.withLock { s in
            defer { s.prompts.append(prompt) }
            return s.prompts.count { $0.kind == prompt.kind }
        }
        guard let answers = script[prompt.kind] else { return unscripted }
        return visit < answers.count ? answers[visit] : .noFurtherAttempt
    }

    /// Records the rejection and goes on (like a script: every problem is reported at once).
    public func rejected(_ prompt: ScreenPrompt, issues: [AnswerIssue]) async -> Bool {
        state.withLock { $0.rejections.append(Rejection(prompt: prompt, issues: issues)) }
        return false
    }

    /// Records the result.
    public func finished(_ result: CheckoutResult) async {
        state.withLock { $0.result = result }
    }
}
