import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Testing

/// `checkout test --mutate`: the mutants the operator table makes, and their verdicts.
@Suite struct MutationTests {
    static let flowFile = "suite/checkout.yaml"

    /// A small flow with one site for most operators.
    static let flowText = """
        flow: checkout
        dsl: 1
        title: Shop
        request:
          price: { amount: 25.00, currency: USD }
          withEmail: true
          withShipping: true
          transactionType: auth
        tax:
          US-NY: 8.875
        fields:
          billing: { phone: optional }
        cards:
          accept: [visa, mastercard]
        screens:
          - kind: creditCard
          - kind: billing
          - kind: shipping
            hooks: [tax]
          - kind: review
        steps:
          - kind: createToken
          - kind: tokenize
          - id: charge
            kind: authorize
            when: price.total >= 10
            retry: { attempts: 3 }
            timeout: 10s
            on: { declined: end }

        """

    static func mutants(_ text: String = flowText) -> [FlowMutant] {
        FlowMutator.mutants(of: Array(text.utf8), file: flowFile)
    }

    /// The line of the mutated file where the mutant changed something.
    static func line(_ mutant: FlowMutant) -> String {
        let lines = String(decoding: mutant.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return String(lines[mutant.location.line - 1])
    }

    @Test func theOperatorTableMakesTheseMutantsWithTheirPositions() {
        let all = Self.mutants()
        #expect(
            all.map { "\($0.position) \($0.change) (\($0.operatorName))" } == [
                "suite/checkout.yaml:5 request.price.amount 25.00 → 0 (number)",
                "suite/checkout.yaml:5 request.price.amount 25.00 → 26.00 (number)",
                "suite/checkout.yaml:5 request.price.currency USD → EUR (currency)",
                "suite/checkout.yaml:6 request.withEmail true → false (boolean)",
                "suite/checkout.yaml:7 request.withShipping true → false (boolean)",
                "suite/checkout.yaml:8 request.transactionType auth → sale (enumeration)",
                "suite/checkout.yaml:8 request.transactionType auth → sale3d (enumeration)",
                "suite/checkout.yaml:8 request.transactionType auth → auth3d (enumeration)",
                "suite/checkout.yaml:8 request.transactionType auth → none (enumeration)",
                "suite/checkout.yaml:10 tax rate US-NY 8.875 → 0 (number)",
                "suite/checkout.yaml:10 tax rate US-NY 8.875 → 9.875 (number)",
                "suite/checkout.yaml:12 fields.billing.phone optional → required (presence)",
                "suite/checkout.yaml:12 fields.billing.phone optional → hidden (presence)",
                "suite/checkout.yaml:14 cards.accept[0] visa → (removed) (list-item)",
                "suite/checkout.yaml:14 cards.accept[1] mastercard → (removed) (list-item)",
                "suite/checkout.yaml:19 screens[shipping].hooks[0] tax → (removed) (list-item)",
                "suite/checkout.yaml:26 steps[charge].when price.total >= 10 → not (price.total >= 10) (condition)",
                "suite/checkout.yaml:26 steps[charge].when price.total >= 10 → price.total < 10 (condition)",
                "suite/checkout.yaml:27 steps[charge].retry.attempts 3 → 1 (retry)",
                "suite/checkout.yaml:28 steps[charge].timeout 10s → 1ms (duration)",
                "suite/checkout.yaml:29 steps[charge].on.declined end → creditCard (route)",
            ])
        // Each mutant is the file with one scalar rewritten in place; everything else is kept.
        #expect(
            all.map(Self.line) == [
                "  price: { amount: 0, currency: USD }",
                "  price: { amount: 26.00, currency: USD }",
                "  price: { amount: 25.00, currency: EUR }",
                "  withEmail: false",
                "  withShipping: false",
                "  transactionType: sale",
                "  transactionType: sale3d",
                "  transactionType: auth3d",
                "  transactionType: none",
                "  US-NY: 0",
                "  US-NY: 9.875",
                "  billing: { phone: required }",
                "  billing: { phone: hidden }",
                "  accept: [mastercard]",
                "  accept: [visa]",
                "    hooks: []",
                "    when: not (price.total >= 10)",
                "    when: price.total < 10",
                "    retry: { attempts: 1 }",
                "    timeout: 1ms",
                "    on: { declined: creditCard }",
            ])
        let original = Self.flowText.split(separator: "\n", omittingEmptySubsequences: false)
        for mutant in all {
            let lines = String(decoding: mutant.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == original.count)
            #expect(zip(lines, original).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset) == [mutant.location.line - 1])
        }
    }

    /// The mutants are YAML the compiler reads: every mutant of the small flow compiles, but those
    /// its screens and steps contradict (`conflicting-settings`): no shipping with a shipping
    /// screen, and the transaction types its `authorize` step does not make.
    @Test func everyMutantOfTheSmallFlowCompiles() {
        #expect(FlowCompiler.compile(Self.flowText, file: Self.flowFile).flow != nil)
        let stillborn = Self.mutants().filter { FlowCompiler.compile($0.bytes, file: Self.flowFile).flow == nil }
        #expect(
            stillborn.map(\.change) == [
                "request.withShipping true → false", "request.transactionType auth → sale", "request.transactionType auth → sale3d",
                "request.transactionType auth → auth3d", "request.transactionType auth → none",
            ])
    }

    /// Block lists lose an item with its line; a list of one item becomes `[]`.
    @Test func listItemsAreTakenOutOfBlockLists() {
        let text = """
            flow: checkout
            dsl: 1
            cards:
              accept:
                - visa
                - mastercard
                - jcb
            screens:
              - kind: paymentMethod
                methods:
                  - card
              - kind: creditCard

            """
        let texts = Self.mutants(text).filter { $0.operatorName == "list-item" }.map { String(decoding: $0.bytes, as: UTF8.self) }
        #expect(texts.count == 4)
        #expect(texts[0].contains("  accept:\n    - mastercard\n    - jcb\nscreens:"))
        #expect(texts[1].contains("  accept:\n    - visa\n    - jcb\nscreens:"))
        #expect(texts[2].contains("  accept:\n    - visa\n    - mastercard\nscreens:"))
        #expect(texts[3].hasSuffix("    methods:\n      []\n  - kind: creditCard\n"))
    }

    @Test func conditionsAreNegatedAndEachOperatorSwapped() {
        let text = """
            flow: checkout
            dsl: 1
            screens:
              - kind: creditCard
            steps:
              - kind: createToken
              - kind: tokenize
              - kind: sale
                when: "price.total >= 100 and billing.country in [US, CA] or paymentMethod != card"

            """
        let changes = Self.mutants(text).filter { $0.operatorName == "condition" }.map(\.after)
        #expect(
            changes == [
                "not (price.total >= 100 and billing.country in [US, CA] or paymentMethod != card)",
                "price.total < 100 and billing.country in [US, CA] or paymentMethod != card",
                "price.total >= 100 or billing.country in [US, CA] or paymentMethod != card",
                "price.total >= 100 and billing.country not in [US, CA] or paymentMethod != card",
                "price.total >= 100 and billing.country in [US, CA] and paymentMethod != card",
                "price.total >= 100 and billing.country in [US, CA] or paymentMethod == card",
            ])
        // Text with brackets is written double-quoted, so the mutant is still YAML.
        #expect(Self.mutants(text).filter { $0.operatorName == "condition" }.allSatisfy { Self.line($0).contains("when: \"") })
    }

    /// Two compilations of one shipped flow are equivalent (dictionaries dumped in a canonical
    /// order), and no mutant that compiles is equivalent by accident of the dump: each differs
    /// from the original in the definition or the pipeline.
    @Test func equivalenceOfTheShippedFlows() throws {
        let flows = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("flows")
        let names = try FileManager.default.contentsOfDirectory(atPath: flows.path)
            .filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".scenarios.yaml") }.sorted()
        #expect(names.count >= 10)
        for name in names {
            let path = flows.appendingPathComponent(name).path
            let first = try #require(FlowCompiler.compile(contentsOf: path).flow, "\(name)")
            let second = try #require(FlowCompiler.compile(contentsOf: path).flow, "\(name)")
            #expect(FlowEquivalence.equivalent(first, second), "\(name)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            for mutant in FlowMutator.mutants(of: bytes, file: path) {
                guard let compiled = FlowCompiler.compile(mutant.bytes, file: path).flow else { continue }
                #expect(!FlowEquivalence.equivalent(first, compiled), "\(mutant.position) \(mutant.change)")
            }
        }
    }
}
