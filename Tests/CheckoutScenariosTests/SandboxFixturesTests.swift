import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Testing

/// A scenarios file's `sandbox:` fixtures (docs/testing.md): read and checked like flows,
/// and run against the built-in sandbox plus the fixtures.
@Suite struct SandboxFixturesTests {
    static let fixtures = """
        shoppers:
          - id: "30000001"
            name: Ada Lovelace
            email: ada@example.com
            billing: { country: GB, zip: SW1Y 4JH }
            savedCards:
              - { brand: VISA, last4: "1111", expiry: "12/30" }
              - { brand: MASTERCARD, last4: "4444", expiry: "06/31" }
            chosenCard: "4444"
        cards:
          - { number: 4000 0000 0000 0101, brand: VISA, decline: do_not_honor }
          - { number: 4000 0000 0000 0036, issuingCountry: GB, transientFailures: 2 }
          - { number: 4000 0000 0000 0044, threeDS: challenge }
        rates: { EUR: "0.50" }
        """

    static let shopperFlow = """
        flow: fixture-shopper
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
          shopperId: "30000001"
        """

    /// A tokenize that may try 3 times, each within 1 s, an authorization, and a void that may
    /// try twice.
    static let retryingFlow = """
        flow: retrying
        dsl: 1
        request:
          price: { amount: 10.00, currency: USD }
        screens:
          - kind: creditCard
          - kind: billing
        steps:
          - kind: createToken
          - kind: tokenize
            retry: { attempts: 3 }
            timeout: 1s
          - kind: authorize
          - kind: void
            retry: { attempts: 2 }
        """

