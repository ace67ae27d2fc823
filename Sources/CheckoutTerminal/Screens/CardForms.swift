import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime

/// The card screen as a form, checked with `CardValidator`: the rules and messages of a
/// headless run, from the same code.
enum CardForms {
    struct Rules: Sendable {
        var accepted: Set<CardBrand>
        var requireCvv: Bool
        var requireHolderName: Bool
        var today: YearMonth
        var text = ShopperText.english
    }

    static func card(
        _ p: ScreenPrompt, settings: CardSettings, today: YearMonth, storeCardRequired: Bool, previous: Form.Values?,
        _ t: ShopperText = .english
    )
        -> Form
    {
        var fields = [
            Form.Field(
                id: "number", label: t("field.cardNumber"),
                control: .text(TextInput(format: .cardNumber, value: previous?["number"] ?? "")), placeholder: "1234 5678 9012 3456"),
            Form.Field(
                id: "expiry", label: t("field.expiry"),
                control: .text(TextInput(format: .expiry, value: (previous?["expiry"] ?? "").filter(\.isNumber))),
                placeholder: t("field.expiry.placeholder")),
            Form.Field(
                id: "cvv", label: settings.requireCvv ? t("field.securityCode") : t("field.optional", t("field.securityCode")),
                control: .text(TextInput(format: .securityCode, value: previous?["cvv"] ?? "")), placeholder: "CVV"),
        ]
        if settings.requireHolderName {
            fields.append(
                Form.Field(
                    id: "name", label: t("field.nameOnCard"), control: .text(TextInput(value: previous?["name"] ?? p.prefill?.name ?? ""))))
        }
        if p.offersStoreCard {
            let on = storeCardRequired || previous?["storeCard"] == "true"
            fields.append(
                Form.Field(id: "storeCard", label: t("field.storeCard"), control: .toggle(Toggle(isOn: on, isFixed: storeCardRequired))))
        }
        let rules = Rules(
            accepted: Set(p.acceptedBrands), requireCvv: settings.requireCvv, requireHolderName: settings.requireHolderName, today: today,
            text: t)
        return Form(fields: fields, check: { values, field, leaving in check(values, field: field, leaving: leaving, rules: rules) })
    }

    /// A card scan at a terminal has no camera: the person types what the scan would read.
    static func scan(_ p: ScreenPrompt, settings: CardSettings, today: YearMonth, _ t: ShopperText = .english) -> Form {
        var form = card(p, settings: settings, today: today, storeCardRequired: false, previous: nil, t)
        form.fields.removeAll { $0.id == "storeCard" }
        if !settings.requireExpiry, let i = form.fields.firstIndex(where: { $0.id == "expiry" }) {
            // The scan does not read the expiry (BAM expiryRequired = false): the shopper types it.
            form.fields[i].label = t("field.expiry.typed")
        }
        if p.readsBankDetails {
            form.fields.append(
                Form.Field(id: "sortCode", label: t("field.sortCode"), control: .text(TextInput(format: .secretDigits(max: 6)))))
            form.fields.append(
                Form.Field(id: "accountNumber", label: t("field.accountNumber"), control: .text(TextInput(format: .secretDigits(max: 8)))))
        }
        return form
    }

    static func check(_ values: Form.Values, field: String, leaving: Bool, rules: Rules) -> String? {
        guard ["number", "expiry", "cvv", "name"].contains(field) else { return nil }
        let input = CardInput(
            number: values["number"] ?? "", expiry: values["expiry"] ?? "", cvv: values["cvv"] ?? "", name: values["name"])
        guard
            case .failure(let found) = CardValidator.validate(
                input, now: rules.today, accepted: rules.accepted, requireHolderName: rules.requireHolderName, requireCvv: rules.requireCvv),
            let issue = found.issues.first(where: { $0.field == field })
        else { return nil }
        let message = rules.text.problem(code: issue.code, message: issue.message)
        if leaving { return message }
        // While typing: only what more digits cannot fix.
        let digits = values["number"] ?? ""
        switch (field, issue.code) {
        case ("number", "brand_not_accepted"), ("number", "invalid_number"):
            return message
        case ("number", "unknown_brand"):
            return digits.count >= 6 ? message : nil
        case ("number", "luhn_check_failed"):
            // At a length the form would move on at (16 digits, or the brand's longest).
            return Form.isComplete(TextInput(format: .cardNumber, value: digits)) ? message : nil
        case ("expiry", _):
            return (values["expiry"] ?? "").count >= 5 ? message : nil
        default:
            return nil
        }
    }

    static func cardAnswer(_ v: Form.Values) -> CardAnswer {
        CardAnswer(
            number: v["number"], expiry: v["expiry"], cvv: v["cvv"].flatMap { $0.isEmpty ? nil : $0 }, name: v["name"],
            storeCard: v["storeCard"].map { $0 == "true" })
    }

    /// A scan typed at the terminal; with `cards.requireExpiry: false` the expiry field is the
    /// one the shopper types after the scan (`edited.expiry`), not one the scan read.
    static func scanAnswer(_ v: Form.Values, settings: CardSettings) -> ScanAnswer {
        let readsExpiry = settings.requireExpiry
        var answer = ScanAnswer(
            number: v["number"], expiry: readsExpiry ? v["expiry"] : nil, cvv: v["cvv"].flatMap { $0.isEmpty ? nil : $0 },
            name: v["name"], sortCode: v["sortCode"], accountNumber: v["accountNumber"])
        if !readsExpiry { answer.editedExpiry = v["expiry"] }
        return answer
    }

    /// `Visa •••• 1111`: all that is shown of a number once its field is left.
    static func masked(_ digits: String, _ t: ShopperText = .english) -> String {
        guard !digits.isEmpty else { return "" }
        let brand = CardBrand.detect(digits)?.niceName ?? t("card.unknownBrand")
        return digits.count >= 4 ? "\(brand) •••• \(CardNumber.last4(digits))" : "\(brand) ••••"
    }
}
