import Foundation
import FoundationXML
import Testing

/// `-` is standard input (and `schema --output -` standard output), as other command-line tools
/// read it (issue 20): a flow for `validate`, `run` and `graph`, an answers file for `run`.
@Suite struct StandardInputTests {
    static func shipped(_ path: String) throws -> String {
        try String(contentsOf: CheckoutBinary.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func validateReadsAFlowFromStandardInputNamedStdin() throws {
        let good = try CheckoutBinary.run(["validate", "-"], input: try Self.shipped("flows/standard-checkout.yaml"))
        #expect(good.status == 0, "\(good.stdout)\(good.stderr)")
        #expect(good.stdout == "0 errors, 0 warnings in 1 file\n")
        let bad = try CheckoutBinary.run(
            ["validate", "-", "--format", "json"], input: "flow: x\ndsl: 1\nrequest: { price: { amont: 5 } }\n")
        #expect(bad.status == 2)
        #expect(bad.stdout.contains(#""file": "<stdin>""#), "\(bad.stdout)")
        #expect(bad.stdout.contains(#""rule": "unknown-key""#))
    }

    @Test func runTakesTheAnswersOrTheFlowFromStandardInput() throws {
        let fromFile = try CheckoutBinary.run(
            ["run", "flows/standard-checkout.yaml", "--answers", "examples/standard-checkout/visa-approved.yaml", "--json", "--seed", "7"])
        let answers = try CheckoutBinary.run(
            ["run", "flows/standard-checkout.yaml", "--answers", "-", "--json", "--seed", "7"],
            input: try Self.shipped("examples/standard-checkout/visa-approved.yaml"))
        #expect(answers.status == 0, "\(answers.stderr)")
        #expect(answers.stdout == fromFile.stdout)
        let flow = try CheckoutBinary.run(
            ["run", "-", "--answers", "examples/standard-checkout/visa-approved.yaml", "--json", "--seed", "7"],
            input: try Self.shipped("flows/standard-checkout.yaml"))
        #expect(flow.status == 0, "\(flow.stderr)")
        #expect(flow.stdout == fromFile.stdout)
    }

    @Test func standardInputServesOneThingAtATime() throws {
        let both = try CheckoutBinary.run(["run", "-", "--answers", "-"], input: "")
        #expect(both.status == 2)
        #expect(both.stderr.contains("the flow and --answers cannot both be standard input (-)"), "\(both.stderr)")
        let prompt = try CheckoutBinary.run(["run", "-"], input: try Self.shipped("flows/standard-checkout.yaml"))
        #expect(prompt.status == 2)
        #expect(prompt.stderr.contains("a flow read from standard input runs headless"), "\(prompt.stderr)")
    }

    @Test func invalidAnswersFromStandardInputAreNamedStdin() throws {
        let r = try CheckoutBinary.run(["run", "flows/standard-checkout.yaml", "--answers", "-"], input: "card: [\n")
        #expect(r.status == 3)
        #expect(r.stderr.contains("<stdin>:"), "\(r.stderr)")
    }

    @Test func graphReadsStandardInputAndSchemaWritesStandardOutput() throws {
        let file = try CheckoutBinary.run(["graph", "flows/three-d-secure.yaml"])
        let piped = try CheckoutBinary.run(["graph", "-"], input: try Self.shipped("flows/three-d-secure.yaml"))
        #expect(piped.status == 0 && piped.stdout == file.stdout)
        let schema = try CheckoutBinary.run(["schema", "--output", "-"])
        #expect(schema.status == 0)
        #expect(schema.stdout == (try CheckoutBinary.run(["schema"])).stdout)
        #expect(!FileManager.default.fileExists(atPath: CheckoutBinary.root.appendingPathComponent("-").path))
    }
}

/// `-` as an output file: standard output carries that file alone, the report moves to
/// standard error, and two claims on standard output are refused (issue 20).
@Suite struct StandardOutputFileTests {
    static let flow = "flows/standard-checkout.yaml"
    static let answers = "examples/standard-checkout/visa-approved.yaml"

    @Test func aTraceOnStandardOutputIsJSONLinesAlone() throws {
        let r = try CheckoutBinary.run(["run", Self.flow, "--answers", Self.answers, "--trace", "-", "--now", CheckoutBinary.fixedNow])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count > 10)
        #expect(lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil }, "\(r.stdout)")
        #expect(r.stderr.hasPrefix("standard-checkout: success\n"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: CheckoutBinary.root.appendingPathComponent("-").path))
    }

    @Test func aResultOnStandardOutputIsTheResultJSON() throws {
        let r = try CheckoutBinary.run(["run", Self.flow, "--answers", Self.answers, "--result", "-"])
        #expect(r.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(object?["status"] as? String == "success", "\(r.stdout)")
    }

    @Test func aJUnitReportOnStandardOutputParses() throws {
        let r = try CheckoutBinary.run(["test", "flows/standard-checkout.scenarios.yaml", "--junit", "-"])
        #expect(r.status == 0)
        #expect(r.stdout.hasPrefix("<?xml"), "\(r.stdout.prefix(100))")
        _ = try XMLDocument(data: Data(r.stdout.utf8))
        #expect(r.stderr.contains(" passed, 0 failed"), "\(r.stderr)")
    }

    @Test func twoClaimsOnStandardOutputAreRefused() throws {
        for extra in [["--json", "--trace", "-"], ["--result", "-", "--trace", "-"]] {
            let r = try CheckoutBinary.run(["run", Self.flow, "--answers", Self.answers] + extra)
            #expect(r.status == 2, "\(extra)")
            #expect(r.stderr.hasPrefix("checkout: error: ") && r.stderr.contains("would both write to standard output"), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }
}
