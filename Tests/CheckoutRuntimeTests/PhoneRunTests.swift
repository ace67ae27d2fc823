import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// Phones at run time (issue 19, item 3): the billing phone (when the flow asks for it) and the
/// shipping phone are checked as numbers of the address's country, and the result and the
/// provider get them in E.164 form.
@Suite struct PhoneRunTests {
    static let card = #"card: { number: "4111111111111111", expiry: "12/35", cvv: "123" }"#
    static let shipping = #"shipping: { name: Jane Doe, address: "1 High St", city: London, zip: "SW1A 1AA", country: GB"#

    func run(request: String = "", fields: String = "", answers: String) async throws -> (CheckoutResult, String) {
        let flow = """
            flow: phones
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
        return (await runner.run(), trace.events.map(\.jsonLine).joined(separator: "\n"))
    }

    func issues(_ r: CheckoutResult) -> [String: String] {
        Dictionary(r.errors.map { ($0.path, $0.code) }, uniquingKeysWith: { first, _ in first })
    }

    /// The provider calls' lines of the trace: what was sent.
    func sent(_ trace: String) -> String {
        trace.split(separator: "\n").filter { $0.contains("provider.call") }.joined(separator: "\n")
    }

    @Test func anAskedBillingPhoneIsKeptAndSentInE164Form() async throws {
        let (r, trace) = try await run(
            fields: "fields:\n  available: { showPhoneField: true }",
            answers: #"billing: { name: Jane Doe, country: US, zip: "10001", phone: "(415) 555-2671" }"#)
        #expect(r.status == .success)
        #expect(r.billing?.phone == "+14155552671")
        #expect(sent(trace).contains(#""phone":"+14155552671""#))
        #expect(!trace.contains("555-2671"))
    }

    @Test func aBillingPhoneOfAnotherCountryIsRefused() async throws {
        let (r, trace) = try await run(
            fields: "fields:\n  billing: { phone: required }",
            answers: #"billing: { name: Jane Doe, country: US, zip: "10001", phone: "+44 20 7946 0018" }"#)
        #expect(r.status == .invalid)
        #expect(issues(r) == ["billing.phone": "invalid_phone"])
        #expect(r.errors.first?.message == "Enter a phone number for United States (+1).")
        #expect(!sent(trace).contains("tokenize"))
    }

    @Test func aShippingPhoneIsCheckedForTheShippingCountryAndKeptInE164Form() async throws {
        let (r, _) = try await run(
            request: "  withShipping: true",
            answers: #"billing: { name: Jane Doe, country: US, zip: "10001" }"# + "\n" + Self.shipping + #", phone: "020 7946 0018" }"#)
        #expect(r.status == .success)
        #expect(r.shipping?.phone == "+442079460018")
        let (wrong, _) = try await run(
            request: "  withShipping: true",
            answers: #"billing: { name: Jane Doe, country: US, zip: "10001" }"# + "\n" + Self.shipping + #", phone: "+1 415 555 2671" }"#)
        #expect(issues(wrong) == ["shipping.phone": "invalid_phone"])
    }

    @Test func aPrefilledPhoneTheFlowDoesNotAskIsNeitherCheckedNorKept() async throws {
        let (r, _) = try await run(
            request: #"  prefill: { billing: { phone: "555-0100" } }"#,
            answers: #"billing: { name: Jane Doe, country: US, zip: "10001" }"#)
        #expect(r.status == .success)
        #expect(r.billing?.phone == nil)
    }

    @Test func aPrefilledPhoneTheFlowAsksIsCheckedAndNormalizedLikeAnAnswer() async throws {
        let (r, _) = try await run(
            request: #"  prefill: { billing: { phone: "1 415 555 2671" } }"#, fields: "fields:\n  billing: { phone: optional }",
            answers: #"billing: { name: Jane Doe, country: US, zip: "10001" }"#)
        #expect(r.status == .success)
        #expect(r.billing?.phone == "+14155552671")
        let (bad, _) = try await run(
            request: #"  prefill: { billing: { phone: "555-0100" } }"#, fields: "fields:\n  billing: { phone: optional }",
            answers: #"billing: { name: Jane Doe, country: US, zip: "10001" }"#)
        #expect(issues(bad) == ["billing.phone": "invalid_phone"])
    }
}
