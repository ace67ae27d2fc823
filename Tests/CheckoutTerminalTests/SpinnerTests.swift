import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Testing

@testable import CheckoutTerminal

/// The terminal's progress lines, drawn from the runner's typed step events.
@Suite struct SpinnerTests {
    /// What the terminal shows for `events`, without styling.
    func shown(_ events: [StepEvent]) throws -> String {
        let terminal = ScriptedTerminal(events: [], size: TerminalSize(rows: 40, columns: 100))
        let frontend = TerminalFrontend(
            flow: try shippedFlow("standard-checkout"), device: terminal, today: YearMonth(containing: fixedNow),
            options: .init(colorDepth: .none), onInterrupt: {})
        for event in events { frontend.step(event) }
        return unstyled(terminal.output)
    }

    @Test func aStepShowsWhatItIsDoingThenThatItIsDone() throws {
        let text = try shown([
            .started(stage: "sale", kind: .sale), .ended(stage: "sale", kind: .sale, outcome: "approved", transaction: "T1"),
        ])
        #expect(text.contains("Charging…"))
        #expect(text.contains("✔ Charged"))
    }

    @Test func aDeclineAndAFailureShowTheirOutcome() throws {
        let declined = try shown([
            .started(stage: "sale", kind: .sale), .ended(stage: "sale", kind: .sale, outcome: "declined", transaction: nil),
        ])
        #expect(declined.contains("✖ Charging: declined"))
        let failed = try shown([.started(stage: "tokenize", kind: .tokenize), .failed(stage: "tokenize", kind: .tokenize, code: "timeout")])
        #expect(failed.contains("✖ Securing the card: error timeout"))
    }

    @Test func threeDSShowsItsResultAndAnUnchangedPriceShowsNothing() throws {
        let threeDS = try shown([
            .started(stage: "threeDS", kind: .threeDS),
            .ended(stage: "threeDS", kind: .threeDS, outcome: "AUTHENTICATION_SUCCEEDED", transaction: nil),
        ])
        #expect(threeDS.contains("✔ 3-D Secure: AUTHENTICATION_SUCCEEDED"))
        let unchanged = try shown([
            .started(stage: "currency", kind: .currencyUpdate),
            .ended(stage: "currency", kind: .currencyUpdate, outcome: "unchanged", transaction: nil),
        ])
        #expect(!unchanged.contains("Price converted"))
        #expect(!unchanged.contains("✖"))
    }
}
