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
        #expect(text.contains(#"if_creditCard -->|"paymentMethod == card"| creditCard"#))
        #expect(text.contains(#"if_creditCard -->|"otherwise"| if_billing"#))
        #expect(text.contains(#"sale -.->|"declined"| result"#))
    }

    @Test func threeDSCanEndTheRunEarly() throws {
        let text = try graph("three-d-secure").dot()
        #expect(text.contains(#""threeDS" -> "result" [label="failed / canceled", style=dashed];"#))
    }
}
