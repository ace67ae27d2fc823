import Foundation
import Testing

/// The throughput benchmark's flows stay on the YAML reader's fast path (issue 3's target
/// depends on it): `checkout-bench --check-fast-path` reads both through the fast path and
/// libyaml and compares the trees.
@Suite struct BenchmarkFlowsTests {
    @Test func bothBenchmarkFlowsTakeTheFastPathAndMatchLibYAML() throws {
        let r = try CheckoutBinary.run(["--check-fast-path"], program: CheckoutBinary.sibling("checkout-bench"))
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").filter { $0.contains("reads it as libyaml does") }
        #expect(lines.count == 2, "\(r.stdout)")
        // And the compiler takes both without a finding: a refused flow would time the error path.
        #expect(r.stdout.split(separator: "\n").filter { $0.hasSuffix("compiles without a finding") }.count == 2, "\(r.stdout)")
    }
}
