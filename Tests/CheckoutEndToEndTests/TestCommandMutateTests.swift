import Foundation
import Testing

/// `checkout test --mutate` run as a user runs it: the report, the threshold's exit code, and
/// no card data in any output.
@Suite struct TestCommandMutateTests {
    static let flow = """
        flow: shop
        dsl: 1
        request:
          price: { amount: 25.00, currency: USD }
          withEmail: true
          withShipping: false
        tax:
          US-NY: 8.875

        """

    static let scenarios = """
        - name: approved
          answers: &visa
            card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "736" }
            billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "10001" }
          expect: { status: success, exitCode: 0, paymentType: CC }
        - name: declined
          answers:
            card: { number: "4000 0000 0000 9995", expiry: "12/30", cvv: "736" }
            billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "10001" }
          expect: { status: declined, declineCode: insufficient_funds }
        """

    static func workspace(scenarios: String = scenarios) throws -> (Workspace, String) {
        let ws = try Workspace()
        try ws.write(flow, to: "shop.yaml")
        return (ws, try ws.write(scenarios, to: "shop.scenarios.yaml"))
    }

    static func expectNoCardData(_ outputs: [String]) {
        for number in ["4111 1111 1111 1111", "4000 0000 0000 9995"] {
            let scanner = LeakScanner(number: number, cvv: "736")
            for text in outputs { #expect(scanner.findings(in: text).isEmpty, "\(text)") }
        }
    }

    @Test func theReportAndTheThresholdsExitCode() throws {
        let (ws, suite) = try Self.workspace()
        let flowPath = ws.url.appendingPathComponent("shop.yaml").path
        let passing = try CheckoutBinary.run(["test", suite, "--mutate", "--min-mutation-score", "33"])
        #expect(passing.status == 0, "\(passing.stderr)")
        #expect(passing.stdout.contains("  survived  \(flowPath):8  tax rate US-NY 8.875 → 0  (number)\n"))
        #expect(passing.stdout.hasSuffix("mutation score 33.3%: 2 killed, 4 survived, 0 equivalent, 1 stillborn in 1 flow\n"))
        #expect(passing.stderr == "checkout: mutate: 7 of 7 mutants\n")

        let failing = try CheckoutBinary.run(["test", suite, "--mutate", "--min-mutation-score", "34", "--jobs", "2"])
        #expect(failing.status == 1)
        #expect(failing.stdout == passing.stdout)
        #expect(failing.stderr.hasSuffix("checkout: error: mutation score 33.3% is below --min-mutation-score 34.0\n"))

        let json = try CheckoutBinary.run(["test", suite, "--mutate", "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["score"] as? NSNumber)?.doubleValue == 33.3)
        #expect((object["survived"] as? Int) == 4 && (object["killed"] as? Int) == 2)
        Self.expectNoCardData([passing.stdout, passing.stderr, failing.stdout, failing.stderr, json.stdout, json.stderr])
        withExtendedLifetime(ws) {}
    }

    @Test func aSuiteThatFailsUnmutatedStopsTheMutationRun() throws {
        let (ws, suite) = try Self.workspace(
            scenarios: Self.scenarios.replacingOccurrences(of: "declineCode: insufficient_funds", with: "declineCode: lost_card"))
        let r = try CheckoutBinary.run(["test", suite, "--mutate"])
        #expect(r.status == 1)
        #expect(r.stdout.hasPrefix("FAIL shop › declined\n"))
        #expect(!r.stdout.contains("mutation score"))
        #expect(r.stderr.contains("--mutate needs every scenario to pass on the unmutated flows; 1 failed, so no mutant was made"))
        Self.expectNoCardData([r.stdout, r.stderr])
        withExtendedLifetime(ws) {}
    }

    @Test func optionsThatOnlyGoWithMutate() throws {
        let (ws, suite) = try Self.workspace()
        defer { withExtendedLifetime(ws) {} }
        for arguments in [
            ["--min-mutation-score", "50"], ["--json"], ["--mutate", "--min-mutation-score", "101"],
            ["--mutate", "--junit", "report.xml"],
        ] {
            let r = try CheckoutBinary.run(["test", suite] + arguments)
            #expect(r.status == 2, "\(arguments): \(r.stderr)")
        }
    }
}
