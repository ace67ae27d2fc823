/// Where a fact that only some stages provide is known: at a stage every path into which
/// passes an edge of a providing stage that carries it (`outcome.<id>`, `custom.<id>`).
///
/// Answered with dominators instead of a set of bits per stage (issue 21: with each of n
/// stages naming another step's outcome, the bits were n² — 162 MB at 36,000 steps). Each
/// providing stage `s` gets a virtual node `v(s)` between it and the edges that carry its
/// facts (a scan's error edge and a guard's skip edge carry none): a fact only `s` provides
/// is known at `j` exactly when `v(s)` dominates `j`. A fact several stages provide (a
/// duplicated id, a field asked on two forms) is known where the start cannot reach without
/// passing one of their virtual nodes: one walk per such fact.
///
/// A stage no path reaches knows every fact (vacuously), as in the bit analysis.
package struct ProvidedFactPaths: Sendable {
    /// Real stages are `0..<n`; virtual nodes follow.
    private let n: Int
    /// Each stage's virtual node, -1 when it provides nothing asked about.
    private let virtualNode: [Int]
    /// The extended graph's successors: node `v`'s are `successor[successorStart[v]..<successorStart[v + 1]]`.
    private let successorStart: [Int]
    private let successor: [Int]
    /// Entry and exit numbers of a walk of the dominator tree, -1 for a node the start does
    /// not reach: `a` dominates `b` when `a`'s span holds `b`'s.
    private var entry: [Int] = []
    private var exit: [Int] = []

    /// The graph of `n` stages with edges `edgeTo[edgeStart[i]..<edgeStart[i + 1]]` (-1 for
    /// the end), `edgeProvides` saying which carry their stage's facts; `provides[i]`: stage
    /// `i` provides some fact asked about.
    package init(n: Int, edgeStart: [Int], edgeTo: [Int], edgeProvides: [Bool], provides: [Bool]) {
        self.n = n
        var virtualNode = [Int](repeating: -1, count: n)
        var m = n
        for i in 0..<n where provides[i] {
            virtualNode[i] = m
            m += 1
        }
        self.virtualNode = virtualNode
        var start = [0]
        start.reserveCapacity(m + 1)
        var to: [Int] = []
        to.reserveCapacity(edgeTo.count + m - n)
        for i in 0..<n {
            let v = virtualNode[i]
            if v >= 0 { to.append(v) }
            for e in edgeStart[i]..<edgeStart[i + 1] where edgeTo[e] >= 0 && (v < 0 || !edgeProvides[e]) { to.append(edgeTo[e]) }
            start.append(to.count)
        }
        // Virtual nodes were numbered in stage order, so they come in that order here.
        for i in 0..<n where virtualNode[i] >= 0 {
            for e in edgeStart[i]..<edgeStart[i + 1] where edgeTo[e] >= 0 && edgeProvides[e] { to.append(edgeTo[e]) }
            start.append(to.count)
        }
        successorStart = start
        successor = to
        if n > 0 { numberDominatorTree(nodes: m) }
    }

    /// True when every path into stage `j` passes the facts of stage `s` (the only stage
    /// providing the fact).
    package func knows(providedOnlyBy s: Int, at j: Int) -> Bool {
        guard n > 0, entry[j] >= 0 else { return true }
        let v = virtualNode[s]
        guard v >= 0, entry[v] >= 0 else { return false }
        return entry[v] <= entry[j] && exit[j] <= exit[v]
    }

    /// For each stage, true when every path into it passes the facts of one of `stages`.
    package func known(providedBy stages: [Int]) -> [Bool] {
        guard n > 0 else { return [] }
        var blocked = [Bool](repeating: false, count: successorStart.count - 1)
        for s in stages where virtualNode[s] >= 0 { blocked[virtualNode[s]] = true }
        var reached = [Bool](repeating: false, count: blocked.count)
        reached[0] = true
        var stack = [0]
        while let v = stack.popLast() {
            for w in successor[successorStart[v]..<successorStart[v + 1]] where !reached[w] && !blocked[w] {
                reached[w] = true
                stack.append(w)
            }
        }
        return (0..<n).map { entry[$0] < 0 || !reached[$0] }
    }

    /// Dominators by Cooper, Harvey and Kennedy's iteration ("A Simple, Fast Dominance
    /// Algorithm", 2001) over reverse postorder, then the tree's entry and exit numbers.
    private mutating func numberDominatorTree(nodes m: Int) {
        // Postorder of the nodes the start reaches (an explicit stack: pipelines may be long).
        var postorder = [Int](repeating: -1, count: m)
        var order: [Int] = []
        order.reserveCapacity(m)
        var visited = [Bool](repeating: false, count: m)
        var stack: [(node: Int, next: Int)] = [(0, successorStart[0])]
        visited[0] = true
        while let top = stack.last {
            if top.next < successorStart[top.node + 1] {
                stack[stack.count - 1].next += 1
                let w = successor[top.next]
                if !visited[w] {
                    visited[w] = true
                    stack.append((w, successorStart[w]))
                }
            } else {
                postorder[top.node] = order.count
                order.append(top.node)
                stack.removeLast()
            }
        }
        // Predecessors among the reached nodes.
        var predecessorStart = [Int](repeating: 0, count: m + 1)
        for v in order { for w in successor[successorStart[v]..<successorStart[v + 1]] { predecessorStart[w + 1] += 1 } }
        for k in 0..<m { predecessorStart[k + 1] += predecessorStart[k] }
        var fill = predecessorStart
        var predecessor = [Int](repeating: 0, count: predecessorStart[m])
        for v in order {
            for w in successor[successorStart[v]..<successorStart[v + 1]] {
                predecessor[fill[w]] = v
                fill[w] += 1
            }
        }
        var idom = [Int](repeating: -1, count: m)
        idom[0] = 0
        var changed = true
        while changed {
            changed = false
            for v in order.reversed() where v != 0 {
                var candidate = -1
                for p in predecessor[predecessorStart[v]..<predecessorStart[v + 1]] where idom[p] >= 0 {
                    if candidate < 0 {
                        candidate = p
                        continue
                    }
                    var a = p
                    var b = candidate
                    while a != b {
                        while postorder[a] < postorder[b] { a = idom[a] }
                        while postorder[b] < postorder[a] { b = idom[b] }
                    }
                    candidate = a
                }
                if idom[v] != candidate {
                    idom[v] = candidate
                    changed = true
                }
            }
        }
        // The tree's children, then a walk numbering each node on entry and exit.
        var childStart = [Int](repeating: 0, count: m + 1)
        for v in order where v != 0 { childStart[idom[v] + 1] += 1 }
        for k in 0..<m { childStart[k + 1] += childStart[k] }
        var childFill = childStart
        var child = [Int](repeating: 0, count: childStart[m])
        for v in order where v != 0 {
            child[childFill[idom[v]]] = v
            childFill[idom[v]] += 1
        }
        entry = [Int](repeating: -1, count: m)
        exit = [Int](repeating: -1, count: m)
        var clock = 0
        var walk: [(node: Int, next: Int)] = [(0, childStart[0])]
        entry[0] = clock
        clock += 1
        while let top = walk.last {
            if top.next < childStart[top.node + 1] {
                walk[walk.count - 1].next += 1
                let c = child[top.next]
                entry[c] = clock
                clock += 1
                walk.append((c, childStart[c]))
            } else {
                exit[top.node] = clock
                clock += 1
                walk.removeLast()
            }
        }
    }
}
