import CheckoutJSON
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Testing

/// A scenario's `taxService:` stand-in (docs/testing.md, "A stand-in tax service"): read with
/// its findings, run in place of the flow's service (answering, garbage, failing, hanging on the
/// run's clock), and used by the generator to reach the service's failure.
@Suite struct TaxServiceStandInTests {
    /// A flow whose real service cannot even be started: a run that called it could not succeed.
    static let flowText = """
        flow: checkout
        dsl: 1
        request:
          price: { amount: 40.00, currency: USD }
        taxService:
          command: [no-such-tax-program-18m]
          timeout: 1s
          attempts: 2
        """

    static let answers = """
          answers:
            card: { number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123" }
            billing: { name: Jane Shopper, email: jane@example.com, country: US, zip: "10001" }
        """

    static func scenario(_ standIn: String) -> String {
        "- name: stand-in\n  taxService: \(standIn)\n\(answers)\n  expect: { exitCode: 0 }\n"
    }

    /// Runs one scenario with `standIn` against `flowText`.
    static func run(_ standIn: String) async throws -> ScenarioOutcome {
        let read = readScenarios(scenario(standIn), others: ["suite/checkout.yaml": flowText])
        let scenario = try #require(read.file?.scenarios.first, "\(rendered(read))")
        let flow = try #require(FlowCompiler.compile(flowText, file: "suite/checkout.yaml").flow)
        return await ScenarioRunner(flows: ["suite/checkout.yaml": flow], provider: .sandbox).run(scenario, suite: "checkout")
    }

    static func taxHook(_ outcome: ScenarioOutcome) -> TraceEvent? { outcome.trace.last { $0.event == "hook.tax" } }
    static func retries(_ outcome: ScenarioOutcome) -> Int { outcome.trace.filter { $0.event == "step.retry" }.count }

    @Test func anAnsweringStandInSetsTheTaxAndSaysSoInTheTrace() async throws {
        let outcome = try await Self.run("{ taxAmount: \"3.55\" }")
        #expect(outcome.result.status == .success, "\(outcome.result.errors.map(\.message))")
        #expect(outcome.result.json["priceDetails"]?["taxAmount"] == .number("3.55"))
        #expect(outcome.result.json["transaction"]?["amount"] == .number("43.55"))
        let hook = try #require(Self.taxHook(outcome))
        #expect(hook.attributes.contains(JSONMember("standIn", .bool(true))))
        #expect(hook.attributes.contains(JSONMember("outcome", .string("success"))))
        #expect(Self.retries(outcome) == 0)
    }

    @Test func aGarbageAnswerIsReadAsTheServicesWouldBe() async throws {
        let outcome = try await Self.run("{ taxAmount: \"1.234\" }")
        #expect(outcome.result.status == .error)
        #expect(outcome.result.errors.map(\.code) == ["tax_failed"])
        #expect(
            outcome.result.errors.first?.message.hasPrefix("the tax service stand-in answered taxAmount '1.234'") == true,
            "\(outcome.result.errors)")
        #expect(Self.retries(outcome) == 1)
    }

    @Test func aFailingStandInFailsEveryAttempt() async throws {
        let outcome = try await Self.run("{ fails: the service is down }")
        #expect(outcome.result.status == .error)
        #expect(outcome.result.errors.map(\.message) == ["the tax service stand-in failed: the service is down"])
        #expect(Self.retries(outcome) == 1)
        let hook = try #require(Self.taxHook(outcome))
        #expect(hook.attributes.contains(JSONMember("outcome", .string("failed"))))
        #expect(hook.attributes.contains(JSONMember("standIn", .bool(true))))
        // Nothing tokenized or charged.
        #expect(!outcome.trace.contains { $0.event == "step.end" && $0.stage == "sale" })
    }

    @Test func aHangingStandInRunsPastTheTimeoutOnTheRunsClock() async throws {
        let outcome = try await Self.run("{ hangs: true }")
        #expect(outcome.result.errors.map(\.message) == ["the tax service stand-in took longer than 1.0s"])
        #expect(Self.retries(outcome) == 1)
        // The manual clock moved through both timeouts and the 100 ms backoff.
        let times = outcome.trace.map(\.time)
        let first = try #require(times.first)
        let last = try #require(times.last)
        #expect(last.timeIntervalSince(first) >= 2.1)
    }

    @Test func theKeysAreCheckedWithPositions() {
        let cases: [(String, Rule)] = [
            ("{}", .missingKey), ("{ fails: down, hangs: true }", .conflictingSettings), ("{ hangs: false }", .typeMismatch),
            ("{ answer: \"1.00\" }", .unknownKey),
        ]
        for (standIn, rule) in cases {
            let read = readScenarios(Self.scenario(standIn), others: ["suite/checkout.yaml": Self.flowText])
            let errors = read.diagnostics.filter { $0.severity == .error }
            #expect(errors.map(\.rule).contains(rule), "\(standIn): \(rendered(read))")
            #expect(errors.allSatisfy { $0.range?.start.line == 2 }, "\(standIn): \(rendered(read))")
        }
        let ok = readScenarios(Self.scenario("{ fails: down }"), others: ["suite/checkout.yaml": Self.flowText])
        #expect(!ok.diagnostics.hasErrors, "\(rendered(ok))")
    }

    @Test func aStandInOnAFlowWithoutATaxServiceIsAnErrorAtTheKey() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stand-in-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try plainFlowText.write(to: directory.appendingPathComponent("plain.yaml"), atomically: true, encoding: .utf8)
        try Self.flowText.write(to: directory.appendingPathComponent("taxed.yaml"), atomically: true, encoding: .utf8)
        let text = "- name: stand-in\n  flow: plain.yaml\n  taxService: { hangs: true }\n\(Self.answers)\n  expect: { exitCode: 4 }\n"
        let path = directory.appendingPathComponent("plain.scenarios.yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let suite = ScenarioSuite.load([path])
        #expect(suite.hasErrors)
        let finding = try #require(suite.findings.flatMap(\.diagnostics).first)
        #expect(finding.rule == .conflictingSettings)
        #expect(finding.range?.start.line == 3)
        #expect(finding.message.contains("has none"), "\(finding.message)")
        // The same scenario on a flow with a service reads clean.
        try text.replacingOccurrences(of: "plain.yaml", with: "taxed.yaml").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(!ScenarioSuite.load([path]).hasErrors)
    }
}
