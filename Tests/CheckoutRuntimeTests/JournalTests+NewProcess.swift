import CheckoutDomain
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// Runs resumed against the sandbox as `checkout run --journal` resumes them: in a new
/// process, so a NEW `SandboxProvider` that never saw the killed process's tokens.
extension JournalTests {
    /// The journal's lines up to and including the first `event` entry at `stage`.
    static func journal(_ store: MemoryJournalStore, cutAfter event: String, stage: String) throws -> MemoryJournalStore {
        let lines = try store.lines()
        let cut = try #require(
            lines.firstIndex { ($0.contains("\"event\":\"\(event)\"")) && $0.contains("\"stage\":\"\(stage)\"") })
        return MemoryJournalStore(lines: Array(lines[...cut]))
    }

    /// The killed run and its resumption in a fresh sandbox, each on its own clock from `fixedStart`.
    func killedAndResumed(_ answers: String, after event: String, stage: String, pause: Duration = .zero) async throws -> Run {
        let firstClock = ManualClock(start: fixedStart)
        let store = MemoryJournalStore()
        _ = try await run(
            simpleFlow, answers, store: store, provider: SandboxProvider(clock: firstClock, random: SeededRandom(seed: 3)),
            clock: firstClock)
        let cut = try Self.journal(store, cutAfter: event, stage: stage)
        let clock = ManualClock(start: fixedStart)
        clock.advance(by: pause)
        return try await run(
            simpleFlow, answers, store: cut, provider: SandboxProvider(clock: clock, random: SeededRandom(seed: 4)), clock: clock,
            seed: 4)
    }

    @Test func aRunKilledAfterTokenizeResumesInANewSandboxAndPays() async throws {
        let r = try await killedAndResumed(Self.visa, after: "step.done", stage: "tokenize")
        #expect(r.result.status == .success, "\(r.result.errors)")
        #expect(r.result.transaction != nil)
        #expect(r.events("token.refresh").isEmpty)
        #expect(r.events("step.restored").count == 2)
    }

    @Test func aRunKilledAfterCreateTokenResumesInANewSandboxWithoutARefresh() async throws {
        let r = try await killedAndResumed(Self.visa, after: "step.done", stage: "createToken")
        #expect(r.result.status == .success, "\(r.result.errors)")
        #expect(r.events("token.refresh").isEmpty)
    }

    @Test func aResumedRunChargesTheTestCardAsTheKilledOneWould() async throws {
        let r = try await killedAndResumed(cardAnswers("4000000000009995"), after: "step.done", stage: "tokenize")
        #expect(r.result.status == .declined)
        #expect(r.result.declineCode == "insufficient_funds")
    }

    @Test func aTokenThatDidExpireStillEndsTokenExpiredAfterTheRestart() async throws {
        let r = try await killedAndResumed(Self.visa, after: "step.done", stage: "tokenize", pause: .seconds(61 * 60))
        #expect(r.result.status == .error)
        #expect(r.result.errors.contains { $0.code == "token_expired" }, "\(r.result.errors)")
    }
}
