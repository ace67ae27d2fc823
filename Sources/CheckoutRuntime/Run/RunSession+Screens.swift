import CheckoutDomain
import CheckoutLanguage
import Foundation

extension RunSession {
    func prompt(_ kind: ScreenKind, stage: String) -> ScreenPrompt {
        ScreenPrompt(
            kind: kind, stageId: stage, price: price, requirements: request.addressRequirements,
            theme: runner.flow.definition.theme)
    }

    /// Asks the front end for one screen, validates, and asks again or collects the issues.
    func runScreen(_ kind: ScreenKind, stage: PipelineStage) async -> StageResult {
        var p = prompt(kind, stage: stage.id)
        switch kind {
        case .paymentMethod: p.paymentMethods = offeredMethods()
        case .savedCard: p.savedCards = shopper?.savedCards ?? []
        case .creditCard: p.offersStoreCard = !request.hideStoreCardSwitch
        case .billing:
            p.prefill = billingPrefill()
            p.offersSameAsBilling = request.offersSameAsBilling
        case .shipping: p.prefill = request.prefillShipping ?? shopper?.shipping
        case .currency: p.currencies = (try? await currencyTable()).map(currencyChoices) ?? []
        case .result: return .next
        default: break
        }
        while true {
            let answer: ScreenAnswer
            do {
                answer = try await runner.frontend.answer(p)
            } catch {
                emit("screen.error", stage: stage.id)
                return .end(.error)
            }
            if case .cancel = answer {
                emit("screen.canceled", stage: stage.id)
                return .end(.canceled)
            }
            let found = await accept(answer, prompt: p)
            if found.isEmpty {
                emit("screen.answered", stage: stage.id, attributes: traceAttributes(kind))
                return .next
            }
            emit("screen.invalid", stage: stage.id, attributes: [JSONMember("issues", .array(found.map { .string($0.path) }))])
            if await !runner.frontend.rejected(p, issues: found) {
                issues += found
                return .next
            }
        }
    }

    /// When the flow fixes the payment method or the currency, the front end still sees the
    /// choice, so an answer that contradicts it (PayPal on a subscription, a currency when
    /// currency change is off) is reported instead of silently ignored.
    func confirmFixedChoices() async {
        if !runner.flow.pipeline.contains(.screen(.paymentMethod)), let fixed = paymentMethod {
            var p = prompt(.paymentMethod, stage: "paymentMethod")
            p.paymentMethods = [fixed]
            p.isFixedChoice = true
            if case .paymentMethod(let m?) = try? await runner.frontend.answer(p), m != fixed {
                let why = request.subscription ? "a subscription is paid by card" : "this checkout offers only \(fixed.rawValue)"
                issues.append(AnswerIssue(path: "paymentMethod", code: "not_offered", message: "\(m.rawValue) is not offered: \(why)"))
            }
        }
        if !runner.flow.pipeline.contains(.screen(.currency)) {
            var p = prompt(.currency, stage: "currency")
            p.currencies = [price.currency.code]
            p.isFixedChoice = true
            if case .currency(let code?) = try? await runner.frontend.answer(p), code != price.currency.code {
                let why =
                    request.subscription ? "a subscription's currency cannot change" : "this checkout does not allow changing the currency"
                issues.append(
                    AnswerIssue(
                        path: "currency", code: "not_offered",
                        message: "\(code) is not offered: \(why); the price is in \(price.currency.code)"))
            }
        }
    }

