import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

@testable import CheckoutTerminal

/// docs/running.md, "Field policy", walked through both front ends: for each address field of
/// each flow below, the headless front end's answer holding it is refused (`not_offered`)
/// exactly when the terminal's form for the same screen does not show it. Every address field
/// is answered at once, so one run per flow covers every row of the table's address part.
@Suite struct FieldPolicyTests {
    /// Hands every prompt to the headless front end and keeps the billing and shipping ones.
    final class Recorder: CheckoutFrontend {
        let inner: HeadlessFrontend
        let prompts = Mutex<[ScreenPrompt]>([])
        init(_ inner: HeadlessFrontend) { self.inner = inner }
        func answer(_ prompt: ScreenPrompt) async throws -> ScreenAnswer {
            if prompt.kind == .billing || prompt.kind == .shipping { prompts.withLock { $0.append(prompt) } }
            return try await inner.answer(prompt)
        }
        func rejected(_ prompt: ScreenPrompt, issues: [AnswerIssue]) async -> Bool { await inner.rejected(prompt, issues: issues) }
        func choicesFixed(_ choices: [FixedChoice]) async -> [AnswerIssue] { await inner.choicesFixed(choices) }
        func finished(_ result: CheckoutResult) async { await inner.finished(result) }
    }

    /// Every address field, with a value that is valid for a New York address.
    static let everyField =
        #"{ name: Jane Shopper, email: jane@example.com, address: 1 Main St, city: Albany, zip: "12207", country: US, "#
        + #"state: NY, phone: "+1 518 555 0100", birthday: "1990-04-01" }"#

    /// The same without the date of birth, which a shipping address does not have (the answers
    /// reader refuses `shipping.birthday` as an unknown key).
    static let everyShippingField = everyField.replacingOccurrences(of: #", birthday: "1990-04-01""#, with: "")

    struct Walk: CustomTestStringConvertible, Sendable {
        var name: String
        var flow: String
        /// What the table says is refused, as `section.field`: a check that the walk sees the
        /// rows at all (the two front ends agreeing is the rest).
        var refused: Set<String>
        var testDescription: String { name }
    }

    static let price = "  price: { amount: 10.00, currency: USD }\n"

    static let walks: [Walk] = [
        Walk(
            name: "the request's flags leave fields out",
            flow: "flow: w\ndsl: 1\nrequest:\n\(price)  withEmail: false\n",
            refused: ["billing.email", "billing.address", "billing.city", "billing.state", "billing.phone", "billing.birthday"]),
        Walk(
            name: "full billing, email and shipping",
            flow: "flow: w\ndsl: 1\nrequest:\n\(price)  withEmail: true\n  fullBilling: true\n  withShipping: true\n",
            refused: ["billing.phone", "billing.birthday", "shipping.email"]),
        Walk(
            name: "fields asks for a phone and a birthday and hides the zip",
            flow: """
                flow: w
                dsl: 1
                request:
                \(price)  withEmail: false
                fields:
                  billing: { phone: optional, birthday: required }
                """ + "\n",
            refused: ["billing.email", "billing.address", "billing.city", "billing.state"]),
        Walk(
            name: "a screen's own field list leaves an optional phone out",
            flow: """
                flow: w
                dsl: 1
                request:
                \(price)  withEmail: true
                  fullBilling: true
                  withShipping: true
                fields:
                  billing: { phone: optional }
                screens:
                  - { kind: creditCard }
                  - { kind: billing, fields: [name, email, address, city, zip, country, state] }
                  - { kind: shipping, fields: [name, address, city, zip, country, state] }
                steps:
                  - { kind: createToken }
                  - { kind: tokenize }
                  - { kind: sale }
                """ + "\n",
            refused: ["billing.phone", "billing.birthday", "shipping.email", "shipping.phone"]),
    ]

    @Test(arguments: walks)
    func headlessRefusesWhatTheTerminalDoesNotShow(_ walk: Walk) async throws {
        let compiled = FlowCompiler.compile(walk.flow, file: "w.yaml")
        let flow = try #require(compiled.flow, "\(compiled.diagnostics.map(\.message))")
        // Shipping answers only where a shipping screen reads them: elsewhere the whole answer
        // is refused before the run (the table's last row), and no screen is walked.
        let shipping = walk.flow.contains("withShipping: true") ? "\nshipping: \(Self.everyShippingField)" : ""
        let text = """
            card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }
            billing: \(Self.everyField)
            """ + shipping
        let (answers, problems) = AnswersReader.read(Array(text.utf8), file: "answers.yaml")
        #expect(problems.isEmpty)
        let recorder = Recorder(HeadlessFrontend(answers: try #require(answers)))
        let clock = ManualClock(start: fixedNow)
        let random = SeededRandom(seed: 1)
        let runner = CheckoutRunner(
            flow: flow, provider: SandboxProvider(clock: clock, random: random), frontend: recorder, clock: clock, random: random)
        let result = await runner.run()

        let headlessRefused = Set(result.errors.filter { $0.code == "not_offered" }.map(\.path))
        let forms = ScreenForms(flow: flow, today: YearMonth(containing: fixedNow))
        var terminalHidden: Set<String> = []
        let prompts = recorder.prompts.withLock { $0 }
        #expect(Set(prompts.map(\.kind)) == (flow.definition.request.withShipping ? [.billing, .shipping] : [.billing]))
        for p in prompts {
            let section = p.kind == .billing ? "billing" : "shipping"
            let shown = Set(forms.form(for: p, previous: nil).fields.map { $0.id.hasPrefix("state:") ? "state" : $0.id })
            // The fields an answer can hold: a shipping address has no date of birth.
            let answerable = p.kind == .billing ? AddressField.allCases : AddressField.allCases.filter { $0 != .birthday }
            for field in answerable where !shown.contains(field.rawValue) {
                terminalHidden.insert("\(section).\(field.rawValue)")
            }
        }
        #expect(
            headlessRefused == terminalHidden, "headless refuses \(headlessRefused.sorted()), the terminal hides \(terminalHidden.sorted())"
        )
        #expect(headlessRefused == walk.refused)
        #expect(result.status == .invalid)
    }
}
