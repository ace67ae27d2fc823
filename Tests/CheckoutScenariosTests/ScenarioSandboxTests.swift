import CheckoutDomain
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Testing

/// A scenario's own `sandbox:` (docs/testing.md, "A scenario's own fixtures"): added on top of
/// its file's world for that scenario alone, refused in a chain, checked like the file's; and
/// a stored card behaving as the test card with its brand and last 4 (docs/sandbox.md).
@Suite struct ScenarioSandboxTests {
    /// createPayment for the built-in shopper, with 3-D Secure: it charges the stored choice.
    static let createPayment = """
        flow: create-payment
        dsl: 1
        request:
          price: { amount: 42.00, currency: USD }
          mode: createPayment
          shopperId: "20848977"
          activate3DS: true
        """

    /// createPayment for the fixtures' shopper `30000001`.
    static let createPaymentAda = """
        flow: create-payment-ada
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
          mode: createPayment
          shopperId: "30000001"
        """

    /// A scenario's `sandbox:` giving shopper `id` a stored choice of `brand` `last4`, its key
    /// `indent` spaces in.
    static func storing(_ last4: String, brand: String = "VISA", id: String = "20848977", indent: Int = 2) -> String {
        let pad = String(repeating: " ", count: indent)
        return [
            "sandbox:", "  shoppers:", "    - id: \"\(id)\"", "      name: John Doe", "      billing: { country: US, zip: \"10001\" }",
            "      savedCards: [{ brand: \(brand), last4: \"\(last4)\", expiry: \"12/30\" }]", "      chosenCard: \"\(last4)\"",
        ].map { pad + $0 }.joined(separator: "\n")
    }

    static func run(_ text: String) async throws -> [ScenarioOutcome] {
        let others = [
            "suite/fixtures.yaml": SandboxFixturesTests.fixtures, "suite/cp.yaml": createPayment, "suite/ada.yaml": createPaymentAda,
            "suite/checkout.yaml": plainFlowText,
        ]
        let read = readScenarios(text, others: others)
        let file = try #require(read.file, "\(rendered(read))")
        let flows = [
            "suite/cp.yaml": try #require(FlowCompiler.compile(createPayment, file: "suite/cp.yaml").flow),
            "suite/ada.yaml": try #require(FlowCompiler.compile(createPaymentAda, file: "suite/ada.yaml").flow),
            "suite/checkout.yaml": try #require(FlowCompiler.compile(plainFlowText, file: "suite/checkout.yaml").flow),
        ]
        return await ScenarioRunner(flows: flows, jobs: 2, provider: .sandbox).run(file.scenarios.map { ("suite", $0) })
    }

