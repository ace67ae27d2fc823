import CheckoutDomain
import CheckoutFakes
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// The provider mocks answer a fixtures file's card (`checkout serve --fixtures`) as the sandbox
/// does: a card with `transientFailures: 2` fails its first two charge attempts under one
/// idempotency key, each in the provider's own words, and the third charges once.
@Suite struct FixtureCardsOverHTTPTests {
    static let number = "4000 0000 0000 0036"

    /// The built-in world plus a card whose first two charge attempts fail.
    static var world: SandboxWorld {
        var world = SandboxWorld.builtIn
        var behavior = SandboxCardBehavior.standard
        behavior.transientFailures = 2
        world.cards[number.filter(\.isNumber)] = behavior
        return world
    }

    /// Charges `tokenized` until it is approved, at most four times under one idempotency key:
    /// the errors thrown on the way, and the outcome.
    static func chargeUntilApproved(_ provider: any PaymentProvider, _ tokenized: TokenizedCard) async -> ([ProviderError], ChargeOutcome?)
    {
        let request = ChargeRequest(
            kind: .sale, card: tokenized, amount: Money(amount: 5, currency: usd), idempotencyKey: "k-fixture", threeDSResult: nil)
        var errors: [ProviderError] = []
        for _ in 0..<4 {
            do {
                return (errors, try await provider.charge(request))
            } catch let e as ProviderError {
                errors.append(e)
            } catch {
                Issue.record("unexpected \(error)")
                return (errors, nil)
            }
        }
        return (errors, nil)
    }

    @Test func theBlueSnapMockFailsTheFirstTwoChargesAndChargesOnce() async throws {
        let fake = try FakeBlueSnap(world: Self.world)
        defer { fake.stop() }
        let provider = adapter(for: fake)
        let tokenized = try await provider.tokenize(.new(card(Self.number)), token: try await provider.createToken())
        let (errors, outcome) = await Self.chargeUntilApproved(provider, tokenized)
        #expect(errors.map(\.code) == [.transient, .transient])
        #expect(errors.first?.message.contains("GENERAL_PAYMENT_PROCESSING_ERROR") == true, "\(errors)")
        guard case .approved = outcome else { Issue.record("not approved: \(String(describing: outcome))"); return }
        #expect(fake.ledger.count == 1)
        // Without the fixtures the same card is the standard card: charged at once.
        let plain = try FakeBlueSnap()
        defer { plain.stop() }
        let other = adapter(for: plain)
        let again = try await other.tokenize(.new(card(Self.number)), token: try await other.createToken())
        #expect(await Self.chargeUntilApproved(other, again).0.isEmpty)
    }

    @Test func theSpreedlyMockFailsTheFirstTwoPurchasesAndChargesOnce() async throws {
        let fake = try FakeSpreedly(world: Self.world)
        defer { fake.stop() }
        let provider = SpreedlyTokenizeTests.provider(fake)
        let tokenized = try await provider.tokenize(.new(card(Self.number)), token: try await provider.createToken())
        let (errors, outcome) = await Self.chargeUntilApproved(provider, tokenized)
        #expect(errors.map(\.code) == [.transient, .transient])
        #expect(errors.first?.message.contains("gateway_processing_failed") == true, "\(errors)")
        guard case .approved = outcome else { Issue.record("not approved: \(String(describing: outcome))"); return }
        #expect(fake.ledger.count == 1)
    }

    @Test func theMaxpayMockFailsTheFirstTwoSalesAndTheRunPaysOnTheThird() async throws {
        let fake = try FakeMaxpay(world: Self.world)
        defer { fake.stop() }
        let run = try await MaxpayFakeTests.run(Self.number, against: fake)
        #expect(run.result.status == .success, "\(run.result.errors)")
        #expect(run.events.filter { $0.event == "step.retry" }.count == 2)
        #expect(fake.ledger.count == 1)
    }
}
