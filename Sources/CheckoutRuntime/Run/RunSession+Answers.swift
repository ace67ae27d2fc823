import CheckoutDomain
import CheckoutLanguage
import Foundation

/// Screen answers: each is checked against the prompt and applied to the run, or its problems
/// are returned for the front end to show (SPEC §9: every offending field named).
extension RunSession {
    /// Applies a valid answer to the run; returns the problems of an invalid one.
    func accept(_ answer: ScreenAnswer, prompt p: ScreenPrompt) -> [AnswerIssue] {
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
                let why = notOfferedReason(m)
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
                        message: "the shopper has no saved card ending in \(UserText.shown(last4)); saved: \(cards.joined(separator: ", "))"
                    )
                ]
            }
            savedCardLast4 = last4
            billing = billingPrefill()
        case .card(let c):
            return acceptCard(c, prompt: p)
        case .billing(let a, let same):
            let merged = merge(a, over: p.prefill)
            let presence = runner.flow.definition.fields.billingPresenceByPosition(for: request)
            let phoneAsked = asks(.phone, presence: presence, listed: p.fields)
            let unasked = notOffered(a, section: "billing", presence: presence, listed: p.fields)
            var found = AddressValidator.validateBilling(phoneChecked(merged, asked: phoneAsked), requirements: billingRequirements)
                .map { AnswerIssue(path: "billing.\($0.field)", code: $0.code, message: $0.message) }
            found += birthdayIssues(merged)
            found = unasked + found.filter { issue in !unasked.contains { $0.path == issue.path } }
            found += notAllowedCountry(merged, section: "billing", found: found)
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
            billing = phoneKept(merged, asked: phoneAsked)
            if sameAsBilling, var s = billing {
                s.email = nil
                s.birthday = nil
                shipping = s
            }
        case .shipping(let a):
            let merged = merge(a, over: p.prefill)
            let presence = runner.flow.definition.fields.shippingPresenceByPosition()
            let phoneAsked = asks(.phone, presence: presence, listed: p.fields)
            let unasked = notOffered(a, section: "shipping", presence: presence, listed: p.fields)
            var found = AddressValidator.validateShipping(phoneChecked(merged, asked: phoneAsked)).map {
                AnswerIssue(path: "shipping.\($0.field)", code: $0.code, message: $0.message)
            }
            found = unasked + found.filter { issue in !unasked.contains { $0.path == issue.path } }
            found += notAllowedCountry(merged, section: "shipping", found: found)
            for issue in presenceIssues(merged, section: "shipping", overrides: runner.flow.definition.fields.shipping)
            where !found.contains(where: { $0.path == issue.path }) {
                found.append(issue)
            }
            guard found.isEmpty else { return found }
            shipping = phoneKept(merged, asked: phoneAsked)
        case .currency(let code):
            return acceptCurrency(code, prompt: p)
        case .custom(let values):
            return acceptCustom(values, prompt: p)
        case .noFurtherAttempt:
            return [AnswerIssue(path: "\(p.kind.rawValue)", code: "required", message: "no answer for this screen")]
        case .review:
            return termsIssues(nil, prompt: p)
        case .reviewWithTerms(let accepted):
            return termsIssues(accepted, prompt: p)
        case .threeDSChallenge, .acknowledged, .cancel, .scan:
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

    func customFields(of stage: StageRef) -> [CustomField] {
        let all = runner.flow.definition.fields.custom
        guard let ids = stage.fields else { return all }
        return ids.compactMap { id in all.first { $0.id == id } }
    }

    func acceptCustom(_ values: [String: String], prompt p: ScreenPrompt) -> [AnswerIssue] {
        let found = p.customFields.compactMap { $0.problem(with: values[$0.id]) }
            .map { AnswerIssue(path: "custom.\($0.field)", code: $0.code, message: $0.message) }
        guard found.isEmpty else { return found }
        for field in p.customFields { if let v = values[field.id], !v.isEmpty { custom[field.id] = v } }
        return []
    }

    /// The answered fields the checkout does not ask for (SPEC §9, docs/running.md "Field
    /// policy"): each is `not_offered`, whatever else is wrong with it, so nothing the shopper
    /// was never shown reaches the provider. Only what was answered: a pre-filled field the
    /// checkout hides is the app's, not the shopper's. A field without a presence in `presence`
    /// (a shipping email or birthday) is never asked, nor is one the screen's own `fields`
    /// list leaves out (`listed`, as the terminal shows it). The billing birthday is
    /// `birthdayIssues`' to report.
    func notOffered(
        _ answered: Address, section: String, presence: [FieldPresence?], listed: [String]?
    ) -> [AnswerIssue] {
        AddressField.allCases.compactMap { field in
            guard section != "billing" || field != .birthday else { return nil }
            guard !asks(field, presence: presence, listed: listed),
                !(answered[field]?.trimmingWhitespace(newlines: false) ?? "").isEmpty
            else { return nil }
            return AnswerIssue(
                path: "\(section).\(field.rawValue)", code: "not_offered",
                message: "this checkout does not ask for \(field.rawValue)")
        }
    }

    /// Whether a billing or shipping screen asks for `field`: `presence` does not hide it, and
    /// the screen's own `fields` list, when it names any address field, names this one.
    /// `presence` is by `AddressField.position` (`FieldSettings.billingPresenceByPosition(for:)`).
    func asks(_ field: AddressField, presence: [FieldPresence?], listed: [String]?) -> Bool {
        guard (presence[field.position] ?? .hidden) != .hidden else { return false }
        let named = listed?.compactMap(AddressField.init(rawValue:)) ?? []
        return named.isEmpty || named.contains(field)
    }

    /// `fields.allowedCountries`: a real country outside the section's list is
    /// `country_not_allowed` (a missing or invalid one has its own finding already).
    func notAllowedCountry(_ a: Address, section: String, found: [AnswerIssue]) -> [AnswerIssue] {
        guard let allowed = runner.flow.definition.fields.allowedCountries(section),
            let country = a.country?.trimmingWhitespace(newlines: false), Country.isValid(country), !allowed.contains(country),
            !found.contains(where: { $0.path == "\(section).country" })
        else { return [] }
        let name = Country.name(country) ?? country
        let list = allowed.joined(separator: ", ")
        let message =
            section == "billing"
            ? "this checkout does not take billing addresses in \(name) (it takes \(list))"
            : "this checkout does not ship to \(name) (it ships to \(list))"
        return [AnswerIssue(path: "\(section).country", code: "country_not_allowed", message: message)]
    }

    /// Presence rules of `fields` beyond the request's flags: fields made required, fields
    /// explicitly hidden but answered. None when `fields` sets nothing for the section.
    func presenceIssues(_ a: Address, section: String, overrides: [AddressField: FieldPresence]) -> [AnswerIssue] {
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
            // A new card is stored only with the shopper's consent, and must be
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

    func acceptCurrency(_ code: String?, prompt p: ScreenPrompt) -> [AnswerIssue] {
        guard let code, code != price.currency.code else { return [] }
        guard let currency = Currency.iso(code) else {
            return [
                AnswerIssue(
                    path: "currency", code: "invalid_currency", message: "\(UserText.quoted(code)) is not an ISO 4217 currency code")
            ]
        }
        guard p.currencies.contains(code) else {
            return [
                AnswerIssue(
                    path: "currency", code: "not_offered",
                    message: "\(code) is not offered; choose one of \(p.currencies.joined(separator: ", "))")
            ]
        }
        if paymentMethod == .paypal, !request.payPalAccepts(code) {
            return [AnswerIssue(path: "currency", code: "not_supported_by_paypal", message: payPalRefusal(code))]
        }
        requestedCurrency = currency.code
        return []
    }

    /// Answered fields win over pre-filled ones.
    func merge(_ a: Address, over prefill: Address?) -> Address {
        guard let p = prefill else { return a }
        return Address(
            name: a.name ?? p.name, email: a.email ?? p.email, address: a.address ?? p.address, city: a.city ?? p.city,
            zip: a.zip ?? p.zip, country: a.country ?? p.country,
            state: a.state ?? (a.country == nil || a.country == p.country ? p.state : nil), phone: a.phone ?? p.phone,
            birthday: a.birthday ?? p.birthday)
    }

    /// The billing date of birth: refused when the checkout does not ask for it (it is
    /// personal data), else checked against the run's day (`AddressValidator.checkBirthday`).
    /// Whether a missing one is required is `presenceIssues`' rule.
    func birthdayIssues(_ a: Address) -> [AnswerIssue] {
        let given = !(a.birthday?.trimmingWhitespace() ?? "").isEmpty
        guard given else { return [] }
        let fields = runner.flow.definition.fields
        // An explicit `fields.billing.birthday: hidden` is `presenceIssues`' to report.
        if fields.billingBirthdayPresence == .hidden {
            return fields.billing[.birthday] == .hidden
                ? []
                : [AnswerIssue(path: "billing.birthday", code: "not_offered", message: "this checkout does not ask for birthday")]
        }
        let issue = AddressValidator.checkBirthday(a.birthday, today: CalendarDate(containing: runner.clock.now()))
        return issue.map { [AnswerIssue(path: "billing.\($0.field)", code: $0.code, message: $0.message)] } ?? []
    }
}
