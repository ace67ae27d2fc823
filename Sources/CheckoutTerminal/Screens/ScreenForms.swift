import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime

/// Each screen kind of SPEC §8 as a form, and the form's values as the screen's answer.
struct ScreenForms: Sendable {
    let flow: CompiledFlow
    let today: YearMonth

    /// The form for `p`, with the question Esc asks.
    func form(for p: ScreenPrompt, previous: Form.Values?) -> Form {
        var form = plainForm(for: p, previous: previous)
        if let question = cancelQuestion(p) { form.cancelQuestion = question }
        return form
    }

    /// What Esc's question says when canceling does not leave the checkout: a card scan or a
    /// 3-D Secure challenge whose `canceled` outcome the flow routes to another stage (BAM's
    /// "canceled by end-user" going on to a typed card). Nil: canceling leaves.
    func cancelQuestion(_ p: ScreenPrompt) -> String? {
        guard p.kind == .cardScan || p.kind == .threeDSChallenge,
            let stage = flow.pipeline.stages.first(where: { $0.id == p.stageId }),
            case .stage(let target)? = stage.routes[.canceled],
            let next = flow.pipeline.stages.first(where: { $0.id == target })
        else { return nil }
        let name: String
        if case .screen(let kind) = next.kind {
            name = Self.heading(kind, title: next.title)
        } else {
            name = next.title ?? next.id
        }
        let stop = p.kind == .cardScan ? "Stop scanning?" : "Cancel the verification?"
        return "\(stop) y goes on to \(name), any other key stays"
    }

    private func plainForm(for p: ScreenPrompt, previous: Form.Values?) -> Form {
        let definition = flow.definition
        switch p.kind {
        case .paymentMethod:
            let options = p.paymentMethods.map { m in
                // The pay line the Apple Pay sheet will show (`provider.applePay.payLine`).
                let line = m == .applePay ? p.applePayLine.map { " (pay \(UserText.shown($0)))" } ?? "" : ""
                return ChoiceList.Option(id: m.rawValue, label: Self.methodName(m) + line)
            }
            return Form(fields: [
                Form.Field(id: "method", label: "Pay with", control: .choice(ChoiceList(options: options, selectedId: previous?["method"])))
            ])
        case .savedCard:
            let options = p.savedCards.map {
                ChoiceList.Option(id: $0.last4, label: "\($0.brand.niceName) •••• \($0.last4)", detail: "expires \($0.expiry)")
            }
            return Form(fields: [
                Form.Field(
                    id: "savedCard", label: "Card", control: .choice(ChoiceList(options: options, selectedId: previous?["savedCard"])))
            ])
        case .creditCard:
            return CardForms.card(
                p, settings: definition.cards, today: today, storeCardRequired: definition.cards.storeCard == .required, previous: previous)
        case .cardScan:
            return CardForms.scan(p, settings: definition.cards, today: today)
        case .billing:
            return AddressForms.form(
                p, presence: definition.fields.billingPresence(for: definition.request), billing: true, previous: previous,
                allowedCountries: definition.fields.allowedBillingCountries)
        case .shipping:
            return AddressForms.form(
                p, presence: definition.fields.shippingPresence(for: definition.request), billing: false, previous: previous,
                allowedCountries: definition.fields.allowedShippingCountries)
        case .currency:
            let options = p.currencies.map { ChoiceList.Option(id: $0, label: $0, detail: Currency.iso($0)?.name) }
            let current = previous?["currency"] ?? p.price.currency.code
            return Form(fields: [
                Form.Field(
                    id: "currency", label: "Currency", control: .choice(ChoiceList(options: options, selectedId: current, filterable: true))
                )
            ])
        case .review where p.requiresTermsConsent:
            // Maxpay's SDKs: Pay only with the terms checkbox ticked (iOS `PAYConditionsView`,
            // Android `checkBoxTermsOfUse`).
            let on = previous?["acceptTerms"] == "true"
            return Form(fields: [
                Form.Field(
                    id: "acceptTerms", label: "I accept the Terms of Use and the Privacy Policy", control: .toggle(Toggle(isOn: on))),
                Form.Field(id: "confirm", label: Self.payLabel(p), control: .confirm),
            ])
        case .review, .result:
            return Form(fields: [Form.Field(id: "confirm", label: Self.payLabel(p), control: .confirm)])
        case .threeDSChallenge:
            return Form(
                fields: [
                    Form.Field(
                        id: "code", label: "Verification code", control: .text(TextInput(value: "")),
                        placeholder: "the code your bank sent (sandbox: 1234)")
                ],
                check: { v, _, leaving in leaving && (v["code"] ?? "").isEmpty ? "Enter the verification code." : nil })
        case .form:
            let custom = p.customFields
            let fields = custom.map { c -> Form.Field in
                if let options = c.options {
                    let list = ChoiceList(options: options.map { ChoiceList.Option(id: $0, label: $0) }, selectedId: previous?[c.id])
                    return Form.Field(id: c.id, label: c.title, control: .choice(list))
                }
                return Form.Field(
                    id: c.id, label: c.required ? c.title : c.title + " (optional)", control: .text(TextInput(value: previous?[c.id] ?? ""))
                )
            }
            return Form(
                fields: fields,
                check: { v, id, leaving in
                    guard leaving, let c = custom.first(where: { $0.id == id }) else { return nil }
                    return c.problem(with: v[id])?.message
                })
        }
    }

