import Foundation
import FoundationXML
import Testing

/// `checkout test --junit FILE`: the report's shape, and no card data in any output.
@Suite struct TestCommandJUnitTests {
    @Test func junitHasASuitePerFileAndACasePerScenario() throws {
        let ws = try Workspace()
        let junit = ws.url.appendingPathComponent("report.xml").path
        let r = try CheckoutBinary.run(["test", "flows", "--junit", junit])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try XMLDocument(contentsOf: URL(fileURLWithPath: junit), options: [])
        let root = try #require(doc.rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        let shipped = try TestCommandTests.shippedSuites()
        #expect(suites.compactMap { $0.attribute(forName: "name")?.stringValue } == shipped.map(\.name))
        for (suite, expected) in zip(suites, shipped) {
            let cases = suite.elements(forName: "testcase")
            #expect(cases.count == expected.count)
            #expect(suite.attribute(forName: "tests")?.stringValue == String(expected.count))
            #expect(suite.attribute(forName: "failures")?.stringValue == "0")
            // classname is the flow id; the shipped flows are named after their files, and a scenario
            // that runs a variant (`flow:`) names it after the flow it varies (maxpay-sale3d-wrong-signer).
            // A file with fixtures or chains runs other files' flows (sandbox-fixtures: choose-payment,
            // …; create-payment's chains run choose-payment first).
            #expect(
                TestCommandTests.fixtureSuites.contains(expected.name)
                    || cases.allSatisfy { $0.attribute(forName: "classname")?.stringValue?.hasPrefix(expected.name) == true })
            #expect(cases.allSatisfy { Double($0.attribute(forName: "time")?.stringValue ?? "") != nil })
            #expect(cases.allSatisfy { $0.elements(forName: "failure").isEmpty })
            // Every case has its detail; a run whose answers file could not be read has no steps, only the result.
            #expect(cases.allSatisfy { ($0.elements(forName: "system-out").first?.stringValue ?? "").contains("result: {\"status\"") })
        }
        let total = shipped.map(\.count).reduce(0, +)
        #expect(root.attribute(forName: "tests")?.stringValue == String(total))
        // Per-step detail: the 3DS challenge of the three-d-secure suite's first scenario.
        let challenge = suites.first { $0.attribute(forName: "name")?.stringValue == "three-d-secure" }?.elements(forName: "testcase").first
        let steps = challenge?.elements(forName: "system-out").first?.stringValue ?? ""
        #expect(steps.contains("threeDS.challenge"), "\(steps)")
        #expect(steps.contains("step.end threeDS outcome=AUTHENTICATION_SUCCEEDED"), "\(steps)")
    }

    @Test func aFailureCarriesItsDifferencesAndEscapedNames() throws {
        let ws = try Workspace()
        try ws.write("flow: shop\ndsl: 1\nrequest: { price: { amount: 1.00 } }\n", to: "shop.yaml")
        let suite = try ws.write(
            """
            - name: "<b>wallet</b> & 'co' \\"quoted\\""
              answers: { paymentMethod: paypal }
              expect: { status: declined, paymentType: CC }
            """, to: "shop.scenarios.yaml")
        let junit = ws.url.appendingPathComponent("report.xml").path
        let r = try CheckoutBinary.run(["test", suite, "--junit", junit])
        #expect(r.status == 1)
        let doc = try XMLDocument(contentsOf: URL(fileURLWithPath: junit), options: [])
        let testcase = try #require(doc.rootElement()?.elements(forName: "testsuite").first?.elements(forName: "testcase").first)
        #expect(testcase.attribute(forName: "name")?.stringValue == "<b>wallet</b> & 'co' \"quoted\"")
        let failure = try #require(testcase.elements(forName: "failure").first)
        #expect(
            failure.attribute(forName: "message")?.stringValue
                == "expected status declined, got success; expected paymentType CC, got PAYPAL")
        #expect(failure.stringValue?.contains("\(suite):1: expected status declined, got success") == true)
    }

    /// Every card number of the shipped scenarios and the answers files they name, as written
    /// and as bare digits; none may appear in stdout, stderr or the JUnit file.
    @Test func noCardNumberOfTheShippedScenariosLeaks() throws {
        let ws = try Workspace()
        let junit = ws.url.appendingPathComponent("report.xml").path
        let r = try CheckoutBinary.run(["test", "flows", "--junit", junit])
        #expect(r.status == 0)
        var texts: [String] = []
        for dir in ["flows", "examples"] {
            let base = CheckoutBinary.root.appendingPathComponent(dir)
            for case let path as String in FileManager.default.enumerator(atPath: base.path) ?? .init() where path.hasSuffix(".yaml") {
                texts.append(try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8))
            }
        }
        let numbers = Set(texts.flatMap(Self.cardNumbers))
        #expect(numbers.count >= 20, "the scan found too few numbers to prove anything: \(numbers.count)")
        let outputs = [("stdout", r.stdout), ("stderr", r.stderr), ("JUnit", ws.read(junit) ?? "")]
        for (name, text) in outputs {
            for n in numbers {
                #expect(!text.contains(n) && !text.contains(n.filter(\.isNumber)), "card \(n.suffix(4)) in \(name)")
            }
        }
        #expect(outputs[2].1.contains("last4=1111"), "proof the card screens were traced")
    }

    /// Passing and failing scenarios with CVVs no id, time or count of these runs contains.
    @Test func noCardNumberOrCVVLeaksFromFailuresOrStepDetail() throws {
        let ws = try Workspace()
        try ws.write(
            try String(contentsOf: CheckoutBinary.root.appendingPathComponent("flows/three-d-secure.yaml"), encoding: .utf8),
            to: "shop.yaml")
        let cases = [
            ("4000 0000 0000 1091", "736", "status: success"), ("3782 822463 10005", "7361", "status: declined"),
            ("4000 0000 0000 9995", "736", "status: success"), ("4111 1111 1111 1112", "736", "status: success"),
        ]
        var text = ""
        for (i, c) in cases.enumerated() {
            text += """
                - name: case \(i)
                  answers:
                    card: { number: "\(c.0)", expiry: "12/30", cvv: "\(c.1)" }
                    billing: { name: Jane Shopper, email: jane@example.com, country: DE, zip: "10115" }
                    threeDS: { code: "1234" }
                  expect: { \(c.2), errors: [{ path: card.cvv, code: invalid_cvv }] }

                """
        }
        let suite = try ws.write(text, to: "shop.scenarios.yaml")
        let junit = ws.url.appendingPathComponent("report.xml").path
        let r = try CheckoutBinary.run(["test", suite, "--junit", junit])
        #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
        // Wall times are the one output not fixed by the seed and clock: blank them out.
        let report = (ws.read(junit) ?? "").replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="""#, options: .regularExpression)
        for (name, output) in [("stdout", r.stdout), ("stderr", r.stderr), ("JUnit", report)] {
            for c in cases {
                #expect(!output.contains(c.0) && !output.contains(c.0.filter(\.isNumber)), "card \(c.0.suffix(4)) in \(name)")
                #expect(output.range(of: "(?<![0-9A-Za-z])\(c.1)(?![0-9A-Za-z])", options: .regularExpression) == nil, "CVV in \(name)")
            }
        }
        // Proof the runs happened and failed: last 4 digits and a Luhn error in the report.
        #expect(report.contains("last4=1091") && report.contains("card.number luhn_check_failed"), "\(report)")
        #expect(r.stdout.contains("4 failed"))
    }

    /// Digit runs of 13–19 digits, spaces allowed between groups, as written in the file.
    static func cardNumbers(_ text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"(?<![0-9])[0-9](?:[0-9 ]{11,22})[0-9](?![0-9])"#)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { m in
            Range(m.range, in: text).map { String(text[$0]) }
        }.filter { (13...19).contains($0.filter(\.isNumber).count) }
    }
}

extension TestCommandJUnitTests {
    /// `run` and `test` share one headless run: for every shipped scenario that names an
    /// answers file, `checkout run` with the scenario's seed and clock as its JUnit detail
    /// reports them (the documented defaults, seed 1 and 2026-01-01, unless the scenario sets
    /// its own) gives the very result JSON the scenario's JUnit detail holds, ids included.
    @Test func checkoutRunGivesTheScenariosResult() throws {
        let ws = try Workspace()
        let junit = ws.url.appendingPathComponent("report.xml").path
        #expect(try CheckoutBinary.run(["test", "flows", "--junit", junit]).status == 0)
        let doc = try XMLDocument(contentsOf: URL(fileURLWithPath: junit), options: [])
        // A file with sandbox fixtures or chains runs on a sandbox that `checkout run` does not build.
        let cases = (doc.rootElement()?.elements(forName: "testsuite") ?? [])
            .filter { !TestCommandTests.fixtureSuites.contains($0.attribute(forName: "name")?.stringValue ?? "") }
            .flatMap { $0.elements(forName: "testcase") }
        var compared = 0
        for c in cases {
            let detail = c.elements(forName: "system-out").first?.stringValue ?? ""
            func value(_ prefix: String) -> String? {
                detail.split(separator: "\n").first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            }
            guard let answers = value("answers file: "), let flow = value("flow file: "), let result = value("result: ") else { continue }
            // A stand-in for the tax service is the scenario's (`checkout run --scenario` has it, `--answers` not).
            if value("tax service: ") != nil { continue }
            let clock = value("seed ")?.components(separatedBy: ", now ")
            let seed = clock?.first ?? "1"
            let now = clock?.dropFirst().first ?? "2026-01-01T00:00:00Z"
            let r = try CheckoutBinary.run(["run", flow, "--answers", answers, "--json", "--seed", seed, "--now", now])
            let fromRun = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? NSDictionary
            let fromTest = try JSONSerialization.jsonObject(with: Data(result.utf8)) as? NSDictionary
            #expect(fromRun != nil && fromRun == fromTest, "\(answers): run gave\n\(r.stdout)\ntest gave\n\(result)")
            compared += 1
        }
        #expect(compared >= 15)
    }

    /// Every scenario that ran reports its own wall time, in microseconds: with milliseconds
    /// 134 of 139 shipped cases said `time="0.000"` (issue 20).
    @Test func everyRunScenarioHasARealDuration() throws {
        let ws = try Workspace()
        let junit = ws.url.appendingPathComponent("report.xml").path
        let r = try CheckoutBinary.run(["test", "flows/standard-checkout.scenarios.yaml", "--junit", junit])
        #expect(r.status == 0, "\(r.stderr)")
        let report = ws.read(junit) ?? ""
        let times = report.matches(of: /<testcase [^>]* time="([0-9]+\.[0-9]{6})">/).map { String($0.1) }
        #expect(times.count == report.components(separatedBy: "<testcase ").count - 1 && times.count >= 26, "\(report.prefix(400))")
        #expect(!times.contains("0.000000"), "\(times)")
    }
}
