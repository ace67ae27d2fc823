import CheckoutDomain
package import CheckoutProviders
public import Foundation

/// What the fake providers keep of each approved charge for captures, voids and refunds, and
/// the rules every one of them applies (as their providers do): an authorization is captured
/// once, in full or in part, or voided; a sale or capture is refunded in parts that add up to at
/// most what it took; the sandbox's test cards decline their capture or refund
/// (`SandboxCardBehavior.captureDecline`, `refundDecline`). One book per fake, kept in its state.
public struct FakeSettlementBook: Sendable {
    struct Entry: Sendable {
        var authorizationOnly: Bool
        var amount: Decimal
        var behavior: SandboxCardBehavior
        var captured: Decimal?
        var refunded: Decimal = 0
        var voided = false
        /// For a capture: the authorization it captured.
        var origin: String?
    }

    /// How an operation ended at the fake.
    public enum Answer: Sendable, Equatable {
        /// Approved: the amount it moved (nil for a void).
        case approved(Decimal?)
        /// Declined by the card's issuer, with the sandbox's code.
        case declined(String)
        /// Refused: the transaction is not in a state for it, or the amount is too large.
        case refused(String)
    }

    var entries: [String: Entry] = [:]
    /// The answer to each idempotency key, for providers that take one: a repeated key gets it.
    package var answeredByKey: [String: ServerResponse] = [:]
    /// Every approved operation: kind, the transaction it acted on, the amount.
    package private(set) var operations: [(kind: String, transaction: String, amount: Decimal?)] = []

    public init() {}

    /// Records an approved charge.
    package mutating func charged(_ id: String, authorizationOnly: Bool, amount: Decimal, behavior: SandboxCardBehavior?) {
        entries[id] = Entry(authorizationOnly: authorizationOnly, amount: amount, behavior: behavior ?? .standard)
    }

    /// Captures `id` (all of it when `amount` is nil); `captureId` names the capture when the
    /// provider answers one of its own (a refund may name either).
    package mutating func capture(_ id: String, amount: Decimal?, captureId: String? = nil) -> Answer {
        guard var e = entries[id], e.authorizationOnly, e.captured == nil, !e.voided else { return .refused("not_capturable") }
        let moved = amount ?? e.amount
        guard moved > 0, moved <= e.amount else { return .refused("amount_too_large") }
        if let code = e.behavior.captureDecline { return .declined(code) }
        e.captured = moved
        entries[id] = e
        if let captureId, captureId != id {
            entries[captureId] = Entry(authorizationOnly: false, amount: moved, behavior: e.behavior, origin: id)
        }
        operations.append(("capture", id, moved))
        return .approved(moved)
    }

    /// Voids the authorization `id`.
    public mutating func void(_ id: String) -> Answer {
        guard var e = entries[id], e.authorizationOnly, e.captured == nil, !e.voided else { return .refused("not_voidable") }
        e.voided = true
        entries[id] = e
        operations.append(("void", id, nil))
        return .approved(nil)
    }

    /// Refunds the sale or capture `id` (all that is left when `amount` is nil).
    package mutating func refund(_ id: String, amount: Decimal?) -> Answer {
        guard var e = entries[id] else { return .refused("not_refundable") }
        let settled = e.authorizationOnly ? (e.captured ?? 0) : e.amount
        let left = settled - e.refunded
        guard !e.voided, left > 0 else { return .refused("not_refundable") }
        let moved = amount ?? left
        guard moved > 0, moved <= left else { return .refused("amount_too_large") }
        if let code = e.behavior.refundDecline { return .declined(code) }
        e.refunded += moved
        entries[id] = e
        operations.append(("refund", id, moved))
        return .approved(moved)
    }
}
