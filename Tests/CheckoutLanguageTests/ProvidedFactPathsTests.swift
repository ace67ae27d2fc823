import Testing

@testable import CheckoutLanguage

/// `ProvidedFactPaths` answers "is the fact known here" by dominators; these tests hold it to
/// the plain must-analysis it replaced (a fixpoint over every path), on hand-drawn graphs and
/// on thousands of random ones: loops, routes back, a scan's error edge, a guard's skip edge,
/// stages nothing reaches, and facts one or several stages provide.
@Suite struct ProvidedFactPathsTests {
    /// A stage's edges: target (-1 the end) and whether the edge carries the stage's facts.
    typealias Edges = [(to: Int, provides: Bool)]

    static func paths(_ graph: [Edges], providers: [Int]) -> ProvidedFactPaths {
        var start = [0]
        for e in graph { start.append(start.last! + e.count) }
        var provides = [Bool](repeating: false, count: graph.count)
        for s in providers { provides[s] = true }
        return ProvidedFactPaths(
            n: graph.count, edgeStart: start, edgeTo: graph.flatMap { $0.map(\.to) }, edgeProvides: graph.flatMap { $0.map(\.provides) },
            provides: provides)
    }

    /// The old analysis for one fact: known at a stage when every path from the start into it
    /// crosses a providing edge of a provider; a stage nothing reaches knows it.
    static func reference(_ graph: [Edges], providers: Set<Int>) -> [Bool] {
        let n = graph.count
        var into = [Bool?](repeating: nil, count: n)  // nil: no path found yet (top)
        into[0] = false
        var changed = true
        while changed {
            changed = false
            for i in 0..<n {
                guard let known = into[i] else { continue }
                for e in graph[i] where e.to >= 0 {
                    let out = known || (providers.contains(i) && e.provides)
                    let merged = into[e.to].map { $0 && out } ?? out
                    if into[e.to] != merged {
                        into[e.to] = merged
                        changed = true
                    }
                }
            }
        }
        return into.map { $0 ?? true }
    }

    static func answers(_ graph: [Edges], providers: [Int]) -> [Bool] {
        let p = paths(graph, providers: providers)
        if providers.count == 1 { return graph.indices.map { p.knows(providedOnlyBy: providers[0], at: $0) } }
        return p.known(providedBy: providers)
    }

    @Test func aStepIsKnownAfterItOnAChainButNotAtItself() {
        let chain: [Edges] = [[(1, true)], [(2, true)], [(3, true)], [(-1, true)]]
        #expect(Self.answers(chain, providers: [1]) == [false, false, true, true])
    }

    @Test func aRouteAroundTheStepMeansNotKnownWhereThePathsJoin() {
        // 0 → 1 → 2, and 0 → 2 directly (a `failed` route past the step).
        let graph: [Edges] = [[(1, true), (2, true)], [(2, true)], [(-1, true)]]
        #expect(Self.answers(graph, providers: [1]) == [false, false, false])
    }

    @Test func anEdgeThatCarriesNothingDoesNotMakeItKnown() {
        // A scan whose error edge goes on to 2: the fact arrives at 2 only one way.
        let graph: [Edges] = [[(1, true)], [(2, true), (2, false)], [(-1, true)]]
        #expect(Self.answers(graph, providers: [1]) == [false, false, false])
    }

    @Test func twoProvidersOnEveryPathBetweenThemMakeItKnown() {
        // 0 → 1 or 2 → 3: both 1 and 2 provide it.
        let graph: [Edges] = [[(1, true), (2, true)], [(3, true)], [(3, true)], [(-1, true)]]
        #expect(Self.answers(graph, providers: [1, 2]) == [false, false, false, true])
        #expect(Self.answers(graph, providers: [1]) == [false, false, false, false])
    }

    @Test func aStageNothingReachesKnowsEverything() {
        let graph: [Edges] = [[(-1, true)], [(-1, true)]]
        #expect(Self.answers(graph, providers: [0]) == [false, true])
    }

    @Test func randomGraphsAgreeWithTheFixpoint() {
        var rng = SplitMix(seed: 21)
        var checked = 0
        for _ in 0..<3_000 {
            let n = 1 + rng.below(12)
            var graph: [Edges] = []
            for i in 0..<n {
                var edges: Edges = []
                let count = rng.below(3) + (i == 0 ? 1 : 0)
                for _ in 0..<count {
                    // Mostly onwards, sometimes back or to the end, sometimes carrying nothing.
                    let r = rng.next() % 10
                    let to = r < 5 ? min(i + 1, n - 1) : r < 8 ? rng.below(n) : -1
                    edges.append((to, rng.next() % 5 != 0))
                }
                graph.append(edges)
            }
            let providerCount = 1 + rng.below(3)
            let providers = Array(Set((0..<providerCount).map { _ in rng.below(n) })).sorted()
            let expected = Self.reference(graph, providers: Set(providers))
            let got = Self.answers(graph, providers: providers)
            #expect(got == expected, "graph \(graph.map { $0.map { "\($0.to)\($0.provides ? "" : "x")" } }) providers \(providers)")
            if got != expected { break }
            checked += 1
        }
        #expect(checked == 3_000)
    }

    @Test func aLongChainOfStepsIsAnsweredWithoutASetPerStage() {
        // 100,000 steps, each the only provider of its own outcome: answered in linear time
        // (the bits were 100,000² here).
        let n = 100_000
        let graph: [Edges] = (0..<n).map { [($0 + 1 < n ? $0 + 1 : -1, true)] }
        let p = Self.paths(graph, providers: Array(0..<n))
        #expect(p.knows(providedOnlyBy: 10, at: 11))
        #expect(p.knows(providedOnlyBy: 10, at: n - 1))
        #expect(!p.knows(providedOnlyBy: 10, at: 10))
        #expect(!p.knows(providedOnlyBy: n - 2, at: 5))
    }
}
