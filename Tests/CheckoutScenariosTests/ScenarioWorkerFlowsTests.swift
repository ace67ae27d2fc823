import CheckoutLanguage
import CheckoutProviders
import Foundation
import Synchronization
import Testing

@testable import CheckoutScenarios

/// Each worker of `checkout test --jobs N` after the first runs on its own copy of the flows,
/// compiled again from the bytes the suite's compile read.
@Suite struct ScenarioWorkerFlowsTests {
    /// A folder with a base flow, a flow extending it, and scenarios of the child.
    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("workerflows-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(StepsExpectationTests.flowText.utf8).write(to: dir.appendingPathComponent("base.yaml"))
        try Data("flow: child\ndsl: 1\nextends: base.yaml\nrequest:\n  price: { amount: 30.00, currency: EUR }\n".utf8)
            .write(to: dir.appendingPathComponent("child.yaml"))
        try Data(ScenarioRunnerKeepingTests.stepsScenarios.utf8).write(to: dir.appendingPathComponent("child.scenarios.yaml"))
        return dir
    }

    @Test func theFlowsCompiledAgainEqualTheSuitesAndNeedNoDisk() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let suite = ScenarioSuite.load([dir.appendingPathComponent("child.scenarios.yaml").path])
        #expect(!suite.hasErrors, "\(suite.findings.map(\.diagnostics))")
        // Edits after the suite was read change nothing: the copy is of what the suite ran.
        try FileManager.default.removeItem(at: dir.appendingPathComponent("base.yaml"))
        try Data("flow: changed\n".utf8).write(to: dir.appendingPathComponent("child.yaml"))
        let again = try #require(suite.compiledAgain())
        #expect(Set(again.keys) == Set(suite.flows.keys))
        for (path, flow) in suite.flows {
            #expect(again[path]?.pipeline == flow.pipeline)
            #expect(again[path]?.sourceMap == flow.sourceMap)
            #expect(again[path]?.definition.id == "child")
            #expect(again[path]?.definition.request.price.currency == flow.definition.request.price.currency)
        }
    }

    @Test func flowsBiggerThanTheLimitAreShared() throws {
        var record = RecordedFlowSources()
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = FlowCompiler.compile(contentsOf: dir.appendingPathComponent("child.yaml").path, sources: record.recording)
        #expect(record.replaying(maxBytes: 1 << 20) != nil)
        #expect(record.replaying(maxBytes: 100) == nil)
        // Over the limit, what was read is let go: nothing is left to replay.
        record.forget(over: 1 << 20)
        #expect(record.replaying(maxBytes: 1 << 20) != nil, "under the limit, kept")
        record.forget(over: 100)
        #expect(record.replaying(maxBytes: 1 << 20) == nil)
        record = RecordedFlowSources()
        #expect(record.replaying(maxBytes: 1 << 20) == nil, "nothing was read: nothing to compile again")
    }

    @Test func workersAfterTheFirstRunOnTheirOwnFlows() async throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let suite = ScenarioSuite.load([dir.appendingPathComponent("child.scenarios.yaml").path])
        let items = (0..<8).flatMap { _ in suite.scenarios }.map { (suite: "child", scenario: $0) }
        let serial = await ScenarioRunner(flows: suite.flows, provider: .sandbox).run(items)
        var runner = ScenarioRunner(flows: suite.flows, jobs: 3, provider: .sandbox)
        let made = Mutex(0)
        runner.workerFlows = {
            made.withLock { $0 += 1 }
            return suite.compiledAgain()
        }
        let parallel = await runner.run(items)
        #expect(made.withLock { $0 } == 2, "a worker after the first did not make its own flows")
        #expect(parallel.map(\.differences) == serial.map(\.differences))
        #expect(parallel.map(\.result.status) == serial.map(\.result.status))
        #expect(parallel.map(\.passed) == Array(repeating: [true, false, true], count: 8).flatMap { $0 })
    }
}
