import Foundation
import Testing

/// `checkout test --coverage [FILE]`, `--min-coverage` and `checkout graph --coverage` through
/// the real binary (docs/testing.md, "Flow coverage").
@Suite struct CoverageCommandTests {
    /// The line of `flows/second-card.yaml` holding `text`.
    static func line(of text: String) throws -> Int {
        let source = try String(contentsOf: CheckoutBinary.root.appendingPathComponent("flows/second-card.yaml"), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        return try #require(lines.firstIndex { $0.contains(text) }) + 1
    }

    @Test func oneScenarioLeavesTheDeclineRouteUncoveredAndFailsMinCoverage() throws {
        let ws = try Workspace()
        let json = ws.url.appendingPathComponent("coverage.json").path
        let r = try CheckoutBinary.run([
            "test", "flows/second-card.scenarios.yaml", "--filter", "paypal skips", "--coverage", json, "--min-coverage", "100",
        ])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("1 passed, 0 failed, 14 skipped\n"))
        #expect(r.stdout.contains("coverage second-card (flows/second-card.yaml): "), "\(r.stdout)")
        let route = try Self.line(of: "\"on\": { declined: card }")
        #expect(r.stdout.contains("  uncovered flows/second-card.yaml:\(route): route charge declined → card\n"), "\(r.stdout)")
        // `verify` can run at this flow's price (a US billing address, New York's tax): counted.
        #expect(r.stdout.contains("when of verify held"), "\(r.stdout)")
        #expect(r.stderr.contains("is below --min-coverage 100.0%"), "\(r.stderr)")
        let written = try #require(ws.read(json))
        #expect(written.contains("\"key\": \"route:charge:declined\""), "\(written)")
        #expect(written.contains("\"flow\": \"second-card\""))

        // The graph draws what the scenario never took, in words as well as colour.
        let mermaid = try CheckoutBinary.run(["graph", "flows/second-card.yaml", "--coverage", json])
        #expect(mermaid.status == 0, "\(mermaid.stderr)")
        #expect(mermaid.stdout.contains("s_charge -.->|\"declined (never taken)\"| s_card"), "\(mermaid.stdout)")
        #expect(mermaid.stdout.contains("stroke:#2a7a2a") && mermaid.stdout.contains("stroke:#cc3333"))
        #expect(
            mermaid.stdout.contains("    class s_card,s_billing,s_shipping,s_tokenize,s_verify,s_charge neverRan\n"), "\(mermaid.stdout)")
        let dot = try CheckoutBinary.run(["graph", "flows/second-card.yaml", "--format", "dot", "--coverage", json])
        #expect(dot.stdout.contains("\"charge\" -> \"card\" [label=\"declined (never taken)\", color=\"#cc3333\""), "\(dot.stdout)")
        #expect(dot.stdout.contains("penwidth=2"))
        // Without --coverage the graph is as before.
        let plain = try CheckoutBinary.run(["graph", "flows/second-card.yaml"])
        #expect(!plain.stdout.contains("never taken") && !plain.stdout.contains("linkStyle"))
    }

    @Test func theWholeSuiteTakesTheDeclineRouteAndNoCardDataIsReported() throws {
        let ws = try Workspace()
        let json = ws.url.appendingPathComponent("coverage.json").path
        let r = try CheckoutBinary.run(["test", "flows/second-card.scenarios.yaml", "--coverage=\(json)"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(!r.stdout.contains("route charge declined → card"))
        #expect(r.stdout.contains("  produced charge: "), "\(r.stdout)")
        #expect(r.stdout.contains("declined do_not_honor") || r.stdout.contains("declined "))
        let written = try #require(ws.read(json))
        for (number, cvv) in [("4000 0000 0000 9995", "123"), ("4000 0000 0000 9987", "123"), ("4111 1111 1111 1111", "123")] {
            let scanner = LeakScanner(number: number, cvv: cvv)
            #expect(scanner.findings(in: r.stdout).isEmpty && scanner.findings(in: written).isEmpty)
        }
    }

    @Test func coverageAloneIsTheTextSummaryAndAPathAfterItIsStillAPath() throws {
        let r = try CheckoutBinary.run(["test", "--coverage", "flows/second-card.scenarios.yaml", "--filter", "apple pay"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("coverage second-card (flows/second-card.yaml): "))
        #expect(r.stdout.hasSuffix("over 1 flow\n"))
        let bad = try CheckoutBinary.run(["test", "flows/second-card.scenarios.yaml", "--min-coverage", "120"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--min-coverage must be a percentage from 0 to 100"))
    }
}
