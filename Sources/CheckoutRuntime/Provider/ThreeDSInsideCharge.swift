public import CheckoutDomain
import Foundation

/// Where a charge stands at a provider that runs 3-D Secure inside its charge request
/// (a 3-D Secure sale or authorization): `PaymentProvider.startCharge(_:)`.
public enum ChargeProgress: Sendable, Hashable {
    /// The charge ended. `threeDS` is the result of the authentication the provider ran
    /// inside it, when one ran and the provider says how it went (frictionless, or not
    /// enrolled); nil otherwise.
    case finished(ChargeOutcome, threeDS: ThreeDSResult?)
    /// The issuer wants the shopper: the runtime shows the 3-D Secure challenge, hands the
    /// answer to `completeChallenge(session, response:)`, applies the flow's 3DS policy and,
    /// when it lets the run go on, asks `finishCharge(_:session:)` how the charge ended.
    case challengeRequired(session: String)
}

/// What a provider can and cannot do beyond the calls every provider has. Each has a default
/// that keeps the runtime's ordinary course (3-D Secure as its own step, tokens that outlive
/// the process), so most providers need not say anything.
extension PaymentProvider {
    /// False: 3-D Secure runs as its own step (`startThreeDS`) before the charge.
    public var threeDSInsideCharge: Bool { false }

    /// True: a token (and the tokenized card) from a run's journal still works in a new process.
    public var tokensOutliveProcess: Bool { true }

    /// Nothing: 3-D Secure leaves nothing in this process that a charge needs.
    public func threeDSRecord(for card: TokenizedCard) async -> [String: String] { [:] }

    /// Nothing to take back.
    public func restoreThreeDS(_ record: [String: String], for card: TokenizedCard) async {}

    /// Nothing: the provider's own service keeps its tokens.
    public func tokenRecord(for card: TokenizedCard) async -> [String: String] { [:] }

    /// Nothing to take back: the provider's own service still knows the token.
    public func restoreToken(_ token: CheckoutToken, card: TokenizedCard?, record: [String: String]) async {}

    /// The charge, finished at once (`charge(_:)`); 3-D Secure ran before it if at all.
    public func startCharge(_ request: ChargeRequest) async throws -> ChargeProgress {
        .finished(try await charge(request), threeDS: nil)
    }

    /// Refused: only a provider that runs 3-D Secure inside its charge has charges to finish.
    public func finishCharge(_ request: ChargeRequest, session: String) async throws -> ChargeOutcome {
        throw ProviderError(.rejected, "this provider runs no 3-D Secure inside its charges")
    }
}
