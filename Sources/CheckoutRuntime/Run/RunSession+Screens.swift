import CheckoutDomain
import CheckoutJSON
import CheckoutLanguage
import Foundation

extension RunSession {
    func prompt(_ kind: ScreenKind, stage: String) -> ScreenPrompt {
        var p = ScreenPrompt(
            kind: kind, stageId: stage, price: price, requirements: billingRequirements,
            theme: runner.flow.definition.theme)
        if let accept = runner.flow.definition.cards.accept { p.acceptedBrands = accept }
        return p
    }

    /// What one screen of the pipeline shows, made in one initialiser call and returned as
    /// made (setting a property afterwards copied the whole prompt, about fifteen references).
    private func screenPrompt(_ kind: ScreenKind, stage: StageRef, visit: Int, currencies: [String]) -> ScreenPrompt {
        let methods = kind == .paymentMethod ? offeredMethods() : []
        return ScreenPrompt(
            kind: kind, stageId: stage.id, price: price, paymentMethods: methods,
            applePayLine: methods.contains(.applePay) ? runner.flow.definition.provider.applePay?.payLine : nil,
            requiresTermsConsent: kind == .review && runner.flow.definition.provider.requireTermsConsent,
            savedCards: kind == .savedCard ? shopper?.savedCards ?? [] : [],
            prefill: kind == .billing ? billingPrefill() : kind == .shipping ? request.prefillShipping ?? shopper?.shipping : nil,
            requirements: billingRequirements, today: kind == .billing ? CalendarDate(containing: runner.clock.now()) : nil,
            offersSameAsBilling: kind == .billing && request.offersSameAsBilling,
            offersStoreCard: kind == .creditCard ? storeCardSetting != .hidden : true,
            readsBankDetails: kind == .cardScan && runner.flow.definition.cards.requireSortCodeAndAccountNumber,
            currencies: currencies, acceptedBrands: runner.flow.definition.cards.accept ?? CardBrand.every,
            theme: runner.flow.definition.theme,
            visit: visit, title: stage.title, fields: stage.fields,
            customFields: kind == .form ? customFields(of: stage) : [])
    }

    /// The brands a card answer may have, as the validator takes them: the prompt's, which
    /// are the flow's (`cards.accept`, else every brand, a set made once). Every prompt a run
    /// makes lists `cards.accept` when it is set and every brand when not, so the prompt's list
    /// is not compared with `CardBrand.every` (an element-by-element comparison per card).
    func acceptedBrandSet(_ p: ScreenPrompt) -> Set<CardBrand> {
        runner.flow.definition.cards.accept == nil ? CardBrand.everySet : Set(p.acceptedBrands)
    }

    /// Asks the front end for one screen, validates, and asks again or collects the issues.
    nonisolated(nonsending) func runScreen(_ kind: ScreenKind, stage: StageRef, visit: Int = 1) async -> StageResult {
        if kind == .result { return .next }
        let currencies = kind == .currency ? (try? await currencyTable()).map(currencyChoices) ?? [] : []
        // Built in one go and never changed: passed to the front end without a copy.
        let p = screenPrompt(kind, stage: stage, visit: visit, currencies: currencies)
        if let d = dwellTime(p) { await dwell(d, stage: p.stageId) }
        while true {
            let answer: ScreenAnswer
            if let ready = runner.frontend.answerAtOnce(p) {
                answer = ready  // no `async` call for an answer the front end already has
            } else {
                do {
                    answer = try await runner.frontend.answer(p)
                } catch {
                    emit(.screenError, stage: stage.id)
                    return .end(.error)
                }
            }
            switch answer {
            case .cancel where kind != .cardScan:
                emit(.screenCanceled, stage: stage.id)
                return .end(.canceled)
            case .noFurtherAttempt:
                if visit > 1, let status = routedStatus {
                    emit(.screenLeft, stage: stage.id, attributes: [JSONMember("visit", .int(visit))])
                    if let issue = routedIssue { issues.append(issue) }
                    return .end(status)
                }
            default: break
            }
            let found: [AnswerIssue]
            if kind == .cardScan {
                switch scan(answer, prompt: p, stage: stage.id) {
                case .ended(let result): return result
                case .invalid(let problems): found = problems
                }
            } else {
                if kind == .creditCard, stage.inputEvents, tracing, case .card(let c) = answer { emitInputLine(c, stage: stage) }
                found = accept(answer, prompt: p)
                if found.isEmpty {
                    if kind == .creditCard, stage.inputEvents { inputLineStage = stage.id }
                    emit(.screenAnswered, stage: stage.id, attributes: traceAttributes(kind))
                    return .next
                }
            }
            emit(.screenInvalid, stage: stage.id, attributes: [JSONMember("issues", .array(found.map { .string($0.path) }))])
            if await !runner.frontend.rejected(p, issues: found) {
                issues += found
                return .next
            }
        }
    }

