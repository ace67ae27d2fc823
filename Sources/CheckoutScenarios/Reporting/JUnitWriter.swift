import CheckoutLanguage
import CheckoutRuntime

/// Writes JUnit XML, the shape CI servers (Jenkins, GitLab, GitHub test reporters) read:
/// `<testsuites>` with one `<testsuite file>` per scenarios file that ran any scenario, one
/// `<testcase name classname time>` per scenario (`classname` is the flow id), a `<failure>`
/// with the differences, and the run's steps in `<system-out>`. Scenarios left out by tags or
/// the shard are not listed: each shard's file holds exactly the cases it ran.
///
/// By default the document is valid against Jenkins' xUnit plugin schema (junit-10.xsd, which
/// the end-to-end tests validate against): the file on `<testsuite>`, where that schema allows
/// it, and suite times in at most 3 decimals. `testcaseLocations` also writes `file` and
/// `line` on each `<testcase>`, where GitLab and the GitHub JUnit actions read them
/// (docs/testing.md "JUnit"), which that schema does not allow.
package enum JUnitWriter {
    /// A scenario selected but not run to its end (`checkout test` interrupted): its suite, the
    /// scenario and its flow's id. Reported as a test case with an `<error>`.
    package typealias NotRun = (suite: String, scenario: Scenario, flow: String)

    /// The whole document for `outcomes`, grouped by suite in the order given, then the
    /// scenarios in `notRun` as errors with the message `reason`.
    package static func document(
        _ outcomes: [ScenarioOutcome], notRun: [NotRun] = [], reason: String = "", name: String = "checkout test",
        testcaseLocations: Bool = false
    ) -> String {
        var suites: [(name: String, file: String, cases: [String], failures: Int, errors: Int, times: [Duration])] = []
        func add(suite: String, file: String, testCase: String, failed: Bool, time: Duration) {
            if suites.last?.file != file { suites.append((suite, file, [], 0, 0, [])) }
            let last = suites.count - 1
            suites[last].cases.append(testCase)
            suites[last].times.append(time)
            if failed { suites[last].failures += 1 }
        }
        for o in outcomes {
            add(
                suite: o.suiteName, file: o.scenario.file, testCase: testCase(o, locations: testcaseLocations), failed: !o.passed,
                time: o.duration)
        }
        for n in notRun {
            add(
                suite: n.suite, file: n.scenario.file, testCase: notRunCase(n, reason: reason, locations: testcaseLocations), failed: false,
                time: .zero)
            suites[suites.count - 1].errors += 1
        }
        let failures = outcomes.filter { !$0.passed }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(name))\" tests=\"\(outcomes.count + notRun.count)\" failures=\"\(failures)\""
        out += " errors=\"\(notRun.count)\" time=\"\(suiteSeconds(outcomes.map(\.duration)))\">\n"
        for suite in suites {
            out += "  <testsuite name=\"\(escape(suite.name))\" file=\"\(escape(suite.file))\" tests=\"\(suite.cases.count)\""
            out += " failures=\"\(suite.failures)\" errors=\"\(suite.errors)\" skipped=\"0\" time=\"\(suiteSeconds(suite.times))\">\n"
            for c in suite.cases { out += c }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func notRunCase(_ n: NotRun, reason: String, locations: Bool) -> String {
        var out = "    <testcase name=\"\(escape(n.scenario.name))\" classname=\"\(escape(n.flow))\""
        if locations { out += " file=\"\(escape(n.scenario.file))\" line=\"\(n.scenario.line)\"" }
        out += " time=\"0.000000\">\n"
        out += "      <error message=\"\(escape(reason))\" type=\"Interrupted\"/>\n"
        out += "    </testcase>\n"
        return out
    }

    static func testCase(_ o: ScenarioOutcome, locations: Bool) -> String {
        var out = "    <testcase name=\"\(escape(o.scenario.name))\" classname=\"\(escape(o.result.flow))\""
        if locations { out += " file=\"\(escape(o.scenario.file))\" line=\"\(o.scenario.line)\"" }
        out += " time=\"\(seconds([o.duration]))\">\n"
        if !o.passed {
            out += "      <failure message=\"\(escape(o.differences.map(\.message).joined(separator: "; ")))\" type=\"ScenarioMismatch\">"
            let lines =
                o.differences.map { "\(o.scenario.file):\($0.line ?? o.scenario.line): \($0.message)" }
                + ["got: \(ScenarioReport.resultSummary(o.result))"]
            out += escape(lines.joined(separator: "\n"), content: true)
            out += "</failure>\n"
        }
        out += "      <system-out>" + escape(StepDetail.text(o), content: true) + "</system-out>\n"
        out += "    </testcase>\n"
        return out
    }

    /// A test case's seconds with microsecond precision, `0.000412`: a sandbox scenario takes
    /// well under a millisecond, so milliseconds showed `0.000` for almost every case (issue
    /// 20). Jenkins' junit-10.xsd types a test case's `time` as any string.
    package static func seconds(_ durations: [Duration]) -> String {
        let total = durations.reduce(Duration.zero, +)
        let us = total.components.seconds * 1_000_000 + total.components.attoseconds / 1_000_000_000_000
        let fraction = String(us % 1_000_000)
        return "\(us / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
    }

    /// A suite's seconds in milliseconds, rounded, `2.705`: junit-10.xsd types `<testsuite>`
    /// and `<testsuites>` times as `SUREFIRE_TIME`, at most 3 decimals.
    package static func suiteSeconds(_ durations: [Duration]) -> String {
        let total = durations.reduce(Duration.zero, +)
        let us = total.components.seconds * 1_000_000 + total.components.attoseconds / 1_000_000_000_000
        let ms = (us + 500) / 1000
        let fraction = String(ms % 1000)
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }

    /// Text made safe for XML: `&`, `<`, `>` (and in attributes `"` and `'`) as entities, characters XML 1.0
    /// cannot hold at all (other C0 controls, surrogates, U+FFFE/U+FFFF) as U+FFFD, and CR as
    /// a character reference. In an attribute (`content: false`) newline and tab are character
    /// references too, as a parser would turn them into spaces; in content they stay as they are.
    /// Works on the UTF-8 bytes (a 10,000-scenario report was 1.4 s of appending scalars);
    /// a Swift string is valid UTF-8, so it never holds a surrogate.
    package static func escape(_ text: String, content: Bool = false) -> String {
        var text = text
        return text.withUTF8 { src in
            var out: [UInt8] = []
            out.reserveCapacity(src.count + src.count / 8)
            var i = 0
            while i < src.count {
                let b = src[i]
                i += 1
                switch b {
                case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
                case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
                case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
                case UInt8(ascii: "\""): if content { out.append(b) } else { out.append(contentsOf: "&quot;".utf8) }
                case UInt8(ascii: "'"): if content { out.append(b) } else { out.append(contentsOf: "&apos;".utf8) }
                case UInt8(ascii: "\n"): if content { out.append(b) } else { out.append(contentsOf: "&#10;".utf8) }
                case UInt8(ascii: "\r"): out.append(contentsOf: "&#13;".utf8)
                case UInt8(ascii: "\t"): if content { out.append(b) } else { out.append(contentsOf: "&#9;".utf8) }
                case 0..<0x20: out.append(contentsOf: replacement)
                // U+FFFE and U+FFFF: EF BF BE, EF BF BF.
                case 0xEF where i + 1 < src.count && src[i] == 0xBF && src[i + 1] >= 0xBE:
                    out.append(contentsOf: replacement)
                    i += 2
                default: out.append(b)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// U+FFFD in UTF-8.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
}
