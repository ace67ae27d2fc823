import CheckoutDomain
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime

/// Candidates for a flow that charges the shopper's stored choice (`mode: createPayment`):
/// answers cannot change which card is stored, so each candidate gives the run's shopper
/// (the flow's `shopperId`) a stored choice of another way of behaving through the scenario's
/// own `sandbox:` (docs/testing.md, "Generated suites"). The shopper's name, email and
/// addresses are the world's, so the rest of the run is unchanged; the stored card is
/// brand, last 4 and expiry, and behaves as the test card it ends like (docs/sandbox.md).
extension ScenarioGenerator {
    /// The shopper whose stored choice the compiled flow charges, as the world has it; nil
    /// when the flow charges no stored choice or the world has no such shopper.
    var chargedShopper: StoredShopper? {
        let request = flow.definition.request
        guard request.mode == .createPayment, let id = request.shopperId else { return nil }
        return world.shoppers[id]
    }

    /// A candidate per way of behaving a stored choice can take that the world's own choice
    /// does not (the fixtures' cards first, then SPEC §7's, one card of each class), and per
    /// challenge answer for a card that asks for one.
    func storedChoiceCandidates(_ base: AnswerDraft) -> [Candidate] {
        guard let shopper = chargedShopper else { return [] }
        var classes = Set<String>()
        if let chosen = shopper.savedCards.first(where: { $0.last4 == shopper.chosenCardLast4 }) {
            classes.insert(GeneratorValues.behaviorClass(world.behavior(forStored: chosen), in: flow))
        }
        var out: [Candidate] = []
        let numbers = world.cards.keys.sorted() + SandboxCardBehavior.testCardNumbers.filter { world.cards[$0] == nil }
        for digits in numbers {
            guard let brand = CardBrand.detect(digits) else { continue }
            let card = StoredCard(brand: brand, last4: String(digits.suffix(4)), expiry: GeneratorValues.storedExpiry)
            let behavior = world.behavior(forStored: card)
            guard classes.insert(GeneratorValues.behaviorClass(behavior, in: flow)).inserted else { continue }
            var stored = shopper
            stored.savedCards = [card]
            stored.chosenCardLast4 = card.last4
            var draft = base
            draft.remove("threeDS")
            draft.shopper = stored
            let words = GeneratorValues.words(behavior, stored: card)
            out.append(Candidate(label: words, answers: draft, completes: true))
            if GeneratorValues.challenges(behavior) { out += challengeVariants(of: draft, words: words) }
        }
        // A stored wallet is paid by the walletPayment step (issue 19), one candidate each.
        for wallet in flow.pipeline.paymentMethods where wallet.isWallet && shopper.chosenWallet != wallet {
            var stored = shopper
            stored.chosenCardLast4 = nil
            stored.chosenWallet = wallet
            var draft = base
            draft.remove("threeDS")
            draft.shopper = stored
            out.append(Candidate(label: "stored \(wallet == .paypal ? "PayPal" : "Apple Pay")", answers: draft, completes: true))
        }
        return out
    }
}
