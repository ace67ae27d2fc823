import Foundation
import Testing

/// PayPal, Apple Pay and subscriptions: which methods are offered and what the result carries.
@Suite struct WalletTests {
    @Test func payPalPaysWithoutCardOrBilling() throws {
        let ws = try Workspace()
        let run = try ws.run(flow: "flows/standard-checkout.yaml", answers: "paymentMethod: paypal\n")
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.status == "success")
        #expect(result.paymentType == "PAYPAL")
        #expect(result.payPalInvoiceId?.isEmpty == false)
        #expect(result.creditCard == nil)
        #expect(result.billingDetails == nil)
        #expect(result.transaction?.status == "APPROVED")
        #expect(result.priceDetails == .init(amount: Decimal(exactly: "25.00"), taxAmount: 0, currency: "USD"))
    }

    /// The wallet holds the details: card and billing answers given anyway stay out of the result.
    @Test func payPalResultCarriesNoCardEvenWhenAnswered() throws {
        let ws = try Workspace()
        let answers = "paymentMethod: paypal\n" + Fixtures.cardAnswers("4111 1111 1111 1111")
        let run = try ws.run(flow: "flows/standard-checkout.yaml", answers: answers)
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.paymentType == "PAYPAL")
        #expect(result.creditCard == nil)
        #expect(result.billingDetails == nil)
        #expect(!run.stdout.contains("creditCard"))
        #expect(!run.stdout.contains("billingDetails"))
    }

    @Test func payPalInEuros() throws {
        let ws = try Workspace()
        let run = try ws.run(flow: "flows/standard-checkout.yaml", answers: "paymentMethod: paypal\ncurrency: EUR\n")
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.paymentType == "PAYPAL")
        #expect(result.transaction?.currency == "EUR")
        #expect(result.transaction?.amount == Decimal(exactly: "23.00"))
    }

    @Test func payPalIsNotOfferedForAnUnsupportedPriceCurrency() throws {
        let ws = try Workspace()
        let flow = try ws.flow(Fixtures.flow(currency: "BRL"))
        let run = try ws.run(flow: flow, answers: "paymentMethod: paypal\n")
        let result = try run.result()
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(result.status == "invalid")
        #expect(result.errorCodes == ["paymentMethod not_offered"])
        #expect(result.payPalInvoiceId == nil)
        #expect(result.transaction == nil)
    }

    @Test func payPalCannotSwitchToAnUnsupportedCurrency() throws {
        let ws = try Workspace()
        let run = try ws.run(flow: "flows/standard-checkout.yaml", answers: "paymentMethod: paypal\ncurrency: BRL\n")
        let result = try run.result()
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(result.errors?.map(\.path) == ["currency"])
        #expect(result.transaction == nil)
    }

    @Test func applePay() throws {
        let ws = try Workspace()
        let run = try ws.run(flow: "flows/standard-checkout.yaml", answers: "paymentMethod: applePay\n")
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.paymentType == "APPLE_PAY")
        #expect(result.creditCard == nil)
        #expect(result.billingDetails == nil)
        #expect(result.payPalInvoiceId == nil)
        #expect(result.transaction?.status == "APPROVED")
    }

    /// `request: { subscription: true }`: no price needed, charged as a subscription.
    @Test func subscriptionWithoutPrice() throws {
        let ws = try Workspace()
        let flow = try ws.flow("flow: subscription\ndsl: 1\nrequest:\n  subscription: true\n")
        // The card pays the renewals too, so it is stored, with the shopper's consent.
        let run = try ws.run(
            flow: flow, answers: Fixtures.cardAnswers("4111 1111 1111 1111", billing: Fixtures.usBillingWithEmail, storeCard: true))
        let result = try run.result()
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(result.status == "success")
        #expect(result.paymentType == "CC")
        #expect(result.transaction?.type == "SUBSCRIPTION")
        #expect(result.transaction?.status == "APPROVED")
        #expect(result.priceDetails == nil)
        #expect(!run.stdout.contains("priceDetails"))
    }

    /// PayPal is never a way to pay a subscription: answering only PayPal cannot complete it.
    @Test func subscriptionIsNeverPaidWithPayPal() throws {
        let ws = try Workspace()
        let flow = try ws.flow("flow: subscription\ndsl: 1\nrequest:\n  subscription: true\n")
        let run = try ws.run(flow: flow, answers: "paymentMethod: paypal\n")
        let result = try run.result()
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(result.status == "invalid")
        #expect(result.paymentType != "PAYPAL")
        #expect(result.payPalInvoiceId == nil)
        #expect(result.transaction == nil)
    }

    /// Asking for PayPal on a subscription is an answer naming a method that is not offered,
    /// exactly as for an unsupported currency above (SPEC §9: invalid answers are named).
    @Test func subscriptionRefusesAPayPalAnswer() throws {
        let ws = try Workspace()
        let flow = try ws.flow("flow: subscription\ndsl: 1\nrequest:\n  subscription: true\n")
        let run = try ws.run(flow: flow, answers: "paymentMethod: paypal\n" + Fixtures.cardAnswers("4111 1111 1111 1111"))
        let result = try run.result()
        #expect(result.paymentType != "PAYPAL")
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(result.errorCodes == ["paymentMethod not_offered"])
        #expect(result.transaction == nil)
    }

    /// A currency answer when the flow does not allow currency change is reported, not ignored.
    @Test func aCurrencyAnswerIsRefusedWhenCurrencyChangeIsOff() throws {
        let ws = try Workspace()
        let flow = try ws.flow(
            "flow: fixed-currency\ndsl: 1\nrequest:\n  price: { amount: 49.99, currency: EUR }\n  allowCurrencyChange: false\n")
        let run = try ws.run(flow: flow, answers: "currency: USD\n" + Fixtures.cardAnswers("4111 1111 1111 1111"))
        let result = try run.result()
        #expect(run.exitCode == 3, "\(run.summary)")
        #expect(result.errorCodes == ["currency not_offered"])
        #expect(result.transaction == nil)
    }
}
