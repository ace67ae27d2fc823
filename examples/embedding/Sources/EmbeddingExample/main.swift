// Embedding CheckoutFlow: compile a flow, then run it with your own front end.
//
// An app draws its own screens; here a `ScriptedShopper` stands in for that UI and answers
// each screen in code. Everything else is the library: the compiler's diagnostics, the
// runtime, the offline sandbox provider, the trace and the result — all from the one
// `CheckoutFlow` module.
//
//   swift run checkout-embedding-example [FLOW]          (from the repository root)
//   swift run --package-path examples/embedding shop [FLOW]
import CheckoutFlow
import Foundation

/// Your UI: shown each screen, it answers. A real app would await the person's input here.
struct ScriptedShopper: CheckoutFrontend {
    func answer(_ prompt: ScreenPrompt) async throws -> ScreenAnswer {
        let total = prompt.price.total.map { DecimalText.format($0.amount, scale: $0.currency.minorUnits) } ?? "-"
        print("screen \(prompt.kind.rawValue) (\(prompt.stageId)), total \(total) \(prompt.price.currency.code)")
        switch prompt.kind {
        case .paymentMethod: return .paymentMethod(.card)
        case .creditCard:
            // The card lives in memory only until the runtime tokenizes it.
            return .card(CardAnswer(number: "4111 1111 1111 1111", expiry: "12/30", cvv: "123", name: "Jane Shopper"))
        case .billing:
            return .billing(Address(name: "Jane Shopper", email: "jane@example.com", zip: "10001", country: "US"), sameAsBilling: nil)
        case .shipping:
            return .shipping(
                Address(name: "Jane Shopper", address: "1 Main St", city: "New York", zip: "10001", country: "US", state: "NY"))
        case .currency: return .currency(nil)
        case .threeDSChallenge: return .threeDSChallenge(code: "1234", cancel: false)
        default: return .review
        }
    }

    func rejected(_ prompt: ScreenPrompt, issues: [AnswerIssue]) async -> Bool {
        for issue in issues { print("  \(issue.path): \(issue.message) [\(issue.code)]") }
        return false  // a person would be asked again; a script cannot do better, so report them
    }

    func finished(_ result: CheckoutResult) async {}
}

/// Prints each trace event as it happens (a real app might log them).
struct PrintingTrace: TraceSink {
    func record(_ event: TraceEvent) {
        if event.event.hasPrefix("step.end") || event.event == "run.end" {
            print("  \(event.event) \(event.stage ?? "")")
        }
    }
}

let path = CommandLine.arguments.dropFirst().first ?? "flows/standard-checkout.yaml"
let compiled = FlowCompiler.compile(contentsOf: path)
for d in compiled.diagnostics {
    print(TextDiagnosticRenderer(color: false).render(d, source: compiled.source), terminator: "")
}
guard let flow = compiled.flow else { exit(2) }

let clock = SystemClock()
let random = SystemRandom()
let runner = CheckoutRunner(
    flow: flow, provider: SandboxProvider(clock: clock, random: random), frontend: ScriptedShopper(), clock: clock,
    random: random, trace: PrintingTrace())
let result = await runner.run()
print(result.json.serialized(pretty: true))
exit(result.exitCode)
