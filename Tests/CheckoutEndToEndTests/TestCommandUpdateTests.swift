import Foundation
import Testing

/// `checkout test --update` as a user runs it, on a copy of a shipped flow whose New York tax
/// changed: the report names the field, `--update` rewrites only `expect.result`, prints the
/// diff without card data, and the suite then passes with its comments intact.
@Suite struct TestCommandUpdateTests {
    static let cvv = "736"

    /// A workspace with full-billing-shipping.yaml (New York's tax set to `rate`) and a suite.
    static func workspace(newYorkTax rate: String) throws -> (Workspace, String) {
        let ws = try Workspace()
        let flow = try String(
            contentsOf: CheckoutBinary.root.appendingPathComponent("flows/full-billing-shipping.yaml"), encoding: .utf8)
        #expect(flow.contains("US-NY: 8.875"))
        try ws.write(flow.replacingOccurrences(of: "US-NY: 8.875", with: "US-NY: \(rate)"), to: "shop.yaml")
        let suite = try ws.write(
            """
            # The merchant's suite: this comment stays.
            - name: ships to new york
              answers: &ny
                card: { number: "5555 5555 5555 4444", expiry: "12/35", cvv: "\(cvv)" }
                billing: { name: Ola Nordmann, email: ola@example.com, address: Karl Johans gate 1, city: Oslo, zip: "0154", country: NO }
                shipping: { name: Ola Nordmann, address: 350 Fifth Avenue, city: New York, zip: "10118", country: US, state: NY }
              expect:
                status: success
                result:
                  # tax on the shipping address
                  priceDetails: { amount: 100.00, taxAmount: 8.88, currency: USD }
                  transaction: { type: SALE, amount: 108.88, id: !pattern "^[0-9]+$" }   # the charge
              tags: [tax]

            - name: no result yet
              answers: *ny
              expect: { status: success }   # shorthand only
            """, to: "shop.scenarios.yaml")
        return (ws, suite)
    }

    @Test func aWrongTaxFailsNamingTheFieldAndBothValues() throws {
        let (ws, suite) = try Self.workspace(newYorkTax: "0")
        let r = try withExtendedLifetime(ws) { try CheckoutBinary.run(["test", suite]) }
        #expect(r.status == 1)
        #expect(r.stdout.contains("\(suite):11: result.priceDetails.taxAmount: expected 8.88, got 0.00\n"))
        #expect(r.stdout.contains("\(suite):12: result.transaction.amount: expected 108.88, got 100.00\n"))
        let (shippedWorkspace, shipped) = try Self.workspace(newYorkTax: "8.875")
        #expect(try withExtendedLifetime(shippedWorkspace) { try CheckoutBinary.run(["test", shipped]) }.status == 0)
    }

    @Test func updateRewritesOnlyTheResultPrintsTheDiffAndThenPasses() throws {
        let (ws, suite) = try Self.workspace(newYorkTax: "0")
        let before = try #require(ws.read(suite))
        // Without --update nothing is written.
        #expect(try CheckoutBinary.run(["test", suite]).status == 1)
        #expect(ws.read(suite) == before)

        let r = try CheckoutBinary.run(["test", suite, "--update"])
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
        let after = try #require(ws.read(suite))
        #expect(r.stdout.contains("--- a/\(suite)\n+++ b/\(suite)\n"))
        #expect(r.stdout.contains("\n-      priceDetails: { amount: 100.00, taxAmount: 8.88, currency: USD }\n"))
        #expect(r.stdout.contains("\n+      priceDetails: { amount: 100.00, taxAmount: 0.00, currency: USD }\n"))
        #expect(r.stdout.hasSuffix("updated 1 scenarios file\n"))
        // Every comment and the answers survive byte for byte; the pattern stays.
        for line in before.split(separator: "\n") where line.contains("#") || line.contains("card:") || line.contains("!pattern") {
            if line.contains("priceDetails") || line.contains("transaction") || line.contains("expect: {") { continue }
            #expect(after.contains(line), "lost: \(line)")
        }
        #expect(after.contains("      transaction: { type: SALE, amount: 100.00, id: !pattern \"^[0-9]+$\" }   # the charge\n"))
        #expect(after.contains("  expect:\n    status: success\n    result:\n      paymentType: CC\n"))
        #expect(after.contains("# shorthand only"))
        // The rewritten suite passes, and a second --update changes nothing.
        let again = try CheckoutBinary.run(["test", suite])
        #expect(again.status == 0 && again.stdout.hasSuffix("2 passed, 0 failed\n"))
        let noop = try CheckoutBinary.run(["test", suite, "--update"])
        #expect(noop.status == 0 && noop.stdout.hasSuffix("2 passed, 0 failed\nupdated 0 scenarios files\n"))
        #expect(ws.read(suite) == after)
        // No card number or CVV in anything printed.
        let scanner = LeakScanner(number: "5555 5555 5555 4444", cvv: Self.cvv)
        #expect(scanner.findings(in: r.stdout + r.stderr).isEmpty, "\(scanner.findings(in: r.stdout))")
        #expect(r.stdout.contains("(answers: not shown)"))
    }

    @Test func aScenarioStillFailingOnWhatUpdateDoesNotWriteExitsOne() throws {
        let (ws, suite) = try Self.workspace(newYorkTax: "8.875")
        try ws.write(
            (ws.read(suite) ?? "").replacingOccurrences(of: "expect: { status: success }", with: "expect: { status: declined }"),
            to: "shop.scenarios.yaml")
        let r = try CheckoutBinary.run(["test", suite, "--update"])
        #expect(r.status == 1)
        #expect(r.stdout.hasSuffix("updated 1 scenarios file; still failing: no result yet\n"))
    }
}
