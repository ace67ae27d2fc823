import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime

/// What stays on screen: one line per answered screen (the card as brand and last four
/// digits, the CVV never), the review's amounts, and the result.
enum Summary {
    static func lines(_ form: Form, prompt p: ScreenPrompt, heading: String, palette: Palette, _ t: ShopperText = .english) -> [StyledLine]
    {
        let v = form.values
        let text: String
        switch p.kind {
        case .creditCard, .cardScan:
            var parts = [CardForms.masked(v["number"] ?? "", t)]
            if let e = v["expiry"], !e.isEmpty { parts.append(t("card.expires", e)) }
            if let n = v["name"], !n.isEmpty { parts.append(n) }
            if v["storeCard"] == "true" { parts.append(t("summary.cardStored")) }
            text = parts.joined(separator: " · ")
        case .billing, .shipping:
            // The phone as the run keeps it: E.164 (docs/running.md "Phones").
            let a = AddressValidator.withE164Phone(AddressForms.address(v))
            text = AddressForms.summary(a) + (v["sameAsBilling"] == "true" ? " · " + t("summary.shipsHere") : "")
        case .review, .result:
            text = t("summary.confirmed") + (p.price.total.map { " " + MoneyText.format($0, t) } ?? "")
        case .threeDSChallenge:
            text = t("summary.codeEntered")
        default:
            text = form.visibleIndices.compactMap { i -> String? in
                let f = form.fields[i]
                switch f.control {
                case .choice(let c): return c.choice?.label
                case .text(let input): return input.value.isEmpty ? nil : (p.kind == .form ? "\(f.label): \(input.value)" : input.value)
                case .toggle(let toggle): return "\(f.label): \(toggle.isOn ? t("summary.yes") : t("summary.no"))"
                case .confirm: return nil
                }
            }.joined(separator: " · ")
        }
        return [StyledLine([("✔ ", palette.success), (heading, palette.label), ("  " + text, palette.text)])]
    }

    /// Lines shown above a screen's fields: the amounts on the review.
    static func info(_ p: ScreenPrompt, palette: Palette, _ t: ShopperText = .english) -> [StyledLine] {
        guard p.kind == .review, let amount = p.price.amount else { return [] }
        let c = p.price.currency
        var rows = [(t("review.subtotal"), MoneyText.format(Money(amount: amount, currency: c), t), palette.text)]
        if p.price.taxAmount != 0 {
            rows.append((t("review.tax"), MoneyText.format(Money(amount: p.price.taxAmount, currency: c), t), palette.text))
        }
        if let total = p.price.total { rows.append((t("review.total"), MoneyText.format(total, t), palette.amount)) }
        // The amounts line up whatever the labels' language: by display width (a CJK
        // character takes two columns), the longest label and two spaces.
        let width = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        return rows.map { label, money, style in
            StyledLine([("  " + label + String(repeating: " ", count: width - DisplayWidth.of(label) + 2), palette.label), (money, style)])
        }
    }

    /// The result summary.
    static func result(_ r: CheckoutResult, palette: Palette, _ t: ShopperText = .english) -> [StyledLine] {
        let total = r.price?.total.map { MoneyText.format($0, t) }
        var out: [StyledLine]
        switch r.status {
        case .success:
            let verb =
                r.transaction.map { $0.type.uppercased().contains("AUTH") ? t("result.authorized") : t("result.paid") } ?? t("result.done")
            out = [StyledLine([("✔ ", palette.success), ("\(verb)\(total.map { " " + $0 } ?? "")", palette.success)])]
        case .declined:
            out = [
                StyledLine([
                    ("✖ ", palette.error), (r.declineCode.map { t("result.declinedCode", $0) } ?? t("result.declined"), palette.error),
                ])
            ]
        case .failed:
            out = [StyledLine([("✖ ", palette.error), (t("result.failed"), palette.error)])]
        case .canceled:
            out = [StyledLine([("○ ", palette.muted), (t("result.canceled"), palette.text)])]
        case .invalid:
            out = [StyledLine([("✖ ", palette.error), (t("result.invalid"), palette.error)])]
        case .error:
            out = [StyledLine([("✖ ", palette.error), (t("result.error"), palette.error)])]
        }
        var details: [String] = []
        if let c = r.creditCard {
            let card = "\(c.brand.niceName) •••• \(c.last4)"
            details.append(r.savedCard == true ? t("result.savedCard", card) : card)
        }
        if let type = r.paymentType, type != PaymentMethodKind.card.paymentType {
            details.append(type == PaymentMethodKind.paypal.paymentType ? "PayPal" : "Apple Pay")
        }
        if let s = r.threeDSResult { details.append("\(t("step.threeDS.done")) \(s.rawValue)") }
        if let s = r.transaction { details.append(t("result.transaction", s.id)) }
        if !details.isEmpty { out.append(StyledLine([("  " + details.joined(separator: " · "), palette.muted)])) }
        for e in r.errors { out.append(StyledLine([("  \(e.path): \(t.problem(code: e.code, message: e.message))", palette.error)])) }
        return out
    }
}
