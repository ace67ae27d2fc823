import Foundation
import Testing

/// The shipped BlueSnap and Spreedly flows (issue 4), run through the real binary with their
/// example answers, the trace read back as a user would.
@Suite struct BlueSnapFlowTests {
    func run(_ flow: String, _ example: String, extra: String = "") throws -> RunOutcome {
        let answers = try String(
            contentsOf: CheckoutBinary.root.appendingPathComponent("examples/\(flow)/\(example).yaml"), encoding: .utf8)
        return try Workspace().run(flow: "flows/\(flow).yaml", answers: answers + extra)
    }

    @Test func everyNewFlowValidatesCleanAndHasScenariosAndExamples() throws {
        let flows = [
            "choose-payment", "create-payment", "subscription", "custom-card-form", "own-ui-tokenize", "token-expiry", "spreedly-3ds2",
        ]
        let r = try CheckoutBinary.run(["validate"] + flows.map { "flows/\($0).yaml" })
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("0 errors, 0 warnings in 7 files"))
        for flow in flows {
            let yaml = try String(contentsOf: CheckoutBinary.root.appendingPathComponent("flows/\(flow).yaml"), encoding: .utf8)
            #expect(yaml.hasPrefix("# yaml-language-server: $schema=../schema/flow.schema.json\n"), "\(flow) has no schema modeline")
            let scenarios = try String(
                contentsOf: CheckoutBinary.root.appendingPathComponent("flows/\(flow).scenarios.yaml"), encoding: .utf8)
            // Every answers file a scenario names exists.
            for line in scenarios.split(separator: "\n") where line.contains("answers: ../examples/") {
                let path = String(line.split(separator: " ").last ?? "").replacingOccurrences(of: "../", with: "")
                #expect(FileManager.default.fileExists(atPath: CheckoutBinary.root.appendingPathComponent(path).path), "\(flow): \(path)")
            }
        }
    }

    @Test func choosePaymentStoresTheNewCardWithConsentAndChargesNothing() throws {
        let stored = try run("choose-payment", "new-card-stored")
        #expect(stored.exitCode == 0, "\(stored.summary)")
        #expect(try stored.result().transaction == nil)
        #expect(try stored.trace().contains { $0.event == "step.end" && $0.stage == "storeShopper" })
        let refused = try run("choose-payment", "new-card-without-consent")
        #expect(refused.exitCode == 3)
        #expect(try refused.result().errorCodes == ["card.storeCard consent_required"])
        #expect(!(try refused.trace()).contains { $0.stage == "storeShopper" })
    }

    /// Issue 19: PayPal was refused in choosePayment as "PayPal does not accept USD". BlueSnap's
    /// SDK stores a wallet as the chosen method (its type alone, nothing paid).
    @Test func choosePaymentStoresAWalletAndRefusesPayPalOnlyForPayPalsReasons() throws {
        let paypal = try Workspace().run(flow: "flows/choose-payment.yaml", answers: "paymentMethod: paypal\n")
        #expect(paypal.exitCode == 0, "\(paypal.summary)")
        #expect(try paypal.result().paymentType == "PAYPAL")
        #expect(try paypal.result().transaction == nil)
        #expect(
            try paypal.trace().contains {
                $0.event == "provider.call" && $0.line.contains(#""operation":"storeChosenMethod""#)
                    && $0.line.contains(#""paymentType":"PAYPAL""#)
            })
        // PayPal's own refusal names PayPal's reason (here a currency off PayPal's list).
        let brl = try String(contentsOf: CheckoutBinary.root.appendingPathComponent("flows/choose-payment.yaml"), encoding: .utf8)
            .replacingOccurrences(of: "currency: USD", with: "currency: BRL")
        let workspace = try Workspace()
        let refused = try workspace.run(flow: try workspace.flow(brl), answers: "paymentMethod: paypal\n")
        #expect(refused.exitCode == 3)
        #expect(refused.stdout.contains("paypal is not offered: PayPal does not accept BRL"), "\(refused.stdout)")
    }

    @Test func createPaymentChargesTheStoredChoice() throws {
        let r = try run("create-payment", "stored-choice")
        let result = try r.result()
        #expect(r.exitCode == 0, "\(r.summary)")
        #expect(result.savedCard == true && result.creditCard?.last4Digits == "1111")
        #expect(result.transaction?.type == "SALE")
        #expect(result.threeDSAuthenticationResult == "AUTHENTICATION_SUCCEEDED")
    }

    @Test func subscriptionChargesWithoutAPrice() throws {
        let r = try run("subscription", "card-stored")
        let result = try r.result()
        #expect(r.exitCode == 0, "\(r.summary)")
        #expect(result.transaction?.type == "SUBSCRIPTION")
        #expect(result.priceDetails == nil)
        let paypal = try run("subscription", "paypal")
        #expect(paypal.exitCode == 3)
        #expect(try paypal.result().errorCodes == ["paymentMethod not_offered"])
    }

    @Test func theCustomCardFormTracesItsInputLine() throws {
        let r = try run("custom-card-form", "visa")
        #expect(r.exitCode == 0, "\(r.summary)")
        let events = try r.trace()
        #expect(
            events.map(\.event).filter { $0.hasPrefix("input.") } == [
                "input.startEdit", "input.endEdit", "input.willCheck", "input.didCheck", "input.didSubmit",
            ])
        #expect(
            events.contains { $0.line.contains(#""event":"input.didCheck","stage":"card","valid":true,"brand":"VISA","last4":"1111""#) })
        #expect(events.contains { $0.line.contains(#""event":"input.didSubmit","stage":"card","outcome":"success""#) })
        let bad = try run("custom-card-form", "luhn-fails")
        #expect(bad.exitCode == 3)
        #expect(try bad.trace().contains { $0.line.contains(#""valid":false,"code":"luhn_check_failed""#) })
        #expect(!(try bad.trace()).contains { $0.event == "input.didSubmit" })
    }

    @Test func ownUITakesTheCardUpFront() throws {
        let new = try run("own-ui-tokenize", "new-card")
        #expect(new.exitCode == 0, "\(new.summary)")
        #expect(try new.result().creditCard?.ccType == "MASTERCARD")
        #expect(try new.trace().contains { $0.line.contains(#""event":"card.received","stage":"tokenize","source":"upfront""#) })
        let stored = try run("own-ui-tokenize", "existing-card")
        #expect(stored.exitCode == 0, "\(stored.summary)")
        #expect(try stored.result().savedCard == true)
        #expect(!(try stored.trace()).contains { $0.event.hasPrefix("screen.") })
    }

    @Test func aLingeringShopperGetsOneTokenRefresh() throws {
        let r = try run("token-expiry", "lingers-on-review")
        #expect(r.exitCode == 0, "\(r.summary)")
        let events = try r.trace()
        #expect(events.filter { $0.event == "token.refresh" }.count == 1)
        #expect(events.contains { $0.line.contains(#""event":"screen.wait","stage":"review","seconds":3660"#) })
        // The wait moved the run's clock: everything after it is 61 minutes later.
        let end = try #require(events.last)
        #expect(end.line.contains(#""time":"2026-06-15T13:01:00.000Z""#))
    }

    @Test func aRefreshThatFailsAgainIsAProviderFailure() throws {
        let r = try run("token-expiry", "refresh-fails-too")
        #expect(r.exitCode == 4, "\(r.summary)")
        #expect(try r.result().errorCodes == ["tokenize token_expired"])
        #expect(try r.trace().filter { $0.event == "token.refresh" }.count == 1)
        let late = try run("token-expiry", "expires-during-challenge")
        #expect(late.exitCode == 4, "\(late.summary)")
        #expect(try late.result().errorCodes == ["sale token_expired"])
        #expect(!(try late.trace()).contains { $0.event == "token.refresh" })
    }

    @Test func waitsForStagesTheFlowLacksAreInvalidAnswers() throws {
        let r = try Workspace().run(flow: "flows/create-payment.yaml", answers: "wait: { reveiw: 61m }\n")
        #expect(r.exitCode == 3)
        #expect(try r.result().errorCodes == ["wait.reveiw unknown_stage"])
        #expect(r.stderr.contains("did you mean 'review'?"))
    }

    @Test func spreedlyLifecycleIsTraced() throws {
        let r = try run("spreedly-3ds2", "fingerprint-then-challenge")
        #expect(r.exitCode == 0, "\(r.summary)")
        let lines = try r.trace().map(\.line).filter { $0.contains(#""event":"threeDS."#) }
        #expect(lines.count == 4)
        #expect(lines[0].contains(#""event":"threeDS.pending","stage":"threeDS","state":"pending","requiredAction":"device_fingerprint""#))
        #expect(lines[1].contains(#""event":"threeDS.fingerprint","stage":"threeDS","outcome":"sent""#))
        #expect(lines[2].contains(#""requiredAction":"challenge""#))
        #expect(lines[3].contains(#""event":"threeDS.challenge""#))
        // The card became a payment-method token; the result keeps only brand and last 4.
        let tokenize = try #require(try r.trace().first { $0.event == "step.end" && $0.stage == "tokenize" })
        #expect(tokenize.line.range(of: #""paymentMethodToken":"[0-9A-Za-z]{29}""#, options: .regularExpression) != nil)
        #expect(
            try r.result().creditCard
                == .init(ccType: "VISA", last4Digits: "3886", ccIssuingCountry: "US", expirationMonth: "10", expirationYear: "2029"))
        let frictionless = try run("spreedly-3ds2", "fingerprint-frictionless")
        #expect(
            try frictionless.trace().filter { $0.event.hasPrefix("threeDS.") }.map(\.event) == ["threeDS.pending", "threeDS.fingerprint"])
    }
}
