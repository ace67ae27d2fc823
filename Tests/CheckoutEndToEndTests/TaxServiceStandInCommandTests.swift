import Foundation
import Testing

/// `checkout test` with a scenario's `taxService:` stand-in (docs/testing.md, "A stand-in tax
/// service") through the real binary: the shipped flow's service is never run, the stand-in's
/// failures, hang and garbage end the run `tax_failed`, and no card data reaches any output
/// (standard output and error, JUnit, a replay) — including a failing scenario's `got:`
/// lines; `checkout run --scenario` replays a scenario with its stand-in.
@Suite struct TaxServiceStandInCommandTests {
    static let cvv = "736"
    static let number = "4111 1111 1111 1111"

    static func scenario(_ name: String, _ standIn: String, message: String) -> String {
        """
        - name: \(name)
          flow: \(CheckoutBinary.root.appendingPathComponent("flows/tax-service.yaml").path)
          taxService: \(standIn)
          answers:
            card: { number: "\(number)", expiry: "12/35", cvv: "\(cvv)" }
            billing: { name: Jane Shopper, email: jane@example.com, address: 1 Main St, city: Albany, zip: "10118", country: US, state: NY }
            shipping: { sameAsBilling: true }
          expect:
            status: error
            errors: [{ path: taxUpdate, code: tax_failed, message: "\(message)" }]
            steps: { attempts: { taxUpdate: 2 } }

        """
    }

    @Test func standInsEndTheRunTaxFailedAndNoCardDataLeaks() throws {
        let ws = try Workspace()
        let text =
            Self.scenario("down", "{ fails: the service is down }", message: "the tax service stand-in failed: the service is down")
            + Self.scenario("hangs", "{ hangs: true }", message: "the tax service stand-in took longer than 1.0s")
            + Self.scenario(
                "garbage", "{ taxAmount: lots }",
                message: "the tax service stand-in answered a taxAmount that is not a decimal string such as \\\"1.23\\\"")
            // Expects the wrong thing, so the report prints what the run gave.
            + Self.scenario("wrong on purpose", "{ taxAmount: \"3.55\" }", message: "none")
        let suite = try ws.write(text, to: "stand-in.scenarios.yaml")
        let junit = ws.url.appendingPathComponent("junit.xml").path
        let run = try CheckoutBinary.run(["test", suite, "--junit", junit])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("3 passed, 1 failed"), "\(run.stdout)")
        #expect(run.stdout.contains("got: status success"), "\(run.stdout)")
        let report = try #require(ws.read(junit))
        #expect(report.contains("tax service: stand-in, fails: the service is down\n"), "\(report)")
        #expect(report.contains("standIn=true"), "the trace's hook.tax says a stand-in answered")
        // `checkout run --scenario` runs the scenario with its stand-in.
        let replay = try CheckoutBinary.run(["run", "--scenario", suite + "#hangs", "--json"])
        #expect(replay.status == 4, "\(replay.stdout)\(replay.stderr)")
        #expect(replay.stdout.contains("the tax service stand-in took longer than 1.0s"), "\(replay.stdout)")
        let scanner = LeakScanner(number: Self.number, cvv: Self.cvv)
        let outputs = [("stdout", run.stdout), ("stderr", run.stderr), ("junit", report), ("replay", replay.stdout + replay.stderr)]
        for (name, output) in outputs {
            #expect(scanner.findings(in: output).isEmpty, "\(name) leaks:\n\(output)")
        }
    }
}
