/// Draws a compiled pipeline as Mermaid or Graphviz DOT: screens and steps in order, the
/// condition on each guarded edge, "otherwise" where a guarded stage is skipped, and the
/// outcome routes (declined, failed, canceled) that end a run early.
public struct PipelineGraph: Sendable {
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

    /// The arrows. A guarded stage gets a decision point before it: its condition leads into
    /// the stage, "otherwise" goes on to whatever comes next, so every path is drawn exactly.
    var edges: [Edge] {
        var edges: [Edge] = []
        var exits: [(id: String, label: String?)] = []
        for stage in pipeline.stages {
            let entry = stage.condition == nil ? stage.id : "if_\(stage.id)"
            for exit in exits { edges.append(Edge(from: exit.id, to: entry, label: exit.label)) }
            if let condition = stage.condition {
                edges.append(Edge(from: entry, to: stage.id, label: condition.description))
                exits = [(stage.id, nil), (entry, "otherwise")]
            } else {
                exits = [(stage.id, nil)]
            }
        }
        if let end = pipeline.stages.last(where: { $0.kind == .screen(.result) }) {
            for stage in pipeline.stages {
                let outcomes = Self.earlyOutcomes(stage.kind)
                if !outcomes.isEmpty {
                    edges.append(Edge(from: stage.id, to: end.id, label: outcomes.joined(separator: " / "), isOutcome: true))
                }
            }
        }
        return edges
    }

    /// The outcomes with which a stage can end the run early.
    static func earlyOutcomes(_ kind: StageKind) -> [String] {
        switch kind {
        case .step(.threeDS): ["failed", "canceled"]
        case .step(.sale), .step(.authorize), .step(.subscribe): ["declined"]
        default: []
        }
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
