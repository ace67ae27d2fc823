import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Testing

@testable import CheckoutTerminal

/// Esc asks what `y` will do (issue 19, item 4): a card scan whose cancel the flow routes to
/// the typed card says so instead of "Leave the checkout?", which it did not do.
@Suite struct CancelQuestionTests {
    func prompt(_ kind: ScreenKind, stage: String) -> ScreenPrompt {
        ScreenPrompt(
            kind: kind, stageId: stage, price: PriceState(amount: 10, taxAmount: 0, currency: .usd),
            requirements: AddressRequirements(withEmail: false, fullBilling: false))
    }

    @Test func aRoutedScanCancelGoesOnToTheTypedCard() throws {
        let forms = ScreenForms(flow: try shippedFlow("bam-card-scan"), today: YearMonth(year: 2026, month: 1))
        let form = forms.form(for: prompt(.cardScan, stage: "scan"), previous: nil)
        #expect(form.cancelQuestion == "Stop scanning? y goes on to Type your card, any other key stays")
    }

    @Test func anUnroutedCancelLeavesTheCheckout() throws {
        let forms = ScreenForms(flow: try shippedFlow("standard-checkout"), today: YearMonth(year: 2026, month: 1))
        #expect(forms.cancelQuestion(prompt(.creditCard, stage: "creditCard")) == nil)
        let form = forms.form(for: prompt(.creditCard, stage: "creditCard"), previous: nil)
        #expect(form.cancelQuestion == "Leave the checkout? y leaves, any other key stays")
    }
}
