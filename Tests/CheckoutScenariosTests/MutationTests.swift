import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
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
        tax:
          US-NY: 8.875
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
            kind: sale
            when: price.total >= 10
            retry: { attempts: 3 }
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
                "suite/checkout.yaml:9 tax rate US-NY 8.875 → 0 (number)",
                "suite/checkout.yaml:9 tax rate US-NY 8.875 → 9.875 (number)",
                "suite/checkout.yaml:11 cards.accept[0] visa → (removed) (list-item)",
                "suite/checkout.yaml:11 cards.accept[1] mastercard → (removed) (list-item)",
                "suite/checkout.yaml:16 screens[shipping].hooks[0] tax → signature (list-item)",
                "suite/checkout.yaml:23 steps[charge].when price.total >= 10 → not (price.total >= 10) (condition)",
                "suite/checkout.yaml:23 steps[charge].when price.total >= 10 → price.total < 10 (condition)",
                "suite/checkout.yaml:24 steps[charge].retry.attempts 3 → 1 (retry)",
                "suite/checkout.yaml:25 steps[charge].on.declined end → creditCard (route)",
            ])
        // Each mutant is the file with one scalar rewritten in place; everything else is kept.
        #expect(
            all.map(Self.line) == [
                "  price: { amount: 0, currency: USD }",
                "  price: { amount: 26.00, currency: USD }",
                "  price: { amount: 25.00, currency: EUR }",
                "  withEmail: false",
                "  withShipping: false",
                "  US-NY: 0",
                "  US-NY: 9.875",
                "  accept: [mastercard]",
                "  accept: [visa]",
                "    hooks: [signature]",
                "    when: not (price.total >= 10)",
                "    when: price.total < 10",
                "    retry: { attempts: 1 }",
                "    on: { declined: creditCard }",
            ])
        let original = Self.flowText.split(separator: "\n", omittingEmptySubsequences: false)
        for mutant in all {
            let lines = String(decoding: mutant.bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == original.count)
            #expect(zip(lines, original).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset) == [mutant.location.line - 1])
        }
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
}

