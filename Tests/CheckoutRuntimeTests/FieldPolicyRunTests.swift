import CheckoutDomain
import CheckoutHeadless
import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// Toward one field policy (issue 19, item 3): a billing phone the flow asks for (Maxpay's
/// `showPhoneField`) reaches the result; one it does not ask for does not.
@Suite struct FieldPolicyRunTests {
    static let card = #"card: { number: "4111111111111111", expiry: "12/35", cvv: "123" }"#

    func run(request: String = "", fields: String = "", answers: String) async throws -> (CheckoutResult, [TraceEvent]) {
        let flow = """
            flow: field-policy
            dsl: 1
            request:
              price: { amount: 10.00, currency: USD }
              withEmail: false
            \(request)
            \(fields)
            """
        let clock = ManualClock(start: fixedStart)
        let random = SeededRandom(seed: 7)
        let trace = MemoryTraceSink()
        let runner = CheckoutRunner(
            flow: try compileFlow(flow), provider: SandboxProvider(clock: clock, random: random),
            frontend: HeadlessFrontend(answers: try readAnswers("\(Self.card)\n\(answers)")), clock: clock, random: random, trace: trace)
        return (await runner.run(), trace.events)
    }

    func billingDetails(_ r: CheckoutResult) -> [String: JSONValue] {
        guard case .object(let members) = r.json, case .object(let details)? = members.first(where: { $0.key == "billingDetails" })?.value
        else { return [:] }
        return Dictionary(uniqueKeysWithValues: details.map { ($0.key, $0.value) })
    }

    @Test func anAskedBillingPhoneIsInTheResult() async throws {
        let (r, _) = try await run(
            fields: "fields:\n  available: { showPhoneField: true }",
            answers: #"billing: { name: Jane Doe, country: US, zip: "10001", phone: "+12125550100" }"#)
        #expect(r.status == .success)
        #expect(billingDetails(r)["phone"] == .string("+12125550100"))
    }

    @Test func aPhoneTheFlowDoesNotAskIsLeftOutOfTheResult() async throws {
        let (r, _) = try await run(
            request: #"  prefill: { billing: { phone: "+12125550100" } }"#,
            answers: #"billing: { name: Jane Doe, country: US, zip: "10001" }"#)
        #expect(r.status == .success)
        #expect(billingDetails(r)["phone"] == nil)
        #expect(billingDetails(r)["name"] == .string("Jane Doe"))
    }
}
