package import CheckoutLanguage
import CheckoutRuntime
import Foundation

/// One flow's coverage over the scenarios run against it: its items (`Pipeline.coverageItems`),
/// which were covered, and what each stage produced (docs/testing.md, "Flow coverage").
package struct FlowCoverage: Sendable {
    /// The flow's id.
    package var flow: String
    /// The flow file.
    package var file: String
    /// What is counted, in pipeline order.
    package var items: [CoverageItem]
    /// Each item's line in the flow file (explicit pipelines), by key.
    package var lines: [String: Int]
    /// Keys of the items covered.
    package var covered: Set<String> = []
    /// What each stage produced, by stage id (`RunCoverage.observed`).
    package var observed: [String: Set<String>] = [:]
    /// The scenarios run against the flow.
    package var scenarios = 0
    /// The pipeline's stage ids.
    let stageIds: Set<String>
    /// Each item's key, in item order (made once: a run is read against every item).
    let keys: [String]

    /// The coverage of `flow` before any run.
    package init(_ flow: CompiledFlow, file: String) {
        self.flow = flow.definition.id
        self.file = file
        items = flow.pipeline.coverageItems
        stageIds = Set(flow.pipeline.stages.map(\.id))
        keys = items.map(\.key)
        let map = flow.sourceMap
        // The source map is by stage index; a compiled flow's ids are unique.
        var indexOf: [String: Int] = [:]
        indexOf.reserveCapacity(flow.pipeline.stages.count)
        for (i, stage) in flow.pipeline.stages.enumerated() where indexOf[stage.id] == nil { indexOf[stage.id] = i }
        var lines: [String: Int] = [:]
        for item in items {
            guard let i = indexOf[item.stage] else { continue }
            let line: Int? =
                switch item.kind {
                case .stage: map.stageLine(at: i)
                case .guardTrue, .guardFalse: map.guardLine(at: i) ?? map.stageLine(at: i)
                case .route: item.outcome.flatMap { map.line(at: i, on: $0) }
                }
            if let line { lines[item.key] = line }
        }
        self.lines = lines
    }

    /// Adds one run.
    package mutating func add(_ run: RunCoverage) {
        scenarios += 1
        for (item, key) in zip(items, keys) where !covered.contains(key) {
            let hit: Bool =
                switch item.kind {
                case .stage, .guardTrue: run.ran.contains(item.stage)
                case .guardFalse: run.skippedByCondition.contains(item.stage)
                case .route: item.outcome.map { run.routes.contains(RunCoverage.Route(stage: item.stage, outcome: $0)) } ?? false
                }
            if hit { covered.insert(key) }
        }
        // Calls outside the pipeline's stages (the returning shopper's read) are no stage's.
        for (stage, seen) in run.observed where stageIds.contains(stage) { observed[stage, default: []].formUnion(seen) }
    }

    /// Items counted.
    package var total: Int { items.count }
    /// Items covered.
    package var coveredCount: Int { items.count { covered.contains($0.key) } }
    /// The items not covered, in pipeline order.
    package var uncovered: [CoverageItem] { items.filter { !covered.contains($0.key) } }
    /// Covered items in percent (100 for a flow with nothing to count).
    package var percent: Double { CoverageReport.percent(coveredCount, of: total) }
}

/// Coverage of every flow a test run touched, in the order the flows were first run.
package struct CoverageReport: Sendable {
    /// The flows.
    package var flows: [FlowCoverage] = []

    /// A report of `flows` as they are.
    package init(flows: [FlowCoverage]) { self.flows = flows }

    /// The coverage of `outcomes`, each run's trace read against its flow in `flows`.
    package init(_ outcomes: [ScenarioOutcome], flows compiled: [String: CompiledFlow]) {
        var index: [String: Int] = [:]
        for outcome in outcomes {
            let path = outcome.scenario.flowPath
            guard let flow = compiled[path] else { continue }
            let i: Int
            if let known = index[path] {
                i = known
            } else {
                i = flows.count
                index[path] = i
                flows.append(FlowCoverage(flow, file: path))
            }
            flows[i].add(RunCoverage(outcome.trace))
        }
    }

    /// Items covered over every flow.
    package var coveredCount: Int { flows.reduce(0) { $0 + $1.coveredCount } }
    /// Items counted over every flow.
    package var total: Int { flows.reduce(0) { $0 + $1.total } }
    /// Covered items in percent over every flow.
    package var percent: Double { Self.percent(coveredCount, of: total) }

    /// `part` of `whole` in percent; 100 when there is nothing to count.
    static func percent(_ part: Int, of whole: Int) -> Double {
        whole == 0 ? 100 : Double(part) * 100 / Double(whole)
    }

    /// A percentage with one decimal, rounded down so 99.96 never shows as 100.0.
    package static func formatted(_ percent: Double) -> String {
        let tenths = Int((percent * 10).rounded(.down))
        return "\(tenths / 10).\(tenths % 10)%"
    }
}