    /// Answers that pay with the card `number` and the billing above.
    static func answers(_ number: String) -> String { #"{ card: { number: "\#(number)", expiry: "12/30", cvv: "123" }, \#(card) }"# }

    static let card = #"billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "10001" }"#

    static func scenarios(_ body: String, sandbox: String = "sandbox: { file: fixtures.yaml }") -> String {
        "\(sandbox)\nscenarios:\n" + body
    }

    static func run(_ text: String) async throws -> [ScenarioOutcome] {
        let read = readScenarios(
            text,
            others: [
                "suite/fixtures.yaml": fixtures, "suite/checkout.yaml": plainFlowText, "suite/shopper.yaml": shopperFlow,
                "suite/retrying.yaml": retryingFlow,
            ])
        let file = try #require(read.file, "\(rendered(read))")
        var flows: [String: CompiledFlow] = [:]
        flows["suite/checkout.yaml"] = try #require(FlowCompiler.compile(plainFlowText, file: "suite/checkout.yaml").flow)
        flows["suite/shopper.yaml"] = try #require(FlowCompiler.compile(shopperFlow, file: "suite/shopper.yaml").flow)
        flows["suite/retrying.yaml"] = try #require(FlowCompiler.compile(retryingFlow, file: "suite/retrying.yaml").flow)
        let runner = ScenarioRunner(flows: flows, jobs: 2, provider: .sandbox)
        return await runner.run(file.scenarios.map { ("suite", $0) })
    }

    @Test func aFixtureCardDeclinesWithItsCodeAndRetriesItsTransientFailures() async throws {
        let outcomes = try await Self.run(
            Self.scenarios(
                """
                  - name: do not honor
                    answers: { card: { number: "4000 0000 0000 0101", expiry: "12/30", cvv: "123" }, \(Self.card) }
                    expect: { status: declined, declineCode: do_not_honor }
                  - name: two transient failures, then paid
                    answers: { card: { number: "4000 0000 0000 0036", expiry: "12/30", cvv: "123" }, \(Self.card) }
                    expect:
                      status: success
                      steps: { attempts: { sale: 3 } }
                      result: { creditCard: { ccIssuingCountry: GB } }
                  - name: the built-in cards still behave as SPEC §7 says
                    answers: { card: { number: "4000 0000 0000 9995", expiry: "12/30", cvv: "123" }, \(Self.card) }
                    expect: { status: declined, declineCode: insufficient_funds }
                """))
        for o in outcomes { #expect(o.differences.isEmpty, "\(o.scenario.name)") }
    }

    /// `transientOperations` moves `transientFailures` from charges to the calls it lists, each
    /// counted per call (a tokenize's attempts under one checkout token, a void's under one
    /// idempotency key); without it only charges fail.
    @Test func transientFailuresFailTheCallsTransientOperationsLists() async throws {
        let outcomes = try await Self.run(
            Self.scenarios(
                """
                  - name: the vault fails twice, the third tokenize stores the card
                    flow: retrying.yaml
                    answers: \(Self.answers("4000 0000 0000 0036"))
                    expect: { status: success, steps: { attempts: { tokenize: 3, authorize: 1, void: 1 } } }
                  - name: the void fails once, its second attempt voids
                    flow: retrying.yaml
                    answers: \(Self.answers("4000 0000 0000 0044"))
                    expect: { status: success, steps: { attempts: { tokenize: 1, authorize: 1, void: 2 } } }
                  - name: two failures of each listed call outlast the void's two attempts
                    flow: retrying.yaml
                    answers: \(Self.answers("4000 0000 0000 0051"))
                    expect:
                      status: error
                      exitCode: 4
                      errors: [{ path: void, code: processing_error }]
                      steps: { attempts: { tokenize: 3, authorize: 1, void: 2 } }
                  - name: without transientOperations only the charge fails
                    flow: retrying.yaml
                    answers: \(Self.answers("4000 0000 0000 0069"))
                    expect: { status: success, steps: { attempts: { tokenize: 1, authorize: 2, void: 1 } } }
                """,
                sandbox: """
                    sandbox:
                      cards:
                        - { number: 4000 0000 0000 0036, transientFailures: 2, transientOperations: [tokenize] }
                        - { number: 4000 0000 0000 0044, transientFailures: 1, transientOperations: [void] }
                        - { number: 4000 0000 0000 0051, transientFailures: 2, transientOperations: [void, tokenize] }
                        - { number: 4000 0000 0000 0069, transientFailures: 1 }
                    """))
        #expect(outcomes.count == 4)
        for o in outcomes { #expect(o.differences.isEmpty, "\(o.scenario.name): \(o.differences.map(\.message))") }
    }

    /// `latency`: the card's calls answer that late on the run's clock; within a step's
    /// `timeout` nothing changes, past it every attempt is cut and the step ends `timeout`.
    @Test func aSlowCardsCallsAreCutByAShorterTimeout() async throws {
        let outcomes = try await Self.run(
            Self.scenarios(
                """
                  - name: half a second, within the tokenize's 1 s
                    flow: retrying.yaml
                    answers: \(Self.answers("4000 0000 0000 0036"))
                    expect: { status: success, steps: { attempts: { tokenize: 1, authorize: 1, void: 1 } } }
                  - name: two seconds, each of the three attempts cut at 1 s
                    flow: retrying.yaml
                    answers: \(Self.answers("4000 0000 0000 0044"))
                    expect:
                      status: error
                      exitCode: 4
                      errors: [{ path: tokenize, code: timeout }]
                      steps: { attempts: { tokenize: 3 }, visits: { authorize: 0 } }
                """,
                sandbox: """
                    sandbox:
                      cards:
                        - { number: 4000 0000 0000 0036, latency: 500ms }
                        - { number: 4000 0000 0000 0044, latency: 2s }
                    """))
        #expect(outcomes.count == 2)
        for o in outcomes { #expect(o.differences.isEmpty, "\(o.scenario.name): \(o.differences.map(\.message))") }
    }

    /// A resumed run's journal keeps the calls a card fails (`SandboxCardBehavior.record`).
    @Test func theJournalRecordKeepsTransientOperations() throws {
        var behavior = SandboxCardBehavior.standard
        behavior.transientFailures = 2
        behavior.transientOperations = [ProviderCall.Operation.void, .tokenize]
        behavior.latency = .milliseconds(2500)
        #expect(behavior.record["transientOperations"] == "tokenize,void")
        #expect(behavior.record["latencyMs"] == "2500")
        let back = try #require(SandboxCardBehavior(record: behavior.record))
        #expect(back.latency == .milliseconds(2500))
        #expect(back.transientOperations == [ProviderCall.Operation.tokenize, .void])
        #expect(back.failsTransiently(.tokenize, attempt: 2) && !back.failsTransiently(.tokenize, attempt: 3))
        #expect(!back.failsTransiently(.charge, attempt: 1))
        // The default, charges, is written as nothing: older journals read the same.
        #expect(SandboxCardBehavior.standard.record["transientOperations"] == nil)
        #expect(SandboxCardBehavior.standard.record["latencyMs"] == nil)
        #expect(
            try #require(SandboxCardBehavior(record: SandboxCardBehavior.standard.record)).transientOperations == [
                ProviderCall.Operation.charge
            ])
    }

    @Test func aFixtureShopperPaysWithEitherSavedCard() async throws {
        let outcomes = try await Self.run(
            Self.scenarios(
                """
                  - name: the saved Mastercard
                    flow: shopper.yaml
                    answers: { paymentMethod: savedCard, savedCard: "4444" }
                    expect: { status: success, result: { creditCard: { ccType: MASTERCARD, last4Digits: "4444" } } }
                  - name: the saved Visa
                    flow: shopper.yaml
                    answers: { paymentMethod: savedCard, savedCard: "1111" }
                    expect: { status: success, result: { creditCard: { ccType: VISA, last4Digits: "1111" } } }
                """))
        for o in outcomes { #expect(o.differences.isEmpty, "\(o.scenario.name)") }
    }

    @Test func withoutFixturesTheSandboxIsTheBuiltInOne() async throws {
        let outcomes = try await Self.run(
            """
            - name: unknown number behaves as the standard card
              answers: { card: { number: "4000 0000 0000 0101", expiry: "12/30", cvv: "123" }, \(Self.card) }
              expect: { status: success }
            """)
        #expect(outcomes.map(\.passed) == [true])
    }

    @Test func inlineFixturesWork() async throws {
        let outcomes = try await Self.run(
            Self.scenarios(
                """
                  - name: inline do not honor
                    answers: { card: { number: "4000 0000 0000 0101", expiry: "12/30", cvv: "123" }, \(Self.card) }
                    expect: { status: declined, declineCode: do_not_honor }
                """, sandbox: "sandbox:\n  cards:\n    - { number: 4000 0000 0000 0101, decline: do_not_honor }"))
        #expect(outcomes.map(\.passed) == [true])
    }

    @Test func everyProblemAtOnceWithPositionsAndSuggestionsAndNoCardNumber() throws {
        let broken = """
            shoppers:
              - id: "1"
                savedCard: []
                savedCards: [{ brand: VISA, last4: "11", expiry: "13/30" }]
                chosenCard: "9999"
            cards:
              - { number: 4000 0000 0000 0102, decline: do_not_honor }
              - { number: 4111 1111 1111 1111, brand: MASTERCARD, threeDS: chalenge }
              - { number: 4000 0000 0000 0036, transientOperations: [tokenise, void, void] }
              - { number: 4000 0000 0000 0044, transientOperations: charge, latency: 11m }
            rates: { XXX: "1", EUR: "-1" }
            """
        let read = readScenarios(
            Self.scenarios("  - { name: a, answers: {}, expect: { status: success } }"), others: ["suite/fixtures.yaml": broken])
        #expect(read.file == nil)
        let text = rendered(read)
        #expect(text.contains("suite/fixtures.yaml:3:5: error: unknown key 'savedCard' in a sandbox shopper [unknown-key]"), "\(text)")
        #expect(text.contains("did you mean 'savedCards'?"))
        #expect(text.contains("suite/fixtures.yaml:4:40: error: 'last4' must be 4 digits"), "\(text)")
        #expect(text.contains("'expiry' must be MM/YY or MM/YYYY"))
        #expect(text.contains("suite/fixtures.yaml:7:15: error: a test card's 'number' must be 12 to 19 digits that pass the Luhn check"))
        #expect(text.contains("'brand' is MASTERCARD but the number is VISA"))
        #expect(text.contains("did you mean 'challenge'?"))
        #expect(text.contains("'XXX' is not an ISO 4217 currency code"))
        #expect(text.contains("'rates.EUR' must be a positive decimal"))
        #expect(
            text.contains(
                "suite/fixtures.yaml:9:58: error: a 'transientOperations' item must be one of tokenize, charge, capture, void, refund; found 'tokenise'"
            ), "\(text)")
        #expect(text.contains("did you mean 'tokenize'?"))
        #expect(text.contains("suite/fixtures.yaml:9:74: error: 'void' is listed twice in 'transientOperations'"), "\(text)")
        #expect(text.contains("suite/fixtures.yaml:10:57: error: 'transientOperations' must be a list"), "\(text)")
        #expect(text.contains("'latency' must be a duration such as 250ms, 2s or 1m, at most 10m; found '11m'"), "\(text)")
        #expect(read.diagnostics.count == 12, "\(text)")
        for number in ["4000 0000 0000 0102", "4000000000000102", "4111 1111 1111 1111", "4111111111111111"] {
            #expect(!text.contains(number))
        }
        #expect(read.diagnostics.allSatisfy { $0.hidesSource })
    }

    @Test func theTopLevelMappingIsCheckedLikeAFlowsTopLevel() {
        let read = readScenarios("sandbox: {}\nscenario: []\n")
        let text = rendered(read)
        #expect(text.contains("unknown key 'scenario' at the top level [unknown-key]"), "\(text)")
        #expect(text.contains("did you mean 'scenarios'?"))
        #expect(text.contains("missing required key 'scenarios'"))
    }
}