    /// Applies a valid answer to the run; returns the problems of an invalid one.
    private func accept(_ answer: ScreenAnswer, prompt p: ScreenPrompt) async -> [AnswerIssue] {
        switch answer {
        case .paymentMethod(let m):
            guard let m else {
                return [
                    AnswerIssue(
                        path: "paymentMethod", code: "required",
                        message: "choose one of \(p.paymentMethods.map(\.rawValue).joined(separator: ", "))")
                ]
            }
            guard p.paymentMethods.contains(m) else {
                let why =
                    m == .paypal && !request.subscription
                    ? "PayPal does not accept \(price.currency.code)" : "this checkout does not offer it"
                return [
                    AnswerIssue(
                        path: "paymentMethod", code: "not_offered",
                        message:
                            "\(m.rawValue) is not offered: \(why); choose one of \(p.paymentMethods.map(\.rawValue).joined(separator: ", "))"
                    )
                ]
            }
            paymentMethod = m
        case .savedCard(let last4):
            let cards = p.savedCards.map(\.last4)
            guard let last4 else {
                return [
                    AnswerIssue(
                        path: "savedCard", code: "required",
                        message: "give the last 4 digits of a saved card: \(cards.joined(separator: ", "))")
                ]
            }
            guard cards.contains(last4) else {
                return [
                    AnswerIssue(
                        path: "savedCard", code: "unknown_card",
                        message: "the shopper has no saved card ending in \(last4); saved: \(cards.joined(separator: ", "))")
                ]
            }
            savedCardLast4 = last4
            billing = billingPrefill()
        case .card(let c):
            return acceptCard(c, prompt: p)
        case .billing(let a, let same):
            var found = AddressValidator.validateBilling(merge(a, over: p.prefill), requirements: request.addressRequirements)
                .map { AnswerIssue(path: "billing.\($0.field)", code: $0.code, message: $0.message) }
            if same == true, !p.offersSameAsBilling {
                found.append(
                    AnswerIssue(
                        path: "shipping.sameAsBilling", code: "not_offered",
                        message: "\"shipping same as billing\" is offered only with fullBilling and withShipping"))
            } else {
                // The switch stands on its own: a bad billing field must not also make every
                // shipping field look missing.
                sameAsBilling = same ?? false
            }
            guard found.isEmpty else { return found }
            billing = merge(a, over: p.prefill)
            if sameAsBilling, var s = billing {
                s.email = nil
                shipping = s
            }
        case .shipping(let a):
            let merged = merge(a, over: p.prefill)
            let found = AddressValidator.validateShipping(merged).map {
                AnswerIssue(path: "shipping.\($0.field)", code: $0.code, message: $0.message)
            }
            guard found.isEmpty else { return found }
            shipping = merged
        case .currency(let code):
            return await acceptCurrency(code, prompt: p)
        case .threeDSChallenge, .review, .acknowledged, .cancel:
            break
        }
        return []
    }

    private func acceptCard(_ c: CardAnswer, prompt p: ScreenPrompt) -> [AnswerIssue] {
        let input = CardInput(number: c.number ?? "", expiry: c.expiry ?? "", cvv: c.cvv ?? "", name: c.name)
        var found: [AnswerIssue] = []
        if c.storeCard == true, !p.offersStoreCard {
            found.append(
                AnswerIssue(path: "card.storeCard", code: "not_offered", message: "this checkout hides the \"store my card\" switch"))
        }
        switch CardValidator.validate(input, now: YearMonth(containing: runner.clock.now()), accepted: Set(p.acceptedBrands)) {
        case .success(let card):
            guard found.isEmpty else { return found }
            self.card = card
            storeCard = c.storeCard
            return []
        case .failure(let e):
            return found + e.issues.map { AnswerIssue(path: "card.\($0.field)", code: $0.code, message: $0.message) }
        }
    }

    private func acceptCurrency(_ code: String?, prompt p: ScreenPrompt) async -> [AnswerIssue] {
        guard let code, code != price.currency.code else { return [] }
        guard let currency = Currency.iso(code) else {
            return [AnswerIssue(path: "currency", code: "invalid_currency", message: "'\(code)' is not an ISO 4217 currency code")]
        }
        guard p.currencies.contains(code) else {
            return [
                AnswerIssue(
                    path: "currency", code: "not_offered",
                    message: "\(code) is not offered; choose one of \(p.currencies.joined(separator: ", "))")
            ]
        }
        if paymentMethod == .paypal, !PaymentMethodKind.payPalCurrencies.contains(code) {
            return [AnswerIssue(path: "currency", code: "not_supported_by_paypal", message: "PayPal does not accept \(code)")]
        }
        requestedCurrency = currency.code
        return []
    }

    func billingPrefill() -> Address? {
        paymentMethod == .savedCard ? (shopper?.billing ?? request.prefillBilling) : (request.prefillBilling ?? shopper?.billing)
    }

    func currencyTable() async throws -> CurrencyTable {
        if let rates { return rates }
        let table: CurrencyTable
        if let own = runner.flow.definition.currencies {
            table = own
        } else {
            table = try await runner.provider.currencyRates()
        }
        rates = table
        return table
    }

    private func currencyChoices(_ table: CurrencyTable) -> [String] {
        ([table.base.code] + table.rates.keys.sorted()).filter { code in
            code == price.currency.code || table.rate(of: price.currency.code) != nil
        }
    }

    /// Answered fields win over pre-filled ones.
    private func merge(_ a: Address, over prefill: Address?) -> Address {
        guard let p = prefill else { return a }
        return Address(
            name: a.name ?? p.name, email: a.email ?? p.email, address: a.address ?? p.address, city: a.city ?? p.city,
            zip: a.zip ?? p.zip, country: a.country ?? p.country,
            state: a.state ?? (a.country == nil || a.country == p.country ? p.state : nil), phone: a.phone ?? p.phone)
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
