import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime

/// Each screen kind of SPEC §8 as a form, and the form's values as the screen's answer.
struct ScreenForms: Sendable {
    let flow: CompiledFlow
    let today: YearMonth
    /// The shopper's language: the run's (`request.locale`, resolved before the run), else English.
    let text: ShopperText
    /// The flow's own texts in that language (`translations`), where it has them.
    let flowTexts: FlowTexts

    init(flow: CompiledFlow, today: YearMonth) {
        self.flow = flow
        self.today = today
        let locale = flow.definition.request.locale ?? .english
        text = ShopperText(locale)
        flowTexts = flow.definition.texts(for: locale)
    }

    /// The flow's title and description as the shopper reads them.
    var banner: (title: String, description: String?) {
        let d = flow.definition
        return (flowTexts.title ?? d.title ?? d.id, flowTexts.description ?? d.description)
    }

    /// The form for `p`, with the question Esc asks.
    func form(for p: ScreenPrompt, previous: Form.Values?) -> Form {
        var form = plainForm(for: p, previous: previous)
        form.cancelQuestion = cancelQuestion(p) ?? text("cancel.leave")
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
            name = Self.heading(kind, title: flowTexts.screens[next.id] ?? next.title, text)
        } else {
            name = next.title ?? next.id
        }
        return text(p.kind == .cardScan ? "cancel.stopScanning" : "cancel.stopVerification", name)
    }

    private func plainForm(for p: ScreenPrompt, previous: Form.Values?) -> Form {
        let definition = flow.definition
        let t = text
        switch p.kind {
        case .paymentMethod:
            let options = p.paymentMethods.map { m in
                // The pay line the Apple Pay sheet will show (`provider.applePay.payLine`).
                if m == .applePay, let line = p.applePayLine {
                    return ChoiceList.Option(id: m.rawValue, label: t("method.applePayLine", UserText.shown(line)))
                }
                return ChoiceList.Option(id: m.rawValue, label: Self.methodName(m, t))
            }
            return Form(fields: [
                Form.Field(
                    id: "method", label: t("field.payWith"), control: .choice(ChoiceList(options: options, selectedId: previous?["method"]))
                )
            ])
        case .savedCard:
            let options = p.savedCards.map {
                ChoiceList.Option(id: $0.last4, label: "\($0.brand.niceName) •••• \($0.last4)", detail: t("card.expires", "\($0.expiry)"))
            }
            return Form(fields: [
                Form.Field(
                    id: "savedCard", label: t("field.card"),
                    control: .choice(ChoiceList(options: options, selectedId: previous?["savedCard"])))
            ])
        case .creditCard:
            return CardForms.card(
                p, settings: definition.cards, today: today, storeCardRequired: definition.cards.storeCard == .required, previous: previous,
                t)
        case .cardScan:
            return CardForms.scan(p, settings: definition.cards, today: today, t)
        case .billing:
            return AddressForms.form(
                p, presence: definition.fields.billingPresence(for: definition.request), billing: true, previous: previous,
                allowedCountries: definition.fields.allowedBillingCountries, t)
        case .shipping:
            return AddressForms.form(
                p, presence: definition.fields.shippingPresence(for: definition.request), billing: false, previous: previous,
                allowedCountries: definition.fields.allowedShippingCountries, t)
        case .currency:
            let options = p.currencies.map { ChoiceList.Option(id: $0, label: $0, detail: t.currencyName($0) ?? Currency.iso($0)?.name) }
            let current = previous?["currency"] ?? p.price.currency.code
            return Form(fields: [
                Form.Field(
                    id: "currency", label: t("field.currency"),
                    control: .choice(ChoiceList(options: options, selectedId: current, filterable: true))
                )
            ])
        case .review where p.requiresTermsConsent:
            // Maxpay's SDKs: Pay only with the terms checkbox ticked (iOS `PAYConditionsView`,
            // Android `checkBoxTermsOfUse`).
            let on = previous?["acceptTerms"] == "true"
            return Form(fields: [
                Form.Field(
                    id: "acceptTerms", label: t("field.acceptTerms"), control: .toggle(Toggle(isOn: on))),
                Form.Field(id: "confirm", label: Self.payLabel(p, t), control: .confirm),
            ])
        case .review, .result:
            return Form(fields: [Form.Field(id: "confirm", label: Self.payLabel(p, t), control: .confirm)])
        case .threeDSChallenge:
            return Form(
                fields: [
                    Form.Field(
                        id: "code", label: t("field.verificationCode"), control: .text(TextInput(value: "")),
                        placeholder: t("field.verificationCode.placeholder"))
                ],
                check: { v, _, leaving in leaving && (v["code"] ?? "").isEmpty ? t("problem.required.verificationCode") : nil })
        case .form:
            let custom = p.customFields
            let fields = custom.map { c -> Form.Field in
                let own = flowTexts.fields[c.id]
                let title = own?.title ?? c.title
                if let options = c.options {
                    let labels = options.map { ChoiceList.Option(id: $0, label: own?.options[$0] ?? $0) }
                    return Form.Field(id: c.id, label: title, control: .choice(ChoiceList(options: labels, selectedId: previous?[c.id])))
                }
                return Form.Field(
                    id: c.id, label: c.required ? title : t("field.optional", title),
                    control: .text(TextInput(value: previous?[c.id] ?? "")))
            }
            return Form(
                fields: fields,
                check: { v, id, leaving in
                    guard leaving, var c = custom.first(where: { $0.id == id }) else { return nil }
                    // The problem names the field as the shopper reads it (its translated title).
                    c.title = flowTexts.fields[c.id]?.title ?? c.title
                    return c.problem(with: v[id]).map { t.problem(code: $0.code, message: $0.message) }
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
    static func notice(_ p: ScreenPrompt, _ t: ShopperText) -> String? {
        p.visit > 1 && (p.kind == .creditCard || p.kind == .cardScan || p.kind == .savedCard)
            ? t("notice.tryAnotherCard") : nil
    }

    static func methodName(_ m: PaymentMethodKind, _ t: ShopperText) -> String {
        switch m {
        case .card: t("method.card")
        case .paypal: "PayPal"
        case .applePay: "Apple Pay"
        case .savedCard: t("method.savedCard")
        }
    }

    /// `Pay $26.52`, or `Continue` when there is no price (a subscription set up without one).
    static func payLabel(_ p: ScreenPrompt, _ t: ShopperText) -> String {
        p.price.total.map { t("review.pay", MoneyText.format($0, t)) } ?? t("review.continue")
    }

    /// The heading of a screen in the shopper's language: the flow's translation of its title
    /// (`translations.<tag>.screens`), else its title, else the kind's own.
    func heading(_ p: ScreenPrompt) -> String { Self.heading(p.kind, title: flowTexts.screens[p.stageId] ?? p.title, text) }

    /// The heading of a screen of `kind` titled `title` (the flow's, else the kind's own).
    static func heading(_ kind: ScreenKind, title: String?, _ t: ShopperText) -> String {
        if let title { return title }
        return t("screen.\(kind.rawValue)")
    }
}
