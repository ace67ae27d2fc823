import Foundation
import Testing

/// docs/running.md "Messages and exit codes": `validate` tells "errors found" (2) from "could not
/// run" (64 bad command line, 66 a path not read); `run` keeps SPEC §11's 2; every message not
/// in a file reads `checkout: error: …`.
@Suite struct ExitCodeAndMessageTests {
    static let broken = "flow: broken\ndsl: 1\nrequest:\n  price:\n    amount: 10.00\n  withEmial: true\n"

    @Test func validateSeparatesErrorsFoundFromCouldNotRun() throws {
        let ws = try Workspace()
        let broken = try ws.write(Self.broken, to: "broken.yaml")
        let clean = CheckoutBinary.root.appendingPathComponent("flows/standard-checkout.yaml").path
        let missing = ws.url.appendingPathComponent("missing.yaml").path

        #expect(try CheckoutBinary.run(["validate", clean]).status == 0)
        let found = try CheckoutBinary.run(["validate", clean, broken])
        #expect(found.status == 2, "\(found.stdout)\(found.stderr)")

        // A path that is not read leaves the check incomplete: 66 even beside a flow with errors,
        // and the readable flows are still reported.
        let unread = try CheckoutBinary.run(["validate", broken, missing])
        #expect(unread.status == 66, "\(unread.stdout)\(unread.stderr)")
        #expect(unread.stdout.contains("unknown key 'withEmial'"), "\(unread.stdout)")
        #expect(unread.stdout.contains("missing.yaml: error: cannot read the file: no such file or directory [file-unreadable]"))

        for arguments in [["validate", clean, "--format", "yaml"], ["validate"], ["validate", clean, "--bogus"]] {
            let usage = try CheckoutBinary.run(arguments)
            #expect(usage.status == 64, "\(arguments): \(usage.stderr)")
            #expect(usage.stderr.hasPrefix("checkout: error: "), "\(arguments): \(usage.stderr)")
            #expect(usage.stderr.contains("Usage: checkout validate"), "\(usage.stderr)")
            #expect(usage.stdout.isEmpty)
        }
    }

    /// `run` and `test` keep SPEC §11's 2 for usage, in the same message form.
    @Test(arguments: [["run", "--bogus"], ["test", "--jobs", "0", "flows"], ["graph"], ["schema", "--kind", "nope"]])
    func otherCommandsKeepTwoForUsage(arguments: [String]) throws {
        let r = try CheckoutBinary.run(arguments)
        #expect(r.status == 2, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("checkout: error: "), "\(r.stderr)")
        #expect(!r.stderr.contains("Error: "), "\(r.stderr)")
    }

    /// A missing flow reads the same in every command that reads flows.
    @Test func aMissingFlowReadsTheSameEverywhere() throws {
        let ws = try Workspace()
        let missing = ws.url.appendingPathComponent("nope.yaml").path
        let line = "\(missing): error: cannot read the file: no such file or directory [file-unreadable]"
        for command in ["validate", "run", "graph"] {
            let r = try CheckoutBinary.run([command, missing])
            #expect((r.stdout + r.stderr).contains(line), "\(command): \(r.stdout)\(r.stderr)")
            #expect(r.status == (command == "validate" ? 66 : 2), "\(command)")
        }
    }

    /// An output file that cannot be written: `checkout: error: …`, nothing else on stderr.
    @Test func anUnwritableOutputIsAnErrorLine() throws {
        let ws = try Workspace()
        let target = ws.url.appendingPathComponent("no/such/dir/flow.schema.json").path
        let r = try CheckoutBinary.run(["schema", "--output", target])
        #expect(r.status == 2)
        #expect(r.stderr == "checkout: error: could not write the schema to \(target): No such file or directory\n", "\(r.stderr)")
    }
}
