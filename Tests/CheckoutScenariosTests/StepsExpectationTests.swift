import CheckoutJSON
import CheckoutLanguage
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Testing

/// `expect.steps`: read from the scenarios file, checked against the flow's stages, compared
/// with the run's trace.
@Suite struct StepsExpectationTests {
    /// A declined card goes back to the card screen; the charge retries.
    static let flowText = """
        flow: steps
        dsl: 1
        request:
          price: { amount: 25.00, currency: USD }
        screens:
          - kind: paymentMethod
          - id: card
            kind: creditCard
          - kind: billing
          - kind: review
        steps:
          - kind: createToken
          - kind: tokenize
          - id: charge
            kind: sale
            retry: { attempts: 3 }
            on: { declined: card }
          - kind: walletPayment
        """

    static let billing = "billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: \"10001\" }"

    /// Writes the flow and `scenarios` into a fresh folder and loads them as `checkout test` does.
    static func suite(_ scenarios: String) throws -> ScenarioSuite {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("steps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // The suite holds what it read; nothing is read from the folder after loading.
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(flowText.utf8).write(to: dir.appendingPathComponent("steps.yaml"))
        let file = dir.appendingPathComponent("steps.scenarios.yaml")
        try Data(scenarios.utf8).write(to: file)
        return ScenarioSuite.load([file.path])
    }

    static func run(_ scenarios: String) async throws -> [ScenarioOutcome] {
        let suite = try suite(scenarios)
        #expect(!suite.hasErrors, "\(suite.findings.map(\.diagnostics))")
        return await ScenarioRunner(flows: suite.flows, provider: .sandbox).run(suite.scenarios.map { ("steps", $0) })
    }

    @Test func whatRanMatchesAndEachKeyReportsBothSides() async throws {
        let outcomes = try await Self.run(
            """
            - name: declined, then a second card after a retried charge
              answers:
                card:
                  - { number: "4000 0000 0000 9995", expiry: "12/30", cvv: "123" }
                  - { number: "4000 0000 0000 0119", expiry: "12/30", cvv: "123" }
                \(Self.billing)
              expect:
                status: success
                steps:
                  ran: [card, charge, card, charge]
                  visits: { card: 2, charge: 2, paymentMethod: 1 }
                  attempts: { charge: 3, tokenize: 2 }
                  refreshes: { tokenize: 0 }
                  outcomes: { charge: approved, walletPayment: skipped, review: answered }
                  routes: [{ from: charge, on: declined, to: card }]
            - name: the same run, every key wrong
              answers:
                card:
                  - { number: "4000 0000 0000 9995", expiry: "12/30", cvv: "123" }
                  - { number: "4000 0000 0000 0119", expiry: "12/30", cvv: "123" }
                \(Self.billing)
              expect:
                steps:
                  ran: [charge, card, charge, card]
                  visits: { card: 1 }
                  attempts: { charge: 4 }
                  refreshes: { tokenize: 1 }
                  outcomes: { charge: declined, billing: skipped }
                  routes: [{ from: charge, on: failed, to: card }]
            - name: exactly, and a subsequence that is out of order
              answers:
                card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }
                \(Self.billing)
              expect:
                steps:
                  ran: [paymentMethod, card, billing, review, createToken, tokenize]
                  exactly: true
                  routes: []
            """)
        #expect(outcomes[0].passed, "\(outcomes[0].differences)")
        #expect(
            outcomes[1].differences == [
                "steps.ran: expected [charge, card, charge, card] in this order, got [paymentMethod, card, billing, review, createToken, tokenize, charge, card, billing, review, createToken, tokenize, charge]",
                "steps.visits.card: expected 1, got 2",
                "steps.attempts.charge: expected 4, got 3",
                "steps.refreshes.tokenize: expected 1, got 0",
                "steps.outcomes.charge: expected declined, got approved",
                "steps.outcomes.billing: expected skipped, got answered",
                "steps.routes: expected [{ from: charge, on: failed, to: card }] in this order, got [{ from: charge, on: declined, to: card }]",
            ])
        #expect(
            outcomes[2].differences == [
                "steps.ran: expected [paymentMethod, card, billing, review, createToken, tokenize] exactly, got [paymentMethod, card, billing, review, createToken, tokenize, charge]"
            ])
        // The report puts the scenario's file:line before each difference.
        #expect(ScenarioReport.lines(outcomes[1]).contains("steps.scenarios.yaml:16: steps.attempts.charge: expected 4, got 3\n"))
    }

    @Test func unknownStageIdsAreFileErrorsAtTheirLines() throws {
        let suite = try Self.suite(
            """
            - name: typos
              answers: { paymentMethod: paypal }
              expect:
                steps:
                  ran: [card, chrage]
                  attempts: { billing: 1 }
                  refreshes: { charge: 1 }
                  routes: [{ from: charge, on: declined, to: crad }]
                  inputs: { card: [startEdit], charge: [didSubmit] }
            """)
        #expect(suite.hasErrors)
        let diagnostics = suite.findings.flatMap(\.diagnostics)
        let described = diagnostics.map {
            "\($0.range?.start.line ?? 0):\($0.range?.start.column ?? 0) \($0.message) \($0.suggestion ?? "-")"
        }
        #expect(described.contains { $0.hasPrefix("5:19 the flow ") && $0.hasSuffix("has no stage 'chrage' charge") })
        #expect(described.contains { $0.hasPrefix("6:19 'attempts' counts a step's provider calls; 'billing' is a billing screen") })
        #expect(
            described.contains {
                $0.hasPrefix("7:20 'refreshes' counts token refreshes, which only a tokenize step makes; 'charge' is sale")
            })
        #expect(described.contains { $0.hasPrefix("8:") && $0.contains("the flow ") && $0.hasSuffix("has no stage 'crad' card") })
        // The flow's card screen does not set `inputEvents: true`; `charge` is a step.
        let inputs = "'inputs' are the input-line events of a creditCard screen with 'inputEvents: true'; "
        #expect(described.contains { $0.hasPrefix("9:17 " + inputs + "'card' does not set 'inputEvents: true'") }, "\(described)")
        #expect(described.contains { $0.hasPrefix("9:36 " + inputs + "'charge' is a sale step") }, "\(described)")
        #expect(described.count == 6, "\(described)")
        #expect(diagnostics.allSatisfy { [.unknownReference, .typeMismatch, .ineffectiveSetting].contains($0.rule) })
    }

    @Test func malformedStepsAreReadErrors() {
        let read = readScenarios(
            """
            - name: bad
              answers: { paymentMethod: paypal }
              expect:
                steps:
                  exactly: yes
                  visits: { card: many }
                  routes: [{ from: charge, on: success, to: card }]
                  ran: card
                  rann: []
                  inputs: { card: [startEdt], creditCard: didSubmit }
            """)
        let text = rendered(read)
        #expect(read.file == nil)
        #expect(text.contains("'exactly' must be true or false"))
        #expect(text.contains("a count in 'visits' must be a whole number, 0 or more"))
        #expect(text.contains("'on' must be one of declined, failed, canceled"))
        #expect(text.contains("'ran' must be a list of stage ids"))
        #expect(text.contains("unknown key 'rann' in 'steps'"))
        #expect(text.contains("an event in 'inputs' must be one of startEdit, endEdit, willCheck, didCheck, didSubmit; found 'startEdt'"))
        #expect(text.contains("did you mean 'startEdit'?"))
        #expect(text.contains("'inputs' of a screen must be a list of input-line events, found"))
    }

    @Test func historyReadsTheTraceAsItsDocsSay() {
        func e(_ seq: Int, _ event: String, _ stage: String?, _ attributes: [JSONMember] = []) -> TraceEvent {
            TraceEvent(seq: seq, time: Date(timeIntervalSince1970: 0), event: event, stage: stage, attributes: attributes)
        }
        let history = StageHistory([
            e(1, "run.start", nil),
            e(2, "step.retry", "shopper", [JSONMember("code", .string("timeout"))]),
            e(3, "screen.answered", "creditCard"),
            e(4, "step.start", "tokenize"),
            e(5, "token.refresh", "tokenize"),
            e(6, "step.end", "tokenize", [JSONMember("outcome", .string("success"))]),
            e(7, "step.start", "threeDS"),
            e(8, "screen.wait", "threeDSChallenge"),
            e(9, "step.end", "threeDS", [JSONMember("outcome", .string("AUTHENTICATION_SUCCEEDED"))]),
            e(10, "step.start", "sale"),
            e(11, "step.retry", "sale"),
            e(12, "step.error", "sale", [JSONMember("code", .string("timeout"))]),
            e(13, "stage.skipped", "walletPayment"),
            e(14, "run.end", nil),
        ])
        // The challenge's wait belongs to the 3-D Secure step; the shopper read is no stage.
        #expect(history.ran == ["creditCard", "tokenize", "threeDS", "sale"])
        #expect(history.attempts("tokenize") == 2 && history.refreshes("tokenize") == 1)
        #expect(history.attempts("sale") == 2)
        #expect(
            history.lastOutcome == [
                "creditCard": "answered", "tokenize": "success", "threeDS": "AUTHENTICATION_SUCCEEDED", "sale": "error",
                "walletPayment": "skipped",
            ])
    }

    /// `inputs`: a card screen's `input.*` events by its stage, wherever they come in the trace
    /// (`input.didSubmit` comes during the tokenize step), over every visit.
    @Test func inputsAreACardScreensInputLineEventsWhereverTheyCome() {
        func e(_ seq: Int, _ event: String, _ stage: String?) -> TraceEvent {
            TraceEvent(seq: seq, time: Date(timeIntervalSince1970: 0), event: event, stage: stage, attributes: [])
        }
        let history = StageHistory([
            e(1, "screen.shown", "card"), e(2, "input.startEdit", "card"), e(3, "input.endEdit", "card"),
            e(4, "input.willCheck", "card"), e(5, "input.didCheck", "card"), e(6, "screen.answered", "card"),
            e(7, "step.start", "tokenize"), e(8, "input.didSubmit", "card"), e(9, "step.end", "tokenize"),
        ])
        #expect(history.inputs == ["card": ["startEdit", "endEdit", "willCheck", "didCheck", "didSubmit"]])
        // Input events are not visits: the card screen ran once, the step once.
        #expect(history.ran == ["card", "tokenize"])
        let range = SourceRange(start: SourceLocation(line: 3, column: 5), end: SourceLocation(line: 3, column: 9))
        var right = StepsExpectation()
        right.inputs = [StageInputs(StageMention("card", at: range), ["startEdit", "endEdit", "willCheck", "didCheck", "didSubmit"])]
        #expect(StepsMatcher.differences(right, history).isEmpty)
        var wrong = right
        wrong.inputs = [StageInputs(StageMention("card", at: range), ["startEdit", "didSubmit"])]
        #expect(
            StepsMatcher.differences(wrong, history) == [
                "steps.inputs.card: expected [startEdit, didSubmit], got [startEdit, endEdit, willCheck, didCheck, didSubmit]"
            ])
        // A screen that sent none: an empty list matches, any event does not.
        var none = right
        none.inputs = [StageInputs(StageMention("billing", at: range), [])]
        #expect(StepsMatcher.differences(none, history).isEmpty)
        #expect(StageInputs.names == ["startEdit", "endEdit", "willCheck", "didCheck", "didSubmit"])
    }

    @Test func waitsAreTheDelaysBeforeAStepsRetries() {
        func e(_ seq: Int, _ event: String, _ stage: String?, _ attributes: [JSONMember] = []) -> TraceEvent {
            TraceEvent(seq: seq, time: Date(timeIntervalSince1970: 0), event: event, stage: stage, attributes: attributes)
        }
        let history = StageHistory([
            e(1, "step.start", "charge"),
            e(2, "step.retry", "charge", [JSONMember("delayMs", .int(186))]),
            e(3, "step.retry", "charge", [JSONMember("delayMs", .int(500))]),
            e(4, "step.end", "charge", [JSONMember("outcome", .string("approved"))]),
        ])
        #expect(history.waits("charge") == [186, 500] && history.waits("tokenize") == [])
        let range = SourceRange(start: SourceLocation(line: 3, column: 5), end: SourceLocation(line: 3, column: 11))
        var right = StepsExpectation()
        right.waits = [StageWaits(StageMention("charge", at: range), [186, 500])]
        #expect(StepsMatcher.differences(right, history).isEmpty)
        var wrong = right
        wrong.waits = [StageWaits(StageMention("charge", at: range), [250, 500])]
        #expect(StepsMatcher.differences(wrong, history) == ["steps.waits.charge: expected [250, 500], got [186, 500]"])
    }
}
