/// Draws a compiled pipeline as Mermaid or Graphviz DOT: screens and steps in order, the
/// condition on each guarded edge, "otherwise" where a guarded stage is skipped, and the
/// outcome routes (declined, failed, canceled) that end a run early.
package struct PipelineGraph: Sendable {
    /// The output formats.
    public enum Format: String, Sendable, CaseIterable {
        case mermaid, dot
    }

    /// A node: a stage, the decision point before a guarded stage, or the end of an explicit
    /// pipeline. Kept apart from the ids users write, so that no stage id (`end`, `if_review`)
    /// can be taken for another node; each format spells them its own way.
    enum Node: Hashable {
        case stage(String)
        case decision(String)
        case end

        /// Mermaid's id: a prefix no keyword starts with (`end`, `style`, `subgraph`… are
        /// Mermaid keywords; `o`/`x` first would read as an arrow's head) and the stage id with
        /// `_` doubled and `-` as `_h` (no `--` to read as an arrow).
        var mermaidId: String {
            func spelled(_ id: String) -> String { id.replacingAll("_", with: "__").replacingAll("-", with: "_h") }
            switch self {
            case .stage(let id): return "s_" + spelled(id)
            case .decision(let id): return "d_" + spelled(id)
            case .end: return "e_end"
            }
        }

        /// DOT's (quoted) name: the stage id; a decision and the end with a space or
        /// parentheses no stage id can have.
        var dotName: String {
            switch self {
            case .stage(let id): return id
            case .decision(let id): return "if \(id)"
            case .end: return "(end)"
            }
        }
    }

    /// One arrow.
    struct Edge: Hashable {
        var from: Node
        var to: Node
        var label: String?
        /// An early end (declined, failed, canceled) rather than the happy path.
        var isOutcome = false
        /// The coverage items the arrow stands for (`CoverageItem.key`).
        var keys: [String] = []
    }

    let pipeline: Pipeline
    let title: String
    /// Keys of the covered items (`checkout graph --coverage`); nil: no coverage drawn.
    package var covered: Set<String>?

    /// Creates a graph of `pipeline`, titled with the flow id.
    public init(_ pipeline: Pipeline, title: String) {
        self.pipeline = pipeline
        self.title = title
    }

    /// True when every item `edge` stands for was covered; nil without coverage.
    func taken(_ edge: Edge) -> Bool? {
        guard let covered, !edge.keys.isEmpty else { return nil }
        return edge.keys.allSatisfy(covered.contains)
    }

    /// True when the stage never ran; nil without coverage (or for the result screen).
    func neverRan(_ stage: PipelineStage) -> Bool? {
        guard let covered, stage.kind != .screen(.result) else { return nil }
        return !covered.contains(CoverageItem(.stage, stage: stage.id).key)
    }

    /// The decision points: one before each guarded stage.
    var decisions: [Node] { pipeline.stages.filter { $0.condition != nil }.map { .decision($0.id) } }

    /// Where a run goes after the last stage: the result screen of a derived pipeline, or
    /// an `end` node for an explicit one (whose result screen is implicit).
    var endNode: Node? {
        if pipeline.isExplicit { return .end }
        return pipeline.stages.last(where: { $0.kind == .screen(.result) }).map { .stage($0.id) }
    }

    /// The arrows. A guarded stage gets a decision point before it: its condition leads into
    /// the stage, "otherwise" goes on to whatever comes next, so every path is drawn exactly.
    /// Outcome routes (declined, failed, canceled) are drawn dashed to where they go.
    var edges: [Edge] {
        var edges: [Edge] = []
        let stages = pipeline.stages
        func entry(_ index: Int?) -> Node? {
            guard let index else { return pipeline.isExplicit ? .end : nil }
            return stages[index].condition == nil ? .stage(stages[index].id) : .decision(stages[index].id)
        }
        for (i, stage) in stages.enumerated() {
            if let condition = stage.condition {
                edges.append(
                    Edge(
                        from: .decision(stage.id), to: .stage(stage.id), label: condition.description,
                        keys: [CoverageItem(.guardTrue, stage: stage.id).key]))
                if let to = entry(i + 1 < stages.count ? i + 1 : nil) {
                    edges.append(
                        Edge(
                            from: .decision(stage.id), to: to, label: "otherwise", keys: [CoverageItem(.guardFalse, stage: stage.id).key]))
                }
            }
            if let to = entry(pipeline.successor(of: i, on: .success)) {
                let routed = stage.routes[.success] != nil
                edges.append(
                    Edge(from: .stage(stage.id), to: to, label: routed ? "success" : nil, keys: [CoverageItem.routeKey(stage.id, .success)])
                )
            }
            var byTarget: [(Node, [String])] = []
            for outcome in Self.earlyOutcomes(stage) {
                let target: Node?
                if let route = stage.routes[outcome] {
                    if case .stage(let id) = route, let j = pipeline.index(of: id) { target = entry(j) } else { target = endNode }
                } else {
                    target = endNode
                }
                guard let target else { continue }
                // With coverage each outcome gets its own arrow, taken or not.
                if covered == nil, let k = byTarget.firstIndex(where: { $0.0 == target }) {
                    byTarget[k].1.append(outcome.rawValue)
                } else {
                    byTarget.append((target, [outcome.rawValue]))
                }
            }
            for (target, outcomes) in byTarget {
                edges.append(
                    Edge(
                        from: .stage(stage.id), to: target, label: outcomes.joined(separator: " / "), isOutcome: true,
                        keys: outcomes.compactMap(StageOutcome.init(rawValue:)).map { CoverageItem.routeKey(stage.id, $0) }))
            }
        }
        return edges
    }

    /// The outcomes with which a stage can end other than success.
    static func earlyOutcomes(_ stage: PipelineStage) -> [StageOutcome] {
        stage.outcomes.filter { $0 != .success }
    }

    /// The graph in `format`.
    public func render(_ format: Format) -> String {
        switch format {
        case .mermaid: mermaid()
        case .dot: dot()
        }
    }

    /// Mermaid `flowchart TD`: screens as rounded boxes, steps as subroutine boxes.
    public func mermaid() -> String {
        var out = "---\ntitle: \(title)\n---\nflowchart TD\n"
        for stage in pipeline.stages {
            switch stage.kind {
            case .screen: out += "    \(Node.stage(stage.id).mermaidId)([\"\(stage.id)\"])\n"
            case .step: out += "    \(Node.stage(stage.id).mermaidId)[[\"\(stage.id)\"]]\n"
            }
        }
        for d in decisions { out += "    \(d.mermaidId){\"?\"}\n" }
        if pipeline.isExplicit { out += "    \(Node.end.mermaidId)((\"end\"))\n" }
        var styles = ""
        for (n, e) in edges.enumerated() {
            let arrow = e.isOutcome ? "-.->" : "-->"
            let label = Self.coverageLabel(e.label, taken: taken(e))
            out += "    \(e.from.mermaidId) \(arrow)\(label.map { "|\"\(escapeMermaid($0))\"|" } ?? "") \(e.to.mermaidId)\n"
            switch taken(e) {
            case true?: styles += "    linkStyle \(n) stroke:#2a7a2a,stroke-width:2px\n"
            case false?: styles += "    linkStyle \(n) stroke:#cc3333,stroke-width:1px,stroke-dasharray:3 3\n"
            case nil: break
            }
        }
        let unrun = pipeline.stages.filter { neverRan($0) == true }.map { Node.stage($0.id).mermaidId }
        if !unrun.isEmpty {
            out += "    classDef neverRan fill:#fde8e8,stroke:#cc3333,stroke-dasharray:3 3\n"
            out += "    class \(unrun.joined(separator: ",")) neverRan\n"
        }
        return out + styles
    }

    /// An arrow's label with coverage: untaken arrows say so in words too (colour alone is
    /// lost in print and to some readers).
    static func coverageLabel(_ label: String?, taken: Bool?) -> String? {
        guard taken == false else { return label }
        return label.map { "\($0) (never taken)" } ?? "never taken"
    }

    /// Graphviz DOT: screens as rounded boxes, steps as boxes, early outcomes dashed.
    public func dot() -> String {
        var out = "digraph \"\(title)\" {\n    rankdir=TB;\n    node [fontname=\"Helvetica\", fontsize=11];\n"
        out += "    edge [fontname=\"Helvetica\", fontsize=9];\n"
        for stage in pipeline.stages {
            switch stage.kind {
            case .screen: out += "    \"\(stage.id)\" [shape=box, style=rounded];\n"
            case .step: out += "    \"\(stage.id)\" [shape=box, style=filled, fillcolor=\"#e8eef7\"];\n"
            }
            if neverRan(stage) == true { out += "    \"\(stage.id)\" [color=\"#cc3333\", fontcolor=\"#cc3333\", xlabel=\"never ran\"];\n" }
        }
        for d in decisions { out += "    \"\(d.dotName)\" [shape=diamond, label=\"\", width=0.25, height=0.25];\n" }
        if pipeline.isExplicit { out += "    \"\(Node.end.dotName)\" [shape=doublecircle, label=\"end\", width=0.3];\n" }
        for e in edges {
            var attributes: [String] = []
            if let label = Self.coverageLabel(e.label, taken: taken(e)) { attributes.append("label=\"\(escapeDOT(label))\"") }
            switch taken(e) {
            case true?: attributes += ["color=\"#2a7a2a\"", "penwidth=2"]
            case false?: attributes += ["color=\"#cc3333\"", "fontcolor=\"#cc3333\"", "style=dotted"]
            case nil: break
            }
            if e.isOutcome, taken(e) != false { attributes.append("style=dashed") }
            out +=
                "    \"\(e.from.dotName)\" -> \"\(e.to.dotName)\"\(attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]");\n"
        }
        return out + "}\n"
    }

    private func escapeMermaid(_ s: String) -> String { s.replacingAll("\"", with: "#quot;") }
    private func escapeDOT(_ s: String) -> String { s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") }
}
