import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 14: a card number typed into the wrong answer, key or scenario field is never quoted
/// back, in any output; control characters from answers never reach a terminal raw.
@Suite struct AdversarialQuotingTests {
    /// A Luhn-valid number that is no saved card's and no sandbox card's; typed with spaces.
    static let number = "5105 1051 0510 5100"
    /// What every message says instead of the number.
    static let standIn = "looks like a card number"
    /// Bound on each output: these runs print a page at most.
    static let maximumOutput = 64 * 1024

    /// One wrong answer: a flow and answers that put the number where it does not belong.
    struct Attack: Sendable, CustomTestStringConvertible {
        var name: String
        var flow: String
        var answers: String
        var testDescription: String { name }
    }

    static let attacks: [Attack] = {
        let n = "\"\(number)\""
        return [
            Attack(name: "paymentMethod", flow: "flows/choose-payment.yaml", answers: "paymentMethod: \(n)\n"),
            Attack(name: "savedCard", flow: "flows/returning-shopper.yaml", answers: "paymentMethod: savedCard\nsavedCard: \(n)\n"),
            Attack(name: "currency", flow: "flows/standard-checkout.yaml", answers: "currency: \(n)\n"),
            Attack(name: "wait duration", flow: "flows/standard-checkout.yaml", answers: "wait: { review: \(n) }\n"),
            Attack(name: "wait stage", flow: "flows/standard-checkout.yaml", answers: "wait: { \(n): 5s }\n"),
            Attack(name: "storeCard", flow: "flows/standard-checkout.yaml", answers: "card: { storeCard: \(n) }\n"),
            Attack(name: "threeDS.cancel", flow: "flows/standard-checkout.yaml", answers: "threeDS: { cancel: \(n) }\n"),
            Attack(name: "top-level key", flow: "flows/standard-checkout.yaml", answers: "\(n): 1\n"),
            Attack(name: "billing key", flow: "flows/standard-checkout.yaml", answers: "billing: { \(n): 1 }\n"),
            Attack(name: "scan error", flow: "flows/bam-card-scan.yaml", answers: "scan: { error: \(n) }\n"),
            Attack(name: "custom id", flow: "flows/bam-card-scan.yaml", answers: "custom: { \(n): x }\n"),
            Attack(name: "custom key inside text", flow: "flows/bam-card-scan.yaml", answers: "custom: { \"id \(number)\": x }\n"),
        ]
    }()

