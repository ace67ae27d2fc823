package import CheckoutDomain
package import CheckoutJSON

/// One call the run made to its provider, at the `PaymentProvider` boundary (`RecordingProvider`):
/// which operation, what the runtime handed the provider (in provider-neutral names, the same
/// for the sandbox and every HTTP adapter) and what it answered. Traced as `provider.call`,
/// compared by a scenario's `expect.sent`.
///
/// Never card data, by construction: a card appears only as a `ProviderCallCard` (brand and
/// last 4), which cannot be made from a number or a CVV, and no field takes a `ValidatedCard`.
package struct ProviderCall: Sendable, Hashable {
    /// The operations, by the names records, traces and `expect.sent` use: one list.
    package enum Operation: String, Sendable, CaseIterable {
        /// `createToken`: a checkout token.
        case createToken
        /// `currencyRates`: the provider's currency rates.
        case rates
        /// `shopper(id:)`: a returning shopper's stored details.
        case shopper
        /// `tokenize`: the card (new or stored), with what the run collected about the shopper.
        case tokenize
        /// `startThreeDS`: 3-D Secure begins.
        case threeDSStart
        /// `submitFingerprint`: 3-D Secure goes on after the device fingerprint.
        case threeDSFingerprint
        /// `completeChallenge`: the shopper's answer to a challenge.
        case threeDSChallenge
        /// `charge`, or `startCharge` of a provider that runs 3-D Secure inside its charge: a
        /// sale, an authorization or a subscription's first charge (`transactionType`).
        case charge
        /// `finishCharge`: how a charge that asked for a challenge ended.
        case chargeFinish
        /// `walletPayment`: PayPal or Apple Pay.
        case walletPayment
        /// `storeChosenMethod`: the method choosePayment stores.
        case storeChosenMethod
        /// `capture` of an authorization.
        case capture
        /// `void` of an authorization.
        case void
        /// `refund` of a sale or capture.
        case refund
    }

    /// Which operation.
    package var operation: Operation
    /// What the runtime handed the provider.
    package var fields: ProviderCallFields
    /// What the provider answered.
    package var answer: ProviderCallAnswer

    /// Creates a record.
    package init(_ operation: Operation, fields: ProviderCallFields = ProviderCallFields(), answer: ProviderCallAnswer) {
        self.operation = operation
        self.fields = fields
        self.answer = answer
    }

    /// The record's members as JSON: `operation`, `fields`, `answer` (trace attributes).
    package var members: [JSONMember] {
        [
            JSONMember("operation", .string(operation.rawValue)), JSONMember("fields", fields.json),
            JSONMember("answer", answer.json),
        ]
    }

    /// The record as a JSON object, with the stage that made the call when known:
    /// `{operation, stage?, fields, answer}`, what `expect.sent` compares with.
    package func json(stage: String?) -> JSONValue {
        var members = members
        if let stage { members.insert(JSONMember("stage", .string(stage)), at: 1) }
        return .object(members)
    }

    /// The record as a JSON object without a stage.
    package var json: JSONValue { json(stage: nil) }
}

/// A card as a record shows it: brand and last 4 digits, and whether it was typed or stored.
/// There is no initializer from a number or a CVV.
package struct ProviderCallCard: Sendable, Hashable {
    /// The card's brand.
    package private(set) var brand: CardBrand?
    /// The last 4 digits.
    package private(set) var last4: String
    /// `new` (typed) or `stored` (a returning shopper's), when the record knows.
    package private(set) var source: String?

    /// A typed card: its brand and last 4 only.
    package init(_ card: ValidatedCard) {
        brand = card.brand
        last4 = card.last4
        source = "new"
    }

    /// A card as the provider knows it after tokenizing.
    package init(_ card: TokenizedCard) {
        brand = card.brand
        last4 = card.last4
        source = nil
    }

    /// What a tokenize request carried.
    package init(_ source: CardSource) {
        switch source {
        case .new(let card):
            brand = card.brand
            last4 = card.last4
            self.source = "new"
        case .stored(_, let last4):
            brand = nil
            self.last4 = String(last4.suffix(4))
            self.source = "stored"
        }
    }

    /// `{brand, last4, source}`.
    package var json: JSONValue {
        var o = JSONObjectBuilder()
        o.add("brand", brand?.resultName)
        o.add("last4", last4)
        o.add("source", source)
        return o.value
    }
}

extension PaymentOperation.Kind {
    /// The operation records, traces and `expect.sent` name a call of this kind by.
    package var callOperation: ProviderCall.Operation {
        switch self {
        case .capture: .capture
        case .void: .void
        case .refund: .refund
        }
    }
}
