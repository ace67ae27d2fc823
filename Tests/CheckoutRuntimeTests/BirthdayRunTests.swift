import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// The billing date of birth at run time: asked only when the flow asks for it, checked
/// against the run's clock, in the result, never in the trace.
@Suite struct BirthdayRunTests {
    static let card = #"card: { number: "4111111111111111", expiry: "12/35", cvv: "123" }"#

    func run(_ fields: String, billing: String, extra: String = "") async throws -> (CheckoutResult, [TraceEvent]) {
        let flow = """
            flow: dates-of-birth
            dsl: 1
            request:
              price: { amount: 10.00, currency: USD }
              withEmail: false
            \(extra)
            fields:
            \(fields)
            """
        let clock = ManualClock(start: fixedStart)  // 2026-11-18
        let random = SeededRandom(seed: 7)
        let sandbox = SandboxProvider(clock: clock, random: random)
        let trace = MemoryTraceSink()
        let runner = CheckoutRunner(
            flow: try compileFlow(flow), provider: sandbox,
            frontend: HeadlessFrontend(answers: try readAnswers("\(Self.card)\nbilling: \(billing)")), clock: clock,
            random: random, trace: trace)
        return (await runner.run(), trace.events)
    }

    func issues(_ r: CheckoutResult) -> [String: String] {
        Dictionary(uniqueKeysWithValues: r.errors.map { ($0.path, $0.code) })
    }

    @Test func showBirthdayFieldCollectsItIntoTheResultButNotTheTrace() async throws {
        let (r, events) = try await run(
            "  available: { showBirthdayField: true }",
            billing: #"{ name: Jane Doe, country: US, zip: "10001", birthday: "2000-02-29" }"#)
        #expect(r.status == .success)
        #expect(r.billing?.birthday == "2000-02-29")
        guard case .object(let members) = r.json, let billing = members.first(where: { $0.key == "billingDetails" })?.value,
            case .object(let details) = billing
        else {
            Issue.record("no billingDetails in \(r.json)")
            return
        }
        #expect(details.first { $0.key == "birthday" }?.value == .string("2000-02-29"))
        let lines = events.map(\.jsonLine).joined(separator: "\n")
        #expect(!lines.isEmpty)
        #expect(!lines.contains("2000-02-29") && !lines.contains("birthday"))
    }

    @Test func optionalMayBeLeftOut() async throws {
        let (r, _) = try await run(
            "  available: { showBirthdayField: true }", billing: #"{ name: Jane Doe, country: US, zip: "10001" }"#)
        #expect(r.status == .success)
        #expect(r.billing?.birthday == nil)
    }

    @Test func requiredIsRequiredAndCheckedAgainstTheRunsDay() async throws {
        let (missing, _) = try await run(
            "  billing: { birthday: required }", billing: #"{ name: Jane Doe, country: US, zip: "10001" }"#)
        #expect(missing.status == .invalid)
        #expect(issues(missing) == ["billing.birthday": "required"])

        let (tomorrow, events) = try await run(
            "  billing: { birthday: required }", billing: #"{ name: Jane Doe, country: US, zip: "10001", birthday: "2026-11-19" }"#)
        #expect(issues(tomorrow) == ["billing.birthday": "birthday_in_future"])
        #expect(!tomorrow.errors.contains { $0.message.contains("2026-11-19") })
        #expect(!events.map(\.jsonLine).joined().contains("2026-11-19"))

        let (today, _) = try await run(
            "  billing: { birthday: required }", billing: #"{ name: Jane Doe, country: US, zip: "10001", birthday: "2026-11-18" }"#)
        #expect(today.status == .success)
        #expect(today.billing?.birthday == "2026-11-18")
    }

    @Test func notAskedIsRefused() async throws {
        for fields in ["  billing: { phone: optional }", "  available: { showBirthdayField: false }", "  billing: { birthday: hidden }"] {
            let (r, _) = try await run(fields, billing: #"{ name: Jane Doe, country: US, zip: "10001", birthday: "1990-04-30" }"#)
            #expect(issues(r) == ["billing.birthday": "not_offered"], "\(fields)")
            #expect(r.billing == nil)
        }
    }

    @Test func shippingSameAsBillingDoesNotCarryIt() async throws {
        let (r, _) = try await run(
            "  billing: { birthday: optional }",
            billing:
                #"{ name: Jane Doe, address: 1 Main St, city: New York, state: NY, country: US, zip: "10001", birthday: "1990-04-30" }"#
                + "\nshipping: { sameAsBilling: true }",
            extra: "  fullBilling: true\n  withShipping: true")
        #expect(r.status == .success)
        #expect(r.billing?.birthday == "1990-04-30")
        #expect(r.shipping?.name == "Jane Doe")
        #expect(r.shipping?.birthday == nil)
    }
}

/// Answers files: `billing.birthday` is read; `shipping.birthday` is an error that says where
/// a date of birth belongs.
@Suite struct BirthdayAnswersTests {
    @Test func billingReadsItAndShippingRefusesIt() {
        let (ok, none) = AnswersReader.read(Array(#"billing: { name: Jane Doe, birthday: 1990-04-30 }"#.utf8), file: nil)
        #expect(none.isEmpty)
        #expect(ok?.billing?.birthday == "1990-04-30")

        let (_, problems) = AnswersReader.read(Array(#"shipping: { name: Jane Doe, birthday: "1990-04-30" }"#.utf8), file: nil)
        #expect(problems.map(\.issue.path) == ["shipping.birthday"])
        #expect(problems.first?.issue.code == "unknown_key")
        #expect(problems.first?.issue.message.contains("billing.birthday") == true)
        #expect(problems.first?.issue.message.contains("1990") == false)
    }
}
