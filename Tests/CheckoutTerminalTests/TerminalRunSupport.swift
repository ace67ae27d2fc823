import CheckoutDomain
import CheckoutLanguage
import CheckoutProviders
import CheckoutRuntime
import Foundation
import Synchronization
import Testing

@testable import CheckoutTerminal

/// The repository root (this file is Tests/CheckoutTerminalTests/TerminalRunSupport.swift).
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A shipped flow, compiled.
func shippedFlow(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CompiledFlow {
    let result = FlowCompiler.compile(contentsOf: repositoryRoot.appendingPathComponent("flows/\(name).yaml").path)
    return try #require(result.flow, "\(name) did not compile", sourceLocation: sourceLocation)
}

/// 2026-06-15T12:00:00Z: the month card expiry is checked against.
let fixedNow = Date(timeIntervalSince1970: 1_781_524_800)

/// Counts the interrupt handler's calls.
final class InterruptCounter: Sendable {
    private let count = Mutex(0)
    func hit() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

/// One run of a flow through the real runner and the sandbox, answered by typing.
struct TypedRun {
    var result: CheckoutResult
    var terminal: ScriptedTerminal
    var frontend: TerminalFrontend
    var interrupts: Int
}

/// Runs `flow` at a scripted terminal that delivers `reads` (each one read of input).
func typeThrough(
    _ flow: CompiledFlow, _ reads: [TerminalEvent], depth: ColorDepth = .ansi256, size: TerminalSize = TerminalSize(rows: 40, columns: 100),
    resizeTo: TerminalSize? = nil
) async -> TypedRun {
    let clock = ManualClock(start: fixedNow)
    let random = SeededRandom(seed: 1)
    let terminal = ScriptedTerminal(events: reads, size: size)
    if let resizeTo { terminal.resize(to: resizeTo) }
    let interrupts = InterruptCounter()
    let frontend = TerminalFrontend(
        flow: flow, device: terminal, today: YearMonth(containing: fixedNow), options: .init(colorDepth: depth),
        onInterrupt: { interrupts.hit() })
    let runner = CheckoutRunner(
        flow: flow, provider: SandboxProvider(clock: clock, random: random), frontend: frontend, clock: clock, random: random,
        steps: frontend)
    let result = await runner.run()
    return TypedRun(result: result, terminal: terminal, frontend: frontend, interrupts: interrupts.value)
}

/// Keys as a terminal sends them.
enum Keys {
    static let enter = "\r"
    static let tab = "\t"
    static let backTab = "\u{1B}[Z"
    static let up = "\u{1B}[A"
    static let down = "\u{1B}[B"
    static let escape = "\u{1B}"
    static let backspace = "\u{7F}"
    static let ctrlC = "\u{03}"
    static let ctrlD = "\u{04}"
}

/// Each string is one read.
func reads(_ chunks: String...) -> [TerminalEvent] { chunks.map { .input(Array($0.utf8)) } }

/// Whether `text` has an SGR sequence that sets a colour (30–37, 38;…, 90–97).
func hasColour(_ text: String) -> Bool {
    text.range(of: "\u{1B}\\[[0-9;]*(3[0-8]|9[0-7])[0-9;]*m", options: .regularExpression) != nil
}

/// `text` without SGR (style) sequences, for looking for words in what was drawn.
func unstyled(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
}
