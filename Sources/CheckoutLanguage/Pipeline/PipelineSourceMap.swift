/// Where an explicit pipeline's stages, guards and routes are written: the lines flow coverage
/// points at (`checkout test --coverage`). A derived pipeline (no `screens`/`steps`) has none.
///
/// Kept beside the pipeline rather than in it: two flows that differ only in layout compile
/// to equal pipelines (mutation testing relies on it).
///
/// By stage index, in the pipeline's order: a 170,000-screen flow built two dictionaries keyed
/// by every stage id for it, 5% of its compile, for `checkout test --coverage` alone.
package struct PipelineSourceMap: Sendable, Hashable {
    /// Each stage's line (its `id`, else the start of its item).
    package var stageLines: [Int] = []
    /// Each stage's `when` line; 0 for a stage without one.
    package var guardLines: [Int] = []
    /// Each explicit route's line, by stage index and outcome (only the stages with routes).
    package var routeLines: [Int: [StageOutcome: Int]] = [:]

    /// An empty map.
    package init() {}

    /// The line of stage `index`, when the map has it.
    package func stageLine(at index: Int) -> Int? {
        stageLines.indices.contains(index) ? stageLines[index] : nil
    }

    /// The line of the `when` of stage `index`, when it has one.
    package func guardLine(at index: Int) -> Int? {
        guardLines.indices.contains(index) && guardLines[index] > 0 ? guardLines[index] : nil
    }

    /// The line of the route `outcome` of stage `index`: its `on` entry when written, else the
    /// stage's.
    package func line(at index: Int, on outcome: StageOutcome) -> Int? {
        routeLines[index]?[outcome] ?? stageLine(at: index)
    }
}