    @Test func aScenariosOwnShopperIsChargedAndTheOthersKeepTheBuiltInChoice() async throws {
        let outcomes = try await Self.run(
            """
            - name: stored 1091, wrong challenge code
              flow: cp.yaml
            \(Self.storing("1091"))
              answers: { threeDS: { code: "4321" } }
              expect: { status: failed, threeDSAuthenticationResult: AUTHENTICATION_FAILED }
            - name: stored 1091, challenge canceled
              flow: cp.yaml
            \(Self.storing("1091"))
              answers: { threeDS: { cancel: true } }
              expect: { status: canceled }
            - name: stored 9995, declined
              flow: cp.yaml
            \(Self.storing("9995"))
              answers: {}
              expect: { status: declined, declineCode: insufficient_funds, result: { creditCard: { last4Digits: "9995" } } }
            - name: without its own sandbox, the built-in Visa 1111
              flow: cp.yaml
              answers: {}
              expect: { status: success, result: { creditCard: { last4Digits: "1111" } } }
            """)
        #expect(outcomes.count == 4)
        for o in outcomes { #expect(o.differences.isEmpty, "\(o.scenario.name): \(o.differences.map(\.message))") }
    }

    @Test func itIsAddedToTheFilesFixturesAndReplacesAShopperWithTheSameId() async throws {
        // The file's fixtures give shopper 30000001 (choice: Mastercard 4444) and a Visa ending
        // 0101 declining do_not_honor; the scenario replaces the shopper, storing a Visa 0101,
        // which behaves as the file's card.
        let text = SandboxFixturesTests.scenarios(
            """
              - name: replaced shopper, the file's card
                flow: ada.yaml
            \(Self.storing("0101", id: "30000001", indent: 4))
                answers: {}
                expect: { status: declined, declineCode: do_not_honor }
              - name: the file's shopper
                flow: ada.yaml
                answers: {}
                expect: { status: success, result: { creditCard: { ccType: MASTERCARD, last4Digits: "4444" } } }
            """)
        let outcomes = try await Self.run(text)
        for o in outcomes { #expect(o.differences.isEmpty, "\(o.scenario.name): \(o.differences.map(\.message))") }
        let read = readScenarios(
            text, others: ["suite/fixtures.yaml": SandboxFixturesTests.fixtures, "suite/ada.yaml": Self.createPaymentAda])
        let scenarios = try #require(read.file?.scenarios)
        let own = try #require(scenarios.first?.world)
        #expect(own.shoppers["30000001"]?.savedCards.map(\.last4) == ["0101"])
        #expect(own.shoppers["20848977"] != nil, "the built-in shopper stays")
        #expect(own.cards["4000000000000101"] != nil, "the file's cards stay")
        #expect(own.rates.rates["EUR"] == scenarios.last?.world?.rates.rates["EUR"])
        #expect(scenarios.last?.world?.shoppers["30000001"]?.chosenCardLast4 == "4444")
    }

    @Test func aFixturesFileCanBeNamedToo() async throws {
        let outcomes = try await Self.run(
            """
            - name: the fixtures file's card
              sandbox: { file: fixtures.yaml }
              answers: { card: { number: "4000 0000 0000 0101", expiry: "12/30", cvv: "123" }, \(SandboxFixturesTests.card) }
              expect: { status: declined, declineCode: do_not_honor }
            - name: not for the next scenario
              answers: { card: { number: "4000 0000 0000 0101", expiry: "12/30", cvv: "123" }, \(SandboxFixturesTests.card) }
              expect: { status: success }
            """)
        #expect(outcomes.map(\.passed) == [true, true])
    }

    @Test func aChainedScenarioCannotHaveItsOwnSandbox() {
        let read = readScenarios(
            """
            - name: a
              chain: buy
              sandbox: { rates: { EUR: "0.5" } }
              answers: {}
              expect: { status: success }
            """)
        #expect(read.file == nil)
        let text = rendered(read)
        #expect(
            text.contains("suite/checkout.scenarios.yaml:3:3: error: a scenario of a chain cannot have its own 'sandbox'"), "\(text)")
        #expect(text.contains("[conflicting-settings]"))
    }

    @Test func itsProblemsArePositionedWithSuggestionsAndNoSourceLines() {
        let read = readScenarios(
            """
            - name: a
              sandbox:
                shopers: []
                cards:
                  - { number: 4000 0000 0000 0102, decline: do_not_honor }
              answers: {}
              expect: { status: success }
            """)
        #expect(read.file == nil)
        let text = rendered(read)
        #expect(text.contains("suite/checkout.scenarios.yaml:3:5: error: unknown key 'shopers' in 'sandbox' [unknown-key]"), "\(text)")
        #expect(text.contains("did you mean 'shoppers'?"))
        #expect(text.contains("suite/checkout.scenarios.yaml:5:19: error: a test card's 'number' must be 12 to 19 digits"), "\(text)")
        #expect(!text.contains("0102"))
        #expect(read.diagnostics.count == 2, "\(text)")
        #expect(read.diagnostics.allSatisfy { $0.hidesSource })
    }

    @Test func aStoredCardBehavesAsTheTestCardWithItsBrandAndLast4() {
        func stored(_ brand: CardBrand, _ last4: String, in world: SandboxWorld = .builtIn) -> [String: String] {
            world.behavior(forStored: StoredCard(brand: brand, last4: last4, expiry: CardExpiry(month: 12, year: 2030))).record
        }
        #expect(stored(.visa, "1091")["threeDS"] == "challenge")
        #expect(stored(.visa, "9995")["charge"] == "decline:insufficient_funds")
        #expect(stored(.visa, "1109")["threeDS"] == "AUTHENTICATION_FAILED")
        #expect(stored(.mastercard, "5557")["issuingCountry"] == "BR")
        #expect(stored(.discover, "1117") == SandboxCardBehavior.standard.record, "Discover 1117 is standard")
        #expect(stored(.visa, "1117")["threeDS"] == "THREE_DS_ERROR")
        // Another brand with the same last 4, or last 4 no test card has: the standard card.
        #expect(stored(.mastercard, "1091") == SandboxCardBehavior.standard.record)
        #expect(stored(.visa, "9876") == SandboxCardBehavior.standard.record)
        // The built-in shopper's saved cards as before.
        #expect(stored(.visa, "1111") == SandboxCardBehavior.forNumber("4111111111111111").record)
        // A fixture card with that brand and last 4 comes first.
        var world = SandboxWorld.builtIn
        var doNotHonor = SandboxCardBehavior.standard
        doNotHonor.charge = .decline("do_not_honor")
        world.cards["4000000000009995"] = doNotHonor
        #expect(stored(.visa, "9995", in: world)["charge"] == "decline:do_not_honor")
    }
}
