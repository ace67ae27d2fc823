import CheckoutProviders
import Foundation
import Testing

/// SPEC §10: the full card number and the CVV never appear in any output, trace or file.
///
/// The CVVs are 736 / 7361: no sandbox card number, last 4, amount, expiry or seeded id of
/// these runs contains them, so any hit is a leak (the scan itself proves that on every run).
@Suite struct CardDataLeakTests {
    static let cvv3 = "736"
    static let cvv4 = "7361"

    /// One run to scan, and the secrets it was given.
    struct LeakCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// Flow YAML text, or a shipped flow's path when it starts with `flows/`.
        var flow: String
        var answers: String
        var answersExtension = "yaml"
        var json = true
        /// The card number as written; the scanner also looks for its digits in any spacing.
        var number: String
        var cvv: String
        /// Text that must appear in the run's output, proving the answers were read.
        var proof: String
        var testDescription: String { name }
    }

    static let threeDSFlow = Fixtures.flow(activate3DS: true, processFailed3DS: true)
    static let plainFlow = Fixtures.flow()

    static func card(
        _ number: String, cvv: String, expiry: String = "12/2035", billing: String = Fixtures.usBilling, storeCard: Bool? = nil,
        extra: String = ""
    ) -> String {
        Fixtures.cardAnswers(number, cvv: cvv, expiry: expiry, billing: billing, storeCard: storeCard, extra: extra)
    }

    static let cases: [LeakCase] = {
        var all: [LeakCase] = []
        for c in SandboxCard.all {
            let cvv = c.ccType == "AMEX" ? cvv4 : cvv3
            // 3DS on and failures charged anyway: every card reaches the charge.
            all.append(
                LeakCase(
                    name: "3DS \(c.number)", flow: threeDSFlow, answers: card(c.number, cvv: cvv, extra: Fixtures.threeDSCode("1234")),
                    number: c.number, cvv: cvv, proof: c.last4))
            all.append(
                LeakCase(
                    name: "plain \(c.number)", flow: plainFlow, answers: card(c.number, cvv: cvv), number: c.number, cvv: cvv,
                    proof: c.last4))
        }
        let visa = "4111 1111 1111 1111", luhnFails = "4111 1111 1111 1112"
        all += [
            LeakCase(
                name: "text output", flow: plainFlow, answers: card(visa, cvv: cvv3), json: false, number: visa, cvv: cvv3, proof: "1111"),
            LeakCase(
                name: "Luhn fails", flow: plainFlow, answers: card(luhnFails, cvv: cvv3), number: luhnFails, cvv: cvv3,
                proof: "luhn_check_failed"),
            LeakCase(
                name: "Luhn fails, text output", flow: plainFlow, answers: card(luhnFails, cvv: cvv3), json: false,
                number: luhnFails, cvv: cvv3, proof: "card.number"),
            LeakCase(
                name: "everything wrong", flow: "flows/standard-checkout.yaml", answers: card(luhnFails, cvv: cvv3, expiry: "01/20"),
                number: luhnFails, cvv: cvv3, proof: "card.expiry"),
            LeakCase(
                name: "CVV too long for Visa", flow: plainFlow, answers: card(visa, cvv: cvv4), number: visa, cvv: cvv4,
                proof: "invalid_cvv"),
            LeakCase(
                name: "CVV too short for Amex", flow: plainFlow, answers: card("3782 822463 10005", cvv: cvv3),
                number: "3782 822463 10005", cvv: cvv3, proof: "invalid_cvv"),
            LeakCase(
                name: "CVV not digits", flow: plainFlow, answers: card(visa, cvv: "7a6"), number: visa, cvv: "7a6", proof: "invalid_cvv"),
            LeakCase(
                name: "number too short", flow: plainFlow, answers: card("4111 1111 1111 111", cvv: cvv3),
                number: "4111 1111 1111 111", cvv: cvv3, proof: "card.number"),
            LeakCase(
                name: "incorrect_cvc decline", flow: plainFlow, answers: card("4000 0000 0000 0127", cvv: cvv3),
                number: "4000 0000 0000 0127", cvv: cvv3, proof: "incorrect_cvc"),
            LeakCase(
                name: "challenge wrong code", flow: Fixtures.flow(activate3DS: true),
                answers: card("4000 0000 0000 1091", cvv: cvv3, extra: Fixtures.threeDSCode("4321")),
                number: "4000 0000 0000 1091", cvv: cvv3, proof: "AUTHENTICATION_FAILED"),
            LeakCase(
                name: "challenge canceled", flow: Fixtures.flow(activate3DS: true),
                answers: card("4556 7610 2998 3886", cvv: cvv3, extra: "threeDS:\n  cancel: true\n"),
                number: "4556 7610 2998 3886", cvv: cvv3, proof: "AUTHENTICATION_CANCELED"),
            LeakCase(
                name: "misspelled keys", flow: plainFlow,
                answers: "card:\n  numbr: \(visa)\n  expiry: 12/2035\n  cvc: \(cvv3)\n" + Fixtures.usBilling,
                number: visa, cvv: cvv3, proof: "numbr"),
            LeakCase(
                name: "YAML syntax error on the number", flow: plainFlow,
                answers: "card:\n  number: \"\(visa)\n  expiry: 12/2035\n  cvv: \(cvv3)\n", number: visa, cvv: cvv3, proof: "yaml"),
            LeakCase(
                name: "duplicate key", flow: plainFlow,
                answers: "card:\n  number: \(visa)\n  number: \(visa)\n  cvv: \(cvv3)\n  cvv: \(cvv3)\n",
                number: visa, cvv: cvv3, proof: "duplicate"),
            LeakCase(
                name: "number and CVV of the wrong type", flow: plainFlow,
                answers: "card:\n  number: [\(visa)]\n  expiry: 12/2035\n  cvv: {a: \(cvv3)}\n",
                number: visa, cvv: cvv3, proof: "card.number"),
            LeakCase(
                name: "JSON answers", flow: plainFlow,
                answers:
                    #"{"card": {"number": "\#(visa)", "expiry": "12/2035", "cvv": "\#(cvv3)"}, "billing": {"name": "Jane Shopper", "country": "US", "zip": "10001"}}"#,
                answersExtension: "json", number: visa, cvv: cvv3, proof: "1111"),
            LeakCase(
                name: "PayPal with card answered", flow: "flows/standard-checkout.yaml",
                answers: "paymentMethod: paypal\n" + card(visa, cvv: cvv3),
                number: visa, cvv: cvv3, proof: "PAYPAL"),
        ]
        // The BlueSnap and Spreedly flows: consent, input-line events, the card given up front,
        // a token refresh, a refresh that fails again, the 3DS2 lifecycle.
        let mc = "5555 5555 5555 4444"
        all += [
            LeakCase(
                name: "choose-payment, new card", flow: "flows/choose-payment.yaml",
                answers: "paymentMethod: card\n" + card(mc, cvv: cvv3, storeCard: true),
                number: mc, cvv: cvv3, proof: "storeShopper"),
            LeakCase(
                name: "choose-payment, no consent", flow: "flows/choose-payment.yaml",
                answers: "paymentMethod: card\n" + card(mc, cvv: cvv3),
                number: mc, cvv: cvv3, proof: "consent_required"),
            LeakCase(
                name: "custom-card-form input line", flow: "flows/custom-card-form.yaml", answers: card(visa, cvv: cvv3, billing: ""),
                number: visa, cvv: cvv3, proof: "input.didSubmit"),
            LeakCase(
                name: "custom-card-form, Luhn fails", flow: "flows/custom-card-form.yaml", answers: card(luhnFails, cvv: cvv3, billing: ""),
                number: luhnFails, cvv: cvv3, proof: "input.didCheck"),
            LeakCase(
                name: "own-ui-tokenize up front", flow: "flows/own-ui-tokenize.yaml", answers: card(mc, cvv: cvv3, billing: ""),
                number: mc, cvv: cvv3, proof: "card.received"),
            LeakCase(
                name: "token-expiry refresh", flow: "flows/token-expiry.yaml",
                answers: card(visa, cvv: cvv3, extra: "wait: { review: 61m }\n"),
                number: visa, cvv: cvv3, proof: "token.refresh"),
            LeakCase(
                name: "token-expiry refresh fails", flow: "flows/token-expiry.yaml", answers: card("4000 0000 0000 4004", cvv: cvv3),
                number: "4000 0000 0000 4004", cvv: cvv3, proof: "token_expired"),
            LeakCase(
                name: "spreedly-3ds2 lifecycle", flow: "flows/spreedly-3ds2.yaml",
                answers: card("4556 7610 2998 3886", cvv: cvv3, extra: Fixtures.threeDSCode("1234")),
                number: "4556 7610 2998 3886", cvv: cvv3, proof: "device_fingerprint"),
            LeakCase(
                name: "subscription, Amex stored", flow: "flows/subscription.yaml",
                answers: card("3782 822463 10005", cvv: cvv4, billing: Fixtures.usBillingWithEmail, storeCard: true),
                number: "3782 822463 10005", cvv: cvv4, proof: "SUBSCRIPTION"),
            LeakCase(
                name: "tax-service, taxed", flow: "flows/tax-service.yaml", answers: taxedAnswers(zip: "10118"),
                number: "4111 1111 1111 1111", cvv: cvv3, proof: "hook.tax"),
            LeakCase(
                name: "tax-service, the service fails", flow: "flows/tax-service.yaml", answers: taxedAnswers(zip: "00000"),
                number: "4111 1111 1111 1111", cvv: cvv3, proof: "tax_failed"),
        ]
        return all
    }()

    /// Answers for flows/tax-service.yaml: a New York address; zip 00000 makes its script fail.
    static func taxedAnswers(zip: String) -> String {
        Fixtures.cardAnswers(
            "4111 1111 1111 1111", cvv: cvv3,
            billing:
                "billing: { name: Jane Shopper, email: jane@example.com, address: 1 Main St, city: Albany, zip: \"\(zip)\", country: US, state: NY }",
            extra: "shipping: { sameAsBilling: true }")
    }

    @Test(arguments: cases)
    func noCardDataInAnyOutput(leak: LeakCase) throws {
        let ws = try Workspace()
        let flow = leak.flow.hasPrefix("flows/") ? leak.flow : try ws.flow(leak.flow)
        let run = try ws.run(flow: flow, answers: leak.answers, answersExtension: leak.answersExtension, json: leak.json)
        let everything = run.outputs.map(\.text).joined(separator: "\n")
        #expect(everything.contains(leak.proof), "the run never got to the card: \(run.summary)")
        #expect(
            [0, 1, 3, 4].contains(run.exitCode), "a payment outcome, invalid answers or a provider failure, never a crash: \(run.summary)")
        if leak.json { #expect(run.resultFile != nil, "--result wrote nothing") }

        let scanner = LeakScanner(number: leak.number, cvv: leak.cvv)
        for (name, text) in run.outputs {
            let found = scanner.findings(in: text)
            #expect(found.isEmpty, "\(name) leaks \(found):\n\(text)")
        }
    }

    /// The scanner finds a planted number in any spacing and a planted CVV, and nothing else,
    /// so a clean scan above means something.
    @Test func scannerDetectsPlantedCardData() throws {
        let scanner = LeakScanner(number: "4111 1111 1111 1111", cvv: "736")
        #expect(scanner.findings(in: #"{"last4Digits": "1111", "masked": "411111******1111"}"#).isEmpty)
        #expect(scanner.findings(in: #"{"last4Digits": "1111", "cardMask": "4111 11XX XXXX 1111"}"#).isEmpty)
        #expect(!scanner.findings(in: "card 4111 1111 1111 1111 ok").isEmpty)
        #expect(!scanner.findings(in: #"{"number":"4111111111111111"}"#).isEmpty)
        #expect(!scanner.findings(in: "4111-1111-1111-1111").isEmpty)
        #expect(!scanner.findings(in: "41 11 11 11 11 11 11 11").isEmpty)
        #expect(scanner.findings(in: #"{"cvv": "736"}"#) == ["CVV 736"])
        #expect(scanner.findings(in: "CVV 736.") == ["CVV 736"])
        // Three digits inside a longer number are not a CVV (an id, an auth code).
        #expect(scanner.findings(in: #"{"id": "4007362695", "authCode": "000736"}"#).isEmpty)

        // Planted into a real result: the same scan that passes above now fails.
        let ws = try Workspace()
        let run = try ws.run(flow: try ws.flow(Self.plainFlow), answers: Self.card("4111 1111 1111 1111", cvv: "736"))
        #expect(run.exitCode == 0, "\(run.summary)")
        #expect(scanner.findings(in: run.stdout).isEmpty)
        let planted = run.stdout.replacingOccurrences(of: #""last4Digits": "1111""#, with: #""last4Digits": "4111111111111111""#)
        #expect(planted != run.stdout)
        #expect(scanner.findings(in: planted) == ["card number digits"])
    }
}

