import Foundation
import Testing

/// `RunCommand.quickParse` (issue 21: a headless run starts without ArgumentParser's
/// reflection): the common spellings read without the parser give what the parser's give —
/// stdout, stderr, exit code, result and trace files, byte for byte.
@Suite struct RunQuickParseTests {
    /// The same request spelled for the quick path and for ArgumentParser (`--opt=value`,
    /// which the quick path leaves to the parser). RESULT and TRACE become one file per spelling.
    static let pairs: [(quick: [String], parsed: [String])] = [
        (["FLOW", "--answers", "GOOD"], ["FLOW", "--answers=GOOD"]),
        (["FLOW", "--answers", "GOOD", "--json"], ["--json", "--answers=GOOD", "FLOW"]),
        (
            ["--answers", "GOOD", "FLOW", "--result", "RESULT", "--trace", "TRACE"],
            ["FLOW", "--answers=GOOD", "--result=RESULT", "--trace=TRACE"]
        ),
        (["FLOW", "--answers", "BAD", "--json"], ["FLOW", "--answers=BAD", "--json"]),
        (["FLOW", "--answers", "MISSING"], ["FLOW", "--answers=MISSING"]),
        (["FLOW", "--answers", "GOOD", "--now", "2030-01-01T00:00:00Z"], ["FLOW", "--answers=GOOD", "--now=2030-01-01T00:00:00Z"]),
        (["FLOW", "--answers", "GOOD", "--json", "--locale", "de-AT"], ["FLOW", "--answers=GOOD", "--json", "--locale=de-AT"]),
        (["FLOW", "--answers", "BAD", "--locale", "ja"], ["FLOW", "--locale=ja", "--answers=BAD"]),
        (["FLOW", "--answers", "GOOD", "--locale", "ko"], ["FLOW", "--answers=GOOD", "--locale=ko"]),
    ]

    @Test(arguments: pairs.indices)
    func quickPathAndParserAgree(index: Int) throws {
        let ws = try Workspace()
        let files = [
            "FLOW": CheckoutBinary.root.appendingPathComponent("flows/standard-checkout.yaml").path,
            "GOOD": CheckoutBinary.root.appendingPathComponent("examples/standard-checkout/visa-approved.yaml").path,
            "BAD": CheckoutBinary.root.appendingPathComponent("examples/standard-checkout/invalid-answers.yaml").path,
            "MISSING": ws.url.appendingPathComponent("missing.yaml").path,
        ]
        func spelled(_ words: [String], _ tag: String) -> [String] {
            var out = ["run"]
            for word in words {
                var w = word
                for (key, path) in files { w = w.replacingOccurrences(of: key, with: path) }
                w = w.replacingOccurrences(of: "RESULT", with: ws.url.appendingPathComponent("result-\(tag).json").path)
                w = w.replacingOccurrences(of: "TRACE", with: ws.url.appendingPathComponent("trace-\(tag).jsonl").path)
                out.append(w)
            }
            // The same ids and clock both ways (CheckoutBinary pins neither for `run`).
            return out + (words.contains { $0.hasPrefix("--now") } ? [] : ["--now", CheckoutBinary.fixedNow]) + ["--seed", "3"]
        }
        let (quick, parsed) = Self.pairs[index]
        let a = try CheckoutBinary.run(spelled(quick, "a"))
        let b = try CheckoutBinary.run(spelled(parsed, "b"))
        #expect(a.status == b.status)
        #expect(a.stdout == b.stdout)
        #expect(a.stderr == b.stderr)
        #expect(!a.stdout.isEmpty || !a.stderr.isEmpty)
        for name in ["result", "trace"] {
            let ext = name == "result" ? "json" : "jsonl"
            let fa = ws.read(ws.url.appendingPathComponent("\(name)-a.\(ext)").path)
            let fb = ws.read(ws.url.appendingPathComponent("\(name)-b.\(ext)").path)
            #expect(fa == fb, "\(name)")
        }
    }
}
