public import CheckoutDomain
public import CheckoutJSON
import CheckoutLanguage
import Foundation

/// The result of a run, shaped like a payment SDK's result (SPEC §10). It carries the card's
/// brand, last 4 digits, issuing country and expiry, and never the full number or the CVV.
public struct CheckoutResult: Sendable {
    /// How the run ended.
    public var status: CheckoutStatus
    /// The payment type (`CC`, `PAYPAL`, …; `PaymentMethodKind.paymentTypes`), once chosen.
    public var paymentType: String?
    /// The flow's id.
    public var flow: String
    /// The tag of the language the shopper was shown (`ShopperLocale.tag`: `en`, `de`, …);
    /// nil only for a result no run made. Nothing else in the result depends on it.
    public var locale: String?
    /// The price as the run ended with it.
    public var price: PriceState?
    /// The card as tokenized: brand, last 4, issuing country, expiry; never the number or CVV.
    public var creditCard: TokenizedCard?
    /// First 6 and last 4 digits (`cards.masking`, as card-scan SDKs show it), the rest as `*`.
    public var maskedNumber: String?
    /// The card holder's name (BAM `cardHolderName`): in capital letters when a card scan read
    /// it, as entered when the shopper typed it; nil when no name was taken.
    package var cardHolderName: String?
    /// The card scan's attempts (`cardScan`), when the run showed a card-scan screen.
    package var cardScan: CardScanReport?
    /// Answers to custom fields, by id.
    public var customFields: [String: String] = [:]
    /// Whether the shopper paid with a stored card.
    public var savedCard: Bool?
    /// The billing details collected.
    public var billing: Address?
    /// The shipping details collected.
    public var shipping: Address?
    /// The 3-D Secure result, when the flow ran 3-D Secure.
    public var threeDSResult: ThreeDSResult?
    /// PayPal's invoice id, for a PayPal payment.
    public var payPalInvoiceId: String?
    /// The fraud-prevention session id of the run.
    public var fraudSessionId: String
    /// The provider's transaction, when a charge was made.
    public var transaction: Transaction?
    /// The hand-off to the merchant's server: the token to charge the card with, when the run
    /// stopped after tokenizing (`transactionType: none`) or the card came from the app's own
    /// UI (`tokenize` with `source: upfront`), and the provider's tokens outlive the run.
    public var paymentMethodToken: String?
    /// The returning shopper the run paid for (`request.shopperId`), or the shopper a
    /// `storeShopper` step created.
    public var shopperId: String?
    /// The issuer's decline code, when the charge was declined.
    public var declineCode: String?
    /// The problems with the shopper's answers, when the status is `invalid` (SPEC §10 `errors`).
    public var errors: [AnswerIssue]

    /// Creates a result.
    public init(status: CheckoutStatus, flow: String, fraudSessionId: String) {
        self.status = status
        self.flow = flow
        self.fraudSessionId = fraudSessionId
        self.errors = []
    }

    /// The process exit code for this result.
    public var exitCode: Int32 { status.exitCode }

    /// The result as SPEC §10's JSON object; amounts print with the currency's minor units.
    public var json: JSONValue {
        var o = JSONObjectBuilder()
        o.add("status", status.rawValue)
        o.add("paymentType", paymentType)
        o.add("flow", flow)
        o.add("locale", locale)
        if let price {
            var p = JSONObjectBuilder()
            let scale = price.currency.minorUnits
            if let amount = price.amount { p.add("amount", .number(DecimalText.format(amount, scale: scale))) }
            p.add("taxAmount", .number(DecimalText.format(price.taxAmount, scale: scale)))
            p.add("currency", price.currency.code)
            o.add("priceDetails", p.value)
        }
        if let card = creditCard {
            var c = JSONObjectBuilder()
            c.add("ccType", card.brand.resultName)
            c.add("last4Digits", card.last4)
            c.add("ccIssuingCountry", card.issuingCountry)
            c.add("expirationMonth", card.expiry.month < 10 ? "0\(card.expiry.month)" : "\(card.expiry.month)")
            c.add("expirationYear", String(card.expiry.year))
            c.add("cardMask", maskedNumber)
            c.add("cardHolderName", cardHolderName)
            o.add("creditCard", c.value)
        }
        if let scan = cardScan {
            var s = JSONObjectBuilder()
            s.add("reportingCriteria", scan.reportingCriteria)
            s.add("scanReferences", .array(scan.scanReferences.map { .string($0) }))
            o.add("cardScan", s.value)
        }
        o.add("savedCard", savedCard)
        if !customFields.isEmpty {
            var c = JSONObjectBuilder()
            for key in customFields.keys.sorted() { c.add(key, customFields[key]) }
            o.add("customFields", c.value)
        }
        if let billing {
            o.add("billingDetails", Self.address(billing, fields: Self.billingDetailsFields))
        }
        if let shipping {
            o.add("shippingDetails", Self.address(shipping, fields: AddressField.shipping))
        }
        o.add("threeDSAuthenticationResult", threeDSResult?.rawValue)
        o.add("payPalInvoiceId", payPalInvoiceId)
        o.add("fraudSessionId", fraudSessionId)
        if let t = transaction {
            var tj = JSONObjectBuilder()
            tj.add("id", t.id)
            tj.add("type", t.type)
            tj.add("status", t.status)
            if let amount = t.amount {
                tj.add("amount", .number(DecimalText.format(amount.amount, scale: amount.currency.minorUnits)))
                tj.add("currency", amount.currency.code)
            }
            tj.add("authCode", t.authCode)
            tj.add("responseCode", t.responseCode)
            tj.add("responseMessage", t.responseMessage)
            Self.addOperations(of: t, to: &tj)
            o.add("transaction", tj.value)
        }
        o.add("paymentMethodToken", paymentMethodToken)
        o.add("shopperId", shopperId)
        o.add("declineCode", declineCode)
        if !errors.isEmpty {
            o.add(
                "errors",
                .array(
                    errors.map { e in
                        var ej = JSONObjectBuilder()
                        ej.add("path", e.path)
                        ej.add("code", e.code)
                        ej.add("message", e.message)
                        return ej.value
                    }))
        }
        return o.value
    }

    /// The fields of `billingDetails`, in order: every field, the phone included — the run
    /// keeps a billing phone only when the flow asks for it (a provider signing `user_phone`).
    static let billingDetailsFields: [AddressField] = AddressField.allCases

    private static func address(_ a: Address, fields: [AddressField]) -> JSONValue {
        var o = JSONObjectBuilder()
        for field in fields {
            if let v = a[field], !v.isEmpty { o.add(field.rawValue, v) }
        }
        return o.value
    }
}
