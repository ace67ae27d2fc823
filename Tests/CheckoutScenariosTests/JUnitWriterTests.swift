import CheckoutProviders
import CheckoutScenarios
import Foundation
import FoundationXML
import Testing

@Suite struct JUnitWriterTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    @Test func escapesEverythingXMLCannotHoldAsIs() {
        #expect(JUnitWriter.escape(#"a<b>&"c"'d"#) == "a&lt;b&gt;&amp;&quot;c&quot;&apos;d")
        #expect(JUnitWriter.escape("line\nnext\ttab\r") == "line&#10;next&#9;tab&#13;")
        #expect(JUnitWriter.escape("bell\u{07}nul\u{0}") == "bell\u{FFFD}nul\u{FFFD}")
        #expect(JUnitWriter.escape("São Paulo › ok") == "São Paulo › ok")
        // Characters XML 1.0 cannot hold beyond the controls: U+FFFE and U+FFFF; U+FFFD and
        // other characters of the same UTF-8 lead bytes stay.
        #expect(JUnitWriter.escape("a\u{FFFE}b\u{FFFF}c\u{FFFD}\u{FFEE}\u{F000}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}\u{FFEE}\u{F000}")
        #expect(JUnitWriter.escape("end\u{FFFF}", content: true) == "end\u{FFFD}")
        #expect(JUnitWriter.escape("\u{7F}del") == "\u{7F}del")
    }

    @Test func seconds() {
        #expect(JUnitWriter.seconds([.milliseconds(5)]) == "0.005000")
        #expect(JUnitWriter.seconds([.milliseconds(1234), .milliseconds(1)]) == "1.235000")
        #expect(JUnitWriter.seconds([]) == "0.000000")
        // A sandbox scenario's time: microseconds, not a rounded-away 0.000 (issue 20).
        #expect(JUnitWriter.seconds([.microseconds(412)]) == "0.000412")
        #expect(JUnitWriter.seconds([.nanoseconds(999)]) == "0.000000")
    }

    /// The document for the runner's scenarios, kept as a file and compared (house style).
    @Test func documentMatchesTheKeptFile() async throws {
        let (file, flows) = try ScenarioRunnerTests.load()
        var scenarios = file.scenarios
        scenarios[2].name = #"expects <the> "wrong" & thing"#
        // As `checkout test --junit` runs them: every scenario records its provider calls.
        var runner = ScenarioRunner(flows: flows, stopwatch: steppingStopwatch(), provider: .sandbox)
        runner.recordsProviderCalls = true
        let outcomes = await runner.run(scenarios.map { ("checkout", $0) })
        let xml = JUnitWriter.document(outcomes)
        let expected = try String(contentsOf: Self.fixtures.appendingPathComponent("junit-expected.xml"), encoding: .utf8)
        #expect(xml == expected, "to update: write the document to Tests/CheckoutScenariosTests/Fixtures/junit-expected.xml")
        if xml != expected, ProcessInfo.processInfo.environment["UPDATE_FIXTURES"] != nil {
            try xml.write(to: Self.fixtures.appendingPathComponent("junit-expected.xml"), atomically: true, encoding: .utf8)
        }
    }

    @Test func documentIsWellFormedAndRoundTripsNamesAndFailures() async throws {
        let (file, flows) = try ScenarioRunnerTests.load()
        var scenarios = file.scenarios
        let awkward = "expects <the> \"wrong\" & 'thing'\nacross lines \u{07}"
        scenarios[2].name = awkward
        let outcomes = await ScenarioRunner(flows: flows, provider: .sandbox).run(scenarios.map { ("checkout", $0) })
        let doc = try XMLDocument(xmlString: JUnitWriter.document(outcomes), options: [])
        let root = try #require(doc.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "5" && root.attribute(forName: "failures")?.stringValue == "1")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 1 && suites[0].attribute(forName: "name")?.stringValue == "checkout")
        let cases = suites[0].elements(forName: "testcase")
        #expect(cases.count == 5)
        #expect(cases[2].attribute(forName: "name")?.stringValue == awkward.replacingOccurrences(of: "\u{07}", with: "\u{FFFD}"))
        #expect(cases.allSatisfy { $0.attribute(forName: "classname")?.stringValue == "plain" })
        let failure = try #require(cases[2].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "message")?.stringValue == "expected status declined, got success")
        #expect(failure.stringValue?.contains("suite/checkout.scenarios.yaml:11: expected status declined, got success") == true)
        #expect(cases[0].elements(forName: "failure").isEmpty)
        let steps = cases[1].elements(forName: "system-out").first?.stringValue ?? ""
        #expect(steps.contains("step.end sale outcome=declined"), "\(steps)")
        #expect(!steps.contains("4000 0000 0000 9995") && !steps.contains("4000000000009995"))
    }
}

extension JUnitWriterTests {
    @Test func contentKeepsLineBreaksAttributesDoNot() {
        #expect(JUnitWriter.escape("a\nb\tc\r<\"'&", content: true) == "a\nb\tc&#13;&lt;\"'&amp;")
    }
}
