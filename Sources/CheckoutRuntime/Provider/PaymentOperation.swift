public import CheckoutDomain
import CheckoutLanguage
import Foundation

/// A capture, void or refund of an earlier transaction (docs/language.md, "Capture, void and
/// refund").
public struct PaymentOperation: Sendable, Hashable {
    /// Which operation: the raw value is the name results and traces use.
    public enum Kind: String, Sendable, CaseIterable {
        /// Take (part of) an authorization's amount.
        case capture = "CAPTURE"
        /// Release an authorization without taking anything.
        case void = "VOID"
        /// Give (part of) a sale's or capture's amount back.
        case refund = "REFUND"
    }
    /// Which operation.
    public var kind: Kind
    /// The provider's id of the transaction operated on: the authorization for a capture or
    /// void; for a refund, the capture when there was one, else the sale.
    public var transactionId: String
    /// The authorization's or sale's own transaction (its type, amount and currency).
    public var original: Transaction
    /// What to move; always set by the runtime (the whole remainder when the step names no
    /// amount); nil for a void.
    public var amount: Money?
    /// True when `amount` is all that is left (the step named no amount): some providers
    /// take a request without an amount for that.
    public var isFull: Bool
    /// One key per step visit, kept across retries and a resumed run.
    public var idempotencyKey: String
    /// The tokenized card the transaction was made with, when the run has it (never card data).
    public var card: TokenizedCard?
    /// The signed fields and their signature, when the step has the `signature` hook.
    public var signed: SignedFields?

    /// Creates an operation.
    public init(
        kind: Kind, transactionId: String, original: Transaction, amount: Money?, isFull: Bool, idempotencyKey: String,
        card: TokenizedCard? = nil
    ) {
        self.kind = kind
        self.transactionId = transactionId
        self.original = original
        self.amount = amount
        self.isFull = isFull
        self.idempotencyKey = idempotencyKey
        self.card = card
    }
}

extension PaymentProvider {
    /// A provider without captures refuses them (`not_supported`, exit 4).
    public func capture(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        throw ProviderError.notSupported(operation.kind)
    }

    /// A provider without voids refuses them.
    public func void(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        throw ProviderError.notSupported(operation.kind)
    }

    /// A provider without refunds refuses them.
    public func refund(_ operation: PaymentOperation) async throws -> ChargeOutcome {
        throw ProviderError.notSupported(operation.kind)
    }
}

extension RequestSigner {
    /// A signer without operations signs none (the request goes unsigned).
    public func signedFields(of operation: PaymentOperation) -> [String: String] { [:] }
}

extension ProviderError {
    /// `not_supported`: this provider takes no such operation.
    public static func notSupported(_ kind: PaymentOperation.Kind) -> ProviderError {
        ProviderError(.notSupported, "\(kind.rawValue.lowercased()) is not supported by this provider")
    }
}
