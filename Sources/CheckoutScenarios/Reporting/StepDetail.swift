import CheckoutJSON
import CheckoutLanguage
import CheckoutRuntime
import Foundation

/// The per-step detail of a scenario's run, for JUnit's `<system-out>`: the seed, clock, flow
/// and answers files (enough to re-run it with `checkout run`; a scenario with a stand-in for
/// the tax service says so, as `checkout run` calls the real one), one line per trace event (`step.end charge outcome=declined`), then the result. Trace events and results never
/// hold a full card number or a CVV (only brand and last 4), so neither does this.
package enum StepDetail {
    /// The detail text of one outcome.
    package static func text(_ o: ScenarioOutcome) -> String {
        var out = "scenario: \(o.scenario.name) (\(o.scenario.file):\(o.scenario.line))\n"
        out += "seed \(o.scenario.seed), now \(o.scenario.now.formatted(.iso8601))\n"
        out += "flow file: \(o.scenario.flowPath)\n"
        if let path = o.scenario.answersFile { out += "answers file: \(path)\n" }
        if let standIn = o.scenario.taxService { out += "tax service: stand-in, \(standIn.summary)\n" }
        for e in o.trace { out += line(e) + "\n" }
        out += "result: " + o.result.json.serialized() + "\n"
        return out
    }

    /// `  3 step.end charge outcome=declined code=insufficient_funds`.
    static func line(_ e: TraceEvent) -> String {
        // The sequence number right-aligned in three columns, as `%3d` would (without Foundation's formatter).
        let seq = String(e.seq)
        var parts = [String(repeating: " ", count: max(0, 3 - seq.utf8.count)) + seq, e.event]
        if let stage = e.stage { parts.append(stage) }
        for a in e.attributes { parts.append("\(a.key)=\(value(a.value))") }
        return parts.joined(separator: " ")
    }

    static func value(_ v: JSONValue) -> String {
        if case .string(let s) = v { return s }
        return v.serialized()
    }
}