/// Looks for a card number (as written, and its digits with any spaces or dashes between them)
/// and a CVV in a text.
struct LeakScanner {
    let written: String
    let digits: String
    let cvv: String

    init(number: String, cvv: String) {
        written = number
        digits = number.filter(\.isNumber)
        self.cvv = cvv
    }

    /// What was found, by kind; empty when the text is clean.
    func findings(in text: String) -> [String] {
        var found: [String] = []
        if text.contains(written) { found.append("card number as written") }
        let squeezed = text.filter { $0 != " " && $0 != "-" }
        if squeezed.contains(digits) { found.append("card number digits") }
        if containsAlone(cvv, in: text) { found.append("CVV \(cvv)") }
        return found
    }

    /// True when `needle` occurs in `text` with no digit just before or after it: a CVV as it
    /// would be printed (`"cvv":"736"`, `CVV 736`), not three digits inside a longer number (a
    /// transaction id, an auth code, a timestamp), which made the scan fail at random.
    func containsAlone(_ needle: String, in text: String) -> Bool {
        guard !needle.isEmpty else { return false }
        let scalars = Array(text.unicodeScalars)
        let pattern = Array(needle.unicodeScalars)
        guard scalars.count >= pattern.count else { return false }
        func isDigit(_ i: Int) -> Bool { i >= 0 && i < scalars.count && ("0"..."9").contains(scalars[i]) }
        let digitsOnly = pattern.allSatisfy { ("0"..."9").contains($0) }
        for start in 0...(scalars.count - pattern.count) where scalars[start..<start + pattern.count].elementsEqual(pattern) {
            if !digitsOnly || (!isDigit(start - 1) && !isDigit(start + pattern.count)) { return true }
        }
        return false
    }
}
