import CheckoutJSON
import Foundation
import Testing

/// `checkout scenarios FLOW` through the real binary (docs/testing.md, "Generated suites"):
/// for every shipped flow the generated suite passes under `checkout test --coverage` and takes
/// every edge (none is allowed to be unreached); the same flow gives the same bytes; no card
/// data leaks.
@Suite struct ScenariosCommandTests {
    /// The shipped flows, by file name.
    static let shippedFlows: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: CheckoutBinary.root.appendingPathComponent("flows").path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") && !$0.hasSuffix(".scenarios.yaml") }.sorted()
    }()

    /// Edges of shipped flows no sandbox input can take, by flow, each reported with its reason
    /// in the file and on standard error: none. (createPayment's 3-D Secure failed and canceled
    /// and declined sale are reached by storing another choice in a scenario's own `sandbox:`.)
    static let unreachable: [String: Set<String>] = [:]

    @Test(arguments: shippedFlows) func theGeneratedSuitePassesAndTakesEveryReachableEdge(flow: String) throws {
        let ws = try Workspace()
        let name = flow.replacingOccurrences(of: ".yaml", with: "")
        let output = ws.url.appendingPathComponent("\(name).scenarios.yaml").path
        let generated = try CheckoutBinary.run(["scenarios", "flows/\(flow)", "--output", output])
        #expect(generated.status == 0, "\(generated.stderr)")
        let text = try #require(ws.read(output))
        #expect(text.contains("\n  flow: \"../"), "the file names its flow relative to itself")
        // Card numbers only in the answers, and only the sandbox's public ones; none on stderr.
        let sandboxDoc = try String(contentsOf: CheckoutBinary.root.appendingPathComponent("docs/sandbox.md"), encoding: .utf8)
        let outsideAnswers = Self.withoutAnswers(text)
        for number in Self.cardNumbers(in: text) {
            #expect(sandboxDoc.contains(number), "\(flow): \(number.suffix(4)) is not a public sandbox test card")
            let scanner = LeakScanner(number: number, cvv: "123")
            #expect(scanner.findings(in: generated.stderr).isEmpty, "\(flow): stderr")
            #expect(!scanner.findings(in: outsideAnswers).contains("card number digits"), "\(flow): outside the answers")
        }
        // Stored cards (a scenario's own `sandbox:`) are brand, last 4 and expiry: no number,
        // spaced or not, outside the answers.
        #expect(outsideAnswers.range(of: "[0-9]( ?[0-9]){11,18}", options: .regularExpression) == nil, "\(flow)")
        if flow == "create-payment.yaml" {
            #expect(text.contains("\n  sandbox:\n    shoppers:\n      - id: \"20848977\"\n"), "\(text.prefix(3000))")
            #expect(text.contains("savedCards: [{ brand: VISA, last4: \"1091\", expiry: \"12/2030\" }]"))
            #expect(LeakScanner(number: "4000000000001091", cvv: "123").findings(in: text).filter { $0 != "CVV 123" }.isEmpty)
        }
        let json = ws.url.appendingPathComponent("coverage.json").path
        let tested = try CheckoutBinary.run(["test", output, "--coverage", json])
        #expect(tested.status == 0, "\(tested.stdout)\(tested.stderr)")
        #expect(tested.stdout.contains(" passed, 0 failed"), "\(tested.stdout)")
        let report = try #require(ws.read(json).flatMap { JSONParser.parse(Data($0.utf8)) })
        let flows = report["flows"]?.items ?? []
        #expect(flows.count == 1)
        let items = flows.first?["items"]?.items ?? []
        #expect(!items.isEmpty)
        let uncovered = Set(items.filter { $0["covered"] != .bool(true) }.compactMap { $0["key"]?.string })
        let allowed = Self.unreachable[flow] ?? []
        #expect(uncovered.isSubset(of: allowed), "\(flow): uncovered \(uncovered.sorted())")
        // What is not reached is said, with a reason, in the file and on standard error.
        if uncovered.isEmpty {
            #expect(text.contains("# Every edge the coverage counts is taken.\n"))
        } else {
            #expect(text.contains("# Not reached (\(uncovered.count)):\n"), "\(text.prefix(2000))")
            #expect(generated.stderr.contains("checkout scenarios: Not reached (\(uncovered.count)):\n"))
            #expect(generated.stderr.contains("no sandbox input makes"))
        }
    }

    @Test func theSameFlowGivesTheSameBytesAndStandardOutputIsTheFileBesideTheFlow() throws {
        let ws = try Workspace()
        let first = ws.url.appendingPathComponent("a.scenarios.yaml").path
        let second = ws.url.appendingPathComponent("b.scenarios.yaml").path
        for path in [first, second] {
            let r = try CheckoutBinary.run(["scenarios", "flows/auth-capture-refund.yaml", "--output", path])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let a = try #require(ws.read(first))
        #expect(a == ws.read(second))
        #expect(a.contains("- name: happy path succeeds\n"))
        // `--output -` writes the file as it would be beside the flow (no `flow:` key).
        let stdout = try CheckoutBinary.run(["scenarios", "flows/auth-capture-refund.yaml", "--output", "-"])
        #expect(stdout.status == 0)
        let withoutFlowKey = a.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  flow: ") }
        #expect(stdout.stdout == withoutFlowKey.joined(separator: "\n"))
    }

    @Test func noCardDataLeaksAndOnlyTheSandboxsPublicTestCardsAreWritten() throws {
        let ws = try Workspace()
        let output = ws.url.appendingPathComponent("three-d-secure.scenarios.yaml").path
        let r = try CheckoutBinary.run(["scenarios", "flows/three-d-secure.yaml", "--output", output])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try #require(ws.read(output))
        let sandboxDoc = try String(contentsOf: CheckoutBinary.root.appendingPathComponent("docs/sandbox.md"), encoding: .utf8)
        let numbers = Self.cardNumbers(in: text)
        #expect(numbers.count > 10, "\(numbers.count) numbers")
        let outsideAnswers = Self.withoutAnswers(text)
        for number in numbers {
            #expect(sandboxDoc.contains(number), "\(number.suffix(4)) is not a public sandbox test card")
            let scanner = LeakScanner(number: number, cvv: "123")
            #expect(scanner.findings(in: r.stderr).isEmpty, "stderr")
            #expect(scanner.findings(in: r.stdout).isEmpty, "stdout")
            let found = scanner.findings(in: outsideAnswers).filter { $0 != "CVV 123" }
            #expect(found.isEmpty, "outside the answers: \(found)")
        }
    }

    @Test func aFixturesFilesCardsAndShoppersAreTriedAndTheSuiteNamesTheFile() throws {
        let ws = try Workspace()
        let output = ws.url.appendingPathComponent("standard-checkout.scenarios.yaml").path
        let fixtures = "examples/sandbox-fixtures/fixtures/shoppers-and-cards.yaml"
        let r = try CheckoutBinary.run(["scenarios", "flows/standard-checkout.yaml", "--fixtures", fixtures, "--output", output])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try #require(ws.read(output))
        #expect(text.contains("\nsandbox: { file: \"../"), "\(text.prefix(600))")
        #expect(text.contains("\nscenarios:\n"))
        // The fixtures' Visa that declines with do_not_honor drives a scenario of its own.
        #expect(text.contains("Visa card (declined with do_not_honor) ends declined"), "\(text)")
        let tested = try CheckoutBinary.run(["test", output])
        #expect(tested.status == 0, "\(tested.stdout)\(tested.stderr)")
    }

    @Test func aHandWrittenSuiteIsNotReplacedWithoutForce() throws {
        let ws = try Workspace()
        let output = try ws.write(
            "# my own scenarios\n- name: mine\n  answers: {}\n  expect: { status: success }\n", to: "own.scenarios.yaml")
        let refused = try CheckoutBinary.run(["scenarios", "flows/three-d-secure.yaml", "--output", output])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("exists and was not written by checkout scenarios"), "\(refused.stderr)")
        #expect(ws.read(output)?.hasPrefix("# my own scenarios") == true)
        let forced = try CheckoutBinary.run(["scenarios", "flows/three-d-secure.yaml", "--output", output, "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(ws.read(output)?.hasPrefix("# Generated by `checkout scenarios three-d-secure.yaml`") == true)
        // A generated file is regenerated in place without --force.
        let again = try CheckoutBinary.run(["scenarios", "flows/three-d-secure.yaml", "--output", output])
        #expect(again.status == 0, "\(again.stderr)")
    }

    /// An output `checkout test` would not read (`checkout test FILE` takes `*.scenarios.yaml`)
    /// is refused before anything is generated or written.
    @Test func anOutputCheckoutTestWouldNotReadIsRefused() throws {
        let ws = try Workspace()
        let output = ws.url.appendingPathComponent("suite.yaml").path
        let r = try CheckoutBinary.run(["scenarios", "flows/three-d-secure.yaml", "--output", output])
        #expect(r.status == 2)
        #expect(r.stderr.contains("does not end in .scenarios.yaml, so checkout test would not read it"), "\(r.stderr)")
        #expect(ws.read(output) == nil)
    }

    /// The card numbers the answers give, as `card: { number: "…" }` writes them (not `"1234"`,
    /// the invalid one).
    static func cardNumbers(in text: String) -> Set<String> {
        Set(
            text.components(separatedBy: "number: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
                .filter { $0.count > 4 })
    }

    /// The text without each scenario's `answers:` lines.
    static func withoutAnswers(_ text: String) -> String {
        var out: [Substring] = []
        var inAnswers = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  answers:") {
                inAnswers = true
                continue
            }
            if inAnswers, line.hasPrefix("    ") { continue }
            inAnswers = false
            out.append(line)
        }
        return out.joined(separator: "\n")
    }
}
