import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

/// The step events a run tells its observer.
final class StepRecorder: StepObserver {
    private let recorded = Mutex<[StepEvent]>([])
    var events: [StepEvent] { recorded.withLock { $0 } }
    func step(_ event: StepEvent) { recorded.withLock { $0.append(event) } }
}

/// `CheckoutRunner.steps`: each provider step told as a typed event, the same steps the trace
/// records, with or without a trace.
@Suite struct StepEventTests {
    struct Run {
        var result: CheckoutResult
        var steps: [StepEvent]
        var trace: [TraceEvent]
        var flow: CompiledFlow
    }

    func run(
        tracing: Bool = true, charge: (@Sendable (ChargeRequest) async throws -> ChargeOutcome)? = nil
    ) async throws -> Run {
        let clock = ManualClock(start: fixedStart)
        let random = SeededRandom(seed: 3)
        let flow = try compileFlow(simpleFlow)
        let sandbox = SandboxProvider(clock: clock, random: random)
        let provider: any PaymentProvider = charge.map { ChargeOverridingProvider(base: sandbox, charge: $0) } ?? sandbox
        let recorder = StepRecorder()
        let trace = MemoryTraceSink()
        let runner = CheckoutRunner(
            flow: flow, provider: provider, frontend: HeadlessFrontend(answers: try readAnswers(cardAnswers("4111111111111111"))),
            clock: clock, random: random, trace: tracing ? trace : nil, steps: recorder)
        return Run(result: await runner.run(), steps: recorder.events, trace: trace.events, flow: flow)
    }

    /// The trace's step events, as the typed events they stand for.
    static func fromTrace(_ trace: [TraceEvent], flow: CompiledFlow) -> [StepEvent] {
        func string(_ event: TraceEvent, _ key: String) -> String? {
            event.attributes.first { $0.key == key }.flatMap { m in
                if case .string(let s) = m.value { return s }
                return nil
            }
        }
        return trace.compactMap { e -> StepEvent? in
            guard let stage = e.stage, case .step(let kind)? = flow.pipeline.stages.first(where: { $0.id == stage })?.kind else {
                return nil
            }
            switch e.event {
            case "step.start": return .started(stage: stage, kind: kind)
            case "step.end":
                return .ended(stage: stage, kind: kind, outcome: string(e, "outcome") ?? "", transaction: string(e, "transaction"))
            case "step.error": return .failed(stage: stage, kind: kind, code: string(e, "code") ?? "")
            default: return nil
            }
        }
    }

    @Test func eachStepIsToldAsTheTraceRecordsIt() async throws {
        let r = try await run()
        #expect(r.result.status == .success)
        #expect(r.steps == Self.fromTrace(r.trace, flow: r.flow))
        let charge = try #require(r.flow.pipeline.stages.first { if case .step(let k) = $0.kind { k.movesMoney } else { false } })
        guard case .step(let kind) = charge.kind else { return }
        #expect(r.steps.contains(.started(stage: charge.id, kind: kind)))
        #expect(
            r.steps.contains(.ended(stage: charge.id, kind: kind, outcome: "approved", transaction: try #require(r.result.transaction?.id)))
        )
    }

    @Test func stepsAreToldWithoutATrace() async throws {
        let traced = try await run()
        let untraced = try await run(tracing: false)
        #expect(untraced.trace.isEmpty)
        #expect(!untraced.steps.isEmpty)
        #expect(untraced.steps == traced.steps)
    }

    @Test func aFailedChargeIsToldWithItsCode() async throws {
        let r = try await run(charge: { _ in throw ProviderError(.rejected, "no") })
        #expect(r.result.status == .error)
        guard case .failed(_, let kind, let code)? = r.steps.last else {
            Issue.record("the last step event is \(String(describing: r.steps.last)), not a failure")
            return
        }
        #expect(kind.movesMoney)
        #expect(code == "rejected")
        #expect(r.steps == Self.fromTrace(r.trace, flow: r.flow))
    }
}
