import CheckoutDomain
import CheckoutJSON
import Foundation

/// The text and JSON `checkout test --mutate` prints. Only flow text appears (key paths and
/// the changed values): never a scenario's answers, so no card data.
package enum MutationReportText {
    /// Per flow: a heading, each survivor as `  survived  file:line  change  (operator)`, and the
    /// flow's counts and score; then the overall line.
    package static func text(_ report: MutationReport) -> String {
        var out = ""
        for flow in report.flows {
            out +=
                "mutate \(flow.flowID) (\(flow.flowPath), \(flow.scenarios) \(flow.scenarios == 1 ? "scenario" : "scenarios")): "
                + "\(flow.mutants.count) mutants\n"
            for survivor in flow.survivors {
                out += "  survived  \(survivor.position)  \(survivor.change)  (\(survivor.operatorName))".escapingControlCharacters + "\n"
            }
            out +=
                "  \(counts(killed: flow.killed, survived: flow.survived, equivalent: flow.equivalent, stillborn: flow.stillborn))"
                + "; mutation score \(percent(flow.score))\n"
        }
        out +=
            "mutation score \(percent(report.score)): "
            + counts(killed: report.killed, survived: report.survived, equivalent: report.equivalent, stillborn: report.stillborn)
            + " in \(report.flows.count) \(report.flows.count == 1 ? "flow" : "flows")\n"
        return out
    }

    /// `12 killed, 3 survived, 2 equivalent, 1 stillborn`.
    static func counts(killed: Int, survived: Int, equivalent: Int, stillborn: Int) -> String {
        "\(killed) killed, \(survived) survived, \(equivalent) equivalent, \(stillborn) stillborn"
    }

    /// `87.5%`, or `n/a` when no mutant counts.
    package static func percent(_ score: Double?) -> String {
        guard let score else { return "n/a" }
        return String(format: "%.1f%%", score)
    }

    /// The report as JSON: `score` (percent, one decimal; null when no mutant counts), the
    /// counts, and per flow every mutant with its file, line, key path, operator, before,
    /// after, change and verdict (`killedBy`: the scenario that failed).
    package static func json(_ report: MutationReport) -> String {
        var root = JSONObjectBuilder()
        root.add("score", scoreValue(report.score))
        addCounts(&root, killed: report.killed, survived: report.survived, equivalent: report.equivalent, stillborn: report.stillborn)
        root.add("flows", .array(report.flows.map(flowJSON)))
        return root.value.serialized(pretty: true) + "\n"
    }

    static func flowJSON(_ flow: FlowMutationReport) -> JSONValue {
        var object = JSONObjectBuilder()
        object.add("flow", flow.flowID)
        object.add("file", flow.flowPath)
        object.add("scenarios", flow.scenarios)
        object.add("score", scoreValue(flow.score))
        addCounts(&object, killed: flow.killed, survived: flow.survived, equivalent: flow.equivalent, stillborn: flow.stillborn)
        object.add(
            "mutants",
            .array(
                flow.mutants.map { result in
                    var m = JSONObjectBuilder()
                    m.add("file", result.mutant.file)
                    m.add("line", result.mutant.location.line)
                    m.add("path", result.mutant.keyPath)
                    m.add("operator", result.mutant.operatorName)
                    m.add("before", result.mutant.before)
                    m.add("after", result.mutant.after)
                    m.add("change", result.mutant.change)
                    m.add("verdict", result.verdict.word)
                    if case .killed(let scenario, let file, let line) = result.verdict {
                        m.add("killedBy", "\(file):\(line) \(scenario)")
                    }
                    return m.value
                }))
        return object.value
    }

    static func addCounts(_ object: inout JSONObjectBuilder, killed: Int, survived: Int, equivalent: Int, stillborn: Int) {
        object.add("killed", killed)
        object.add("survived", survived)
        object.add("equivalent", equivalent)
        object.add("stillborn", stillborn)
    }

    static func scoreValue(_ score: Double?) -> JSONValue {
        score.map { .number(String(format: "%.1f", $0)) } ?? .null
    }
}
