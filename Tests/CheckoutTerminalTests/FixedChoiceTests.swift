import CheckoutDomain
import CheckoutLanguage
import CheckoutRuntime
import Synchronization
import Testing

@testable import CheckoutTerminal

/// A person is not asked a choice the flow fixes, and has nothing to contradict; being told of
/// one starts the run's display, as the first screen would.
@Suite struct FixedChoiceTests {
    let choices: [FixedChoice] = [.currency("USD", reason: "this checkout does not allow changing the currency")]

    @Test func theLineFrontEndWritesTheTitleOnceAndHasNoProblems() async throws {
        let flow = try shippedFlow("standard-checkout")
        let written = Mutex("")
        let frontend = LineFrontend(
            flow: flow, today: YearMonth(containing: fixedNow), echo: false, readLine: { _ in nil },
            write: { text in written.withLock { $0 += text } })
        #expect(await frontend.choicesFixed(choices).isEmpty)
        #expect(await frontend.choicesFixed(choices).isEmpty)
        let title = try #require(flow.definition.title)
        let output = written.withLock { $0 }
        #expect(output.hasPrefix(title))
        #expect(output.components(separatedBy: title).count == 2)
    }

    @Test func theTerminalFrontEndDrawsItsBannerAndHasNoProblems() async throws {
        let flow = try shippedFlow("standard-checkout")
        let terminal = ScriptedTerminal(events: [], size: TerminalSize(rows: 40, columns: 100))
        let frontend = TerminalFrontend(
            flow: flow, device: terminal, today: YearMonth(containing: fixedNow), options: .init(colorDepth: .none),
            onInterrupt: {})
        #expect(await frontend.choicesFixed(choices).isEmpty)
        #expect(terminal.isRaw)
        #expect(unstyled(terminal.output).contains(try #require(flow.definition.title)))
    }
}
