import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// `HeadlessRun`, the one path `checkout run --answers` and `checkout test` share: the answers
/// checked against the flow, the clock, the problems' report.
@Suite struct HeadlessRunTests {
    func prepared(_ answersText: String, now: Date?) throws -> HeadlessRun {
        HeadlessRun(try compileFlow(simpleFlow), answers: try readAnswers(answersText), problems: [], file: "answers.yaml", now: now)
    }

    @Test func aWaitAtAStageTheFlowDoesNotHaveIsOneProblemAndNothingRuns() async throws {
        let run = try prepared(cardAnswers("4111111111111111", extra: "wait: { nowhere: 5m }"), now: fixedStart)
        #expect(run.answers == nil)
        #expect(run.problems.map(\.issue.path) == ["wait.nowhere"])
        #expect(run.problems.first?.diagnostic.file == "answers.yaml")
        let result = await run.run(random: SeededRandom(seed: 1), provider: .sandbox)
        #expect(result.status == .invalid)
        #expect(result.errors.map(\.path) == ["wait.nowhere"])
    }

    @Test func theReportNamesTheFileAndShowsNoCardData() throws {
        let run = try prepared(cardAnswers("4111111111111111", extra: "wait: { nowhere: 5m }"), now: fixedStart)
        let report = try #require(run.problemReport(color: false))
        #expect(report.contains("answers.yaml"))
        #expect(report.contains("nowhere"))
        #expect(!report.contains("4111111111111111"))
        #expect(!report.contains("123"))
    }

    @Test func usableAnswersHaveNoReport() throws {
        let run = try prepared(cardAnswers("4111111111111111"), now: fixedStart)
        #expect(run.answers != nil)
        #expect(run.problems.isEmpty)
        #expect(run.problemReport(color: false) == nil)
    }

    @Test func theClockStartsAtNowWhenGiven() throws {
        let run = try prepared(cardAnswers("4111111111111111"), now: fixedStart)
        #expect(run.clock is ManualClock)
        #expect(run.clock.now() == fixedStart)
    }

    @Test func waitsWithoutNowGetASimulatedClock() throws {
        #expect(try prepared(cardAnswers("4111111111111111", extra: "wait: { review: 5m }"), now: nil).clock is ManualClock)
        #expect(try prepared(cardAnswers("4111111111111111"), now: nil).clock is SystemClock)
    }

    @Test func theHeadlessFrontEndReportsAnswersThatContradictAFixedChoice() async throws {
        let frontend = HeadlessFrontend(answers: try readAnswers("paymentMethod: paypal\ncurrency: EUR"))
        let issues = await frontend.choicesFixed([
            .paymentMethod(.card, reason: "a subscription is paid by card"),
            .currency("USD", reason: "this checkout does not allow changing the currency"),
        ])
        #expect(
            issues.map(\.message) == [
                "paypal is not offered: a subscription is paid by card",
                "EUR is not offered: this checkout does not allow changing the currency; the price is in USD",
            ])
        #expect(issues.allSatisfy { $0.code == "not_offered" })
        let agreeing = HeadlessFrontend(answers: try readAnswers("paymentMethod: card\ncurrency: USD"))
        #expect(await agreeing.choicesFixed([.paymentMethod(.card, reason: "r"), .currency("USD", reason: "r")]).isEmpty)
    }

    @Test func theAnswersCustomerIPWinsOverTheFlowsAndReachesTheProvider() async throws {
        // A shopper's IP belongs to the run (docs/running.md, `customer`): the provider is made
        // from a flow whose request carries the answers' IP.
        let seen = Mutex<[String?]>([])
        let source = ProviderSource { flow, clock, random in
            seen.withLock { $0.append(flow.definition.request.customerIP) }
            return SandboxProvider(clock: clock, random: random)
        }
        let given = try prepared(cardAnswers("4111111111111111", extra: "customer: { ip: 2001:db8::7 }"), now: fixedStart)
        _ = await given.run(random: SeededRandom(seed: 1), provider: source)
        let without = try prepared(cardAnswers("4111111111111111"), now: fixedStart)
        _ = await without.run(random: SeededRandom(seed: 1), provider: source)
        #expect(seen.withLock { $0 } == ["2001:db8::7", nil])
    }

    @Test func aCustomerIPThatIsNotAnAddressIsAnInvalidAnswer() {
        let (_, problems) = AnswersReader.read(Array("customer: { ip: 999.1.1.1 }".utf8), file: "answers.yaml")
        #expect(problems.map(\.issue.path) == ["customer.ip"])
        #expect(problems.first?.issue.code == "invalid_value")
        #expect(problems.first?.issue.message.contains("IPv4 or IPv6") == true)
    }
}
