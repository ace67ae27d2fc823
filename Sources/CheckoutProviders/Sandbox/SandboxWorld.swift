package import CheckoutDomain
package import CheckoutLanguage
package import CheckoutRuntime
import Synchronization

/// What a sandbox knows: its shoppers, test cards and currency rates. `builtIn` is SPEC §7's
/// (docs/sandbox.md); a scenarios file's `sandbox:` fixtures (docs/testing.md) add to it.
package struct SandboxWorld: Sendable {
    /// Shoppers by id.
    package var shoppers: [String: StoredShopper]
    /// Extra test cards by number (digits only), consulted before SPEC §7's table.
    package var cards: [String: SandboxCardBehavior]
    /// Currency rates.
    package var rates: CurrencyTable

    /// Creates a world.
    package init(shoppers: [String: StoredShopper], cards: [String: SandboxCardBehavior], rates: CurrencyTable) {
        self.shoppers = shoppers
        self.cards = cards
        self.rates = rates
    }

    /// Whether a card of this world takes time to answer (fixtures' `latency`): only then can a
    /// step's `timeout` fire against the sandbox.
    package var hasSlowCards: Bool { cards.values.contains { $0.latency > .zero } }

    /// SPEC §7's sandbox: shopper `20848977`, the test card table, the USD rates.
    package static let builtIn = SandboxWorld(
        shoppers: [SandboxData.shopper.id: SandboxData.shopper], cards: [:], rates: SandboxData.rates)

    /// The behaviour of a card by its number: this world's cards first, then SPEC §7's table.
    package func behavior(forNumber digits: String) -> SandboxCardBehavior {
        cards[digits] ?? SandboxCardBehavior.forNumber(digits)
    }

    /// The behaviour of a stored card: a test card of this world with that brand and last 4,
    /// else SPEC §7's test card with that brand and last 4, else the standard card.
    package func behavior(forStored card: StoredCard) -> SandboxCardBehavior {
        let own = cards.keys.sorted().first { $0.hasSuffix(card.last4) && CardBrand.detect($0) == card.brand }
        return own.flatMap { cards[$0] } ?? SandboxCardBehavior.forStored(brand: card.brand, last4: card.last4)
    }
}

/// The shoppers a sandbox changes as runs go: a `choosePayment` run stores the chosen card
/// here (`storeChosenMethod`), and a later run sharing the state (a chain of scenarios,
/// docs/testing.md) finds it. A new state per run keeps runs independent.
package final class SandboxState: Sendable {
    private struct Stored {
        var shoppers: [String: StoredShopper]
        var behaviors: [String: SandboxCardBehavior] = [:]
    }

    private let stored: Mutex<Stored>

    /// A state starting from `world`'s shoppers.
    package init(world: SandboxWorld) {
        stored = Mutex(Stored(shoppers: world.shoppers))
    }

    /// The shopper with `id`, as the runs so far left it.
    package func shopper(id: String) -> StoredShopper? { stored.withLock { $0.shoppers[id] } }

    /// The behaviour a stored card was saved with (`store`), if this state saved it.
    package func behavior(shopperId: String, last4: String) -> SandboxCardBehavior? {
        stored.withLock { $0.behaviors[shopperId + "/" + last4] }
    }

    /// Saves `card` as the shopper's chosen method (creating the shopper when new).
    package func store(_ card: TokenizedCard, behavior: SandboxCardBehavior, shopperId: String, billing: Address) {
        stored.withLock { s in
            var shopper =
                s.shoppers[shopperId]
                ?? StoredShopper(id: shopperId, billing: billing, shipping: nil, savedCards: [], chosenCardLast4: nil)
            if !shopper.savedCards.contains(where: { $0.last4 == card.last4 && $0.brand == card.brand }) {
                shopper.savedCards.append(StoredCard(brand: card.brand, last4: card.last4, expiry: card.expiry))
            }
            shopper.chosenCardLast4 = card.last4
            shopper.chosenWallet = nil
            s.shoppers[shopperId] = shopper
            s.behaviors[shopperId + "/" + card.last4] = behavior
        }
    }

    /// Saves a wallet as the shopper's chosen method (creating the shopper when new): no
    /// card is chosen any more.
    package func choose(_ wallet: PaymentMethodKind, shopperId: String) {
        stored.withLock { s in
            var shopper =
                s.shoppers[shopperId]
                ?? StoredShopper(id: shopperId, billing: Address(), shipping: nil, savedCards: [], chosenCardLast4: nil)
            shopper.chosenCardLast4 = nil
            shopper.chosenWallet = wallet
            s.shoppers[shopperId] = shopper
        }
    }

    /// The wallet `choose` stored as the shopper's chosen method, if any.
    package func chosenWallet(shopperId: String) -> PaymentMethodKind? { stored.withLock { $0.shoppers[shopperId]?.chosenWallet } }
}
