import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Testing

/// `expect.result` read from a scenarios file and compared with a run's result: a wrong tax
/// in the shipped flow fails with the field, both values and the expected key's line.
@Suite struct ExpectResultTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shipped full-billing-shipping flow, New York's tax set to `rate`.
    static func billingFlow(newYorkTax rate: String) throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent("flows/full-billing-shipping.yaml"), encoding: .utf8)
        #expect(text.contains("US-NY: 8.875"))
        return text.replacingOccurrences(of: "US-NY: 8.875", with: "US-NY: \(rate)")
    }

    static let scenarios = """
        # New York's tax, as a money bug would break it.
        - name: ships to new york
          answers:
            card: { number: "5555 5555 5555 4444", expiry: "12/35", cvv: "123" }
            billing: { name: Jane Shopper, email: jane@example.com, address: 1 Main St, city: Oslo, zip: "0154", country: NO }
            shipping: { name: Jane Shopper, address: 350 Fifth Avenue, city: New York, zip: "10118", country: US, state: NY }
          expect:
            status: success
            result:
              priceDetails:
                amount: 100.00
                taxAmount: 8.88
                currency: USD
              transaction: { type: SALE, amount: 108.88, id: !pattern "^[0-9]+$" }
              creditCard: { last4Digits: "4444", cardMask: absent }
              shippingDetails: { state: NY, city: New York }
        """

    func outcome(newYorkTax rate: String) async throws -> ScenarioOutcome {
        let flowText = try Self.billingFlow(newYorkTax: rate)
        let read = readScenarios(Self.scenarios, others: ["suite/checkout.yaml": flowText])
        let file = try #require(read.file, "\(rendered(read))")
        let flow = try #require(FlowCompiler.compile(flowText, file: "suite/checkout.yaml").flow)
        return await ScenarioRunner(flows: ["suite/checkout.yaml": flow], provider: .sandbox).run(file.scenarios[0], suite: "checkout")
    }

    @Test func theShippedTaxPasses() async throws {
        let o = try await outcome(newYorkTax: "8.875")
        #expect(o.passed, "\(o.differences)")
    }

    @Test func newYorkAtZeroPercentFailsNamingTheFieldBothValuesAndTheLine() async throws {
        let o = try await outcome(newYorkTax: "0")
        #expect(
            o.differences == [
                ScenarioDifference("result.priceDetails.taxAmount: expected 8.88, got 0.00", line: 12),
                ScenarioDifference("result.transaction.amount: expected 108.88, got 100.00", line: 14),
            ])
        #expect(
            ScenarioReport.lines(o) == """
                FAIL checkout › ships to new york
                       suite/checkout.scenarios.yaml:12: result.priceDetails.taxAmount: expected 8.88, got 0.00
                       suite/checkout.scenarios.yaml:14: result.transaction.amount: expected 108.88, got 100.00
                       got: status success, exitCode 0, paymentType CC

                """)
        let junit = JUnitWriter.document([o])
        #expect(junit.contains("suite/checkout.scenarios.yaml:12: result.priceDetails.taxAmount: expected 8.88, got 0.00"))
        // The result holds the card's brand and last 4 only; no message holds more.
        #expect(!junit.contains("5555 5555 5555 4444") && !junit.contains("5555555555554444"))
    }

    @Test func aMismatchOnTheCardShowsOnlyWhatTheResultHolds() async throws {
        let text = Self.scenarios.replacingOccurrences(of: "last4Digits: \"4444\"", with: "last4Digits: \"1111\", ccType: VISA")
        let flowText = try Self.billingFlow(newYorkTax: "8.875")
        let read = readScenarios(text, others: ["suite/checkout.yaml": flowText])
        let file = try #require(read.file, "\(rendered(read))")
        let flow = try #require(FlowCompiler.compile(flowText, file: "suite/checkout.yaml").flow)
        let o = await ScenarioRunner(flows: ["suite/checkout.yaml": flow], provider: .sandbox).run(file.scenarios[0], suite: "checkout")
        #expect(
            o.differences.map(\.message) == [
                "result.creditCard.last4Digits: expected \"1111\", got \"4444\"",
                "result.creditCard.ccType: expected \"VISA\", got \"MASTERCARD\"",
            ])
        let shown = ScenarioReport.lines(o) + JUnitWriter.document([o])
        #expect(!shown.contains("5555") && !shown.contains(" 123"))
    }

    @Test func theReaderKeepsTheNodeAndChecksIt() throws {
        let ok = readScenarios(
            """
            - name: a
              answers: { paymentMethod: paypal }
              expect: { result: { paymentType: PAYPAL } }
            """)
        let file = try #require(ok.file, "\(rendered(ok))")
        #expect(file.scenarios[0].expect.result?.node.mapping?.first?.key.scalar?.value == "paymentType")
        let bad = readScenarios(
            """
            - name: a
              answers: { paymentMethod: paypal }
              expect:
                result: { priceDetails: { amount: 25.000, currency: USD }, transaction: { id: !regex "x" } }
            - name: b
              answers: { paymentMethod: paypal }
              expect: { result: [status] }
            """)
        #expect(bad.file == nil)
        #expect(
            bad.diagnostics.map { "\($0.range?.start.line ?? 0): \($0.message)" } == [
                "4: 'result': amount 25.000 has more decimals than USD has (2); results print 25.00",
                "4: 'result': unknown tag !regex: the only tag an expectation takes is !pattern \"REGEX\"",
                "7: 'result' must be a mapping of the result's keys, found a list",
            ])
    }
}
