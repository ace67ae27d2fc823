public import CheckoutDomain

/// What the run has collected about the shopper when it tokenizes the card, for the
/// providers whose card request carries it (card-holder and shipping details, the fraud session
/// id, the store-card choice). Never card data.
public struct TokenizeDetails: Sendable, Hashable {
    /// The billing details collected so far (name, email, address, …), if any.
    public var billing: Address?
    /// The shipping details collected so far, if any.
    public var shipping: Address?
    /// The run's fraud session id (`request.fraudSessionId`, or the one the run made).
    public var fraudSessionId: String?
    /// The shopper's "store my card" choice; nil when the checkout did not ask.
    public var storeCard: Bool?
    /// Creates the details; everything may be missing.
    public init(billing: Address? = nil, shipping: Address? = nil, fraudSessionId: String? = nil, storeCard: Bool? = nil) {
        self.billing = billing
        self.shipping = shipping
        self.fraudSessionId = fraudSessionId
        self.storeCard = storeCard
    }
}

extension PaymentProvider {
    /// By default the details are not sent: the card alone is tokenized.
    public func tokenize(_ source: CardSource, token: CheckoutToken, details: TokenizeDetails) async throws -> TokenizedCard {
        try await tokenize(source, token: token)
    }
}
