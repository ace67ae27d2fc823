import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// The problems the runtime itself finds in a shopper's answers (issue 22's gaps): a field the
/// checkout does not ask for, a country it does not take, a card the shopper has not saved, a
/// consent not given, a currency or payment method it refuses. The terminal and line mode show
/// them in the shopper's language (`ShopperText.problem`), from the catalogues; the result keeps
/// them in English. Each is made by a real run here, so a runtime message the catalogue has no
/// template for fails the test.
@Suite struct RuntimeProblemTranslationTests {
    static func issues(_ flowText: String, _ answersText: String) async throws -> [AnswerIssue] {
        let clock = ManualClock(start: fixedStart)
        let random = SeededRandom(seed: 9)
        let runner = CheckoutRunner(
            flow: try compileFlow(flowText), provider: SandboxProvider(clock: clock, random: random),
            frontend: HeadlessFrontend(answers: try readAnswers(answersText)), clock: clock, random: random, trace: MemoryTraceSink())
        return await runner.run().errors
    }

    static func flow(_ request: String, _ rest: String = "") -> String {
        "flow: gaps\ndsl: 1\nrequest: { price: { amount: 10.00 }\(request.isEmpty ? "" : ", " + request) }\n\(rest)"
    }

    static let card = "card: { number: 4111 1111 1111 1111, expiry: 12/35, cvv: 123"

    /// A flow, the answers, and what the run must report (by `path code`).
    typealias Run = (flow: String, answers: String, expected: [String])

    /// The runs.
    static let runs: [Run] =
        [
            (
                flow(""),
                "paymentMethod: card\n" + card + " }\nbilling: { name: Jane Doe, country: US, zip: \"10001\", birthday: 1990-01-01 }",
                []
            ),
            (
                flow("fullBilling: true", "fields:\n  allowedCountries: { billing: [US, CA] }\n"),
                "paymentMethod: card\n" + card
                    + " }\nbilling: { name: Jane Doe, email: j@example.com, address: 1 Rue A, city: Paris, zip: \"75001\", country: FR }",
                ["billing.country country_not_allowed"]
            ),
            (
                flow("withShipping: true", "fields:\n  allowedCountries: { shipping: [US] }\n"),
                "paymentMethod: card\n" + card
                    + " }\nbilling: { name: Jane Doe, country: US, zip: \"10001\" }\nshipping: { name: Jane Doe, address: 1 Rue A, city: Paris, zip: \"75001\", country: FR }",
                ["shipping.country country_not_allowed"]
            ),
            (flow("shopperId: \"20848977\""), "paymentMethod: savedCard\nsavedCard: \"9999\"", ["savedCard unknown_card"]),
            (flow("shopperId: \"20848977\""), "paymentMethod: savedCard", ["savedCard required"]),
            (
                flow("mode: choosePayment, shopperId: \"20848977\""), "paymentMethod: card\n" + card + " }",
                ["card.storeCard consent_required"]
            ),
            (flow("hideStoreCardSwitch: true"), "paymentMethod: card\n" + card + ", storeCard: true }", ["card.storeCard not_offered"]),
            (flow(""), "paymentMethod: card\n" + card + " }\nacceptTerms: true", ["acceptTerms not_offered"]),
            (
                flow("", "provider: { name: sandbox, requireTermsConsent: true }\n"), "paymentMethod: applePay\nacceptTerms: false",
                ["acceptTerms consent_required"]
            ),
            (flow(""), "paymentMethod: card\ncurrency: usd\n" + card + " }", []),
            (
                flow("", "provider: { name: sandbox, paypalCurrencies: [EUR, GBP] }\n"), "paymentMethod: paypal",
                ["paymentMethod not_offered"]
            ),
            (
                flow("", "provider: { name: sandbox, paypalCurrencies: [EUR, GBP] }\n").replacingOccurrences(
                    of: "10.00 }", with: "10.00, currency: EUR }"),
                "paymentMethod: paypal\ncurrency: USD", ["currency not_supported_by_paypal"]
            ),
        ]
        + threeDSStops

    /// 3-D Secure stopping the run (`processFailed3DS: false`): the sandbox's cards for each result.
    static var threeDSStops: [Run] {
        var out: [Run] = []
        let results = [
            ("1109", "authentication_failed"), ("1059", "authentication_unavailable"), ("1117", "three_ds_error"),
            ("0002", "card_not_supported"),
        ]
        for (last4, code) in results {
            let answers =
                "paymentMethod: card\ncard: { number: 4000 0000 0000 \(last4), expiry: 12/35, cvv: 123 }\n"
                + "billing: { name: Jane Doe, country: US, zip: \"10001\" }"
            out.append((flow("activate3DS: true, withEmail: false"), answers, ["threeDS \(code)"]))
        }
        return out
    }

    @Test func everyProblemTheRuntimeReportsIsTranslatedInEveryLanguage() async throws {
        var all: [AnswerIssue] = []
        for run in Self.runs {
            let found = try await Self.issues(run.flow, run.answers)
            #expect(!found.isEmpty, "no problem for \(run.answers)")
            let keys = found.map { "\($0.path) \($0.code)" }
            for expected in run.expected { #expect(keys.contains(expected), "\(keys) for \(run.answers)") }
            all += found
        }
        let codes = Set(all.map(\.code))
        for code in [
            "not_offered", "country_not_allowed", "unknown_card", "consent_required", "not_supported_by_paypal", "invalid_currency",
            "required",
        ] {
            #expect(codes.contains(code), "\(codes.sorted())")
        }
        for locale in ShopperLocale.supported.dropFirst() {
            let text = ShopperText(locale)
            for issue in all {
                let translated = text.problem(code: issue.code, message: issue.message)
                #expect(translated != issue.message, "\(locale.tag) \(issue.code): \(issue.message)")
                #expect(!translated.contains("%"), "\(locale.tag): \(translated)")
            }
        }
        for issue in all { #expect(ShopperText.english.problem(code: issue.code, message: issue.message) == issue.message) }
    }

    /// Every template of the runtime's messages, filled as the runtime fills it, in German: the
    /// values are carried (a country in German, a list's commas) and nothing English is left.
    @Test func theRuntimesMessagesReadInGerman() {
        let de = ShopperText(ShopperLocale.matching("de")!)
        #expect(
            de.problem(code: "country_not_allowed", message: "this checkout does not ship to France (it ships to US, CA)")
                == "Dieser Checkout liefert nicht nach Frankreich (nur nach US, CA)")
        #expect(
            de.problem(code: "not_offered", message: "this checkout does not ask for zip")
                == "Dieser Checkout fragt nicht nach: Postleitzahl")
        #expect(de.problem(code: "required", message: "Enter the zip.") == "Geben Sie die Postleitzahl ein.")
        #expect(
            de.problem(code: "not_offered", message: "paypal is not offered: PayPal is never offered for subscriptions; choose one of card")
                == "paypal wird nicht angeboten: PayPal wird für Abonnements nie angeboten; wählen Sie eines von: card")
        #expect(
            de.problem(code: "unknown_card", message: "the shopper has no saved card ending in 9999; saved: 1111, 4444")
                == "Es gibt keine gespeicherte Karte mit der Endung 9999; gespeichert: 1111, 4444")
    }
}
