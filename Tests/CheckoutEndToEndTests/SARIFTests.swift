import Foundation
import Testing

/// `checkout validate --format sarif` (issue 20): SARIF 2.1.0 that OASIS's schema accepts,
/// with each rule's summary and its docs/rules.md section, and one result per finding where
/// the text format puts it.
@Suite struct SARIFTests {
    static let broken = [
        "Tests/CheckoutLanguageTests/Fixtures/broken/many-mistakes.yaml",
        "Tests/CheckoutLanguageTests/Fixtures/broken/zero-amount-sale.yaml",
    ]

    func sarif(_ paths: [String]) throws -> (CheckoutBinary.Output, [String: Any]) {
        let r = try CheckoutBinary.run(["validate", "--format", "sarif"] + paths)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r.stdout)")
        return (r, object)
    }

    @Test func theSchemaAcceptsTheReportOfBrokenAndShippedFlows() throws {
        guard let schema = ConsumersVenv.sarifSchema else {
            Issue.record("no SARIF 2.1.0 schema in \(ConsumersVenv.url.path): the README's test command, .ci/test, installs it")
            return
        }
        let ws = try Workspace()
        let (brokenRun, _) = try sarif(Self.broken)
        let (cleanRun, _) = try sarif(["flows"])
        // The control: a document without `version`, which the schema requires.
        let control = brokenRun.stdout.replacingOccurrences(of: "\"version\": \"2.1.0\",", with: "")
        let files = [
            try ws.write(brokenRun.stdout, to: "broken.sarif"), try ws.write(cleanRun.stdout, to: "clean.sarif"),
            try ws.write(control, to: "control.sarif"),
        ]
        let r = try CheckoutBinary.run(
            [CheckoutBinary.root.appendingPathComponent("Tests/CheckoutEndToEndTests/Support/validate_sarif.py").path, schema] + files,
            program: URL(fileURLWithPath: "/usr/bin/python3"))
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.prefix(2) == ["ok \(files[0])", "ok \(files[1])"], "\(r.stdout)")
        #expect(lines.dropFirst(2).contains { $0.hasPrefix("error \(files[2]): : 'version' is a required property") }, "\(r.stdout)")
    }

    @Test func everyFindingIsAResultWithItsRuleLevelAndRegion() throws {
        let (r, object) = try sarif(Self.broken)
        #expect(r.status == 2)
        let json = try CheckoutBinary.run(["validate", "--format", "json"] + Self.broken)
        let diagnostics = try #require(
            (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["diagnostics"] as? [[String: Any]])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(results.count == diagnostics.count && !results.isEmpty)
        for (result, d) in zip(results, diagnostics) {
            #expect(result["ruleId"] as? String == d["rule"] as? String)
            #expect(result["level"] as? String == d["severity"] as? String)
            let index = try #require(result["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == d["rule"] as? String)
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == d["file"] as? String)
            let region = location?["region"] as? [String: Any]
            #expect(region?["startLine"] as? Int == d["line"] as? Int)
            #expect(region?["startColumn"] as? Int == d["column"] as? Int)
            #expect(((result["message"] as? [String: Any])?["text"] as? String)?.hasPrefix(d["message"] as? String ?? "?") == true)
        }
        let zero = try #require(rules.first { $0["id"] as? String == "zero-amount" })
        #expect(zero["helpUri"] as? String == "https://checkoutflow.dev/docs/rules.md#zero-amount")
        #expect(
            (zero["shortDescription"] as? [String: Any])?["text"] as? String
                == "A sale of a price that is always zero (providers refuse it; a zero check is an `auth`).")
        #expect(Set(rules.compactMap { $0["id"] as? String }).count == rules.count, "each rule once")
        #expect(r.stderr.hasSuffix("in 2 files\n"), "\(r.stderr)")
    }

    @Test func aCleanRunHasNoResultsAndExitsZero() throws {
        let (r, object) = try sarif(["flows"])
        #expect(r.status == 0)
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        #expect((run["results"] as? [Any])?.isEmpty == true)
        #expect(object["version"] as? String == "2.1.0")
    }
}
