import Foundation
import Testing

/// BlueSnap's three entry points (SPEC §3 `mode`), and `transactionType: none`.
@Suite struct ModeTests {
    @Test func choosePaymentStoresTheChoiceAndChargesNothing() throws {
        let ws = try Workspace()
        let flow = try ws.flow(
            "flow: choose\ndsl: 1\nrequest:\n  price: { amount: 10.00 }\n  mode: choosePayment\n  shopperId: \"20848977\"\n")
        // A new card becomes the stored choice only with the shopper's consent to store it.
        let run = try ws.run(flow: flow, answers: Fixtures.cardAnswers("5555 5555 5555 4444", storeCard: true))
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.status == "success")
        #expect(result.creditCard?.ccType == "MASTERCARD")
        #expect(result.transaction == nil)
        let events = try run.trace()
        #expect(events.contains { $0.event == "step.end" && $0.stage == "storeShopper" })
        #expect(!events.contains { $0.stage == "sale" || $0.stage == "authorize" })
    }

    @Test func createPaymentChargesTheStoredChoiceWithoutAskingForACard() throws {
        let ws = try Workspace()
        let flow = try ws.flow(
            "flow: create\ndsl: 1\nrequest:\n  price: { amount: 10.00 }\n  mode: createPayment\n  shopperId: \"20848977\"\n")
        let run = try ws.run(flow: flow, answers: "{}\n")
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.savedCard == true)
        #expect(result.creditCard?.last4Digits == "1111")
        #expect(result.transaction?.type == "SALE")
        #expect(!(try run.trace()).contains { $0.stage == "creditCard" })
    }

    @Test func authorizeOnlyIsAnAuthTransaction() throws {
        let ws = try Workspace()
        let flow = try ws.flow("flow: auth\ndsl: 1\nrequest:\n  price: { amount: 10.00 }\n  transactionType: auth\n")
        let run = try ws.run(flow: flow, answers: Fixtures.cardAnswers("4111 1111 1111 1111", billing: Fixtures.usBillingWithEmail))
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(try run.result().transaction?.type == "AUTH_ONLY")
    }

    @Test func transactionTypeNoneStopsAfterTokenizing() throws {
        let ws = try Workspace()
        let flow = try ws.flow("flow: token-only\ndsl: 1\nrequest:\n  price: { amount: 10.00 }\n  transactionType: none\n")
        let run = try ws.run(flow: flow, answers: Fixtures.cardAnswers("4000 0000 0000 9995", billing: Fixtures.usBillingWithEmail))
        let result = try run.result()
        // The declining card is never charged: tokenizing alone succeeds.
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.transaction == nil)
        #expect(result.declineCode == nil)
        #expect(result.creditCard?.last4Digits == "9995")
    }

    @Test func sale3dTurnsOnThreeDSWithoutActivate3DS() throws {
        let ws = try Workspace()
        let flow = try ws.flow("flow: sale3d\ndsl: 1\nrequest:\n  price: { amount: 10.00 }\n  transactionType: sale3d\n")
        let run = try ws.run(flow: flow, answers: Fixtures.cardAnswers("4000 0000 0000 1109", billing: Fixtures.usBillingWithEmail))
        #expect(run.exitCode == 1, "\(run.summary)")
        #expect(try run.result().threeDSAuthenticationResult == "AUTHENTICATION_FAILED")
    }
}
