import Foundation
import Testing

/// `provider.requireTermsConsent` (issue 19): Maxpay's SDKs enable Pay only with the terms
/// checkbox ticked (iOS `PAYConditionsView`/`PAYFieldStateObserver`, Android
/// `checkBoxTermsOfUse`). Headless the answer is `acceptTerms: true`; at the terminal a
/// checkbox on review.
@Suite struct TermsConsentTests {
    static let flow = """
        flow: terms
        dsl: 1
        provider:
          name: sandbox
          requireTermsConsent: true
        request:
          price: { amount: 10.00, currency: USD }
          allowCurrencyChange: false
        """

    @Test func headlessAPaymentWithoutTheConsentIsRefusedAndWithItPaid() throws {
        let workspace = try Workspace()
        let path = try workspace.flow(Self.flow)
        let refused = try workspace.run(flow: path, answers: "paymentMethod: applePay\n")
        #expect(refused.exitCode == 3)
        #expect(try refused.result().errorCodes == ["acceptTerms consent_required"])
        #expect(try refused.result().transaction == nil)
        let declined = try workspace.run(flow: path, answers: "paymentMethod: applePay\nacceptTerms: false\n")
        #expect(try declined.result().errorCodes == ["acceptTerms consent_required"])
        let paid = try workspace.run(flow: path, answers: "paymentMethod: applePay\nacceptTerms: true\n")
        #expect(paid.exitCode == 0, "\(paid.summary)")
        #expect(try paid.result().transaction?.type == "SALE")
    }

    @Test func headlessTheConsentIsRefusedWhereTheFlowDoesNotAskForIt() throws {
        let workspace = try Workspace()
        let path = try workspace.flow(Self.flow.replacingOccurrences(of: "  requireTermsConsent: true\n", with: ""))
        let r = try workspace.run(flow: path, answers: "paymentMethod: applePay\nacceptTerms: true\n")
        #expect(r.exitCode == 3)
        #expect(try r.result().errorCodes == ["acceptTerms not_offered"])
    }

    @Test func atTheTerminalReviewAsksForTheConsentBeforePay() throws {
        let workspace = try Workspace()
        let path = try workspace.flow(Self.flow)
        var options = TerminalRunTests.options
        options.stdinIsPipe = true
        let s = try TerminalSession(TerminalCheckout.arguments(flow: path, ["--plain"]), options: options)
        try s.waitFor("Choose 1-3 [1]: ")
        try s.send("3\n")
        try s.waitFor("I accept the Terms of Use and the Privacy Policy [y/N]: ")
        try s.send("y\n")
        try s.waitFor("Pay $10.00? [Y/n]: ")
        try s.send("\n")
        #expect(try s.waitForExit() == 0, "\(s.screen.text)")
        #expect(s.screen.text.contains("✔ Paid $10.00"), "\(s.screen.text)")
    }
}
