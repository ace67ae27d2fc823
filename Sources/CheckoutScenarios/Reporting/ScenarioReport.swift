import CheckoutDomain
package import CheckoutRuntime

/// The text `checkout test` prints: one line per scenario in file order, the differences of a
/// failure indented under it, then the summary line. Control characters are escaped (`\u{1B}`).
package enum ScenarioReport {
    /// `ok   standard-checkout › visa approved`, or `FAIL …` followed by one
    /// `file:line: difference` line per difference and a line with what the run ended with.
    package static func lines(_ o: ScenarioOutcome) -> String {
        let title = "\(o.suiteName) › \(o.scenario.name)"
        if o.passed { return "ok   \(title.escapingControlCharacters)\n" }
        var out = "FAIL \(title.escapingControlCharacters)\n"
        for d in o.differences {
            out += "       \(o.scenario.file):\(d.line ?? o.scenario.line): \(d.message)".escapingControlCharacters + "\n"
        }
        out += "       got: \(resultSummary(o.result))".escapingControlCharacters + "\n"
        return out
    }

    /// `status declined, exitCode 1, paymentType CC, declineCode insufficient_funds`, and the
    /// errors' paths and codes: what the result holds that a scenario can expect.
    package static func resultSummary(_ r: CheckoutResult) -> String {
        var parts = ["status \(r.status.rawValue)", "exitCode \(r.exitCode)"]
        if let t = r.paymentType { parts.append("paymentType \(t)") }
        if let t = r.threeDSResult { parts.append("threeDSAuthenticationResult \(t.rawValue)") }
        if let d = r.declineCode { parts.append("declineCode \(d)") }
        if !r.errors.isEmpty {
            parts.append(
                "errors [" + r.errors.map { "\($0.path.isEmpty ? "(answers)" : $0.path) \($0.code)" }.joined(separator: ", ") + "]")
        }
        return parts.joined(separator: ", ")
    }

    /// `12 passed, 1 failed`, with `, 3 skipped` when tags or the shard left some out.
    package static func summary(passed: Int, failed: Int, skipped: Int) -> String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "") + "\n"
    }
}