    /// When the flow fixes the payment method or the currency, the front end is told, so an
    /// answer given before the run that contradicts it (PayPal on a subscription, a currency
    /// when currency change is off) is reported instead of silently ignored.
    nonisolated(nonsending) func confirmFixedChoices(paymentMethodScreen: Bool, currencyScreen: Bool) async {
        var choices: [FixedChoice] = []
        if !paymentMethodScreen, let fixed = paymentMethod {
            let why =
                request.subscription
                ? "a subscription is paid by card"
                : request.isZeroCheck
                    ? "a card check of zero is paid by card"
                    : request.mode == .createPayment
                        ? "createPayment pays with the shopper's stored choice, \(fixed.rawValue)"
                        : "this checkout offers only \(fixed.rawValue)"
            choices.append(.paymentMethod(fixed, reason: why))
        }
        if !currencyScreen {
            let why =
                request.subscription
                ? "a subscription's currency cannot change"
                : request.allowCurrencyChange
                    ? "this checkout has no screen to change the currency on" : "this checkout does not allow changing the currency"
            choices.append(.currency(price.currency.code, reason: why))
        }
        if !choices.isEmpty { issues += await runner.frontend.choicesFixed(choices) }
    }

    func billingPrefill() -> Address? {
        paymentMethod == .savedCard ? (shopper?.billing ?? request.prefillBilling) : (request.prefillBilling ?? shopper?.billing)
    }

    nonisolated(nonsending) func currencyTable() async throws -> CurrencyTable {
        if let rates { return rates }
        let table: CurrencyTable
        if let own = runner.flow.definition.currencies {
            table = own
        } else {
            table = try await withRetry(stage: "currency", policy: runner.retry, timeout: runner.timeout, ()) { p, _ in
                try await p.currencyRates()
            }
        }
        rates = table
        return table
    }

    /// The base currency, then the table's others in code order (an insertion sort: a table
    /// holds a handful).
    private func currencyChoices(_ table: CurrencyTable) -> [String] {
        // Without a rate for the current currency nothing else is offered, and the current one
        // is neither the base (rate 1) nor among the rates.
        guard table.rate(of: price.currency.code) != nil else { return [] }
        var codes = [String]()
        codes.reserveCapacity(table.rates.count + 1)
        codes.append(table.base.code)
        codes.append(contentsOf: table.rates.keys)
        // Compared in place through the buffer: reading the array's elements copied two strings
        // (four reference counts) per comparison.
        codes.withUnsafeMutableBufferPointer { c in
            for j in c.indices.dropFirst(2) {
                var i = j
                while c[i] < c[i - 1] {
                    c.swapAt(i, i - 1)
                    i -= 1
                    if i == 1 { break }
                }
            }
        }
        return codes
    }

    private func traceAttributes(_ kind: ScreenKind) -> [JSONMember] {
        switch kind {
        case .paymentMethod: [JSONMember("paymentMethod", paymentMethod.map { .string($0.rawValue) } ?? .null)]
        case .creditCard: card.map { [JSONMember("brand", .string($0.brand.resultName)), JSONMember("last4", .string($0.last4))] } ?? []
        case .savedCard: [JSONMember("last4", savedCardLast4.map { .string($0) } ?? .null)]
        case .billing:
            [JSONMember("country", billing?.country.map { .string($0) } ?? .null), JSONMember("sameAsBilling", .bool(sameAsBilling))]
        case .shipping: [JSONMember("country", shipping?.country.map { .string($0) } ?? .null)]
        case .currency: [JSONMember("currency", .string(requestedCurrency ?? price.currency.code))]
        default: []
        }
    }
}
