import CheckoutDomain
import CheckoutHeadless
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Testing

/// The `signature` hook asks the run's provider how to sign (`PaymentProvider.requestSigner`):
/// the runtime has no scheme of its own, and no provider's name in its sources.
@Suite struct RequestSignerTests {
    /// A scheme unlike any provider's: one field, the key spelled out, its own command input.
    struct PlainSigner: RequestSigner {
        func signedFields(of request: ChargeRequest, billing: Address?, threeDS: Bool) -> [String: String] {
            ["order": request.idempotencyKey, "secure": threeDS ? "yes" : "no"]
        }
        func signature(of fields: [String: String], privateKey: String) -> String { "plain:" + privateKey }
        func commandInput(_ fields: [String: String]) -> String { "order " + (fields["order"] ?? "") }
    }

    func run(signer: (any RequestSigner)?, key: String?) async throws -> (CheckoutResult, [TraceEvent], [Transaction]) {
        let clock = ManualClock(start: fixedStart)
        let random = SeededRandom(seed: 9)
        let sandbox = SandboxProvider(clock: clock, random: random)
        let trace = MemoryTraceSink()
        let signing = SigningEnvironment(
            variable: { $0 == "MAXPAY_KEY" ? key : nil }, runCommand: { _, _, _, _ in CommandOutput(status: 1, stdout: "") })
        let runner = CheckoutRunner(
            flow: try compileFlow(SignatureTests.flow),
            provider: ChargeOverridingProvider(base: sandbox, signer: .some(signer), charge: sandbox.charge),
            frontend: HeadlessFrontend(answers: try readAnswers(SignatureTests.answers)), clock: clock, random: random,
            trace: trace, signing: signing)
        let result = await runner.run()
        return (result, trace.events, await sandbox.ledger)
    }

    @Test func theHookSignsByTheProvidersScheme() async throws {
        let (_, events, _) = try await run(signer: PlainSigner(), key: "k-1")
        let hook = try #require(events.first { $0.event == "hook.signature" })
        #expect(hook.attributes.first { $0.key == "fields" }?.value == .array([.string("order"), .string("secure")]))
        #expect(hook.attributes.first { $0.key == "signature" }?.value == .string("plain:k-1"))
    }

    @Test func aProviderThatSignsNothingGetsTheRequestUnsigned() async throws {
        // No key in the environment either: nothing asks for one.
        let (result, events, ledger) = try await run(signer: nil, key: nil)
        #expect(result.status == .success)
        #expect(ledger.count == 1)
        #expect(!events.contains { $0.event == "hook.signature" })
    }

    /// Issue 15's check, `grep -ri` over the runtime's sources, comments included.
    @Test func noProvidersNameAppearsInTheRuntimesSources() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/CheckoutRuntime")
        let names = ProviderName.allCases.filter { $0 != .sandbox }.map(\.rawValue) + ["jumio"]
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).lowercased()
            found += names.filter { text.contains($0) }.map { "\(file): \($0)" }
        }
        #expect(found.isEmpty, "\(found)")
    }
}
