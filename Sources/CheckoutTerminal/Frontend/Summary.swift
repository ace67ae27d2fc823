import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime

/// What stays on screen: one line per answered screen (the card as brand and last four
/// digits, the CVV never), the review's amounts, and the result.
enum Summary {
    static func lines(_ form: Form, prompt p: ScreenPrompt, heading: String, palette: Palette) -> [StyledLine] {
        let v = form.values
        let text: String
        switch p.kind {
        case .creditCard, .cardScan:
            var parts = [CardForms.masked(v["number"] ?? "")]
            if let e = v["expiry"], !e.isEmpty { parts.append("expires \(e)") }
            if let n = v["name"], !n.isEmpty { parts.append(n) }
            if v["storeCard"] == "true" { parts.append("card stored") }
            text = parts.joined(separator: " · ")
        case .billing, .shipping:
            // The phone as the run keeps it: E.164 (docs/running.md "Phones").
            let a = AddressValidator.withE164Phone(AddressForms.address(v))
            text = AddressForms.summary(a) + (v["sameAsBilling"] == "true" ? " · ships to this address" : "")
        case .review, .result:
            text = "confirmed" + (p.price.total.map { " " + MoneyText.format($0) } ?? "")
        case .threeDSChallenge:
            text = "code entered"
        default:
            text = form.visibleIndices.compactMap { i -> String? in
                let f = form.fields[i]
                switch f.control {
                case .choice(let c): return c.choice?.label
                case .text(let t): return t.value.isEmpty ? nil : (p.kind == .form ? "\(f.label): \(t.value)" : t.value)
                case .toggle(let t): return "\(f.label): \(t.isOn ? "yes" : "no")"
                case .confirm: return nil
                }
            }.joined(separator: " · ")
        }
        return [StyledLine([("✔ ", palette.success), (heading, palette.label), ("  " + text, palette.text)])]
    }

    /// Lines shown above a screen's fields: the amounts on the review.
    static func info(_ p: ScreenPrompt, palette: Palette) -> [StyledLine] {
        guard p.kind == .review, let amount = p.price.amount else { return [] }
        let c = p.price.currency
        var out = [StyledLine([("  Subtotal  ", palette.label), (MoneyText.format(Money(amount: amount, currency: c)), palette.text)])]
        if p.price.taxAmount != 0 {
            out.append(
                StyledLine([
                    ("  Tax       ", palette.label), (MoneyText.format(Money(amount: p.price.taxAmount, currency: c)), palette.text),
                ]))
        }
        if let total = p.price.total {
            out.append(StyledLine([("  Total     ", palette.label), (MoneyText.format(total), palette.amount)]))
        }
        return out
    }

    /// The result summary.
    static func result(_ r: CheckoutResult, palette: Palette) -> [StyledLine] {
        let total = r.price?.total.map(MoneyText.format)
        var out: [StyledLine]
        switch r.status {
        case .success:
            let verb = r.transaction.map { $0.type.uppercased().contains("AUTH") ? "Authorized" : "Paid" } ?? "Done"
            out = [StyledLine([("✔ ", palette.success), ("\(verb)\(total.map { " " + $0 } ?? "")", palette.success)])]
        case .declined:
            out = [StyledLine([("✖ ", palette.error), ("Declined" + (r.declineCode.map { " (\($0))" } ?? ""), palette.error)])]
        case .failed:
            out = [StyledLine([("✖ ", palette.error), ("Payment failed; nothing was charged", palette.error)])]
        case .canceled:
            out = [StyledLine([("○ ", palette.muted), ("Canceled; nothing was charged", palette.text)])]
        case .invalid:
            out = [StyledLine([("✖ ", palette.error), ("Not completed: some answers are missing or invalid", palette.error)])]
        case .error:
            out = [StyledLine([("✖ ", palette.error), ("The provider could not complete the payment", palette.error)])]
        }
        var details: [String] = []
        if let c = r.creditCard { details.append("\(c.brand.niceName) •••• \(c.last4)" + (r.savedCard == true ? " (saved card)" : "")) }
        if let type = r.paymentType, type != PaymentMethodKind.card.paymentType {
            details.append(type == PaymentMethodKind.paypal.paymentType ? "PayPal" : "Apple Pay")
        }
        if let t = r.threeDSResult { details.append("3-D Secure \(t.rawValue)") }
        if let t = r.transaction { details.append("transaction \(t.id)") }
        if !details.isEmpty { out.append(StyledLine([("  " + details.joined(separator: " · "), palette.muted)])) }
        for e in r.errors { out.append(StyledLine([("  \(e.path): \(e.message)", palette.error)])) }
        return out
    }
}
