import CheckoutLanguage
import CheckoutRuntime

/// Writes JUnit XML, the shape CI servers (Jenkins, GitLab, GitHub test reporters) read:
/// `<testsuites>` with one `<testsuite>` per scenarios file that ran any scenario, one
/// `<testcase name classname time>` per scenario (`classname` is the flow id), a `<failure>`
/// with the differences, and the run's steps in `<system-out>`. Scenarios left out by tags or
/// the shard are not listed: each shard's file holds exactly the cases it ran.
public enum JUnitWriter {
    /// The whole document for `outcomes`, grouped by suite in the order given.
    public static func document(_ outcomes: [ScenarioOutcome], name: String = "checkout test") -> String {
        var suites: [(name: String, file: String, outcomes: [ScenarioOutcome])] = []
        for o in outcomes {
            if let last = suites.indices.last, suites[last].file == o.scenario.file {
                suites[last].outcomes.append(o)
            } else {
                suites.append((o.suiteName, o.scenario.file, [o]))
            }
        }
        let failures = outcomes.filter { !$0.passed }.count
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(name))\" tests=\"\(outcomes.count)\" failures=\"\(failures)\" errors=\"0\""
        out += " time=\"\(seconds(outcomes.map(\.duration)))\">\n"
        for suite in suites {
            let suiteFailures = suite.outcomes.filter { !$0.passed }.count
            out += "  <testsuite name=\"\(escape(suite.name))\" file=\"\(escape(suite.file))\" tests=\"\(suite.outcomes.count)\""
            out += " failures=\"\(suiteFailures)\" errors=\"0\" skipped=\"0\" time=\"\(seconds(suite.outcomes.map(\.duration)))\">\n"
            for o in suite.outcomes { out += testCase(o) }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func testCase(_ o: ScenarioOutcome) -> String {
        var out = "    <testcase name=\"\(escape(o.scenario.name))\" classname=\"\(escape(o.result.flow))\""
        out += " file=\"\(escape(o.scenario.file))\" line=\"\(o.scenario.line)\" time=\"\(seconds([o.duration]))\">\n"
        if !o.passed {
            let where_ = "\(o.scenario.file):\(o.scenario.line)"
            out += "      <failure message=\"\(escape(o.differences.joined(separator: "; ")))\" type=\"ScenarioMismatch\">"
            let lines = o.differences.map { "\(where_): \($0)" } + ["got: \(ScenarioReport.resultSummary(o.result))"]
            out += escape(lines.joined(separator: "\n"), content: true)
            out += "</failure>\n"
        }
        out += "      <system-out>" + escape(StepDetail.text(o), content: true) + "</system-out>\n"
        out += "    </testcase>\n"
        return out
    }

    /// Seconds with millisecond precision, `0.012`.
    public static func seconds(_ durations: [Duration]) -> String {
        let total = durations.reduce(Duration.zero, +)
        let ms = total.components.seconds * 1000 + total.components.attoseconds / 1_000_000_000_000_000
        return "\(ms / 1000).\(String(repeating: "0", count: 3 - String(ms % 1000).count))\(ms % 1000)"
    }

    /// Text made safe for XML: `&`, `<`, `>` (and in attributes `"` and `'`) as entities, characters XML 1.0
    /// cannot hold at all (other C0 controls, surrogates, U+FFFE/U+FFFF) as U+FFFD, and CR as
    /// a character reference. In an attribute (`content: false`) newline and tab are character
    /// references too, as a parser would turn them into spaces; in content they stay as they are.
    public static func escape(_ text: String, content: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += content ? "\"" : "&quot;"
            case "'": out += content ? "'" : "&apos;"
            case "\n": out += content ? "\n" : "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += content ? "\t" : "&#9;"
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF || (0xD800...0xDFFF).contains(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
