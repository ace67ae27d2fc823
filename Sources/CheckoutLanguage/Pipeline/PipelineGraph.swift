/// Draws a compiled pipeline as Mermaid or Graphviz DOT: screens and steps in order, the
/// condition on each guarded edge, "otherwise" where a guarded stage is skipped, and the
/// outcome routes (declined, failed, canceled) that end a run early.
package struct PipelineGraph: Sendable {
    /// The output formats.
    public enum Format: String, Sendable, CaseIterable {
        case mermaid, dot
    }

    /// One arrow.
    struct Edge: Hashable {
        var from: String
        var to: String
        var label: String?
        /// An early end (declined, failed, canceled) rather than the happy path.
        var isOutcome = false
    }

    let pipeline: Pipeline
    let title: String

    /// Creates a graph of `pipeline`, titled with the flow id.
    public init(_ pipeline: Pipeline, title: String) {
        self.pipeline = pipeline
        self.title = title
    }

    /// The decision points: one before each guarded stage.
    var decisions: [String] { pipeline.stages.filter { $0.condition != nil }.map { "if_\($0.id)" } }

    /// Where a run goes after the last stage: the result screen of a derived pipeline, or
    /// an `end` node for an explicit one (whose result screen is implicit).
    var endNode: String? {
        if pipeline.isExplicit { return "end" }
        return pipeline.stages.last(where: { $0.kind == .screen(.result) })?.id
    }

    /// The arrows. A guarded stage gets a decision point before it: its condition leads into
    /// the stage, "otherwise" goes on to whatever comes next, so every path is drawn exactly.
    /// Outcome routes (declined, failed, canceled) are drawn dashed to where they go.
    var edges: [Edge] {
        var edges: [Edge] = []
        let stages = pipeline.stages
        func entry(_ index: Int?) -> String? {
            guard let index else { return pipeline.isExplicit ? "end" : nil }
            return stages[index].condition == nil ? stages[index].id : "if_\(stages[index].id)"
        }
        for (i, stage) in stages.enumerated() {
            if let condition = stage.condition {
                edges.append(Edge(from: "if_\(stage.id)", to: stage.id, label: condition.description))
                if let to = entry(i + 1 < stages.count ? i + 1 : nil) {
                    edges.append(Edge(from: "if_\(stage.id)", to: to, label: "otherwise"))
                }
            }
            if let to = entry(pipeline.successor(of: i, on: .success)) {
                let routed = stage.routes[.success] != nil
                edges.append(Edge(from: stage.id, to: to, label: routed ? "success" : nil))
            }
            var byTarget: [(String, [String])] = []
            for outcome in Self.earlyOutcomes(stage.kind) {
                let target: String?
                if let route = stage.routes[outcome] {
                    if case .stage(let id) = route, let j = pipeline.index(of: id) { target = entry(j) } else { target = endNode }
                } else {
                    target = endNode
                }
                guard let target else { continue }
                if let k = byTarget.firstIndex(where: { $0.0 == target }) {
                    byTarget[k].1.append(outcome.rawValue)
                } else {
                    byTarget.append((target, [outcome.rawValue]))
                }
            }
            for (target, outcomes) in byTarget {
                edges.append(Edge(from: stage.id, to: target, label: outcomes.joined(separator: " / "), isOutcome: true))
            }
        }
        return edges
    }

    /// The outcomes with which a stage can end other than success.
    static func earlyOutcomes(_ kind: StageKind) -> [StageOutcome] {
        kind.outcomes.filter { $0 != .success }
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
            case .screen: out += "    \(stage.id)([\"\(stage.id)\"])\n"
            case .step: out += "    \(stage.id)[[\"\(stage.id)\"]]\n"
            }
        }
        for d in decisions { out += "    \(d){\"?\"}\n" }
        if pipeline.isExplicit { out += "    end((\"end\"))\n" }
        for e in edges {
            let arrow = e.isOutcome ? "-.->" : "-->"
            out += "    \(e.from) \(arrow)\(e.label.map { "|\"\(escapeMermaid($0))\"|" } ?? "") \(e.to)\n"
        }
        return out
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
        }
        for d in decisions { out += "    \"\(d)\" [shape=diamond, label=\"\", width=0.25, height=0.25];\n" }
        if pipeline.isExplicit { out += "    \"end\" [shape=doublecircle, label=\"end\", width=0.3];\n" }
        for e in edges {
            var attributes: [String] = []
            if let label = e.label { attributes.append("label=\"\(escapeDOT(label))\"") }
            if e.isOutcome { attributes.append("style=dashed") }
            out += "    \"\(e.from)\" -> \"\(e.to)\"\(attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]");\n"
        }
        return out + "}\n"
    }

    private func escapeMermaid(_ s: String) -> String { s.replacingAll("\"", with: "#quot;") }
    private func escapeDOT(_ s: String) -> String { s.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") }
}
