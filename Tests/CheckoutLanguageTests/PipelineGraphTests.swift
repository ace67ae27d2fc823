import CheckoutLanguage
import Foundation
import Testing

/// `checkout graph`: the pictures of the shipped flows, kept as files and compared.
@Suite struct PipelineGraphTests {
    static let flows = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("flows")

    static var shippedFlows: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: flows.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".scenarios.yaml") }
            .map { String($0.dropLast(".yaml".count)) }.sorted()
    }

    func graph(_ name: String) throws -> PipelineGraph {
        let result = FlowCompiler.compile(contentsOf: Self.flows.appendingPathComponent("\(name).yaml").path)
        let flow = try #require(result.flow, "\(name) does not compile")
        return PipelineGraph(flow.pipeline, title: flow.definition.id)
    }

    @Test(arguments: shippedFlows)
    func mermaidAndDotMatchTheirFiles(flow: String) throws {
        let g = try graph(flow)
        let fixture = FlowFixture(group: "graph", name: flow)
        try fixture.expect(g.mermaid(), matches: ".mmd")
        try fixture.expect(g.dot(), matches: ".dot")
    }

    @Test func everyShippedFlowIsDrawn() {
        #expect(Self.shippedFlows.count >= 4)
    }

    @Test func aGuardedStageHasItsConditionOnTheWayInAndOtherwiseAroundIt() throws {
        let text = try graph("standard-checkout").mermaid()
        #expect(text.contains(#"d_creditCard -->|"paymentMethod == card"| s_creditCard"#))
        #expect(text.contains(#"d_creditCard -->|"otherwise"| d_billing"#))
        #expect(text.contains(#"s_sale -.->|"declined"| s_result"#))
    }

    /// Stage ids are the author's: Mermaid keywords (`end`, `style`, `subgraph`, `class`), a
    /// leading `o` or `x` (an arrow's head to Mermaid), `--` inside, or the name another node
    /// would have (`if_review`) must each stay one node of their own. Mermaid's own grammar
    /// checks the shipped graphs (MermaidParserTests); this checks the spelling of odd ids.
    @Test func oddStageIdsGetNodeIdsNoKeywordOrArrowCanTake() throws {
        let text = """
            flow: odd
            dsl: 1
            request: { price: { amount: 5.00 } }
            screens:
              - { id: style, kind: creditCard }
              - { id: if_review, kind: billing }
              - { id: subgraph, kind: review, when: "paymentMethod == card" }
            steps:
              - { id: o--x, kind: createToken }
              - { id: x_y, kind: tokenize }
              - { id: end-of-it, kind: sale }
            """
        let flow = try #require(FlowCompiler.compile(text, file: "odd.yaml").flow)
        let mermaid = PipelineGraph(flow.pipeline, title: "odd").mermaid()
        let nodeIds = mermaid.split(separator: "\n").compactMap { line -> String? in
            let t = line.trimmingCharacters(in: .whitespaces)
            guard let open = t.firstIndex(where: { "([{".contains($0) }), !t.contains(" --"), !t.contains(" -.->") else { return nil }
            return String(t[..<open])
        }
        #expect(
            nodeIds == ["s_style", "s_if__review", "s_subgraph", "s_o_h_hx", "s_x__y", "s_end_hof_hit", "d_subgraph", "e_end"],
            "\(mermaid)")
        #expect(Set(nodeIds).count == nodeIds.count)
        #expect(mermaid.contains("d_subgraph -->|\"otherwise\"| s_o_h_hx"))
        let dot = PipelineGraph(flow.pipeline, title: "odd").dot()
        #expect(dot.contains(#""if subgraph" -> "subgraph""#))
        #expect(dot.contains(#""end-of-it" -> "(end)";"#))
    }

    @Test func threeDSCanEndTheRunEarly() throws {
        let text = try graph("three-d-secure").dot()
        #expect(text.contains(#""threeDS" -> "result" [label="failed / canceled", style=dashed];"#))
    }
}
