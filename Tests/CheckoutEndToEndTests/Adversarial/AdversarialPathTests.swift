import Foundation
import Testing

/// One-character file names: Foundation's `deletingLastPathComponent` trapped on them (SIGILL,
/// exit 132) in the journal, the scenarios reader and `extends:`; `FilePaths` replaced it.
@Suite struct AdversarialPathTests {
    static let flow = CheckoutBinary.root.appendingPathComponent("flows/standard-checkout.yaml").path
    static let answers = CheckoutBinary.root.appendingPathComponent("examples/standard-checkout/visa-approved.yaml").path

    @Test func aJournalNamedWithOneLetterInTheCurrentFolder() throws {
        let ws = try Workspace()
        let arguments = ["run", Self.flow, "--answers", Self.answers, "--journal", "j", "--json", "--now", CheckoutBinary.fixedNow]
        let first = try CheckoutBinary.run(arguments, directory: ws.url)
        #expect(first.signal == nil && first.status == 0, "exit \(first.status): \(first.stderr)")
        #expect(ws.read(ws.url.appendingPathComponent("j").path)?.contains(#""event":"run.end""#) == true)
        // Again with the same journal: its recorded result.
        let second = try CheckoutBinary.run(arguments, directory: ws.url)
        #expect(second.status == 0 && second.stderr.contains("records a finished run"), "\(second.stderr)")
    }

    /// `checkout test f` runs `f.scenarios.yaml` beside the flow `f`; `checkout test s` for a
    /// file that is neither is a usage error, not a crash.
    @Test func aFlowNamedWithOneLetterAndItsScenarios() throws {
        let ws = try Workspace()
        try ws.write(try String(contentsOfFile: Self.flow, encoding: .utf8), to: "f")
        try ws.write("- name: pays\n  flow: f\n  answers: \(Self.answers)\n  expect: { status: success }\n", to: "f.scenarios.yaml")
        let run = try CheckoutBinary.run(["test", "f"], directory: ws.url)
        #expect(run.signal == nil && run.status == 0, "exit \(run.status): \(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("1 passed, 0 failed"), "\(run.stdout)")

        try ws.write("flow: x\n", to: "s")
        let other = try CheckoutBinary.run(["test", "s"], directory: ws.url)
        #expect(other.signal == nil && other.status == 2, "exit \(other.status): \(other.stderr)")
        #expect(other.stderr.contains("s is not a scenarios file"), "\(other.stderr)")
    }

    @Test func aFlowNamedWithOneLetterThatExtendsAnother() throws {
        let ws = try Workspace()
        try ws.write(try String(contentsOfFile: Self.flow, encoding: .utf8), to: "g")
        try ws.write("extends: g\nflow: one-letter\ndsl: 1\n", to: "e")
        let run = try CheckoutBinary.run(["validate", "e"], directory: ws.url)
        #expect(run.signal == nil && run.status == 0, "exit \(run.status): \(run.stderr)")
    }
}
