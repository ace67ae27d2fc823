import CheckoutLanguage
import CheckoutRuntime
import CheckoutScenarios
import Foundation
import Synchronization

/// Files in memory, for the reader: path → text.
func memoryFiles(_ files: [String: String]) -> ScenarioReader.FileAccess {
    ScenarioReader.FileAccess(
        contents: { files[$0].map { Array($0.utf8) } },
        exists: { files[$0] != nil })
}

/// Reads a scenarios file from text; `others` are the files beside it.
func readScenarios(_ text: String, file: String = "suite/checkout.scenarios.yaml", others: [String: String] = [:]) -> ScenarioReadResult {
    var all = others
    all[file] = text
    if all["suite/checkout.yaml"] == nil { all["suite/checkout.yaml"] = "flow: checkout\ndsl: 1\n" }
    return ScenarioReader.read(Array(text.utf8), file: file, files: memoryFiles(all))
}

/// The rendered diagnostics, as `checkout test` prints them without colour.
func rendered(_ r: ScenarioReadResult) -> String {
    let renderer = TextDiagnosticRenderer(color: false)
    return r.diagnostics.map { renderer.render($0, source: r.source) }.joined()
}

/// A flow small enough to read in a test: 25.00 USD, email, card/PayPal/Apple Pay.
let plainFlowText = """
    flow: plain
    dsl: 1
    request:
      price: { amount: 25.00, currency: USD }
      withEmail: true
    """

/// A stopwatch that moves 5 ms each time it is read.
func steppingStopwatch() -> @Sendable () -> Duration {
    let ticks = Mutex(0)
    return {
        ticks.withLock {
            $0 += 1; return .milliseconds(5 * $0)
        }
    }
}
