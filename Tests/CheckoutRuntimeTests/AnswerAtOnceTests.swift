import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// `CheckoutFrontend.answerAtOnce(_:)` and `wait(at:)`: a front end that has its answers before
/// the screen is shown gives them without an `async` call, and the runtime asks a front end's
/// pace without casting it to `PacedFrontend`.
@Suite struct AnswerAtOnceTests {
    /// Answers from a headless front end; counts which of its two ways the runtime took.
    final class Counting: CheckoutFrontend, @unchecked Sendable {
        let inner: HeadlessFrontend
        let offersAtOnce: Bool
        let waits: [String: Duration]
        private let lock = NSLock()
        private var _atOnce = 0
        private var _asked = 0
        var atOnce: Int { lock.withLock { _atOnce } }
        var asked: Int { lock.withLock { _asked } }

        init(_ answers: Answers, offersAtOnce: Bool, waits: [String: Duration] = [:]) {
            inner = HeadlessFrontend(answers: answers)
            self.offersAtOnce = offersAtOnce
            self.waits = waits
        }

        func answerAtOnce(_ prompt: ScreenPrompt) -> ScreenAnswer? {
            guard offersAtOnce else { return nil }
            lock.withLock { _atOnce += 1 }
            return inner.answerAtOnce(prompt)
        }
        func answer(_ prompt: ScreenPrompt) async throws -> ScreenAnswer {
            lock.withLock { _asked += 1 }
            return try await inner.answer(prompt)
        }
        func rejected(_ prompt: ScreenPrompt, issues: [AnswerIssue]) async -> Bool { false }
        func finished(_ result: CheckoutResult) async {}
        func wait(at stage: String) -> Duration? { waits[stage] }
    }

    func run(_ frontend: any CheckoutFrontend, clock: ManualClock) async throws -> CheckoutResult {
        let random = SeededRandom(seed: 42)
        let runner = CheckoutRunner(
            flow: try compileFlow(simpleFlow), provider: SandboxProvider(clock: clock, random: random), frontend: frontend,
            clock: clock, random: random)
        return await runner.run()
    }

    @Test func anAnswerGivenAtOnceIsNotAskedAgain() async throws {
        let answers = try readAnswers(cardAnswers("4111111111111111"))
        let atOnce = Counting(answers, offersAtOnce: true)
        let result = try await run(atOnce, clock: ManualClock(start: fixedStart))
        #expect(result.status == .success)
        #expect(atOnce.atOnce > 0)
        #expect(atOnce.asked == 0)
        // Without one, every screen is asked, and the run ends the same.
        let asked = Counting(answers, offersAtOnce: false)
        let again = try await run(asked, clock: ManualClock(start: fixedStart))
        #expect(asked.asked == atOnce.atOnce)
        #expect(again.json == result.json)
    }

    @Test func aFrontEndsPaceIsAskedWithoutBeingAPacedFrontend() async throws {
        let answers = try readAnswers(cardAnswers("4111111111111111"))
        let clock = ManualClock(start: fixedStart)
        let result = try await run(Counting(answers, offersAtOnce: true, waits: ["review": .seconds(90)]), clock: clock)
        #expect(result.status == .success)
        #expect(clock.now() == fixedStart.addingTimeInterval(90))
    }
}
