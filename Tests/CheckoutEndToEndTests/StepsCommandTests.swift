import Foundation
import Testing

/// The shipped suites' `expect.steps` catch one-line flow changes the result alone does not.
@Suite struct StepsCommandTests {
    /// `flows/` and `examples/` copied into a workspace, `flow` changed by replacing `old` with `new`.
    static func mutated(_ flow: String, _ old: String, _ new: String) throws -> (Workspace, String) {
        let ws = try Workspace()
        for dir in ["flows", "examples"] {
            try FileManager.default.copyItem(
                at: CheckoutBinary.root.appendingPathComponent(dir), to: ws.url.appendingPathComponent(dir))
        }
        let path = ws.url.appendingPathComponent("flows/\(flow).yaml")
        let text = try String(contentsOf: path, encoding: .utf8)
        #expect(text.contains(old))
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: path)
        return (ws, ws.url.appendingPathComponent("flows/\(flow).scenarios.yaml").path)
    }

    @Test func aCurrencyScreenThatShouldNotRunFailsTheTokenExpirySuite() throws {
        let (ws, suite) = try Self.mutated("token-expiry", "allowCurrencyChange: false", "allowCurrencyChange: true")
        let r = try CheckoutBinary.run(["test", suite])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("FAIL token-expiry › no time passes, no refresh"))
        #expect(
            r.stdout.contains(
                "steps.ran: expected [createToken, paymentMethod, creditCard, billing, review, tokenize, threeDS, sale] exactly, got [createToken, paymentMethod, creditCard, billing, currency, currencyUpdate, review, tokenize, threeDS, sale]"
            ), "\(r.stdout)")
        // The PayPal scenario's exact `ran` catches the currency screen too.
        #expect(r.stdout.contains("FAIL token-expiry › PayPal skips the card stages, no token to refresh"))
        #expect(r.stdout.hasSuffix("10 passed, 2 failed\n"))
        _ = ws
    }

    @Test func aRouteToAnotherScreenFailsTheSecondCardSuite() throws {
        let (ws, suite) = try Self.mutated("second-card", "\"on\": { declined: card }", "\"on\": { declined: paymentMethod }")
        let r = try CheckoutBinary.run(["test", suite])
        #expect(r.status == 1)
        #expect(
            r.stdout.contains(
                "steps.routes: expected [{ from: charge, on: declined, to: card }] exactly, got [{ from: charge, on: declined, to: paymentMethod }]"
            ), "\(r.stdout)")
        _ = ws
    }

    @Test func aStageTheFlowNoLongerHasIsAnErrorAtEveryLineNamingIt() throws {
        let (ws, suite) = try Self.mutated("three-d-secure", "activate3DS: true", "activate3DS: false")
        let r = try CheckoutBinary.run(["test", suite])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("has no stage 'threeDS' [unknown-reference]"))
        _ = ws
    }
}
