package import CheckoutDomain
package import CheckoutRuntime

/// How the sandbox treats a test card (SPEC §7's table). Public so that the fake providers'
/// servers (CheckoutFakes) behave per card exactly as the sandbox does, from one table.
package struct SandboxCardBehavior: Sendable {
    /// How 3-D Secure goes for the card.
    public enum ThreeDS: Sendable {
        /// Frictionless: the result comes back without asking the shopper.
        case frictionless(ThreeDSResult)
        /// BlueSnap-style challenge: code `1234` succeeds, any other fails.
        case challenge
        /// Spreedly-style 3DS2: device fingerprint, then a challenge (code `1234`).
        case fingerprintThenChallenge
        /// Spreedly-style 3DS2: device fingerprint, then frictionless success.
        case fingerprintFrictionless
    }

    /// How a charge of the card goes.
    public enum Charge: Sendable {
        case approve
        case decline(String)
        /// `processing_error` on the first attempt of an idempotency key, approved on retry.
        case transientOnce
    }

    /// The issuing country (ISO 3166-1 alpha-2).
    public var issuingCountry: String = "US"
    /// The provider answers `token_expired` to every tokenize call with this card, under any
    /// token: the runtime's one refresh cannot help.
    public var rejectsEveryToken = false
    /// 3-D Secure's course.
    public var threeDS: ThreeDS = .frictionless(.authenticationSucceeded)
    /// The charge's course.
    public var charge: Charge = .approve
    /// The first this many attempts of each call of `transientOperations` answer
    /// `processing_error` (fixtures' `transientFailures`): a charge's, capture's, void's or
    /// refund's attempts under one idempotency key, a tokenize's under one checkout token. The
    /// step's `retry` decides how many attempts there are.
    public var transientFailures = 0
    /// The calls `transientFailures` applies to (fixtures' `transientOperations`): charges unless
    /// fixtures say otherwise.
    package var transientOperations: Set<ProviderCall.Operation> = [.charge]
    /// How long each call of `failingOperations` with the card takes on the run's clock before its
    /// answer comes (fixtures' `latency`): the call is done at once, and its answer is late. A
    /// step's `timeout` shorter than this cuts the call, as a slow gateway's would be.
    package var latency: Duration = .zero
    /// The calls a fixture card's `transientFailures` can apply to, in the order docs list them.
    package static let failingOperations: [ProviderCall.Operation] = [.tokenize, .charge, .capture, .void, .refund]
    /// A capture of the card's authorization is declined with this code.
    public var captureDecline: String?
    /// A refund of the card's sale or capture is declined with this code.
    public var refundDecline: String?

    /// Whether attempt `attempt` (from 1) of an `operation` call with this card fails transiently.
    package func failsTransiently(_ operation: ProviderCall.Operation, attempt: Int) -> Bool {
        attempt <= transientFailures && transientOperations.contains(operation)
    }

    /// Whether attempt `attempt` (from 1) of a charge under one idempotency key fails
    /// transiently: the first for SPEC §7's 4000 0000 0000 0119 (`transientOnce`), the first
    /// `transientFailures` for a fixture card. The sandbox and the provider mocks ask this.
    package func chargeFailsTransiently(attempt: Int) -> Bool {
        if case .transientOnce = charge, attempt == 1 { return true }
        return failsTransiently(.charge, attempt: attempt)
    }

    /// Any other valid card: issued in the US, frictionless 3DS success, approved.
    public static let standard = SandboxCardBehavior()

    /// The behaviour for a full card number (digits only).
    public static func forNumber(_ digits: String) -> SandboxCardBehavior {
        table[digits] ?? .standard
    }

    /// The behaviour of a stored card (a shopper's saved card: brand, last 4, expiry): SPEC §7's
    /// test card of that brand ending in those 4 digits, else the standard card. So the built-in
    /// shopper's Visa 1111 behaves as 4111 1111 1111 1111, and a fixture shopper's saved Visa
    /// 1091 asks for a 3-D Secure challenge as 4000 0000 0000 1091 does (docs/sandbox.md).
    public static func forStored(brand: CardBrand, last4: String) -> SandboxCardBehavior {
        testCardNumbers.first { $0.hasSuffix(last4) && CardBrand.detect($0) == brand }.map(forNumber) ?? .standard
    }

    /// The numbers of SPEC §7's test cards (digits only), sorted: what a generated suite
    /// (`checkout scenarios`) tries, read from the same table the sandbox answers from.
    package static var testCardNumbers: [String] { table.keys.sorted() }

    private static let table: [String: SandboxCardBehavior] = [
        "4111111111111111": .init(),
        "5555555555554444": .init(),
        "5555555555555557": .init(issuingCountry: "BR"),
        "378282246310005": .init(),
        "6011111111111117": .init(),
        "30569309025904": .init(),
        "3569990010030400": .init(issuingCountry: "JP"),
        "4000000000001091": .init(threeDS: .challenge),
        "4000000000001133": .init(threeDS: .frictionless(.authenticationBypassed)),
        "4000000000001059": .init(threeDS: .frictionless(.authenticationUnavailable)),
        "4000000000001109": .init(threeDS: .frictionless(.authenticationFailed)),
        "4000000000001117": .init(threeDS: .frictionless(.threeDSError)),
        "4000000000000002": .init(threeDS: .frictionless(.cardNotSupported), charge: .decline("card_declined")),
        "4000000000009995": .init(charge: .decline("insufficient_funds")),
        "4000000000009987": .init(charge: .decline("lost_card")),
        "4000000000000069": .init(charge: .decline("expired_card")),
        "4000000000000127": .init(charge: .decline("incorrect_cvc")),
        "4000000000000119": .init(charge: .transientOnce),
        "4556761029983886": .init(threeDS: .fingerprintThenChallenge),
        "4024007101934890": .init(threeDS: .fingerprintFrictionless),
        "4000000000004004": .init(rejectsEveryToken: true),
        "4000000000000655": .init(captureDecline: "capture_failed"),
        "4000000000000770": .init(refundDecline: "refund_failed"),
    ]
}
