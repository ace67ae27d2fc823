import CheckoutDomain
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

    /// What one screen of the pipeline shows, made in one initialiser call.
    private func screenPrompt(_ kind: ScreenKind, stage: PipelineStage, visit: Int, currencies: [String]) -> ScreenPrompt {
        let definition = runner.flow.definition
        return ScreenPrompt(
            kind: kind, stageId: stage.id, price: price,
            paymentMethods: kind == .paymentMethod ? offeredMethods() : [],
            savedCards: kind == .savedCard ? shopper?.savedCards ?? [] : [],
            prefill: kind == .billing ? billingPrefill() : kind == .shipping ? request.prefillShipping ?? shopper?.shipping : nil,
            requirements: billingRequirements,
            offersSameAsBilling: kind == .billing && request.offersSameAsBilling,
            offersStoreCard: kind == .creditCard ? storeCardSetting != .hidden : true,
            readsBankDetails: kind == .cardScan && definition.cards.requireSortCodeAndAccountNumber,
            currencies: currencies, acceptedBrands: definition.cards.accept ?? CardBrand.every, theme: definition.theme,
            visit: visit, title: stage.title, fields: stage.fields,
            customFields: kind == .form ? customFields(of: stage) : [])
    }

    /// The brands a card answer may have, as the validator takes them: the prompt's, which
    /// are the flow's (`cards.accept`, else every brand, a set made once).
    func acceptedBrandSet(_ p: ScreenPrompt) -> Set<CardBrand> {
        runner.flow.definition.cards.accept == nil && p.acceptedBrands == CardBrand.every ? CardBrand.everySet : Set(p.acceptedBrands)
    }

    /// Asks the front end for one screen, validates, and asks again or collects the issues.
    nonisolated(nonsending) func runScreen(_ kind: ScreenKind, stage: PipelineStage, visit: Int = 1) async -> StageResult {
        if kind == .result { return .next }
        let currencies = kind == .currency ? (try? await currencyTable()).map(currencyChoices) ?? [] : []
        // Built in one go and never changed: passed to the front end without a copy.
        let p = screenPrompt(kind, stage: stage, visit: visit, currencies: currencies)
        if let d = dwellTime(p) { await dwell(d, stage: p.stageId) }
        while true {
            let answer: ScreenAnswer
            do {
                answer = try await runner.frontend.answer(p)
            } catch {
                emit("screen.error", stage: stage.id)
                return .end(.error)
            }
            switch answer {
            case .cancel where kind != .cardScan:
                emit("screen.canceled", stage: stage.id)
                return .end(.canceled)
            case .noFurtherAttempt:
                if visit > 1, let status = routedStatus {
                    emit("screen.left", stage: stage.id, attributes: [JSONMember("visit", .int(visit))])
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
                    emit("screen.answered", stage: stage.id, attributes: traceAttributes(kind))
                    return .next
                }
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
    nonisolated(nonsending) func confirmFixedChoices(paymentMethodScreen: Bool, currencyScreen: Bool) async {
        if !paymentMethodScreen, let fixed = paymentMethod {
            var p = prompt(.paymentMethod, stage: "paymentMethod")
            p.paymentMethods = [fixed]
            p.isFixedChoice = true
            if case .paymentMethod(let m?) = try? await runner.frontend.answer(p), m != fixed {
                let why = request.subscription ? "a subscription is paid by card" : "this checkout offers only \(fixed.rawValue)"
                issues.append(AnswerIssue(path: "paymentMethod", code: "not_offered", message: "\(m.rawValue) is not offered: \(why)"))
            }
        }
        if !currencyScreen {
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
    private func accept(_ answer: ScreenAnswer, prompt p: ScreenPrompt) -> [AnswerIssue] {
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
            let merged = merge(a, over: p.prefill)
            var found = AddressValidator.validateBilling(merged, requirements: billingRequirements)
                .map { AnswerIssue(path: "billing.\($0.field)", code: $0.code, message: $0.message) }
            for issue in presenceIssues(merged, section: "billing", overrides: runner.flow.definition.fields.billing)
            where !found.contains(where: { $0.path == issue.path }) {
                found.append(issue)
            }
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
            billing = merged
            if sameAsBilling, var s = billing {
                s.email = nil
                shipping = s
            }
        case .shipping(let a):
            let merged = merge(a, over: p.prefill)
            var found = AddressValidator.validateShipping(merged).map {
                AnswerIssue(path: "shipping.\($0.field)", code: $0.code, message: $0.message)
            }
            for issue in presenceIssues(merged, section: "shipping", overrides: runner.flow.definition.fields.shipping)
            where !found.contains(where: { $0.path == issue.path }) {
                found.append(issue)
            }
            guard found.isEmpty else { return found }
            shipping = merged
        case .currency(let code):
            return acceptCurrency(code, prompt: p)
        case .custom(let values):
            return acceptCustom(values, prompt: p)
        case .noFurtherAttempt:
            return [AnswerIssue(path: "\(p.kind.rawValue)", code: "required", message: "no answer for this screen")]
        case .threeDSChallenge, .review, .acknowledged, .cancel, .scan:
            break
        }
        return []
    }

    /// Why a new card must be stored, when it must: choosePayment keeps it as the shopper's
    /// chosen method; a subscription charges it again later.
    var storeCardConsentReason: String? {
        if request.mode == .choosePayment { return "choosePayment stores a new card as the shopper's payment method" }
        if request.subscription { return "a subscription stores the card it charges" }
        return nil
    }

    /// The store-card switch: `cards.storeCard`, else `request.hideStoreCardSwitch`.
    var storeCardSetting: StoreCardSetting {
        runner.flow.definition.cards.storeCard ?? (request.hideStoreCardSwitch ? .hidden : .offer)
    }

    private func customFields(of stage: PipelineStage) -> [CustomField] {
        let all = runner.flow.definition.fields.custom
        guard let ids = stage.fields else { return all }
        return ids.compactMap { id in all.first { $0.id == id } }
    }

    private func acceptCustom(_ values: [String: String], prompt p: ScreenPrompt) -> [AnswerIssue] {
        let found = p.customFields.compactMap { $0.problem(with: values[$0.id]) }
            .map { AnswerIssue(path: "custom.\($0.field)", code: $0.code, message: $0.message) }
        guard found.isEmpty else { return found }
        for field in p.customFields { if let v = values[field.id], !v.isEmpty { custom[field.id] = v } }
        return []
    }

    /// Presence rules of `fields` beyond the request's flags: fields made required, fields
    /// explicitly hidden but answered. None when `fields` sets nothing for the section.
    private func presenceIssues(_ a: Address, section: String, overrides: [AddressField: FieldPresence]) -> [AnswerIssue] {
        guard !overrides.isEmpty else { return [] }
        var found: [AnswerIssue] = []
        for field in AddressField.allCases {
            let value = a[field]?.trimmingWhitespace(newlines: false) ?? ""
            if overrides[field] == .hidden, !value.isEmpty {
                found.append(
                    AnswerIssue(
                        path: "\(section).\(field.rawValue)", code: "not_offered",
                        message: "this checkout does not ask for \(field.rawValue)"))
            } else if overrides[field] == .required, value.isEmpty, field != .state || Country.states(of: a.country ?? "") != nil {
                found.append(AnswerIssue(path: "\(section).\(field.rawValue)", code: "required", message: "Enter the \(field.rawValue)."))
            }
        }
        return found
    }

    func acceptCard(_ c: CardAnswer, prompt p: ScreenPrompt) -> [AnswerIssue] {
        let input = CardInput(number: c.number ?? "", expiry: c.expiry ?? "", cvv: c.cvv ?? "", name: c.name)
        var found: [AnswerIssue] = []
        if c.storeCard == true, !p.offersStoreCard {
            found.append(
                AnswerIssue(path: "card.storeCard", code: "not_offered", message: "this checkout hides the \"store my card\" switch"))
        }
        if c.storeCard == false, storeCardSetting == .required {
            found.append(
                AnswerIssue(path: "card.storeCard", code: "required", message: "this checkout always stores the card"))
        } else if c.storeCard != true, storeCardSetting != .required, let why = storeCardConsentReason {
            // BlueSnap: a new card is stored only with the shopper's consent, and must be
            // stored when it becomes the chosen method or pays a subscription.
            found.append(
                AnswerIssue(
                    path: "card.storeCard", code: "consent_required",
                    message: "\(why): the shopper must agree to store it (card.storeCard: true)"))
        }
        let settings = runner.flow.definition.cards
        switch CardValidator.validate(
            input, now: YearMonth(containing: runner.clock.now()), accepted: acceptedBrandSet(p),
            requireHolderName: settings.requireHolderName, requireCvv: settings.requireCvv)
        {
        case .success(let card):
            guard found.isEmpty else { return found }
            self.card = card
            storeCard = storeCardSetting == .required ? true : c.storeCard
            return []
        case .failure(let e):
            return found + e.issues.map { AnswerIssue(path: "card.\($0.field)", code: $0.code, message: $0.message) }
        }
    }

    private func acceptCurrency(_ code: String?, prompt p: ScreenPrompt) -> [AnswerIssue] {
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
        for code in table.rates.keys {
            codes.append(code)
            var i = codes.count - 1
            while i > 1, codes[i] < codes[i - 1] {
                codes.swapAt(i, i - 1)
                i -= 1
            }
        }
        return codes
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