    @Test(arguments: attacks) func aCardNumberInTheWrongAnswerIsNeverQuoted(_ attack: Attack) throws {
        let ws = try Workspace()
        let answers = try ws.write(attack.answers, to: "answers.yaml")
        let result = ws.url.appendingPathComponent("result.json").path
        let trace = ws.url.appendingPathComponent("trace.jsonl").path
        let journal = ws.url.appendingPathComponent("run.journal").path
        for json in [true, false] {
            var arguments = ["run", attack.flow, "--answers", answers, "--result", result, "--trace", trace, "--journal", journal]
            arguments += ["--seed", "1", "--now", CheckoutBinary.fixedNow]
            if json { arguments.append("--json") }
            let out = try Self.bounded(arguments)
            #expect(out.status == 3, "\(attack.name): exit \(out.status)\n\(out.stderr)")
            var outputs = [("stdout", out.stdout), ("stderr", out.stderr)]
            for (name, path) in [("result", result), ("trace", trace), ("journal", journal)] {
                outputs.append((name, ws.read(path) ?? ""))
            }
            Self.expectClean(outputs, attack.name)
            #expect(
                (out.stdout + out.stderr).contains(Self.standIn), "\(attack.name): the problem is not reported\n\(out.stdout)\(out.stderr)")
            try? FileManager.default.removeItem(atPath: journal)
        }
    }

    /// A scenarios file with the number in its own fields and in its inline answers: neither
    /// `checkout test`'s lines, its diagnostics, nor the JUnit report quote it.
    @Test func aCardNumberInAScenariosFileIsNeverQuoted() throws {
        let ws = try Workspace()
        let flow = CheckoutBinary.root.appendingPathComponent("flows/standard-checkout.yaml").path
        let n = "\"\(Self.number)\""
        let bad = try ws.write(
            """
            - name: a status that is a card number
              flow: \(flow)
              answers: { paymentMethod: card }
              expect: { status: \(n) }
            - name: a key that is a card number
              flow: \(flow)
              answers: { paymentMethod: card }
              expect: { status: invalid }
              \(n): 1
            - name: inline answers with the number in a key
              flow: \(flow)
              answers: { \(n): 1 }
              expect: { status: invalid }

            """, to: "bad.scenarios.yaml")
        let expectations = try ws.write(
            """
            - name: expectations that are card numbers
              flow: \(flow)
              answers: { paymentMethod: card }
              expect:
                declineCode: \(n)
                errors: [{ path: \(n), code: \(n), message: \(n) }]

            """, to: "expectations.scenarios.yaml")
        let answers = try ws.write("currency: \(n)\n", to: "currency.yaml")
        let failing = try ws.write(
            """
            - name: the currency answer is a card number
              flow: \(flow)
              answers: \(answers)
              expect: { status: success }

            """, to: "failing.scenarios.yaml")
        for file in [bad, expectations, failing] {
            let junit = ws.url.appendingPathComponent("report.xml").path
            let out = try Self.bounded(["test", file, "--junit", junit])
            #expect(out.status != 0 && out.status < 64, "exit \(out.status)\n\(out.stderr)")
            Self.expectClean([("stdout", out.stdout), ("stderr", out.stderr), ("junit", ws.read(junit) ?? "")], file)
            try? FileManager.default.removeItem(atPath: junit)
        }
    }

    /// A flow whose id, an enumeration's value and a key are the number: `checkout validate`'s
    /// text and JSON neither quote it nor suggest it back (a did-you-mean for the flow id once
    /// read "did you mean '4111-1111-1111-1111'?").
    @Test func aCardNumberInAFlowIsNeverSuggested() throws {
        let ws = try Workspace()
        let flow = try ws.write(
            """
            flow: \(Self.number)
            dsl: 1
            request:
              price: { amount: 10.00, currency: USD }
              mode: \(Self.number)
              \(Self.number): true

            """, to: "card.yaml")
        for format in ["text", "json"] {
            let out = try Self.bounded(["validate", "--format", format, flow])
            #expect(out.status == 2, "exit \(out.status)\n\(out.stderr)")
            Self.expectClean([("stdout", out.stdout), ("stderr", out.stderr)], "validate --format \(format)")
        }
    }

    /// ESC and BEL in answers reach the text summary and diagnostics escaped, never raw.
    @Test func controlCharactersNeverReachTheTerminalRaw() throws {
        let ws = try Workspace()
        let answers = try ws.write(
            "card: { number: \"4111 1111 1111 1111\", expiry: 12/35, cvv: \"123\" }\n"
                + "billing: { name: \"Jo\\e[31m Doe\\a\", email: a@b.co, country: US, zip: \"10001\" }\ncurrency: \"\\e]0;owned\\a\"\n",
            to: "answers.yaml")
        let key = try ws.write("\"\\e[2J\": 1\n", to: "key.yaml")
        for (file, proof) in [(answers, "billing.name: Remove the control characters"), (key, "unknown key '\\u{1B}[2J'")] {
            let out = try Self.bounded(["run", "flows/standard-checkout.yaml", "--answers", file, "--now", CheckoutBinary.fixedNow])
            #expect(out.status == 3, "exit \(out.status)\n\(out.stderr)")
            #expect(out.stdout.utf8.count + out.stderr.utf8.count < Self.maximumOutput)
            for (name, text) in [("stdout", out.stdout), ("stderr", out.stderr)] {
                let raw = text.unicodeScalars.filter { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }
                #expect(raw.isEmpty, "\(name) holds raw control characters \(raw.map(\.value))\n\(text)")
            }
            #expect(out.stdout.contains(proof), "\(proof) is not in the summary\n\(out.stdout)")
        }
    }

    /// Answers the flow would never read are answers problems (exit 3), not dropped.
    @Test func unreadAnswersAreProblems() throws {
        let ws = try Workspace()
        let custom = try ws.write("custom: { loyalti: \"12345678\" }\n", to: "custom.yaml")
        let out = try Self.bounded(["run", "flows/bam-card-scan.yaml", "--answers", custom, "--json", "--now", CheckoutBinary.fixedNow])
        #expect(out.status == 3 && out.stdout.contains("unknown_field") && out.stdout.contains("did you mean 'loyalty'"), "\(out.stdout)")
        let scan = try ws.write("scan: { error: canceled }\n", to: "scan.yaml")
        let s = try Self.bounded(["run", "flows/standard-checkout.yaml", "--answers", scan, "--json", "--now", CheckoutBinary.fixedNow])
        #expect(s.status == 3 && s.stdout.contains("\"path\" : \"scan\"") || s.stdout.contains("\"path\": \"scan\""), "\(s.stdout)")
    }

    /// The reader's notes name the file they are about: an answers or scenarios file is not
    /// "a flow file".
    @Test func notesNameTheKindOfFile() throws {
        let ws = try Workspace()
        let empty = try ws.write("", to: "empty.yaml")
        let e = try Self.bounded(["run", "flows/standard-checkout.yaml", "--answers", empty, "--now", CheckoutBinary.fixedNow])
        #expect(e.status == 3 && e.stderr.contains("an answers file") && !e.stderr.contains("flow file"), "\(e.stderr)")
        let latin1 = ws.url.appendingPathComponent("latin1.yaml").path
        try Data([UInt8]("billing: { name: Jos".utf8) + [0xE9] + [UInt8](" Doe }\n".utf8)).write(to: URL(fileURLWithPath: latin1))
        let l = try Self.bounded(["run", "flows/standard-checkout.yaml", "--answers", latin1, "--now", CheckoutBinary.fixedNow])
        #expect(l.status == 3 && l.stderr.contains("an answers file must be UTF-8") && !l.stderr.contains("flow file"), "\(l.stderr)")
        let scenarios = try ws.write("", to: "empty.scenarios.yaml")
        let t = try Self.bounded(["test", scenarios])
        #expect(t.status != 0 && t.stderr.contains("a scenarios file") && !t.stderr.contains("flow file"), "\(t.stderr)")
    }

    /// Every output: bounded and free of the number in any spacing.
    static func expectClean(_ outputs: [(String, String)], _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        // No CVV is typed in these attacks; the number's digits stand in for it.
        let scanner = LeakScanner(number: number, cvv: number.filter(\.isNumber))
        for (name, text) in outputs {
            #expect(text.utf8.count < maximumOutput, "\(context): \(name) is \(text.utf8.count) bytes", sourceLocation: sourceLocation)
            let found = scanner.findings(in: text)
            #expect(found.isEmpty, "\(context): \(name) holds \(found)\n\(text)", sourceLocation: sourceLocation)
        }
    }

    /// Runs the binary; a child still running after a generous deadline is killed, and that is
    /// a failure.
    static func bounded(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> CheckoutBinary.Output {
        let watchdog = QuotingWatchdog()
        let out = try CheckoutBinary.run(arguments) { watchdog.arm($0, seconds: 300) }
        #expect(!watchdog.disarm(), "checkout \(arguments.joined(separator: " ")) hung and was killed", sourceLocation: sourceLocation)
        return out
    }
}

/// Kills a child that outlives its deadline; `disarm` says whether it had to.
final class QuotingWatchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false
    private var fired = false

    func arm(_ pid: Int32, seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.lock()
            defer { lock.unlock() }
            guard !done else { return }
            fired = true
            kill(pid, SIGKILL)
        }
    }

    func disarm() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        done = true
        return fired
    }
}
