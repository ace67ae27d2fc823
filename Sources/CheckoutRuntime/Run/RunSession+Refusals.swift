import CheckoutDomain
import CheckoutLanguage

/// Why an answer is refused where the reason is the merchant's or a wallet's: the payment
/// method not offered, PayPal's currencies, the terms consent on review (issue 19).
extension RunSession {
    /// Why the checkout does not offer `m`: PayPal's own refusals (subscriptions, a currency
    /// off PayPal's list) name themselves; anything else is this checkout's choice.
    func notOfferedReason(_ m: PaymentMethodKind) -> String {
        if m == .paypal, request.subscription { return "PayPal is never offered for subscriptions" }
        if m.isWallet, request.isZeroCheck { return "a card check of zero is paid by card" }
        if m == .paypal, !request.offersPayPal(currency: price.currency.code) {
            return payPalRefusal(price.currency.code)
        }
        if m == .applePay, request.subscription { return "Apple Pay is not offered for subscriptions" }
        return "this checkout does not offer it"
    }

    /// "PayPal does not accept X", or, when PayPal does but the merchant's account does not,
    /// says so (`provider.paypalCurrencies`).
    func payPalRefusal(_ code: String) -> String {
        PaymentMethodKind.payPalCurrencies.contains(code)
            ? "this merchant's PayPal does not accept \(code) (it accepts \(request.payPalCurrencyList.joined(separator: ", ")))"
            : "PayPal does not accept \(code)"
    }

    /// The terms consent on review: required when the flow asks for it (the provider's SDKs enable
    /// Pay only with the terms checkbox ticked), refused when it does not (not asked for).
    func termsIssues(_ acceptTerms: Bool?, prompt p: ScreenPrompt) -> [AnswerIssue] {
        if p.requiresTermsConsent, acceptTerms != true {
            return [
                AnswerIssue(
                    path: "acceptTerms", code: "consent_required",
                    message: "the shopper must accept the terms of use and the privacy policy to pay (acceptTerms: true)")
            ]
        }
        if !p.requiresTermsConsent, acceptTerms != nil {
            return [AnswerIssue(path: "acceptTerms", code: "not_offered", message: "this checkout does not ask to accept terms")]
        }
        return []
    }
}
