import CheckoutDomain
import CheckoutLanguage
public import CheckoutRuntime

/// Answers every screen from an answers file and never prompts. Invalid answers are not
/// retried: the runtime collects every problem and ends the run `invalid`.
public struct HeadlessFrontend: CheckoutFrontend {
    /// The answers.
    public let answers: Answers

    /// Creates a headless front end.
    public init(answers: Answers) {
        self.answers = answers
    }

    public func answer(_ prompt: ScreenPrompt) async throws -> ScreenAnswer {
        switch prompt.kind {
        case .paymentMethod: .paymentMethod(answers.effectivePaymentMethod)
        case .savedCard: .savedCard(last4: answers.savedCard)
        case .creditCard where prompt.isUpfront:
            // Own UI: a stored card when the answers choose one, else the new card.
            answers.effectivePaymentMethod == .savedCard ? .savedCard(last4: answers.savedCard) : .card(answers.card ?? CardAnswer())
        case .creditCard: answers.card(visit: prompt.visit).map(ScreenAnswer.card) ?? .noFurtherAttempt
        case .cardScan: answers.scan(visit: prompt.visit).map(ScreenAnswer.scan) ?? .noFurtherAttempt
        case .billing: .billing(answers.billing ?? Address(), sameAsBilling: answers.sameAsBilling)
        case .shipping: .shipping(answers.shipping ?? Address())
        case .currency: .currency(answers.currency)
        case .review: .review
        case .threeDSChallenge: .threeDSChallenge(code: answers.threeDSCode, cancel: answers.threeDSCancel)
        case .form: .custom(answers.custom)
        case .result: .acknowledged
        }
    }

    public func rejected(_ prompt: ScreenPrompt, issues: [AnswerIssue]) async -> Bool { false }

    public func finished(_ result: CheckoutResult) async {}

    /// `wait:` answers: the time spent at this stage before answering.
    public func dwell(_ prompt: ScreenPrompt) -> Duration? { answers.waits[prompt.stageId] }
}
