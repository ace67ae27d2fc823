/// Where an explicit pipeline's stages, guards and routes are written: the lines flow coverage
/// points at (`checkout test --coverage`). A derived pipeline (no `screens`/`steps`) has none.
///
/// Kept beside the pipeline rather than in it: two flows that differ only in layout compile
/// to equal pipelines (mutation testing relies on it).
package struct PipelineSourceMap: Sendable, Hashable {
    /// Each stage's line (its `id`, else the start of its item), by stage id.
    package var stageLines: [String: Int] = [:]
    /// Each guarded stage's `when` line, by stage id.
    package var guardLines: [String: Int] = [:]
    /// Each explicit route's line, by stage id and outcome.
    package var routeLines: [String: [StageOutcome: Int]] = [:]

    /// An empty map.
    package init() {}

    /// The line of the route `outcome` of `stage`: its `on` entry when written, else the stage's.
    package func line(of stage: String, on outcome: StageOutcome) -> Int? {
        routeLines[stage]?[outcome] ?? stageLines[stage]
    }
}
