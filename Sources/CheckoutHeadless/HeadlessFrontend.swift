import CheckoutDomain
import CheckoutLanguage
public import CheckoutRuntime

/// Answers every screen from an answers file and never prompts. Invalid answers are not
/// retried: the runtime collects every problem and ends the run `invalid`. Its policy for
/// answers the flow does not ask for is here: `wait:` moves the run's clock on (a
/// `PacedFrontend`), and a payment method or currency the flow fixes otherwise is reported.
public struct HeadlessFrontend: PacedFrontend {
    /// The answers.
    public let answers: Answers

    /// Creates a headless front end.
    public init(answers: Answers) {
        self.answers = answers
    }

    public func answer(_ prompt: ScreenPrompt) async throws -> ScreenAnswer {
        headlessAnswer(prompt)
    }

    /// Every answer is in the file: the runtime takes it without an `async` call.
    public func answerAtOnce(_ prompt: ScreenPrompt) -> ScreenAnswer? {
        headlessAnswer(prompt)
    }

    private func headlessAnswer(_ prompt: ScreenPrompt) -> ScreenAnswer {
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
        case .review: answers.acceptTerms.map { ScreenAnswer.reviewWithTerms(accepted: $0) } ?? .review
        case .threeDSChallenge: .threeDSChallenge(code: answers.threeDSCode, cancel: answers.threeDSCancel)
        case .form: .custom(answers.custom)
        case .result: .acknowledged
        }
    }

    public func rejected(_ prompt: ScreenPrompt, issues: [AnswerIssue]) async -> Bool { false }

    /// A `paymentMethod` or `currency` answer other than the flow's fixed choice is not offered.
    public func choicesFixed(_ choices: [FixedChoice]) async -> [AnswerIssue] {
        choices.compactMap { choice in
            switch choice {
            case .paymentMethod(let fixed, let why):
                guard let m = answers.effectivePaymentMethod, m != fixed else { return nil }
                return AnswerIssue(path: "paymentMethod", code: "not_offered", message: "\(m.rawValue) is not offered: \(why)")
            case .currency(let fixed, let why):
                guard let code = answers.currency, code != fixed else { return nil }
                return AnswerIssue(
                    path: "currency", code: "not_offered", message: "\(code) is not offered: \(why); the price is in \(fixed)")
            }
        }
    }

    public func finished(_ result: CheckoutResult) async {}

    /// `wait:` answers: the time spent at this stage before answering.
    /// (Asked at every screen: without `wait:` answers, nothing is hashed.)
    public func wait(at stage: String) -> Duration? { answers.waits.isEmpty ? nil : answers.waits[stage] }
}
