import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

/// The card field's input-line events and the card given up front (own UI).
///
/// Input-line events follow the payment SDKs' card input line delegate: `startEditCreditCard`,
/// `endEditCreditCard`, `willCheckCreditCard`, `didCheckCreditCard` (type and last 4 digits,
/// or the error) and `didSubmitCreditCard` (the answer of the tokenize call). The runtime emits
/// them, not the front end, so a headless run and a person at a terminal trace the same events.
/// Only the brand and the last 4 digits are ever recorded.
extension RunSession {
    /// `input.startEdit` … `input.didCheck` for one card answer of a screen with
    /// `inputEvents: true`. The check is the number's: what a provider's server check of the card
    /// number answers (brand, last 4) or the number's problem code.
    func emitInputLine(_ c: CardAnswer, stage: StageRef) {
        guard stage.inputEvents, tracing else { return }
        emit(.inputStartEdit, stage: stage.id, attributes: [JSONMember("field", .string("number"))])
        emit(.inputEndEdit, stage: stage.id, attributes: [JSONMember("field", .string("number"))])
        emit(.inputWillCheck, stage: stage.id)
        let input = CardInput(number: c.number ?? "", expiry: c.expiry ?? "", cvv: c.cvv ?? "", name: c.name)
        let check = CardValidator.validate(
            input, now: YearMonth(containing: runner.clock.now()), accepted: Set(runner.flow.definition.cards.acceptedBrands),
            requireHolderName: false, requireCvv: false)
        var numberIssue: String?
        if case .failure(let e) = check { numberIssue = e.issues.first { $0.field == "number" }?.code }
        if let code = numberIssue {
            emit(.inputDidCheck, stage: stage.id, attributes: [JSONMember("valid", .bool(false)), JSONMember("code", .string(code))])
        } else if let digits = CardNumber.digits(from: input.number), let brand = CardBrand.detect(digits) {
            emit(
                .inputDidCheck, stage: stage.id,
                attributes: [
                    JSONMember("valid", .bool(true)), JSONMember("brand", .string(brand.resultName)),
                    JSONMember("last4", .string(CardNumber.last4(digits))),
                ])
        }
    }

    /// `input.didSubmit` after tokenizing a card typed on a screen with `inputEvents: true`:
    /// the input line's `didSubmitCreditCard`, with the tokenize call's answer.
    func emitInputSubmitted(error: String? = nil) {
        guard let screen = inputLineStage else { return }
        inputLineStage = nil
        if let error {
            emit(
                .inputDidSubmit, stage: screen, attributes: [JSONMember("outcome", .string("error")), JSONMember("code", .string(error))])
        } else if let t = tokenized {
            emit(
                .inputDidSubmit, stage: screen,
                attributes: [
                    JSONMember("outcome", .string("success")), JSONMember("brand", .string(t.brand.resultName)),
                    JSONMember("last4", .string(t.last4)),
                ])
        }
    }

    /// Own UI (`source: upfront`): the app hands over a new card or a returning shopper's
    /// stored card at the tokenize step, as an SDK's `submitTokenizedDetails`. Headless
    /// answers give it as `card` or `savedCard`. Returns the problems of an invalid one.
    nonisolated(nonsending) func takeUpfrontCard(stage: StageRef) async -> [AnswerIssue] {
        var p = prompt(.creditCard, stage: stage.id)
        p.isUpfront = true
        p.paymentMethods = offeredMethods().filter { $0 == .card || $0 == .savedCard }
        p.savedCards = shopper?.savedCards ?? []
        p.offersStoreCard = storeCardSetting != .hidden
        if let d = dwellTime(p) { await dwell(d, stage: p.stageId) }
        let answer: ScreenAnswer
        if let ready = runner.frontend.answerAtOnce(p) {
            answer = ready
        } else {
            do {
                answer = try await runner.frontend.answer(p)
            } catch {
                return [AnswerIssue(path: "card", code: "required", message: "the app gave no card data")]
            }
        }
        var found: [AnswerIssue] = []
        switch answer {
        case .savedCard(let last4?):
            guard p.paymentMethods.contains(.savedCard) else {
                return [
                    AnswerIssue(
                        path: "savedCard", code: "not_offered",
                        message: "a stored card needs a returning shopper with saved cards (request.shopperId)")
                ]
            }
            guard p.savedCards.contains(where: { $0.last4 == last4 }) else {
                let saved = p.savedCards.map(\.last4).joined(separator: ", ")
                return [
                    AnswerIssue(
                        path: "savedCard", code: "unknown_card",
                        message: "the shopper has no saved card ending in \(UserText.shown(last4)); saved: \(saved)")
                ]
            }
            paymentMethod = .savedCard
            savedCardLast4 = last4
        case .card(let c):
            found = acceptCard(c, prompt: p)
            if found.isEmpty { paymentMethod = .card }
        default:
            found = [
                AnswerIssue(path: "card", code: "required", message: "give the card data up front: card, or savedCard (last 4 digits)")
            ]
        }
        emit(
            found.isEmpty ? .cardReceived : .cardInvalid, stage: stage.id,
            attributes: found.isEmpty
                ? [JSONMember("source", .string("upfront")), JSONMember("paymentMethod", .string(paymentMethod?.rawValue ?? ""))]
                    + (card.map { [JSONMember("brand", .string($0.brand.resultName)), JSONMember("last4", .string($0.last4))] }
                        ?? [JSONMember("last4", .string(savedCardLast4 ?? ""))])
                : [JSONMember("source", .string("upfront")), JSONMember("issues", .array(found.map { .string($0.path) }))])
        return found
    }

    /// What the flow collected so far goes with the card (provider-contract #5). Made for each
    /// call and passed in its arguments: captured by the call's closure, it was copied twice.
    func tokenizeDetails() -> TokenizeDetails {
        TokenizeDetails(billing: billing, shipping: shipping, fraudSessionId: fraudSessionId, storeCard: storeCard)
    }

    /// Time the shopper spends on a screen before answering (headless `wait:` answers): the
    /// run's clock moves on, so a token can expire mid-flow.
    ///
    /// `dwellTime` asks (no `await` for the usual screen without a wait); `dwell` waits.
    func dwellTime(_ p: ScreenPrompt) -> Duration? {
        guard let d = runner.frontend.wait(at: p.stageId), d > .zero else { return nil }
        return d
    }

    nonisolated(nonsending) func dwell(_ d: Duration, stage: String) async {
        emit(.screenWait, stage: stage, attributes: [JSONMember("seconds", .int(Int(d.components.seconds)))])
        try? await runner.clock.sleep(for: d)
    }
}