    /// The answer the form's values make for `p`.
    func answer(for p: ScreenPrompt, values v: Form.Values) -> ScreenAnswer {
        switch p.kind {
        case .paymentMethod: .paymentMethod(v["method"].flatMap(PaymentMethodKind.init(rawValue:)))
        case .savedCard: .savedCard(last4: v["savedCard"])
        case .creditCard: .card(CardForms.cardAnswer(v))
        case .cardScan: .scan(CardForms.scanAnswer(v, settings: flow.definition.cards))
        case .billing: .billing(AddressForms.address(v), sameAsBilling: v["sameAsBilling"].map { $0 == "true" })
        case .shipping: .shipping(AddressForms.address(v))
        case .currency: .currency(v["currency"] == p.price.currency.code ? nil : v["currency"])
        case .review: p.requiresTermsConsent ? .reviewWithTerms(accepted: v["acceptTerms"] == "true") : .review
        case .result: .acknowledged
        case .threeDSChallenge: .threeDSChallenge(code: v["code"], cancel: false)
        case .form: .custom(v.filter { !$0.value.isEmpty })
        }
    }

    /// What a form starts from: the values a refused answer had, or on a screen shown again
    /// (a route back after a decline) its last answer — except the card, which is a new one.
    static func startingValues(_ p: ScreenPrompt, retry: Form.Values?, last: Form.Values?) -> Form.Values? {
        if let retry { return retry }
        guard p.visit > 1, ![.creditCard, .cardScan, .threeDSChallenge].contains(p.kind) else { return nil }
        return last
    }

    /// A line above a card screen shown again after a decline.
    static func notice(_ p: ScreenPrompt) -> String? {
        p.visit > 1 && (p.kind == .creditCard || p.kind == .cardScan || p.kind == .savedCard)
            ? "The payment did not go through with that card; try another one." : nil
    }

    static func methodName(_ m: PaymentMethodKind) -> String {
        switch m {
        case .card: "Credit or debit card"
        case .paypal: "PayPal"
        case .applePay: "Apple Pay"
        case .savedCard: "A saved card"
        }
    }

    /// `Pay $26.52`, or `Continue` when there is no price (a subscription set up without one).
    static func payLabel(_ p: ScreenPrompt) -> String {
        p.price.total.map { "Pay " + MoneyText.format($0) } ?? "Continue"
    }

    /// The heading of a screen.
    static func heading(_ p: ScreenPrompt) -> String { heading(p.kind, title: p.title) }

    /// The heading of a screen of `kind` titled `title` (the flow's, else the kind's own).
    static func heading(_ kind: ScreenKind, title: String?) -> String {
        if let t = title { return t }
        switch kind {
        case .paymentMethod: return "Payment method"
        case .savedCard: return "Saved cards"
        case .creditCard: return "Card details"
        case .cardScan: return "Card scan"
        case .billing: return "Billing details"
        case .shipping: return "Shipping address"
        case .currency: return "Currency"
        case .review: return "Review"
        case .form: return "Details"
        case .threeDSChallenge: return "3-D Secure"
        case .result: return "Result"
        }
    }
}
