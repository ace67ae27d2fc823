import CheckoutLanguage
import Testing

/// A `when` text that several stages share is checked once and its result reused where the
/// names it reads are known the same way (issue 21). Each stage must still get exactly the
/// findings and the guard it would get alone.
@Suite struct RepeatedConditionTests {
    static func flow(_ screens: String, steps: String = "  - kind: sale") -> String {
        """
        flow: repeated
        dsl: 1
        request:
          price: { amount: 25.00, currency: USD }
        fields:
          custom:
            - { id: size, title: Size, options: [S, "é"] }
        screens:
          - kind: creditCard
        \(screens)
        steps:
          - kind: createToken
          - kind: tokenize
          - { id: verify, kind: threeDS, when: billing.country == US }
        \(steps)
        """
    }

    /// A card checkout: the card screen, then `screens`; a token and the tokenize step, then
    /// `steps` (each line ending in a line break).
    static func cardFlow(screens: String = "", steps: String) -> String {
        "flow: repeated\ndsl: 1\nrequest:\n  price: { amount: 25.00, currency: USD }\nscreens:\n  - kind: creditCard\n" + screens
            + "steps:\n  - kind: createToken\n  - kind: tokenize\n" + steps
    }

    static func findings(_ text: String) -> [String] {
        FlowCompiler.compile(text, file: "repeated.yaml").diagnostics.map {
            "\($0.rule.rawValue) \($0.range?.start.line ?? 0):\($0.range?.start.column ?? 0): \($0.message)"
        }
    }

    /// The same text before the billing screen (not known yet: an error at each) and after it
    /// (known: nothing): a result is reused only where the gate is as it was.
    @Test func theSameTextBeforeAndAfterTheStageThatSetsItsName() {
        let text = Self.flow(
            """
              - { id: early, kind: review, when: billing.country == US }
              - { id: early2, kind: review, when: billing.country == US }
              - kind: billing
              - { id: late, kind: review, when: billing.country == US }
            """)
        #expect(
            Self.findings(text) == [
                "name-not-available 10:38: 'billing.country' is not available at this point",
                "name-not-available 11:39: 'billing.country' is not available at this point",
            ])
    }

    /// Known first, then not: `s1` is reached only through `verify`, `x` also from `v0`'s
    /// failure, which skips it.
    @Test func theSameTextKnownFirstAndThenNot() {
        let text = Self.cardFlow(
            screens: "  - kind: billing\n",
            steps: """
                  - { id: v0, kind: threeDS, on: { failed: x, canceled: end } }
                  - { id: verify, kind: threeDS }
                  - { id: s1, kind: threeDS, when: outcome.verify != failed }
                  - { id: x, kind: sale, when: outcome.verify != failed }

                """)
        #expect(Self.findings(text) == ["name-not-available 14:32: 'outcome.verify' is not available at this point"])
    }

    /// Past `rememberedWithoutReuse` texts that were never reused the compiler stops
    /// remembering them; each stage after that is checked on its own, with the same findings.
    @Test func aFlowOfTextsThatDoNotRepeatIsCheckedStageByStage() {
        let count = 1_100
        var steps = "  - { id: s0, kind: threeDS }\n"
        for i in 1..<count { steps += "  - { id: s\(i), kind: threeDS, when: outcome.s\(i - 1) != failed }\n" }
        // Read before `late` runs and after: one finding, at the first.
        steps += "  - { id: early, kind: threeDS, when: outcome.late != failed }\n"
        steps += "  - { id: late, kind: threeDS, when: outcome.s0 != failed }\n"
        steps += "  - { id: after, kind: threeDS, when: outcome.late != failed }\n"
        let text = Self.cardFlow(steps: steps + "  - kind: sale\n")
        #expect(count > FlowCompiler.rememberedWithoutReuse)
        let line = 9 + count + 1
        #expect(Self.findings(text) == ["name-not-available \(line):39: 'outcome.late' is not available at this point"])
    }

    /// A step's outcome read on a screen before the step (an error) and on a step after it
    /// (none).
    @Test func anOutcomeReadBeforeAndAfterItsStep() {
        let text = Self.flow(
            """
              - kind: billing
              - { id: again, kind: review, when: outcome.verify != failed }
            """,
            steps: """
                  - { id: after, kind: threeDS, when: outcome.verify != failed }
                  - kind: sale
                """)
        #expect(
            Self.findings(text).filter { $0.hasPrefix("name-not-available") } == [
                "name-not-available 11:38: 'outcome.verify' is not available at this point"
            ])
    }

    /// A text written twice the same way gives each stage its own position in the findings.
    @Test func findingsArePlacedAtEachStagesOwnText() {
        let text = Self.flow(
            """
              - kind: billing
              - { id: one, kind: review, when: custom.size == M }
              - {  id: two, kind: review,   when: custom.size == M }
            """)
        // Where `M` is on each line, 1-based.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let expected = [11, 12].map { line -> String in
            let l = lines[line - 1]
            return "\(line):\(l.distance(from: l.startIndex, to: l.firstIndex(of: "M")!) + 1):"
        }
        let placed = Self.findings(text).filter { $0.hasPrefix("impossible-comparison") }.map { String($0.split(separator: " ")[1]) }
        #expect(placed == expected)
    }

    /// Two spellings of `é` are the same string to Swift but not the same text: each is checked
    /// on its own, and a finding is placed by its own scalars.
    @Test func canonicallyEquivalentSpellingsAreCheckedApart() {
        let composed = "custom.size == \"\u{E9}\" and custom.size == X"
        let decomposed = "custom.size == \"e\u{301}\" and custom.size == X"
        #expect(composed == decomposed)
        let text = Self.flow(
            """
              - kind: billing
              - kind: form
              - { id: one, kind: review, when: '\(composed)' }
              - { id: two, kind: review, when: '\(decomposed)' }
            """)
        let alone = { (when: String, id: String) -> [String] in
            Self.findings(
                Self.flow(
                    """
                      - kind: billing
                      - kind: form
                      - { id: \(id), kind: review, when: '\(when)' }
                    """)
            ).filter { !$0.hasPrefix("outcome-route") }
        }
        let together = Self.findings(text).filter { !$0.hasPrefix("outcome-route") }
        let first = alone(composed, "one")
        let second = alone(decomposed, "two").map { $0.replacingOccurrences(of: " 12:", with: " 13:") }
        #expect(!first.isEmpty)
        #expect(together == first + second)
    }
}
