import Testing

@testable import CheckoutLanguage

/// `PipelineGraphAnalysis.stagesReachingTheEnd`: the stages with a way to the end, found
/// backwards over the reversed edges in one pass (issue 21), the same answer the old
/// forward fixpoint gave.
@Suite struct ReachesEndTests {
    /// `edges[i]`: the targets of stage i's edges, -1 for the end.
    func reaches(_ edges: [[Int]]) -> [Bool] {
        var start = [0]
        for e in edges { start.append(start.last! + e.count) }
        return PipelineGraphAnalysis.stagesReachingTheEnd(n: edges.count, edgeStart: start, edgeTo: edges.flatMap { $0 })
    }

    @Test func aChainReachesTheEndFromEveryStage() {
        #expect(reaches([[1], [2], [-1]]) == [true, true, true])
    }

    @Test func aLoopWithNoWayOutDoesNotReachIt() {
        // 0 → 1 ⇄ 2, and 3 → end: only 3 gets there.
        #expect(reaches([[1], [2], [1], [-1]]) == [false, false, false, true])
    }

    @Test func oneWayOutOfALoopIsEnough() {
        // 0 → 1 ⇄ 2, 2 → 3 → end, and a stage routed back to the start.
        #expect(reaches([[1], [2], [1, 3], [-1], [0]]) == [true, true, true, true, true])
    }

    @Test func backwardEdgesOfALongPipelineAreFollowed() {
        // Each stage routes to the next; the last to the end: every stage reaches it, however
        // far the end is (the old forward pass marked one more stage per pass here).
        let n = 10_000
        let edges = (0..<n).map { $0 + 1 < n ? [$0 + 1] : [-1] }
        #expect(reaches(edges).allSatisfy { $0 })
    }
}
