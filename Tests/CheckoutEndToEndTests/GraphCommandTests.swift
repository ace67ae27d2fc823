import Foundation
import Testing

/// `checkout graph` through the real binary.
@Suite struct GraphCommandTests {
    @Test func mermaidIsTheDefaultAndDotIsAvailable() throws {
        let mermaid = try CheckoutBinary.run(["graph", "flows/three-d-secure.yaml"])
        #expect(mermaid.status == 0, "\(mermaid.stderr)")
        #expect(mermaid.stdout.contains("flowchart TD"))
        #expect(mermaid.stdout.contains("s_threeDS -.->|\"failed / canceled\"| s_result"))
        let dot = try CheckoutBinary.run(["graph", "flows/three-d-secure.yaml", "--format", "dot"])
        #expect(dot.status == 0)
        #expect(dot.stdout.hasPrefix("digraph \"three-d-secure\" {"))
    }

    @Test func aBrokenFlowIsReportedNotDrawn() throws {
        let ws = try Workspace()
        let flow = try ws.flow("flow: Broken Flow\ndsl: 1\nrequest: { price: { amount: 1 } }\n")
        let r = try CheckoutBinary.run(["graph", flow])
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains(":1:7: error: flow id 'Broken Flow'"))
    }

    @Test func anUnknownFormatIsAUsageError() throws {
        let r = try CheckoutBinary.run(["graph", "flows/standard-checkout.yaml", "--format", "png"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("png"))
    }
}
