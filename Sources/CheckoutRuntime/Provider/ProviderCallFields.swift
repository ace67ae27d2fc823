package import CheckoutDomain
package import CheckoutJSON

/// What the runtime handed the provider in one call, by provider-neutral names. Only what the
/// call carried is set; the JSON leaves the rest out. No field can hold a card number or CVV.
package struct ProviderCallFields: Sendable, Hashable {
    /// `SALE`, `AUTH_ONLY`, `SUBSCRIPTION` (a charge), `CAPTURE`, `VOID`, `REFUND`.
    package var transactionType: String?
    /// The amount, printed with its currency's minor units, and its currency.
    package var amount: Money?
    /// The currency of a call without an amount (a subscription without a price).
    package var currency: Currency?
    /// True when a capture or refund moves all that is left.
    package var full: Bool?
    /// The card: brand and last 4 only.
    package var card: ProviderCallCard?
    /// The card token the call names (a charge's, a 3-D Secure start's, a stored method's).
    package var cardToken: String?
    /// The checkout token a tokenize went under.
    package var checkoutToken: String?
    /// The transaction a capture, void or refund works on.
    package var transactionId: String?
    /// The merchant's order reference (`request.orderId`).
    package var orderId: String?
    /// The merchant's key-value data (`request.metadata`).
    package var metadata: [String: String] = [:]
    /// The shopper's IP address (`request.customer.ip`).
    package var customerIP: String?
    /// The fraud session id the run handed over.
    package var fraudSessionId: String?
    /// The billing details handed over (the date of birth is not recorded).
    package var billing: Address?
    /// The shipping details handed over.
    package var shipping: Address?
    /// The shopper's store-card choice.
    package var storeCard: Bool?
    /// The returning shopper (a shopper read, a stored card, a stored method).
    package var shopperId: String?
    /// The key that makes a retried call happen once.
    package var idempotencyKey: String?
    /// The 3-D Secure result the charge carried.
    package var threeDSResult: ThreeDSResult?
    /// True when the charge asked the provider to run 3-D Secure inside it.
    package var threeDSRequested: Bool?
    /// The 3-D Secure (or 3-D Secure charge) session the call continues.
    package var session: String?
    /// A challenge's answer: `code` or `cancel` (never the code itself).
    package var challengeAnswer: String?
    /// The wallet's payment type (`PAYPAL`, `APPLE_PAY`).
    package var paymentType: String?
    /// The names of the signed fields, when the request was signed (never the signature).
    package var signedFields: [String]?

    /// Creates fields; everything may be missing.
    package init() {}

    /// The fields as JSON, in a fixed order; unset ones left out.
    package var json: JSONValue {
        var o = JSONObjectBuilder()
        o.add("transactionType", transactionType)
        if let amount {
            o.add("amount", .number(DecimalText.format(amount.amount, scale: amount.currency.minorUnits)))
            o.add("currency", amount.currency.code)
        } else {
            o.add("currency", currency?.code)
        }
        o.add("full", full)
        if let card { o.add("card", card.json) }
        o.add("cardToken", cardToken)
        o.add("checkoutToken", checkoutToken)
        o.add("transactionId", transactionId)
        o.add("orderId", orderId)
        if !metadata.isEmpty {
            var m = JSONObjectBuilder()
            for key in metadata.keys.sorted() { m.add(key, metadata[key]) }
            o.add("metadata", m.value)
        }
        o.add("customerIP", customerIP)
        o.add("fraudSessionId", fraudSessionId)
        if let billing { o.add("billing", Self.address(billing)) }
        if let shipping { o.add("shipping", Self.address(shipping)) }
        o.add("storeCard", storeCard)
        o.add("shopperId", shopperId)
        o.add("idempotencyKey", idempotencyKey)
        o.add("threeDSResult", threeDSResult?.rawValue)
        o.add("threeDSRequested", threeDSRequested)
        o.add("session", session)
        o.add("challengeAnswer", challengeAnswer)
        o.add("paymentType", paymentType)
        if let signedFields { o.add("signedFields", .array(signedFields.map { .string($0) })) }
        return o.value
    }

    /// An address's non-empty fields, by `AddressField` names; never the date of birth, which
    /// no trace holds.
    static func address(_ a: Address) -> JSONValue {
        var o = JSONObjectBuilder()
        for field in AddressField.withoutBirthday {
            if let v = a[field], !v.isEmpty { o.add(field.rawValue, v) }
        }
        return o.value
    }
}

/// What the provider answered one call: a status and the ids it gave.
package struct ProviderCallAnswer: Sendable, Hashable {
    /// `ok`, `approved`, `declined`, `notFound` (a shopper), `completed`,
    /// `fingerprintRequired`, `challengeRequired` (3-D Secure), or `error`.
    package var status: String
    /// The decline code, or the error's code (`processing_error`, `token_expired`, …).
    package var code: String?
    /// The token issued (a checkout token, a card token).
    package var token: String?
    /// The card as the provider knows it after tokenizing (brand, last 4).
    package var card: ProviderCallCard?
    /// The provider's vault token for the card, when it keeps one.
    package var paymentMethodToken: String?
    /// The transaction's id, type and status.
    package var transactionId: String?
    /// The transaction's status (`APPROVED`, …).
    package var transactionStatus: String?
    /// The 3-D Secure result.
    package var threeDSResult: ThreeDSResult?
    /// The 3-D Secure session to continue.
    package var session: String?
    /// PayPal's invoice id.
    package var invoiceId: String?
    /// The shopper found, or the stored method's id.
    package var id: String?

    /// Creates an answer with `status`.
    package init(_ status: String) { self.status = status }

    /// An `error` answer for what a call threw: a provider error's code, `cancelled` when the
    /// attempt was cancelled (a timeout), else `provider_error`.
    package init(error: any Error) {
        status = "error"
        if let e = error as? ProviderError {
            code = e.code.rawValue
        } else if error is CancellationError {
            code = "cancelled"
        } else {
            code = "provider_error"
        }
    }

    /// A charge's (or capture's, void's, refund's) answer: `approved` or `declined` with the
    /// decline code, and the transaction.
    package init(_ outcome: ChargeOutcome) {
        switch outcome {
        case .approved(let t):
            self.init("approved")
            self.transaction(t)
        case .declined(let code, let t):
            self.init("declined")
            self.code = code
            self.transaction(t)
        }
    }

    /// 3-D Secure's progress.
    package init(_ progress: ThreeDSProgress) {
        switch progress {
        case .completed(let result):
            self.init("completed")
            threeDSResult = result
        case .fingerprintRequired(let session):
            self.init("fingerprintRequired")
            self.session = session
        case .challengeRequired(let session):
            self.init("challengeRequired")
            self.session = session
        }
    }

    private mutating func transaction(_ t: Transaction) {
        transactionId = t.id
        transactionStatus = t.status
    }

    /// The answer as JSON, in a fixed order; unset parts left out.
    package var json: JSONValue {
        var o = JSONObjectBuilder()
        o.add("status", status)
        o.add("code", code)
        o.add("token", token)
        if let card { o.add("card", card.json) }
        o.add("paymentMethodToken", paymentMethodToken)
        o.add("transactionId", transactionId)
        o.add("transactionStatus", transactionStatus)
        o.add("threeDSResult", threeDSResult?.rawValue)
        o.add("session", session)
        o.add("invoiceId", invoiceId)
        o.add("id", id)
        return o.value
    }
}
