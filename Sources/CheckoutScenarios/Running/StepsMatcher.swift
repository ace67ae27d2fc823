package import CheckoutRuntime

/// Compares `expect.steps` with what ran (`StageHistory`, from the run's trace). Differences
/// read `steps.attempts.charge: expected 3, got 1`.
package enum StepsMatcher {
    /// Every difference, one sentence each; empty when the run matches.
    package static func differences(_ expect: StepsExpectation, trace: [TraceEvent]) -> [String] {
        differences(expect, StageHistory(trace))
    }

    /// Every difference between `expect` and `history`.
    package static func differences(_ expect: StepsExpectation, _ history: StageHistory) -> [String] {
        var out: [String] = []
        if let ran = expect.ran?.map(\.id) {
            let got = history.ran
            if expect.exactly ? ran != got : !isSubsequence(ran, of: got) {
                out.append("steps.ran: expected \(list(ran))\(expect.exactly ? " exactly" : " in this order"), got \(list(got))")
            }
        }
        func compare(_ key: String, _ counts: [StageCount], _ actual: (String) -> Int) {
            for c in counts where actual(c.stage.id) != c.count {
                out.append("steps.\(key).\(c.stage.id): expected \(c.count), got \(actual(c.stage.id))")
            }
        }
        compare("visits", expect.visits, history.visitCount)
        compare("attempts", expect.attempts, history.attempts)
        compare("refreshes", expect.refreshes, history.refreshes)
        for w in expect.waits where history.waits(w.stage.id) != w.millis {
            out.append("steps.waits.\(w.stage.id): expected \(w.millis), got \(history.waits(w.stage.id))")
        }
        for i in expect.inputs where history.inputs[i.stage.id, default: []] != i.events {
            out.append("steps.inputs.\(i.stage.id): expected \(list(i.events)), got \(list(history.inputs[i.stage.id, default: []]))")
        }
        for o in expect.outcomes {
            let got = history.lastOutcome[o.stage.id]
            if got != o.outcome { out.append("steps.outcomes.\(o.stage.id): expected \(o.outcome), got \(got ?? "none (it never ran)")") }
        }
        if let routes = expect.routes {
            let wanted = routes.map { "\(StageHistory.Route(from: $0.from.id, on: $0.on, to: $0.to.id))" }
            let got = history.routes.map(\.description)
            if expect.exactly ? wanted != got : !isSubsequence(wanted, of: got) {
                out.append("steps.routes: expected \(list(wanted))\(expect.exactly ? " exactly" : " in this order"), got \(list(got))")
            }
        }
        return out
    }

    /// Whether `part` appears in `whole` in order, not necessarily side by side.
    static func isSubsequence(_ part: [String], of whole: [String]) -> Bool {
        var rest = whole[...]
        for item in part {
            guard let i = rest.firstIndex(of: item) else { return false }
            rest = rest[(i + 1)...]
        }
        return true
    }

    static func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
}
